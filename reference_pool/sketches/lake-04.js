// Mountain lake panorama: wide bands of morning sky, a long blue range, a broad still lake and a dark pine shore
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
  const pts = [[x, yb - h]];
  const n = 6;
  for (let i = 1; i <= n; i++) pts.push([x + w * (i / n) * (i % 2 ? 1 : 0.55), yb - h + (h * i) / n]);
  pts.push([x - w, yb]);
  for (let i = n - 1; i >= 1; i--) pts.push([x - w * (i / n) * (i % 2 ? 1 : 0.55), yb - h + (h * i) / n]);
  wash(col, op, 0.06, 0.25, 0.4, pts, 0);
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

  // sky: pale blue above, warm band at the horizon
  wash("#9fbcd6", 190, 0.4, 0.45, 0.3, band(-20, 140, 10, 8), 0.6);
  wash("#f3cf9e", 150, 0.4, 0.45, 0.3, band(130, 250, 10, 8), 0.7);
  cloud(140, 70, 120, 30, "#f5ede0", 160);
  cloud(460, 110, 150, 26, "#d8d2e0", 150);

  // distant range, pale violet, then nearer blue range with snow
  const far = noiseRidge(-20, 620, 150, 70, 262, 1, 30);
  wash("#b3add0", 190, 0.2, 0.45, 0.4, far, 0.2);
  const near = [[-20, 262], [-20, 230], [60, 200], [140, 150], [190, 175], [250, 120], [300, 160], [360, 195], [420, 170],
    [480, 200], [560, 185], [620, 215], [620, 262]];
  wash("#5d7aa4", 220, 0.12, 0.45, 0.45, near, 0.15);
  // snow caps on the main peaks
  wash("#f7f4f0", 220, 0.06, 0.3, 0.3, [[250, 120], [275, 140], [262, 146], [250, 138], [236, 150], [222, 142]], 0.2);
  wash("#f7f4f0", 210, 0.06, 0.3, 0.3, [[140, 150], [160, 162], [148, 168], [130, 162]], 0.2);
  // shadow sides
  wash("#34507c", 170, 0.1, 0.45, 0.45, [[250, 120], [300, 160], [360, 195], [380, 262], [270, 262], [262, 170]], 0.2);
  wash("#34507c", 160, 0.1, 0.45, 0.45, [[140, 150], [190, 175], [200, 262], [150, 262], [146, 190]], 0.2);
  // forested foot of the range
  wash("#2f5a52", 220, 0.12, 0.5, 0.5, noiseRidge(-20, 620, 238, 22, 268, 4, 20), 0.3);

  // lake: reflected sky and mirrored range, broken by a light wind line
  wash("#a9c4d8", 220, 0.3, 0.4, 0.3, band(262, 470, 2, 8), 0.3);
  wash("#f0d4a8", 120, 0.3, 0.4, 0.3, band(262, 320, 3, 8), 0.4);
  wash("#6f8cb0", 150, 0.3, 0.4, 0.4, near.map((p) => [p[0], 524 - p[1]]).slice(1, -1).concat([[620, 262], [-20, 262]]), 0.4);
  wash("#2f5a52", 170, 0.2, 0.4, 0.4, [[-20, 266], [620, 266], [620, 292], [-20, 290]], 0.3);
  for (let i = 0; i < 5; i++) {
    const y = 340 + i * 26 + random(-6, 6), x = random(40, 400);
    wash("#eef4f4", 170, 0.05, 0.1, 0.2, [[x, y], [x + random(120, 220), y + 1], [x + 200, y + 4], [x + 6, y + 4]], 0.3);
  }

  // foreground shore: warm sand, then dark pines across the bottom, heavier at the right
  wash("#c9a878", 220, 0.2, 0.5, 0.4, band(460, 620, 10, 8), 0.5);
  wash("#4a6a3a", 210, 0.2, 0.5, 0.45, band(500, 620, 14, 8), 0.5);
  const P = [[30, 610, 170, 30], [80, 620, 120, 24], [420, 620, 150, 28], [480, 615, 230, 40], [540, 620, 280, 44], [590, 615, 200, 34]];
  for (const p of P) pine(p[0], p[1], p[2], p[3], "#1f3a30", 230);
  for (const p of P) pine(p[0] + 4, p[1], p[2] * 0.8, p[3] * 0.5, "#0f2018", 180);
  wash("#1a1a20", 150, 0.25, 0.5, 0.5, band(585, 620, 6, 8), 0.5);
}