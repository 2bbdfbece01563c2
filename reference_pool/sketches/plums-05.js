// plums-06
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

let bloomOp = 150;

function rimY(cx, cy, rx, ry, x) {
  const u = constrain((x - cx) / rx, -1, 1);
  return cy + ry * sqrt(1 - u * u);
}

function plumPts(x, y, r, tilt, clip) {
  // slightly heart-shaped plum; vertices below the bowl's front rim are pushed up onto it
  const pts = [];
  for (let i = 0; i < 20; i++) {
    const a = (360 * i) / 20;
    const k = 1 + 0.07 * cos(a * 2) + random(-0.025, 0.025);
    const px = x + cos(a + tilt) * r * k * 1.04, py = y + sin(a + tilt) * r * k * 0.95;
    pts.push([px, clip ? min(py, rimY(clip[0], clip[1], clip[2], clip[3], px)) : py]);
  }
  return pts;
}

function plum(x, y, r, tilt, clip, warm) {
  const base = plumPts(x, y, r, tilt, clip);
  wash(warm ? "#7a2a52" : "#5a2660", 250, 0.1, 0.35, base, 0.9);
  wash(warm ? "#6a1f48" : "#4a1c56", 230, 0.1, 0.35, base, 0.9);
  wash("#3a1240", 220, 0.1, 0.4, plumPts(x + r * 0.16, y + r * 0.12, r * 0.82, tilt, clip), 0.9);
  wash("#230a28", 245, 0.1, 0.4, plumPts(x + r * 0.3, y + r * 0.28, r * 0.58, tilt, clip), 0.9);
  wash("#14051a", 240, 0.08, 0.4, plumPts(x + r * 0.42, y + r * 0.4, r * 0.36, tilt, clip), 0.9);
  // dusty bloom on the lit shoulder
  wash("#9b9cc8", bloomOp, 0.35, 0.5, blob(x - r * 0.35, y - r * 0.32, r * 0.42, r * 0.32, 12, 0.2), 0.9);
  // crease from the stem end
  wash("#240a24", 170, 0.05, 0.05, ribbon(curvePath(x - r * 0.05, y - r * 0.9, x + r * 0.45, y + r * 0.55, r * 0.25, 8), 7, 2), 0.6);
  // highlight
  wash("#f4ecf6", 220, 0.15, 0.2, blob(x - r * 0.45, y - r * 0.42, r * 0.16, r * 0.1, 8, 0.2), 0.9);
  // stem
  wash("#4a3018", 240, 0.0, 0.05, ribbon([[x, y - r * 0.88], [x + 2, y - r * 1.05], [x + 7, y - r * 1.18]], 4, 2.5), 0.3);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0ec");
  brush.noStroke();

  // a wide, low composition: long oval dish of plums across a shelf, grey-green wall bands
  wash("#c4cfc6", 210, 0.3, 0.4, band(-20, 250, 10, 6), 0.6);
  wash("#d8ddd2", 200, 0.3, 0.4, band(250, 360, 8, 6), 0.6);
  wash("#b8a48c", 220, 0.15, 0.4, band(360, 420, 4, 6), 0.3);
  wash("#e3dccd", 200, 0.2, 0.4, band(420, 620, 6, 6), 0.4);

  const cx = 300, cy = 378, rx = 250, ry = 34;
  const body = [];
  for (let i = 0; i <= 20; i++) {
    const a = map(i, 0, 20, 0, 180);
    body.push([cx + cos(a) * rx, cy + sin(a) * 50]);
  }
  body.push([cx - rx, cy - 4]);
  wash("#c07a4a", 245, 0.05, 0.3, body, 0.7);
  wash("#7a4426", 230, 0.05, 0.3, blob(cx, cy, rx - 4, ry - 2, 24, 0.0), 0.9);
  wash("#9a8c80", 140, 0.2, 0.4, blob(cx + 40, cy + 62, 240, 12, 12, 0.05), 0.8);

  const clip = [cx, cy, rx - 6, ry - 4];
  const xs = [-190, -110, -30, 50, 130, 200];
  for (let i = 0; i < xs.length; i++) {
    plum(cx + xs[i], cy - 16 + (i % 2) * 10, 40 + (i % 3) * 3, i * 9, clip, i % 2 === 0);
  }
}