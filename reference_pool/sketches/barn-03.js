// barn-night-04
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
  background("#181c36");
  brush.noStroke();

  // close view: the barn's gable end fills the left, cropped by the edge; snow falling in the dark
  wash("#242c54", 230, 0.35, 0.5, band(-20, 470, 16, 8), 0.7);
  wash("#3a3a66", 150, 0.4, 0.5, blob(520, 200, 200, 220, 16, 0.2), 0.8);
  wash("#0c0e22", 200, 0.35, 0.5, band(-20, 100, 14, 8), 0.7);
  // crescent moon
  const cres = [];
  for (let i = 0; i <= 12; i++) cres.push([505 + cos(60 + i * 20) * 24, 92 + sin(60 + i * 20) * 24]);
  for (let i = 12; i >= 0; i--) cres.push([512 + cos(60 + i * 20) * 18, 88 + sin(60 + i * 20) * 20]);
  wash("#f6eed0", 255, 0.03, 0.2, cres, 0.5);
  wash("#fffae8", 220, 0.03, 0.2, cres, 0.5);

  // distant trees at the right behind the snow
  for (let i = 0; i < 6; i++) pine(430 + i * 34 + random(-8, 8), 470, random(60, 110), random(16, 24), "#0e1228");
  // snowy ground
  wash("#8a94c0", 245, 0.15, 0.45, band(462, 620, 6, 8), 0.5);
  wash("#6a74a8", 200, 0.25, 0.5, band(540, 620, 10, 8), 0.6);

  // barn gable: x from -60 (cropped), wall to 400
  const x = -60, y = 500, w = 460, h = 230, rh = 170;
  const dx = 90, dw = 170, dh = 170;
  wash("#0a0a18", 200, 0.2, 0.5, blob(200, y + 14, 300, 16, 12, 0.1), 0.8);
  const wall = gambrelFront(x, y, w, h, rh);
  const notched = [wall[0], [dx, y], [dx, y - dh], [dx + dw, y - dh], [dx + dw, y]].concat(wall.slice(1));
  wash("#7a2428", 255, 0.03, 0.45, notched, 0);
  wash("#6a1c22", 240, 0.03, 0.45, notched, 0);
  const upper = [[x, y - h + 60], [x, y - h], [x + w * 0.16, y - h - rh * 0.62], [x + w / 2, y - h - rh], [x + w * 0.84, y - h - rh * 0.62], [x + w, y - h], [x + w, y - h + 60]];
  wash("#7a2026", 240, 0.03, 0.45, upper, 0);
  wash("#6a1a22", 200, 0.03, 0.45, upper, 0);
  wash("#3a0e16", 170, 0.03, 0.5, [[300, y], [x + w, y], [x + w, y - h], [300, y - h - 40]], 0);
  // vertical board lines
  for (let i = 0; i < 14; i++) {
    const bx = x + 30 + i * 32;
    const top = bx < x + w * 0.16 ? y - h - (bx - x) / (w * 0.16) * rh * 0.62 : bx > x + w * 0.84 ? y - h - (x + w - bx) / (w * 0.16) * rh * 0.62 : y - h - rh * 0.62 - (1 - abs(bx - x - w / 2) / (w * 0.34)) * rh * 0.38;
    if (bx > dx - 4 && bx < dx + dw + 4) wash("#3a0c12", 170, 0.02, 0.05, ribbon([[bx, y - dh - 6], [bx, top + 8]], 2, 2), 0);
    else wash("#3a0c12", 170, 0.02, 0.05, ribbon([[bx, y], [bx, top + 8]], 2, 2), 0);
  }
  // snow on the roof edges and white trim
  const edge = [[x, y - h], [x + w * 0.16, y - h - rh * 0.62], [x + w / 2, y - h - rh], [x + w * 0.84, y - h - rh * 0.62], [x + w, y - h]];
  wash("#e6e8f4", 240, 0.05, 0.2, ribbon(edge, 12, 12), 0);
  wash("#b8c0dc", 200, 0.05, 0.2, ribbon(edge.map((p) => [p[0], p[1] - 7]), 6, 6), 0);
  // hay loft door, lit from inside
  window4(x + w / 2 - 34, y - h - 90, 68, 58, true);
  // big doorway: warm interior with hay and a lantern
  wash("#e8e4d8", 255, 0.03, 0.15, quad(dx, y, dx + dw, y, dx + dw, y - dh, dx, y - dh), 0);
  wash("#e8e4d8", 255, 0.03, 0.15, quad(dx, y, dx + dw, y, dx + dw, y - dh, dx, y - dh), 0);
  for (let k = 0; k < 5; k++) {
    const m = k * 10;
    wash(k < 2 ? "#f0b060" : "#ffe0a0", 255, 0.04, 0.15, quad(dx + m, y - m * 0.3, dx + dw - m, y - m * 0.3, dx + dw - m, y - dh + m, dx + m, y - dh + m), 0);
  }
  wash("#fff6d0", 220, 0.1, 0.3, blob(dx + 110, y - 110, 26, 26, 12, 0.1), 0.9);
  wash("#b0702a", 230, 0.1, 0.4, blob(dx + 50, y - 24, 50, 26, 12, 0.15), 0.8);
  wash("#c88a38", 220, 0.1, 0.4, blob(dx + 120, y - 18, 40, 18, 12, 0.15), 0.8);
  wash("#6a3a1a", 230, 0.03, 0.2, quad(dx, y - dh + 40, dx + dw, y - dh + 40, dx + dw, y - dh + 48, dx, y - dh + 48), 0);
  wash("#6a3a1a", 230, 0.03, 0.2, quad(dx + 80, y - dh + 44, dx + 86, y - dh + 44, dx + 86, y - 40, dx + 80, y - 40), 0);
  dots("#fffae0", 255, [[dx + 110, y - 108]], 7);
  // door leaf swung open, white X brace
  wash("#5a161c", 255, 0.03, 0.3, quad(dx + dw, y, dx + dw + 70, y + 16, dx + dw + 70, y - dh - 6, dx + dw, y - dh), 0);
  wash("#e8e0d4", 220, 0.02, 0.1, ribbon([[dx + dw + 6, y - 4], [dx + dw + 64, y - dh + 4]], 5, 5), 0);
  wash("#e8e0d4", 220, 0.02, 0.1, ribbon([[dx + dw + 6, y - dh + 6], [dx + dw + 64, y + 8]], 5, 5), 0);
  wash("#e8e0d4", 220, 0.02, 0.1, ribbon([[dx - 4, y], [dx - 4, y - dh - 4], [dx + dw + 2, y - dh - 4]], 7, 7), 0);

  // light on the snow: stacked trapezoids
  for (let k = 0; k < 5; k++) {
    const L = 120 - k * 22, sp = dw / 2 + L * 0.5;
    wash(k === 0 ? "#c88a60" : k < 3 ? "#f0b060" : "#ffe0a0", 255, 0.06, 0.15, [[dx, y + 2], [dx + dw, y + 2], [dx + dw / 2 + sp + 30, y + L], [dx + dw / 2 - sp + 10, y + L]], 0.3);
  }

  // falling snow
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < 140; i++) {
    brush.fill("#f0f2ff", random(150, 240));
    brush.circle(random(600), random(600), random(1.2, 3.2), false);
  }
}