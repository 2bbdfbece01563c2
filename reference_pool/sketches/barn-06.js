// barn at night: big snowy barn, open lit door spilling gold on snow
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.4);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function leaf(x, y, len, wid, ang, bend) {
  const pts = [];
  const n = 8;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, w + bend * t * t]);
  }
  for (let i = n - 1; i > 0; i--) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, -w + bend * t * t]);
  }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}

function ribbon(path, w0, w1) {
  // a tapering strip along a polyline, width w0 at the start and w1 at the end
  const left = [], right = [];
  const n = path.length;
  for (let i = 0; i < n; i++) {
    const a = path[max(0, i - 1)], b = path[min(n - 1, i + 1)];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const d = max(0.001, sqrt(dx * dx + dy * dy));
    const w = lerp(w0, w1, i / max(1, n - 1)) / 2;
    left.push([path[i][0] - (dy / d) * w, path[i][1] + (dx / d) * w]);
    right.push([path[i][0] + (dy / d) * w, path[i][1] - (dx / d) * w]);
  }
  return left.concat(right.reverse());
}

function curvePath(x0, y0, x1, y1, bow, n) {
  // points from (x0, y0) to (x1, y1) bowed sideways by bow
  const pts = [];
  const dx = x1 - x0, dy = y1 - y0;
  const d = max(0.001, sqrt(dx * dx + dy * dy));
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const b = bow * sin(t * 180);
    pts.push([x0 + dx * t - (dy / d) * b, y0 + dy * t + (dx / d) * b]);
  }
  return pts;
}

function dots(hex, op, pts, r) {
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.fill(hex, op);
  for (const p of pts) brush.circle(p[0], p[1], r, false);
}

function quad(x0, y0, x1, y1, x2, y2, x3, y3) {
  return [[x0, y0], [x1, y1], [x2, y2], [x3, y3]];
}

function pine(x, y, h, w, hex, op) {
  const pts = [[x, y - h]];
  const tiers = 6;
  for (let i = 1; i <= tiers; i++) pts.push([x + (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers], [x + (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4]);
  pts.push([x, y]);
  for (let i = tiers; i >= 1; i--) pts.push([x - (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4], [x - (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers]);
  wash(hex, op, 0.06, 0.3, pts, 0.2);
}

function stars(n, y0, y1, op) {
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < n; i++) {
    brush.fill(random() < 0.3 ? "#fff6d8" : "#e8ecff", op);
    brush.circle(random(600), random(y0, y1), random(0.8, 2.2), false);
  }
}

function gambrel(x, y, w, h, rh) {
  return [[x, y], [x + w, y], [x + w, y - h], [x + w * 0.84, y - h - rh * 0.62], [x + w / 2, y - h - rh], [x + w * 0.16, y - h - rh * 0.62], [x, y - h]];
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#0e1226");
  brush.noStroke();
  randomSeed(7);

  // sky: indigo above, a cold teal glow low at the horizon
  wash("#1c2450", 230, 0.35, 0.5, band(-20, 330, 14, 10), 0.7);
  wash("#2c3e6e", 200, 0.4, 0.5, band(160, 330, 12, 10), 0.7);
  wash("#4a6a8e", 150, 0.4, 0.45, band(250, 330, 8, 10), 0.6);
  wash("#080a1c", 180, 0.35, 0.5, band(-20, 90, 14, 10), 0.7);
  for (let i = 0; i < 3; i++) wash("#34406e", 140, 0.3, 0.4, leaf(random(100, 420), 90 + i * 46, random(200, 320), 8, random(-2, 2), 0), 0.8);
  stars(70, 0, 250, 220);
  // moon, high right, with halo
  wash("#3c4a80", 100, 0.3, 0.3, blob(480, 90, 60, 60, 20, 0.04), 0.9);
  wash("#6a7aa8", 90, 0.25, 0.3, blob(480, 90, 34, 34, 20, 0.04), 0.9);
  dots("#fbf6e0", 255, [[480, 90]], 16);
  wash("#d8d2b4", 110, 0.1, 0.3, blob(485, 94, 5, 4, 8, 0.2), 0.9);

  // distant wooded ridge
  wash("#18203e", 240, 0.2, 0.5, [[-20, 300], [150, 286], [330, 300], [470, 284], [620, 296], [620, 340], [-20, 340]], 0.6);
  for (let i = 0; i < 30; i++) {
    const tx = i * 21 + random(-6, 6);
    pine(tx, 336, random(18, 40), random(6, 10), "#0e1430", 235);
  }

  // snowfield: moonlit blue, shaded in layers toward the front
  wash("#9aa8d0", 245, 0.15, 0.25, band(330, 620, 5, 10), 0.4);
  wash("#7684b4", 170, 0.3, 0.3, band(430, 620, 8, 10), 0.5);
  wash("#c4cce8", 150, 0.2, 0.4, leaf(300, 350, 300, 10, 0, 0), 0.8);

  // near pines at the right edge, dark and tall
  for (let k = 0; k < 3; k++) {
    randomSeed(21);
    for (let i = 0; i < 4; i++) pine(500 + i * 34 + random(-8, 8), 430 + random(-10, 10), random(150, 230), random(24, 34), k == 0 ? "#1a2448" : "#060914", 250);
    for (let i = 0; i < 3; i++) pine(520 + i * 40, 440, random(120, 170), random(20, 28), "#04060e", 250);
  }
  wash("#0a0e22", 230, 0.15, 0.4, blob(555, 420, 70, 26, 12, 0.2), 0.8);
  wash("#2a3464", 140, 0.3, 0.5, blob(560, 445, 120, 14, 12, 0.2), 0.8);

  // the barn, left of centre, gable facing us, long side receding right
  const x = 110, y = 420, w = 150, h = 96, rh = 66;
  // side wall, in shadow
  wash("#3a0e18", 250, 0.03, 0.4, quad(x + w, y, x + w + 120, y - 22, x + w + 120, y - h - 14, x + w, y - h), 0);
  wash("#3a0e18", 250, 0.03, 0.4, quad(x + w, y, x + w + 120, y - 22, x + w + 120, y - h - 14, x + w, y - h), 0);
  wash("#24080e", 220, 0.03, 0.4, quad(x + w, y, x + w + 120, y - 22, x + w + 120, y - h - 14, x + w, y - h), 0);
  // gable: two layers of red, darker low
  wash("#8a2a2a", 255, 0.03, 0.4, gambrel(x, y, w, h, rh), 0.1);
  wash("#7a2026", 250, 0.03, 0.4, gambrel(x, y, w, h, rh), 0.1);
  wash("#5e141c", 230, 0.03, 0.4, gambrel(x, y, w, h, rh), 0.1);
  wash("#a8383a", 120, 0.2, 0.4, blob(x + w * 0.35, y - h - 10, 40, 30, 10, 0.2), 0.8);
  wash("#3a0c14", 170, 0.2, 0.4, quad(x, y, x + w, y, x + w, y - 40, x, y - 30), 0.3);
  // roof snow on the long side
  wash("#d4dcf0", 250, 0.03, 0.2, [[x + w / 2, y - h - rh], [x + w / 2 + 120, y - h - rh - 18], [x + w * 0.84 + 120, y - h - rh * 0.62 - 18], [x + w + 124, y - h - 14], [x + w + 3, y - h + 2], [x + w * 0.84, y - h - rh * 0.62]], 0);
  wash("#8e9cc8", 160, 0.05, 0.3, [[x + w * 0.84, y - h - rh * 0.62], [x + w * 0.84 + 120, y - h - rh * 0.62 - 18], [x + w + 124, y - h - 14], [x + w + 3, y - h + 2]], 0);
  // white trim on the gable
  wash("#e8ecf6", 230, 0.02, 0.05, ribbon([[x - 4, y - h + 2], [x + w * 0.16, y - h - rh * 0.62], [x + w / 2, y - h - rh - 2], [x + w * 0.84, y - h - rh * 0.62], [x + w + 4, y - h + 2]], 4, 4), 0);
  // loft door, dark
  wash("#1a060a", 240, 0.02, 0.2, quad(x + w / 2 - 14, y - h - 8, x + w / 2 + 14, y - h - 8, x + w / 2 + 14, y - h - 44, x + w / 2 - 14, y - h - 44), 0);
  // open main door: warm glow
  const dx = x + w / 2 - 30, dw = 60, dh = 74;
  wash("#f0a040", 255, 0.03, 0.3, quad(dx, y, dx + dw, y, dx + dw, y - dh, dx, y - dh), 0);
  wash("#ffe0a0", 230, 0.05, 0.2, quad(dx + 12, y, dx + dw - 12, y, dx + dw - 12, y - dh + 14, dx + 12, y - dh + 14), 0);
  wash("#b06020", 200, 0.02, 0.2, quad(dx, y - dh, dx + dw, y - dh, dx + dw, y - dh + 8, dx, y - dh + 8), 0);
  // open door leaf, dark, swung out
  wash("#2a0810", 250, 0.02, 0.3, quad(dx + dw, y, dx + dw + 22, y + 6, dx + dw + 22, y - dh + 4, dx + dw, y - dh), 0);
  // small side windows lit
  for (let i = 0; i < 3; i++) {
    const wx = x + w + 22 + i * 34, wy = y - 60 - i * 4;
    wash("#f0b050", 80, 0.3, 0.3, blob(wx + 6, wy + 6, 14, 12, 10, 0.1), 0.9);
    wash("#ffd070", 250, 0.03, 0.2, quad(wx, wy, wx + 12, wy - 2, wx + 12, wy + 12, wx, wy + 14), 0);
  }
  // light spilling onto the snow in a fan, with a figure-less track
  wash("#f0a070", 150, 0.1, 0.3, [[dx, y + 1], [dx + dw, y + 1], [dx + dw + 26, 470], [dx - 34, 470]], 0.3);
  wash("#ffd8a8", 200, 0.05, 0.2, [[dx + 10, y + 1], [dx + dw - 10, y + 1], [dx + dw + 6, 452], [dx - 10, 452]], 0.3);
  // blue shadow cast by the barn to the left
  wash("#3a4680", 170, 0.3, 0.45, [[x, y], [x - 100, y + 30], [x - 130, y + 60], [x + 10, y + 20]], 0.5);

  // fence receding from bottom left
  for (let i = 0; i < 8; i++) {
    const fx = 20 + i * 30, fy = 580 - i * 12, fh = 46 - i * 4;
    wash("#0a0a16", 250, 0.02, 0.05, quad(fx, fy, fx + 5 - i * 0.3, fy, fx + 5 - i * 0.3, fy - fh, fx, fy - fh), 0);
    wash("#e8ecf8", 220, 0.02, 0.05, quad(fx - 1, fy - fh, fx + 6, fy - fh, fx + 6, fy - fh + 3, fx - 1, fy - fh + 3), 0);
  }
  wash("#0a0a16", 230, 0.02, 0.05, ribbon([[20, 550], [236, 460]], 3, 1.5), 0);
  wash("#0a0a16", 230, 0.02, 0.05, ribbon([[20, 566], [236, 478]], 3, 1.5), 0);
  // drift shadow across the foreground, deep blue, crisp top edge
  wash("#2a3466", 230, 0.08, 0.35, [[-20, 540], [140, 560], [320, 548], [480, 520], [620, 500], [620, 620], [-20, 620]], 0.6);
  wash("#161c40", 220, 0.2, 0.4, [[-20, 575], [200, 590], [420, 570], [620, 550], [620, 620], [-20, 620]], 0.6);
  // a few grass stalks poking through snow in the foreground
  for (let i = 0; i < 26; i++) {
    const rx = random(260, 620), rb = random(570, 610);
    wash("#1a1c30", 220, 0.02, 0.05, ribbon([[rx, rb], [rx + random(-8, 8), rb - random(14, 40)]], 2.5, 0.5), 0.3);
  }
}