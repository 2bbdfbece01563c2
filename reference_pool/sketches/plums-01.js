// plums-01
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

function rimY(cx, cy, rx, ry, x) {
  const u = constrain((x - cx) / rx, -1, 1);
  return cy + ry * sqrt(1 - u * u);
}

function plumPts(x, y, r, clip) {
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const a = (360 * i) / 16;
    const px = x + cos(a) * r, py = y + sin(a) * r * 0.95;
    pts.push([px, min(py, rimY(clip[0], clip[1], clip[2], clip[3], px))]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2ede4");
  brush.noStroke();

  // pale wall and table
  wash("#d9d2c6", 200, 0.35, 0.4, band(-20, 380, 10, 6), 0.7);
  wash("#e8dcc6", 190, 0.3, 0.4, band(370, 620, 8, 6), 0.6);

  const cx = 300, cy = 372, rx = 170, ry = 44;
  const body = [];
  for (let i = 0; i <= 18; i++) {
    const a = map(i, 0, 18, 0, 180);
    body.push([cx + cos(a) * rx, cy + sin(a) * 100]);
  }
  body.push([cx - rx, cy - 4]);
  wash("#c6d6c8", 230, 0.08, 0.3, body, 0.8);
  wash("#9fb4a8", 200, 0.08, 0.3, blob(cx, cy, rx - 4, ry - 2, 24, 0.0), 0.9);

  const clip = [cx, cy, rx - 6, ry - 4];
  const plums = [[cx, cy - 50, 54], [cx - 100, cy - 30, 50], [cx + 100, cy - 28, 50], [cx - 45, cy - 6, 46], [cx + 50, cy - 4, 46]];
  for (const p of plums) {
    wash("#8a4a80", 230, 0.1, 0.3, plumPts(p[0], p[1], p[2], clip), 0.9);
    wash("#4a3018", 240, 0.0, 0.05, ribbon([[p[0], p[1] - p[2] * 0.9], [p[0] + 3, p[1] - p[2] * 1.12]], 3, 2), 0.3);
  }
}