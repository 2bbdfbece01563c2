// plums-04
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

function topPlum(x, y, r, ang) {
  // a plum seen from above: shadow, body glazes, crease, bloom, highlight
  wash("#2e2e48", 220, 0.25, 0.5, blob(x + r * 0.3, y + r * 0.28, r * 1.0, r * 0.9, 14, 0.08), 0.9);
  const base = blob(x, y, r, r * 0.93, 18, 0.04);
  wash("#6a2658", 250, 0.1, 0.35, base, 0.9);
  wash("#521c50", 240, 0.1, 0.35, base, 0.9);
  wash("#3a1040", 200, 0.1, 0.35, base, 0.9);
  wash("#30103a", 230, 0.1, 0.4, blob(x + r * 0.2, y + r * 0.18, r * 0.75, r * 0.7, 16, 0.05), 0.9);
  wash("#18061e", 235, 0.08, 0.4, blob(x + r * 0.36, y + r * 0.32, r * 0.45, r * 0.4, 14, 0.05), 0.9);
  wash("#9a9cc8", 140, 0.35, 0.5, blob(x - r * 0.3, y - r * 0.3, r * 0.45, r * 0.35, 12, 0.2), 0.9);
  wash("#1a0620", 190, 0.05, 0.05, ribbon(curvePath(x + cos(ang) * r * 0.85, y + sin(ang) * r * 0.85, x - cos(ang) * r * 0.8, y - sin(ang) * r * 0.8, r * 0.18, 8), 2, 6), 0.6);
  wash("#f6eef8", 220, 0.15, 0.2, blob(x - r * 0.42, y - r * 0.4, r * 0.14, r * 0.09, 8, 0.2), 0.9);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#ece6da");
  brush.noStroke();

  // seen from above: linen cloth with blue stripes on a grey-blue table, bowl pushed to the upper left
  wash("#8c95a6", 230, 0.3, 0.5, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.2);
  wash("#6a7488", 170, 0.35, 0.5, blob(520, 80, 200, 160, 14, 0.2), 0.8);
  const cloth = [[-20, 120], [380, -20], [620, 360], [240, 620], [-20, 620]];
  wash("#f3ede0", 250, 0.1, 0.3, cloth, 0.2);
  wash("#efe6d4", 220, 0.1, 0.3, cloth, 0.2);
  for (let k = 0; k < 4; k++) {
    const o = 70 + k * 120;
    wash("#4a6a9a", 150, 0.2, 0.4, ribbon([[o - 110, 620 - o * 0.1 + 10], [o + 400, o * 0.7 - 160]].map((p) => [p[0] - 60, p[1] + 60]), 12, 12), 0.2);
  }
  wash("#b8b0a4", 120, 0.35, 0.5, blob(360, 460, 220, 140, 14, 0.2), 0.8);

  // bowl from above: white glaze with a cobalt rim band and a shaded inner wall
  const bx = 215, by = 225, R = 200;
  wash("#5a5a74", 200, 0.3, 0.5, blob(bx + 28, by + 26, R, R, 28, 0.01), 0.9);
  wash("#f6f4ee", 255, 0.05, 0.2, blob(bx, by, R, R, 32, 0.0), 0.9);
  for (let s = 0; s < 12; s++) {
    const arc = [];
    for (let i = 0; i <= 4; i++) arc.push([bx + cos(s * 30 + i * 8) * (R - 12), by + sin(s * 30 + i * 8) * (R - 12)]);
    wash("#2e4e8a", 230, 0.04, 0.2, ribbon(arc, 9, 9), 0.5);
  }
  wash("#e4e2da", 200, 0.2, 0.4, blob(bx, by, R - 28, R - 28, 28, 0.0), 0.9);
  wash("#9a98a8", 190, 0.2, 0.5, blob(bx - 30, by - 30, R - 60, R - 60, 24, 0.02), 0.9);
  wash("#e8e4da", 200, 0.3, 0.4, blob(bx + 20, by + 20, R - 90, R - 90, 24, 0.02), 0.9);

  topPlum(bx - 62, by - 52, 50, 120);
  topPlum(bx + 52, by - 78, 46, 200);
  topPlum(bx - 70, by + 62, 52, 40);
  topPlum(bx + 78, by + 40, 54, -20);
  topPlum(bx + 8, by + 2, 48, 80);
  // two plums out on the cloth and a leaf
  topPlum(445, 430, 50, 10);
  topPlum(520, 530, 46, 100);
  wash("#3c6a3a", 240, 0.08, 0.3, leaf(468, 400, 110, 24, -35, 10), 0.6);
  wash("#1e3a22", 220, 0.05, 0.1, leaf(470, 400, 95, 3, -35, 8), 0.6);
}