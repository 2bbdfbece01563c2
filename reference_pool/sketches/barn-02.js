// barn-night-03
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

function stars(n, y0, y1, op) {
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < n; i++) {
    brush.fill(random() < 0.3 ? "#fff6d8" : "#e8ecff", op);
    brush.circle(random(600), random(y0, y1), random(0.8, 2.2), false);
  }
}

function moon(x, y, r) {
  wash("#5a5e90", 90, 0.3, 0.3, blob(x, y, r * 2.6, r * 2.6, 20, 0.04), 0.9);
  wash("#8a8cb0", 90, 0.25, 0.3, blob(x, y, r * 1.6, r * 1.6, 20, 0.04), 0.9);
  dots("#fbf4d8", 255, [[x, y]], r);
  dots("#fffbe8", 230, [[x, y]], r);
  wash("#d8d0b0", 120, 0.1, 0.3, blob(x + r * 0.25, y + r * 0.1, r * 0.3, r * 0.22, 8, 0.2), 0.9);
}

function barnFront(x, y, w, h, rh) {
  // gable end: base (x, y) bottom left, wall height h, roof rise rh
  return [[x, y], [x + w, y], [x + w, y - h], [x + w / 2, y - h - rh], [x, y - h]];
}

function gambrelFront(x, y, w, h, rh) {
  return [[x, y], [x + w, y], [x + w, y - h], [x + w * 0.84, y - h - rh * 0.62], [x + w / 2, y - h - rh], [x + w * 0.16, y - h - rh * 0.62], [x, y - h]];
}

function quad(x0, y0, x1, y1, x2, y2, x3, y3) {
  return [[x0, y0], [x1, y1], [x2, y2], [x3, y3]];
}

function window4(x, y, w, h, glow) {
  // a lit window with a soft halo and a dark cross bar
  if (glow) wash("#f0b050", 70, 0.3, 0.3, blob(x + w / 2, y + h / 2, w * 0.9, h * 0.9, 12, 0.1), 0.9);
  wash(glow ? "#ffd070" : "#3a4060", 250, 0.03, 0.2, quad(x, y, x + w, y, x + w, y + h, x, y + h), 0);
  if (glow) wash("#fff0b0", 200, 0.03, 0.2, quad(x + w * 0.15, y + h * 0.15, x + w * 0.85, y + h * 0.15, x + w * 0.85, y + h * 0.6, x + w * 0.15, y + h * 0.6), 0);
  wash("#1a0e14", 230, 0.0, 0.05, quad(x + w / 2 - 1.5, y, x + w / 2 + 1.5, y, x + w / 2 + 1.5, y + h, x + w / 2 - 1.5, y + h), 0);
  wash("#1a0e14", 230, 0.0, 0.05, quad(x, y + h / 2 - 1.5, x + w, y + h / 2 - 1.5, x + w, y + h / 2 + 1.5, x, y + h / 2 + 1.5), 0);
}

function pine(x, y, h, w, hex) {
  const pts = [[x, y - h]];
  const tiers = 6;
  for (let i = 1; i <= tiers; i++) pts.push([x + (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers], [x + (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4]);
  pts.push([x, y]);
  for (let i = tiers; i >= 1; i--) pts.push([x - (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4], [x - (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers]);
  wash(hex, 245, 0.06, 0.3, pts, 0.2);
}
function draw() {
  translate(-width / 2, -height / 2);
  background("#10142c");
  brush.noStroke();

  // wide panorama in bands: deep sky, moon low at left, a pale horizon, snow field, a dark river, the near bank
  wash("#1a2248", 230, 0.35, 0.5, band(-20, 330, 14, 10), 0.7);
  wash("#2e3a6a", 190, 0.4, 0.5, band(170, 330, 12, 10), 0.7);
  wash("#56608a", 150, 0.4, 0.45, band(260, 330, 8, 10), 0.6);
  wash("#0a0c20", 170, 0.35, 0.5, band(-20, 70, 14, 10), 0.7);
  // long thin cloud streaks
  for (let i = 0; i < 4; i++) {
    const cy = 120 + i * 38;
    wash("#3c4678", 150, 0.3, 0.4, leaf(random(-40, 300), cy, random(260, 420), 7, random(-2, 2), 0), 0.8);
  }
  stars(60, 0, 230, 210);
  moon(110, 200, 20);

  // far ridge and tree line across the whole width
  wash("#1a2040", 240, 0.2, 0.5, [[-20, 318], [120, 306], [260, 316], [420, 300], [620, 312], [620, 340], [-20, 340]], 0.6);
  for (let i = 0; i < 22; i++) {
    const tx = i * 29 + random(-8, 8);
    if (tx > 360 && tx < 520) continue;
    pine(tx, 334, random(24, 48), random(7, 12), "#0c1024");
  }

  // snow field, moonlit
  wash("#8a96c4", 245, 0.15, 0.45, band(330, 440, 4, 10), 0.4);
  wash("#6a78aa", 190, 0.25, 0.5, band(390, 440, 6, 10), 0.5);

  // small barn at the right third, gable toward us, one window lit
  const x = 400, y = 380, w = 70, h = 44, rh = 30;
  wash("#2a0e16", 250, 0.03, 0.4, quad(x + w, y, x + w + 70, y - 10, x + w + 70, y - h - 6, x + w, y - h), 0);
  wash("#1e0a10", 230, 0.03, 0.4, quad(x + w, y, x + w + 70, y - 10, x + w + 70, y - h - 6, x + w, y - h), 0);
  wash("#6a2026", 255, 0.03, 0.4, gambrelFront(x, y, w, h, rh), 0.1);
  wash("#5a1a20", 230, 0.03, 0.4, gambrelFront(x, y, w, h, rh), 0.1);
  wash("#c4cce4", 250, 0.03, 0.2, [[x + w / 2, y - h - rh], [x + w / 2 + 70, y - h - rh - 8], [x + w + 70 + 4, y - h - 6], [x + w + 2, y - h + 1], [x + w * 0.84, y - h - rh * 0.62]], 0);
  window4(x + w + 26, y - 30, 14, 13, true);
  wash("#ffd070", 255, 0.03, 0.2, quad(x + w / 2 - 12, y, x + w / 2 + 12, y, x + w / 2 + 12, y - 28, x + w / 2 - 12, y - 28), 0);
  // a bare tree beside the barn
  wash("#0c0c1a", 240, 0.02, 0.05, ribbon([[x - 30, y + 4], [x - 34, y - 40], [x - 26, y - 80]], 5, 1.5), 0.5);
  wash("#0c0c1a", 220, 0.02, 0.05, ribbon([[x - 33, y - 40], [x - 55, y - 66]], 3, 1), 0.5);
  wash("#0c0c1a", 220, 0.02, 0.05, ribbon([[x - 30, y - 60], [x - 12, y - 88]], 2.5, 1), 0.5);
  // faint track through the snow to the door
  wash("#4a5488", 170, 0.15, 0.4, [[x + w / 2 - 8, y + 2], [x + w / 2 + 8, y + 2], [x - 60, 440], [x - 110, 440]], 0.4);

  // river: dark, with a broken moon path and the lit window echoed in the water
  wash("#141c3c", 250, 0.1, 0.5, band(440, 520, 3, 10), 0.3);
  wash("#0c1028", 200, 0.2, 0.5, band(480, 520, 4, 10), 0.4);
  for (let i = 0; i < 12; i++) {
    const ry = 446 + i * 6, rw = 34 - i * 1.5;
    wash("#d8dcf0", 200 - i * 10, 0.05, 0.2, leaf(110 - rw + random(-6, 6), ry, rw * 2, 1.6, 0, 0), 0.8);
  }
  for (let i = 0; i < 5; i++) {
    wash("#ffd070", 255 - i * 25, 0.05, 0.2, leaf(x + w / 2 - 8 + random(-3, 3), 448 + i * 8, 16, 1.3, 0, 0), 0.8);
  }

  // near bank, nearly black, with reed tufts and fence posts
  wash("#0a0a18", 250, 0.15, 0.5, band(515, 620, 5, 10), 0.5);
  for (let i = 0; i < 30; i++) {
    const rx = random(-10, 610), rb = random(520, 560), rl = random(20, 60);
    wash("#4a4e70", 230, 0.02, 0.05, ribbon([[rx, rb], [rx + random(-6, 6), rb - rl]], 3, 0.5), 0.3);
  }
  for (let i = 0; i < 7; i++) {
    const fx = 300 + i * 46;
    wash("#05050c", 250, 0.02, 0.05, quad(fx, 560, fx + 5, 560, fx + 5, 522, fx, 522), 0);
  }
  wash("#05050c", 230, 0.02, 0.05, ribbon([[296, 530], [620, 526]], 2.5, 2.5), 0);
}