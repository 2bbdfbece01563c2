// seashell: a tilted scallop on a slate ground, pleated ribs light and shade, crisp cast shadow, off-centre
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

function rimPts(cx, cy, r, a0, a1, n) {
  // rounded scallop rim: rib crests bulge out, the grooves between them dip in
  const pts = [];
  for (let i = 0; i <= n * 2; i++) {
    const a = lerp(a0, a1, i / (n * 2));
    const rr = r * (i % 2 == 1 ? 1.03 : 0.975);
    pts.push([cx + cos(a) * rr, cy + sin(a) * rr]);
  }
  return pts;
}

function pol(cx, cy, a, r) {
  return [cx + cos(a) * r, cy + sin(a) * r];
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#2a343f");
  brush.noStroke();
  randomSeed(4);
  // low-key slate table: a pool of cool light at the upper left, deepening to near-black at the lower right
  wash("#5a6874", 200, 0.35, 0.45, blob(200, 260, 330, 260, 16, 0.12), 0.7);
  wash("#7a8894", 170, 0.35, 0.45, blob(170, 230, 200, 160, 14, 0.15), 0.7);
  wash("#1a222c", 220, 0.3, 0.5, [[560, -20], [620, -20], [620, 620], [160, 620], [380, 500], [520, 300]], 0.6);
  wash("#10161e", 220, 0.25, 0.5, [[620, 300], [620, 620], [300, 620], [520, 470]], 0.6);
  const cx = 250, cy = 400, r = 205, a0 = 192, a1 = 322, n = 13;
  const rim = rimPts(cx, cy, r, a0, a1, n);
  // cast shadow, offset down and right: crisp near the shell, soft further out
  const sh = [[cx + 20, cy + 18]].concat(rimPts(cx + 34, cy + 26, r, a0 + 40, a1 + 8, n).slice(6));
  for (let k = 0; k < 3; k++) wash("#0a0e14", 250, 0.04, 0.3, sh, 0.3);
  wash("#1a2028", 160, 0.35, 0.45, [[cx + 30, cy + 30], [cx + 250, cy - 60], [cx + 270, cy + 10], [cx + 60, cy + 70]], 0.6);

  // shell body: cream in several passes so it holds against the slate
  for (let k = 0; k < 4; k++) wash("#fbf2e6", 255, 0.03, 0.15, [[cx, cy]].concat(rim), 0.5);
  wash("#f4d2b0", 200, 0.1, 0.3, [[cx, cy]].concat(rimPts(cx, cy, r * 0.96, a0 + 3, a1 - 3, n)), 0.5);
  wash("#eaa888", 170, 0.3, 0.4, [[cx, cy]].concat(rimPts(cx, cy, r * 0.62, a0 + 6, a1 - 6, n)), 0.6);
  // ribs: each pleat has a lit left face and a shaded right face
  for (let i = 0; i < n; i++) {
    const a = lerp(a0, a1, (i + 0.5) / n), da = (a1 - a0) / n / 2;
    const shade = i > n * 0.6 ? "#9a5248" : "#c46e58";
    wash(shade, 200, 0.06, 0.3, [[cx, cy], pol(cx, cy, a + da * 0.15, r * 1.0), pol(cx, cy, a + da * 0.6, r * 0.99), pol(cx, cy, a + da, r * 0.97)], 0.2);
    wash("#fff8ee", 200, 0.03, 0.15, [[cx, cy], pol(cx, cy, a - da * 0.55, r * 0.99), pol(cx, cy, a - da * 0.1, r * 1.0)], 0.2);
  }
  // growth bands across the ribs, soft coral
  for (const t of [0.5, 0.68, 0.84]) {
    const outer = rimPts(cx, cy, r * t, a0 + 4, a1 - 4, n), inner = rimPts(cx, cy, r * (t - 0.045), a0 + 4, a1 - 4, n).reverse();
    wash("#b8604c", 110, 0.2, 0.35, outer.concat(inner), 0.5);
  }
  // the shaded right side of the shell turning away from the light
  wash("#5a3438", 190, 0.2, 0.4, [[cx, cy]].concat(rimPts(cx, cy, r, 290, a1, 3)), 0.5);
  // hinge ears and the dark hinge line
  for (let k = 0; k < 3; k++) wash("#f6e6d4", 250, 0.03, 0.15, [[cx - 62, cy - 2], [cx - 56, cy - 36], [cx - 10, cy - 28], [cx, cy + 2]], 0.2);
  wash("#e8b898", 160, 0.1, 0.3, [[cx - 62, cy - 2], [cx - 56, cy - 36], [cx - 10, cy - 28], [cx, cy + 2]], 0.2);
  for (let k = 0; k < 2; k++) wash("#f0d8c0", 250, 0.03, 0.15, [[cx, cy + 2], [cx + 10, cy - 30], [cx + 54, cy - 46], [cx + 62, cy - 8]], 0.2);
  wash("#d09878", 200, 0.03, 0.2, [[cx, cy + 2], [cx + 10, cy - 30], [cx + 54, cy - 46], [cx + 62, cy - 8]], 0.2);
  wash("#8a4a40", 200, 0.04, 0.2, [[cx + 10, cy - 30], [cx + 54, cy - 46], [cx + 62, cy - 8], [cx + 30, cy - 10]], 0.2);
  wash("#2a1618", 240, 0.02, 0.05, ribbon([[cx - 62, cy], [cx - 20, cy + 4], [cx + 62, cy - 6]], 3, 2), 0.4);
  // rim catching light, crisp
  wash("#ffffff", 200, 0.02, 0.05, ribbon(rimPts(cx, cy, r * 1.0, a0 + 2, a0 + 50, 5), 2.5, 1), 0.5);

  // small second shell far right, half in shadow, and a few grains of sand
  const sx = 500, sy = 500;
  for (let k = 0; k < 3; k++) wash("#efe2d0", 250, 0.03, 0.2, blob(sx, sy, 26, 18, 12, 0.08), 0.8);
  wash("#b47a66", 200, 0.05, 0.3, blob(sx + 4, sy + 2, 18, 12, 10, 0.1), 0.8);
  wash("#3a2a2c", 200, 0.05, 0.2, leaf(sx - 24, sy + 16, 50, 3, 0, 0), 0.8);
  for (let i = 0; i < 10; i++) dots("#8a7a6c", 150, [[random(300, 600), random(520, 600)]], random(1, 2));
}