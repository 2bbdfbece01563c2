// Mountain lake at dusk: indigo sky, alpenglow on one peak right of centre, a first star field, the lake holding the rose light, black pines at the left
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
  background("#1b1e36");
  brush.noStroke();
  randomSeed(19);
  noiseSeed(19);

  // sky deepening upward, rose glow at the horizon
  wash("#2c3460", 210, 0.4, 0.5, 0.35, band(-20, 330, 10, 8), 0.6);
  wash("#8a6a9a", 220, 0.4, 0.5, 0.35, band(60, 330, 12, 8), 0.7);
  wash("#c08aa0", 200, 0.4, 0.5, 0.35, band(150, 330, 12, 8), 0.7);
  wash("#f0a88a", 210, 0.35, 0.45, 0.3, band(230, 330, 8, 8), 0.7);
  wash("#141630", 170, 0.4, 0.5, 0.35, band(-20, 90, 10, 8), 0.6);
  // stars and a thin moon
  for (let i = 0; i < 40; i++) {
    brush.fill(i % 5 ? "#dcd8ee" : "#fff2c8", 200);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(random(0, 600), random(0, 200), random(1, 2.2), false);
  }
  wash("#f3ecc8", 235, 0.04, 0.1, 0.2, [[110, 60], [128, 72], [134, 92], [126, 112], [108, 122], [120, 106], [123, 90], [119, 74]], 0.5);

  // far ridge, then the big peak, lit on its left face by the last light
  wash("#6a5a88", 220, 0.12, 0.45, 0.45, noiseRidge(-20, 620, 220, 80, 330, 2, 28), 0.2);
  const peak = [[120, 330], [230, 250], [300, 190], [360, 110], [400, 150], [430, 140], [520, 230], [620, 270], [620, 330]];
  wash("#2a2850", 250, 0.06, 0.45, 0.45, peak, 0.05);
  wash("#221e44", 230, 0.05, 0.3, 0.4, peak, 0.05);
  wash("#1c1838", 220, 0.05, 0.3, 0.4, peak.map((p) => [p[0], p[1] + 6]), 0.05);
  wash("#1c1838", 200, 0.05, 0.3, 0.4, peak.map((p) => [p[0], p[1] + 14]), 0.05);
  wash("#f0a88c", 250, 0.04, 0.3, 0.4, [[360, 110], [300, 190], [275, 215], [320, 205], [345, 175], [362, 150], [372, 124]], 0.05);
  wash("#e6a08a", 230, 0.06, 0.4, 0.4, [[360, 110], [300, 190], [275, 215], [320, 205], [345, 175], [362, 150], [372, 124]], 0.05);
  wash("#f4c6a8", 200, 0.05, 0.3, 0.3, [[360, 110], [330, 150], [352, 140], [366, 120]], 0.05);
  wash("#c07a86", 160, 0.08, 0.4, 0.4, [[430, 140], [470, 180], [455, 185], [440, 165]], 0.05);
  wash("#15152c", 200, 0.1, 0.45, 0.45, [[360, 110], [400, 150], [430, 140], [520, 230], [620, 270], [620, 330], [380, 330], [372, 200]], 0.05);
  wash("#0e1a22", 235, 0.1, 0.5, 0.5, noiseRidge(-20, 620, 300, 26, 338, 5, 16), 0.2);

  // lake: mirror of the glow and the peak, quieter and darker
  wash("#262c52", 230, 0.3, 0.45, 0.35, band(336, 620, 2, 8), 0.3);
  wash("#d08a88", 190, 0.3, 0.4, 0.3, band(338, 420, 3, 8), 0.4);
  const mir = peak.map((p) => [p[0], 668 - p[1]]);
  wash("#1a1a3a", 190, 0.25, 0.45, 0.4, mir, 0.2);
  for (let i = 0; i < 7; i++) {
    const y = 360 + i * 26 + random(-5, 5), x = random(20, 420);
    wash(i < 3 ? "#f0b8a0" : "#8c8cc0", 170, 0.04, 0.1, 0.2, [[x, y], [x + random(80, 180), y + 1], [x + 160, y + 3], [x + 6, y + 3]], 0.3);
  }

  // black pines on the left shore, a low dark point crossing the lake
  wash("#090c14", 230, 0.15, 0.5, 0.5, [[-20, 500], [160, 520], [260, 560], [300, 620], [-20, 620]], 0.4);
  const P = [[40, 540, 300, 60], [100, 520, 220, 46], [150, 540, 160, 36], [-10, 560, 240, 56], [200, 560, 110, 28]];
  for (const p of P) pine(p[0], p[1], p[2], p[3], "#0a0e16", 245);
  wash("#070910", 220, 0.1, 0.4, 0.5, band(585, 620, 5, 8), 0.5);
}