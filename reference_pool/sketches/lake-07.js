// Mountain lake, simple: a blue mountain, a flat lake band and a green shore
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
  background("#f5f1e8");
  brush.noStroke();
  randomSeed(3);

  wash("#b4cce0", 190, 0.4, 0.4, 0.3, band(-20, 300, 8, 6), 0.5);
  const m = [[-20, 310], [120, 200], [260, 110], [380, 190], [480, 160], [620, 240], [620, 310]];
  wash("#6a80a8", 220, 0.1, 0.4, 0.4, m, 0.05);
  wash("#8fb0cc", 210, 0.3, 0.4, 0.3, band(305, 480, 2, 6), 0.3);
  wash("#6a80a8", 110, 0.3, 0.4, 0.3, m.map((p) => [p[0], 610 - p[1]]), 0.1);
  wash("#6c8f4e", 220, 0.2, 0.45, 0.4, band(470, 620, 10, 6), 0.4);
}