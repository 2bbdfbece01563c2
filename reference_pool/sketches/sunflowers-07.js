// sunflowers okay 01: three heads in a field against a pale summer sky
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

function squash(pts, cx, cy, sy, rot) {
  // foreshorten a flower face: compress along y by sy about (cx, cy), then rotate by rot
  return pts.map((p) => {
    const dx = p[0] - cx, dy = (p[1] - cy) * sy;
    return [cx + dx * cos(rot) - dy * sin(rot), cy + dx * sin(rot) + dy * cos(rot)];
  });
}

function sunflower(x, y, R, sy, rot, rich) {
  const n = 18, r0 = R * 0.36;
  // disc first so the petals never glaze over it
  wash("#5a3a0e", 250, 0.06, 0.4, squash(blob(x, y, R * 0.42, R * 0.42, 20, 0.03), x, y, sy, rot), 0.9);
  wash("#2a1606", 250, 0.06, 0.45, squash(blob(x, y, R * 0.37, R * 0.37, 20, 0.03), x, y, sy, rot), 0.9);
  if (rich) wash("#140a02", 245, 0.06, 0.45, squash(blob(x + R * 0.06, y + R * 0.06, R * 0.26, R * 0.26, 16, 0.05), x, y, sy, rot), 0.9);
  // back ring of petals, deeper orange-gold
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n + 10 + random(-4, 4);
    wash(rich ? "#d88a18" : "#e8b030", 240, 0.08, 0.3, squash(leaf(x + cos(a) * r0, y + sin(a) * r0, R * random(0.62, 0.72), R * 0.15, a, R * random(-0.06, 0.06)), x, y, sy, rot), 0.6);
  }
  // front ring, bright yellow with an orange glaze at the base
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n + random(-4, 4);
    const L = R * random(0.52, 0.64);
    const bx = x + cos(a) * r0 * 0.95, by = y + sin(a) * r0 * 0.95;
    wash("#f6c81e", 250, 0.06, 0.3, squash(leaf(bx, by, L, R * 0.14, a, R * random(-0.08, 0.08)), x, y, sy, rot), 0.6);
    if (rich) wash("#c87010", 140, 0.1, 0.35, squash(leaf(bx, by, L * 0.45, R * 0.07, a, 0), x, y, sy, rot), 0.6);
  }
  if (rich) {
    wash("#6a4a14", 150, 0.2, 0.4, squash(blob(x - R * 0.12, y - R * 0.14, R * 0.12, R * 0.1, 10, 0.2), x, y, sy, rot), 0.9);
    const seeds = [];
    for (let i = 0; i < 40; i++) {
      const a = i * 137.5, rr = R * 0.32 * sqrt(i / 40);
      seeds.push([x + cos(a) * rr, y + sin(a) * rr]);
    }
    dots("#8a6a24", 120, squash(seeds, x, y, sy, rot), max(1.2, R * 0.018));
  }
}

function stem(pts, w0, w1) {
  wash("#4a6a22", 250, 0.04, 0.1, ribbon(pts, w0, w1), 0.5);
  wash("#2e4a16", 180, 0.04, 0.1, ribbon(pts.map((p) => [p[0] + w0 * 0.2, p[1]]), w0 * 0.5, w1 * 0.5), 0.5);
}

function sfLeaf(x, y, len, wid, ang, bend, rich) {
  wash("#5a8a2a", 245, 0.08, 0.35, leaf(x, y, len, wid, ang, bend), 0.6);
  if (rich) {
    wash("#2e5418", 200, 0.08, 0.35, leaf(x, y, len * 0.95, wid * 0.55, ang + 4, bend), 0.6);
    wash("#1e3810", 200, 0.02, 0.05, leaf(x, y, len * 0.9, 1.5, ang, bend * 0.9), 0.6);
  }
}
function draw() {
  translate(-width / 2, -height / 2);
  background("#f4eedf");
  brush.noStroke();
  wash("#a8c4dc", 150, 0.35, 0.4, band(-20, 380, 14, 8), 0.7);
  wash("#7f9cbc", 110, 0.4, 0.4, band(-20, 160, 18, 8), 0.7);
  wash("#8aa060", 170, 0.3, 0.4, band(380, 620, 10, 8), 0.6);
  wash("#4a6a2a", 200, 0.3, 0.4, band(470, 620, 12, 8), 0.6);
  wash("#2a4218", 190, 0.3, 0.4, band(540, 620, 10, 8), 0.6);
  wash("#5a7898", 130, 0.4, 0.4, blob(520, 60, 200, 120, 12, 0.2), 0.8);
  const heads = [[210, 230, 88, 0.92, -12, true], [410, 300, 72, 0.85, 18, true], [120, 420, 52, 0.7, -35, false]];
  for (const h of heads) stem(curvePath(h[0] + 10, 640, h[0], h[1] + h[2] * 0.3, 12, 8), 12, 9);
  sfLeaf(220, 460, 110, 32, -20, -10, true);
  sfLeaf(400, 480, 100, 30, -160, 12, false);
  for (const h of heads) sunflower(h[0], h[1], h[2], h[3], h[4], h[5]);
}