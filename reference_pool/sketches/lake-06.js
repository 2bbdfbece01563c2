// Mountain lake in autumn, off-centre: a tall peak at the left, golden larches, a red canoe on the lake at lower right, boulders in the foreground
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

function larch(x, yb, h, w) {
  pine(x, yb, h, w, "#d99a2a", 230);
  pine(x + 3, yb, h * 0.85, w * 0.5, "#a8621a", 190);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f1e6");
  brush.noStroke();
  randomSeed(29);
  noiseSeed(29);

  wash("#a6c2dc", 200, 0.4, 0.45, 0.3, band(-20, 300, 10, 8), 0.6);
  cloud(450, 90, 150, 34, "#f4efe8", 200);
  cloud(520, 160, 100, 20, "#ddd6e6", 170);

  // tall peak in the left third, a lower shoulder running right
  const pk = [[-20, 330], [-20, 160], [60, 90], [150, 30], [190, 70], [230, 110], [300, 170], [380, 200], [460, 230], [540, 220], [620, 250], [620, 330]];
  wash("#7788a8", 245, 0.08, 0.45, 0.45, pk, 0.05);
  wash("#6a7ca0", 200, 0.05, 0.35, 0.4, pk, 0.05);
  wash("#fbf9f4", 235, 0.04, 0.3, 0.3, [[150, 30], [120, 62], [138, 58], [126, 84], [150, 66], [170, 80], [176, 58], [190, 70]], 0.05);
  wash("#3d4f74", 200, 0.08, 0.45, 0.45, [[150, 30], [190, 70], [230, 110], [300, 170], [290, 330], [190, 330], [172, 110]], 0.05);
  wash("#3d4f74", 150, 0.08, 0.45, 0.45, [[460, 230], [540, 220], [620, 250], [620, 330], [500, 330]], 0.1);
  // autumn slopes: ochre and rust lower down
  wash("#c9953a", 200, 0.25, 0.5, 0.45, noiseRidge(-20, 620, 250, 50, 340, 3, 20), 0.3);
  wash("#9a5a2a", 170, 0.25, 0.5, 0.45, noiseRidge(-20, 620, 290, 30, 345, 6, 20), 0.3);
  for (let i = 0; i < 18; i++) pine(random(-10, 610), 345, random(30, 60), random(9, 14), i % 3 ? "#2f4a36" : "#b86a22", 220);

  // lake
  wash("#7ea6c4", 230, 0.3, 0.45, 0.3, band(340, 620, 2, 8), 0.3);
  wash("#4a6a96", 170, 0.3, 0.45, 0.4, pk.map((p) => [p[0], 680 - p[1]]), 0.1);
  wash("#c9953a", 130, 0.25, 0.4, 0.4, band(342, 380, 4, 8), 0.4);
  for (let i = 0; i < 6; i++) {
    const y = 400 + i * 26 + random(-5, 5), x = random(120, 460);
    wash("#eef4f6", 180, 0.04, 0.1, 0.2, [[x, y], [x + random(90, 160), y + 1], [x + 140, y + 3], [x + 6, y + 3]], 0.3);
  }
  // red canoe with paddler, lower right, and its reflection
  const cx = 430, cy = 470;
  wash("#b8383a", 120, 0.2, 0.3, 0.4, [[cx - 60, cy + 6], [cx + 60, cy + 6], [cx + 40, cy + 16], [cx - 40, cy + 16]], 0.3);
  wash("#c8322a", 245, 0.04, 0.25, 0.4, [[cx - 70, cy - 6], [cx - 40, cy + 4], [cx + 40, cy + 4], [cx + 72, cy - 8], [cx + 50, cy + 6], [cx - 50, cy + 6]], 0.3);
  wash("#6a1a18", 200, 0.04, 0.2, 0.3, [[cx - 50, cy + 3], [cx + 50, cy + 3], [cx + 44, cy + 7], [cx - 44, cy + 7]], 0.2);
  wash("#2a3040", 240, 0.04, 0.2, 0.3, [[cx - 6, cy - 2], [cx + 8, cy - 2], [cx + 6, cy - 26], [cx - 4, cy - 26]], 0.2);
  brush.fill("#e8c8a0", 240);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(cx + 1, cy - 31, 5, false);
  wash("#3a2a20", 240, 0.02, 0.05, 0.2, [[cx + 20, cy - 30], [cx + 23, cy - 30], [cx - 14, cy + 14], [cx - 17, cy + 13]], 0);

  // foreground: boulders and golden larches on the left bank
  const B = [[80, 560, 140, 70], [230, 600, 110, 50], [-10, 470, 90, 60]];
  for (const b of B) {
    const pts = [];
    for (let a = 0; a < 360; a += 30) pts.push([b[0] + cos(a) * b[2] * (0.9 + random(0.15)), b[1] + sin(a) * b[3] * (a > 180 ? 1 : 0.8)]);
    wash("#968878", 250, 0.08, 0.55, 0.5, pts, 0.4);
    wash("#4a4038", 200, 0.1, 0.5, 0.5, pts.slice(0, 7), 0.4);
  }
  larch(40, 520, 240, 50);
  larch(110, 500, 170, 38);
  larch(-10, 540, 200, 44);
}