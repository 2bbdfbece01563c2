// barn-night-01
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
  background("#1a2040");
  brush.noStroke();

  // plain night: one sky wash, a flat field and a centred barn
  wash("#26305a", 220, 0.35, 0.4, band(-20, 400, 10, 6), 0.7);
  stars(25, 0, 300, 200);
  wash("#2a3a4a", 230, 0.2, 0.4, band(390, 620, 6, 6), 0.5);

  const x = 200, y = 440, w = 200, h = 120, rh = 80;
  wash("#5a2228", 240, 0.05, 0.3, gambrelFront(x, y, w, h, rh), 0.1);
  wash("#3a3a4a", 230, 0.05, 0.3, [[x - 6, y - h], [x + w * 0.16 - 4, y - h - rh * 0.62 - 4], [x + w / 2, y - h - rh - 6], [x + w * 0.84 + 4, y - h - rh * 0.62 - 4], [x + w + 6, y - h], [x + w * 0.84, y - h - rh * 0.62], [x + w / 2, y - h - rh], [x + w * 0.16, y - h - rh * 0.62]], 0);
  window4(x + w / 2 - 14, y - h - 44, 28, 26, false);
  wash("#3a1a1e", 240, 0.03, 0.3, quad(x + w / 2 - 34, y, x + w / 2 + 34, y, x + w / 2 + 34, y - 80, x + w / 2 - 34, y - 80), 0);
  dots("#e8e4cc", 230, [[470, 110]], 20);
}