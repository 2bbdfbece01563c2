// barn-night-05
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
  background("#2a2448");
  brush.noStroke();

  // summer night: violet sky, dark green meadow, barn off to the left, fireflies
  wash("#3a3466", 220, 0.35, 0.4, band(-20, 380, 12, 6), 0.7);
  wash("#5a4a7a", 140, 0.4, 0.4, band(260, 380, 10, 6), 0.7);
  stars(30, 0, 250, 200);
  wash("#1e3028", 240, 0.2, 0.4, band(370, 620, 8, 6), 0.5);

  const x = 70, y = 420, w = 150, h = 100, rh = 60;
  wash("#5a1a22", 250, 0.04, 0.3, quad(x + w, y, x + w + 110, y - 16, x + w + 110, y - h - 10, x + w, y - h), 0);
  wash("#6a2228", 245, 0.04, 0.3, barnFront(x, y, w, h, rh), 0);
  wash("#8a8aa8", 245, 0.04, 0.3, [[x + w / 2, y - h - rh], [x + w / 2 + 110, y - h - rh - 12], [x + w + 112, y - h - 10], [x + w, y - h]], 0);
  window4(x + w / 2 - 14, y - h - 30, 28, 24, true);
  window4(x + w + 40, y - 70, 22, 20, true);
  wash("#2a1014", 240, 0.03, 0.2, quad(x + w / 2 - 30, y, x + w / 2 + 30, y, x + w / 2 + 30, y - 70, x + w / 2 - 30, y - 70), 0);

  dots("#f4ecc8", 220, [[480, 120]], 16);
  for (let i = 0; i < 20; i++) dots("#e8f080", 230, [[random(250, 590), random(400, 580)]], random(1.5, 2.5));
}