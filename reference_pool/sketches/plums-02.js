// plums-03
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
  background("#2a2230");
  brush.noStroke();
  bloomOp = 70;

  // low-key: a deep aubergine-umber room, warm light falling from the left
  wash("#3a2c3a", 230, 0.35, 0.5, band(-20, 420, 16, 8), 0.7);
  wash("#6a4a3e", 200, 0.4, 0.5, [[-20, 60], [260, 120], [300, 420], [-20, 420]], 0.4);
  wash("#8a5e44", 170, 0.4, 0.5, [[-20, 120], [200, 160], [230, 415], [-20, 415]], 0.4);
  wash("#b07e52", 130, 0.45, 0.5, blob(90, 300, 110, 90, 14, 0.25), 0.8);
  wash("#1a121e", 220, 0.3, 0.5, blob(560, 80, 260, 220, 16, 0.15), 0.8);
  wash("#150e18", 200, 0.3, 0.5, blob(600, 260, 160, 200, 14, 0.15), 0.8);
  // table top: dark wood running to a lit edge
  wash("#4a3428", 240, 0.25, 0.5, band(410, 620, 6, 8), 0.5);
  wash("#2a1c18", 220, 0.25, 0.5, band(500, 620, 10, 8), 0.6);
  wash("#a07a52", 150, 0.15, 0.4, band(408, 418, 2, 8), 0.4);

  const cx = 430, cy = 402, rx = 150, ry = 38;
  // cast shadow thrown right, off the canvas
  wash("#120a10", 230, 0.25, 0.5, blob(cx + 110, cy + 96, 190, 24, 16, 0.08), 0.8);
  // bowl: dark glazed stoneware, lit rim at left
  const body = [];
  for (let i = 0; i <= 18; i++) {
    const a = map(i, 0, 18, 0, 180);
    body.push([cx + cos(a) * rx, cy + sin(a) * 86]);
  }
  body.push([cx - rx, cy - 4]);
  wash("#5a6a78", 245, 0.08, 0.35, body, 0.8);
  wash("#2c3440", 230, 0.08, 0.4, body.map((p) => [p[0] + 40, p[1] + 4]).filter((p) => p[0] < cx + rx + 5), 0.8);
  wash("#9aa8b0", 160, 0.2, 0.4, blob(cx - 110, cy + 36, 22, 34, 10, 0.2), 0.8);
  wash("#1a2028", 230, 0.08, 0.4, blob(cx, cy, rx - 4, ry - 2, 24, 0.0), 0.9);

  const clip = [cx, cy, rx - 6, ry - 4];
  plum(cx + 20, cy - 48, 52, 0, clip, true);
  plum(cx - 80, cy - 26, 48, 12, clip, true);
  plum(cx + 105, cy - 20, 46, -15, clip, false);
  plum(cx - 30, cy - 2, 44, 25, clip, true);
  plum(cx + 55, cy, 44, -10, clip, false);

  // a halved plum in the light on the table: golden flesh, red rim, brown stone
  const hx = 170, hy = 470;
  wash("#0e080c", 220, 0.2, 0.5, blob(hx + 30, hy + 30, 80, 14, 12, 0.1), 0.8);
  plum(hx + 70, hy - 6, 38, 30, null, true);
  wash("#6a1030", 250, 0.05, 0.3, blob(hx, hy, 50, 34, 20, 0.03), 0.9);
  wash("#f0b040", 250, 0.08, 0.3, blob(hx, hy - 1, 44, 29, 20, 0.03), 0.9);
  wash("#e8c060", 200, 0.2, 0.3, blob(hx - 8, hy - 6, 28, 16, 14, 0.1), 0.9);
  wash("#d06030", 150, 0.3, 0.4, blob(hx + 14, hy + 8, 30, 14, 12, 0.2), 0.9);
  wash("#7a3a1a", 240, 0.05, 0.3, blob(hx + 4, hy + 2, 15, 10, 12, 0.08), 0.9);
  wash("#4a200c", 220, 0.05, 0.3, blob(hx + 8, hy + 5, 8, 5, 10, 0.08), 0.9);
  wash("#fff4d0", 200, 0.1, 0.2, blob(hx - 24, hy - 12, 8, 4, 8, 0.2), 0.9);
}