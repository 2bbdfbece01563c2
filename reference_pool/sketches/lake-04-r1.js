// Mountain lake panorama (revision): morning sky bands, a deep blue range with snow and shadow, its clean mirror in the lake, massed pines at the right
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, border, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}

// mountain ridge: peaks given as [x, y]; base at yb; returns polygon (and its mirror about yb when flip)
function ridge(peaks, yb, flip) {
  const pts = [[-20, yb]];
  for (const p of peaks) pts.push([p[0], flip ? 2 * yb - p[1] : p[1]]);
  pts.push([620, yb]);
  return pts;
}

// jagged ridge from noise between x0..x1, around height base, amplitude amp
function noiseRidge(x0, x1, yTop, amp, yb, seed, step) {
  const pts = [[x0, yb]];
  for (let x = x0; x <= x1; x += step) pts.push([x, yTop + amp * noise(seed, x * 0.006) + random(-4, 4)]);
  pts.push([x1, yb]);
  return pts;
}

function pine(x, yb, h, w, col, op) {
  const n = 8, L = [], R = [];
  L.push([x, yb - h]);
  for (let i = 1; i <= n; i++) {
    const y = yb - h + (h * 0.92 * i) / n, wi = w * pow(i / n, 0.8);
    L.push([x - wi, y + 3]);
    if (i < n) L.push([x - wi * 0.3, y - 2]);
    R.push([x + wi * (0.9 + random(0.2)), y + 2]);
    if (i < n) R.push([x + wi * 0.3, y - 3]);
  }
  L.push([x - 2, yb]);
  R.push([x + 2, yb]);
  wash(col, op, 0.05, 0.25, 0.4, L.concat(R.reverse()), 0);
}

function cloud(cx, cy, w, h, col, op) {
  const pts = [];
  for (let a = 0; a < 360; a += 24) pts.push([cx + cos(a) * w * (0.85 + random(0.3)), cy + sin(a) * h * (a > 180 ? 1 : 0.5)]);
  wash(col, op, 0.45, 0.5, 0.3, pts, 0.9);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5f0e4");
  brush.noStroke();
  randomSeed(7);
  noiseSeed(7);

  // sky: blue above, warm band at the horizon
  wash("#8fb0d2", 210, 0.4, 0.45, 0.3, band(-20, 150, 10, 8), 0.6);
  wash("#6f92c0", 150, 0.4, 0.45, 0.3, band(-20, 60, 10, 8), 0.6);
  wash("#f3c994", 170, 0.4, 0.45, 0.3, band(140, 250, 10, 8), 0.7);
  cloud(150, 80, 120, 26, "#f7efe4", 190);
  cloud(470, 115, 150, 22, "#d8cfe0", 170);

  // far range, then the near range with snow and shadow sides
  const far = noiseRidge(-20, 620, 150, 60, 262, 1, 30);
  wash("#a8a2cc", 210, 0.15, 0.45, 0.4, far, 0.2);
  const near = [[-20, 262], [-20, 232], [60, 205], [140, 152], [190, 178], [250, 118], [300, 160], [360, 196], [420, 172],
    [480, 202], [560, 186], [620, 216], [620, 262]];
  wash("#4f6e9e", 235, 0.1, 0.45, 0.45, near, 0.1);
  wash("#4f6e9e", 140, 0.06, 0.3, 0.4, near, 0.1);
  wash("#f9f7f2", 235, 0.05, 0.3, 0.3, [[250, 118], [280, 144], [266, 140], [258, 156], [246, 146], [230, 158], [218, 146]], 0.1);
  wash("#f9f7f2", 220, 0.05, 0.3, 0.3, [[140, 152], [164, 166], [150, 170], [132, 168], [122, 164]], 0.1);
  wash("#243c68", 190, 0.08, 0.45, 0.45, [[250, 118], [300, 160], [360, 196], [390, 262], [270, 262], [262, 170]], 0.1);
  wash("#243c68", 180, 0.08, 0.45, 0.45, [[140, 152], [190, 178], [205, 262], [150, 262], [146, 190]], 0.1);
  wash("#243c68", 160, 0.08, 0.45, 0.45, [[420, 172], [480, 202], [500, 262], [430, 262]], 0.1);
  wash("#244a40", 230, 0.1, 0.5, 0.5, noiseRidge(-20, 620, 240, 18, 268, 4, 18), 0.2);

  // lake: sky colour, warm band, then the range mirrored darker and softer
  wash("#9dbad6", 230, 0.3, 0.4, 0.3, band(262, 500, 2, 8), 0.3);
  wash("#f0cf9e", 130, 0.3, 0.4, 0.3, band(265, 330, 3, 8), 0.4);
  const mir = near.map((p) => [p[0], 530 - p[1]]);
  wash("#3f5e8e", 180, 0.25, 0.45, 0.4, mir, 0.2);
  wash("#1f3a60", 130, 0.25, 0.45, 0.4, [[250, 412], [300, 370], [360, 334], [390, 268], [270, 268]], 0.2);
  wash("#1e3c34", 200, 0.2, 0.4, 0.4, [[-20, 266], [620, 266], [620, 296], [-20, 294]], 0.3);
  for (let i = 0; i < 6; i++) {
    const y = 320 + i * 28 + random(-6, 6), x = random(20, 380);
    wash("#eef4f6", 190, 0.04, 0.1, 0.2, [[x, y], [x + random(140, 230), y + 1], [x + 200, y + 3], [x + 6, y + 3]], 0.3);
  }

  // near shore: sand, dark grass, pines massed at the right and a pair at the left
  wash("#c7a272", 230, 0.15, 0.5, 0.4, band(480, 620, 8, 8), 0.5);
  wash("#3e5e34", 220, 0.2, 0.5, 0.45, band(525, 620, 12, 8), 0.5);
  const P = [[20, 600, 190, 52], [75, 615, 130, 38], [400, 612, 170, 46], [455, 615, 250, 62], [520, 620, 320, 74], [580, 610, 230, 58]];
  for (const p of P) pine(p[0], p[1], p[2], p[3], "#22402e", 235);
  for (const p of P) pine(p[0] + 6, p[1], p[2] * 0.9, p[3] * 0.55, "#0d1c14", 200);
  wash("#14161a", 170, 0.25, 0.5, 0.5, band(585, 620, 6, 8), 0.5);
}