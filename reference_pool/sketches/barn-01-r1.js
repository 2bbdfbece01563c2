// barn-night-02
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
  background("#141a34");
  brush.noStroke();

  // night sky: indigo deepening upward, a paler band at the horizon
  wash("#1e2a52", 230, 0.35, 0.5, band(-20, 400, 16, 8), 0.7);
  wash("#34406e", 170, 0.4, 0.5, band(220, 400, 14, 8), 0.7);
  wash("#0c1028", 200, 0.35, 0.5, band(-20, 120, 20, 8), 0.7);
  stars(70, 0, 300, 220);
  moon(470, 110, 24);
  // distant ridge of trees
  wash("#0e1428", 240, 0.25, 0.5, [[-20, 360], [80, 340], [160, 352], [260, 330], [380, 348], [480, 326], [620, 344], [620, 420], [-20, 420]], 0.6);
  for (let i = 0; i < 9; i++) pine(20 + i * 70 + random(-10, 10), 370, random(50, 90), random(14, 22), "#0a0f20");

  // moonlit snow field with blue shadows
  // snow in two pieces, leaving the path of door light in front of the barn
  const snowL = [[-20, 392], [215, 392], [160, 620], [-20, 620]];
  const snowR = [[265, 392], [620, 392], [620, 620], [380, 620]];
  for (const s of [snowL, snowR]) {
    wash("#7c88b8", 245, 0.12, 0.45, s, 0.3);
    wash("#6a76ac", 200, 0.15, 0.5, s.map((p) => [p[0], max(p[1], 470)]), 0.3);
  }
  wash("#3a4680", 200, 0.1, 0.5, [[-20, 560], [150, 560], [140, 620], [-20, 620]], 0.3);
  wash("#3a4680", 200, 0.1, 0.5, [[400, 560], [620, 560], [620, 620], [410, 620]], 0.3);

  // barn: front gable facing us at left of centre, side wall receding right
  const x = 150, y = 440, w = 190, h = 120, rh = 90;
  wash("#0a0c18", 200, 0.25, 0.5, blob(x + 230, y + 20, 260, 22, 14, 0.1), 0.8);
  wash("#4a161c", 255, 0.03, 0.4, quad(x + w, y, x + w + 170, y - 26, x + w + 170, y - h - 14, x + w, y - h), 0);
  wash("#5a1a20", 250, 0.05, 0.4, quad(x + w, y, x + w + 170, y - 26, x + w + 170, y - h - 14, x + w, y - h), 0);
  wash("#2a0c14", 220, 0.06, 0.4, quad(x + w, y, x + w + 170, y - 26, x + w + 170, y - h - 14, x + w, y - h), 0);
  wash("#7a2428", 255, 0.03, 0.4, gambrelFront(x, y, w, h, rh), 0.1);
  wash("#6a1e24", 240, 0.03, 0.4, gambrelFront(x, y, w, h, rh), 0.1);
  wash("#5a1820", 200, 0.08, 0.45, gambrelFront(x, y, w, h, rh), 0.1);
  // roof: moonlit snow on the side plane
  wash("#b0b8d8", 245, 0.05, 0.3, [[x + w / 2, y - h - rh], [x + w / 2 + 170, y - h - rh - 20], [x + w + 170 + 8, y - h - 16], [x + w + 4, y - h + 2], [x + w * 0.84, y - h - rh * 0.62]], 0);
  wash("#d8e0f4", 200, 0.05, 0.2, [[x + w / 2, y - h - rh], [x + w / 2 + 170, y - h - rh - 20], [x + w * 0.84 + 170, y - h - rh * 0.62 - 22], [x + w * 0.84, y - h - rh * 0.62]], 0);
  // gable trim and hay door
  wash("#e8e0d0", 220, 0.02, 0.1, ribbon([[x, y - h], [x + w * 0.16, y - h - rh * 0.62], [x + w / 2, y - h - rh], [x + w * 0.84, y - h - rh * 0.62], [x + w, y - h]], 4, 4), 0);
  window4(x + w / 2 - 16, y - h - 50, 32, 30, true);
  // big open door pouring warm light onto the snow
  // door light: stacked trapezoids, shorter ones nearer the door, so the glow falls off with distance
  for (let k = 0; k < 6; k++) {
    const L = 180 - k * 28, sp = 40 + L * 0.55;
    const tr = [[x + w / 2 - 38, y - 2], [x + w / 2 + 38, y - 2], [x + w / 2 + sp + L * 0.2, y + L], [x + w / 2 - sp + L * 0.2, y + L]];
    wash(k === 0 ? "#c08060" : k < 3 ? "#f0b060" : "#ffe0a0", 255, 0.06, 0.15, tr, 0.3);
  }
  wash("#ffd480", 255, 0.03, 0.2, quad(x + w / 2 - 38, y, x + w / 2 + 38, y, x + w / 2 + 38, y - 88, x + w / 2 - 38, y - 88), 0);
  wash("#ffe090", 255, 0.03, 0.2, quad(x + w / 2 - 34, y, x + w / 2 + 34, y, x + w / 2 + 34, y - 84, x + w / 2 - 34, y - 84), 0);
  wash("#fff2c0", 200, 0.1, 0.2, quad(x + w / 2 - 26, y - 2, x + w / 2 + 20, y - 2, x + w / 2 + 20, y - 70, x + w / 2 - 26, y - 70), 0);
  wash("#c07830", 170, 0.1, 0.3, blob(x + w / 2 + 10, y - 14, 22, 12, 10, 0.2), 0.8);
  // door frame and white X braces on the side
  wash("#e8e0d0", 200, 0.02, 0.1, ribbon([[x + w / 2 - 40, y], [x + w / 2 - 40, y - 90], [x + w / 2 + 40, y - 90], [x + w / 2 + 40, y]], 4, 4), 0);
  window4(x + w + 40, y - 80, 26, 24, true);
  window4(x + w + 110, y - 92, 24, 22, false);

  // silo at the right, moonlit edge
  const sx = 540;
  wash("#4a4e6a", 255, 0.03, 0.4, quad(sx - 32, y - 10, sx + 32, y - 10, sx + 32, y - 230, sx - 32, y - 230), 0);
  wash("#9aa4c8", 240, 0.03, 0.3, quad(sx - 32, y - 10, sx - 14, y - 10, sx - 14, y - 230, sx - 32, y - 230), 0);
  wash("#1a1c30", 240, 0.03, 0.4, quad(sx + 10, y - 10, sx + 32, y - 10, sx + 32, y - 230, sx + 10, y - 230), 0);
  wash("#b8c0dc", 240, 0.05, 0.3, blob(sx, y - 232, 33, 26, 14, 0.02).filter((p) => p[1] <= y - 230), 0.6);

  // fence posts running forward on the left, catching lamplight
  for (let i = 0; i < 6; i++) {
    const fx = 20 + i * 36, fy = 470 + i * 18, fh = 36 + i * 7;
    wash("#140c10", 240, 0.03, 0.1, quad(fx, fy, fx + 5 + i, fy, fx + 5 + i, fy - fh, fx, fy - fh), 0);
  }
  wash("#140c10", 230, 0.02, 0.1, ribbon([[20, 452], [200 + 8, 540]], 3, 4), 0);
}