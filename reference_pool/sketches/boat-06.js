// A rowing boat on a river at dawn: dark alder bank on the left and its reflection, a red boat with a rower off-centre right, reeds in the corner
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

function blob(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n, k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function ribbon(path, w0, w1) {
  const L = [], R = [];
  for (let i = 0; i < path.length; i++) {
    const t = i / (path.length - 1);
    const q = path[min(i + 1, path.length - 1)], o = path[max(i - 1, 0)];
    const ang = atan2(q[1] - o[1], q[0] - o[0]) + 90, w = lerp(w0, w1, t) / 2;
    L.push([path[i][0] + cos(ang) * w, path[i][1] + sin(ang) * w]);
    R.push([path[i][0] - cos(ang) * w, path[i][1] - sin(ang) * w]);
  }
  return L.concat(R.reverse());
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}
function tree(x, yb, h, w, col, op) {
  // a rounded riverside willow/alder mass built from overlapping blobs
  for (let i = 0; i < 7; i++) {
    const yy = yb - h * random(0.15, 0.7), xx = x + random(-w * 0.5, w * 0.5);
    wash(col, op, 0.15, 0.45, 0.4, blob(xx, yy, w * random(0.35, 0.6), h * random(0.25, 0.38), 12, 0.25), 0.8);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3ece0");
  brush.noStroke();
  randomSeed(5);
  noiseSeed(5);

  // early-morning sky: warm apricot low, grey-blue above
  wash("#b8c0d0", 190, 0.45, 0.45, 0.3, band(-20, 160, 10, 8), 0.6);
  wash("#f0c8a0", 170, 0.5, 0.4, 0.3, band(110, 250, 10, 8), 0.6);
  wash("#f8e0b8", 160, 0.5, 0.4, 0.3, blob(420, 200, 160, 50, 12, 0.2), 0.8);
  // far bank: blue haze, then the dark near bank of alders on the left sweeping in
  wash("#9aa4bc", 200, 0.2, 0.4, 0.3, band(205, 245, 8, 12), 0.5);
  for (let g = 0; g < 2; g++) tree(60, 260, 230, 180, "#3a4a40", 210);
  for (let g = 0; g < 2; g++) tree(200, 255, 150, 140, "#4a5a48", 190);
  for (let g = 0; g < 2; g++) tree(40, 265, 260, 120, "#101810", 240);
  for (let g = 0; g < 2; g++) tree(140, 262, 170, 90, "#162018", 235);
  tree(560, 246, 90, 140, "#5a6a68", 180);
  tree(470, 244, 60, 90, "#6a7a78", 160);
  for (let g = 0; g < 3; g++) wash("#141c16", 245, 0.05, 0.35, 0.4, [[-20, 238], [120, 244], [260, 252], [330, 258], [260, 266], [-20, 266]], 0.4);

  // water: sky reflected, dark trees reflected beneath the bank, light ripples
  wash("#e8d4bc", 180, 0.4, 0.4, 0.3, band(258, 620, 6, 8), 0.5);
  wash("#a8b4c8", 180, 0.4, 0.45, 0.3, band(330, 620, 8, 8), 0.5);
  wash("#6a7a94", 170, 0.4, 0.5, 0.3, band(470, 620, 10, 8), 0.5);
  wash("#2a3630", 220, 0.25, 0.45, 0.4, [[-20, 264], [330, 262], [280, 300], [180, 360], [60, 390], [-20, 400]], 0.6);
  wash("#18201a", 200, 0.3, 0.45, 0.4, [[-20, 264], [200, 266], [130, 320], [30, 360], [-20, 370]], 0.6);
  wash("#f6e6c8", 170, 0.3, 0.4, 0.3, blob(430, 300, 130, 14, 10, 0.2), 0.8);
  for (let i = 0; i < 14; i++) {
    const y = random(290, 560), x = random(-20, 600), l = random(40, 140);
    wash(i % 3 ? "#f8efe0" : "#3a4660", 200, 0.02, 0.1, 0.2, [[x, y], [x + l, y - 1.5], [x + l * 0.9, y + 2], [x + 4, y + 2.5]], 0.3);
  }

  // the rowing boat, moored off-centre right, bow toward the left; a figure pulling the oars
  const bx = 380, by = 410;
  const hull = [[bx - 130, by - 20], [bx - 60, by - 6], [bx + 60, by - 6], [bx + 110, by - 18], [bx + 96, by + 8], [bx + 40, by + 22], [bx - 60, by + 20], [bx - 110, by + 2]];
  // reflection first, broken
  wash("#5a2418", 170, 0.2, 0.4, 0.4, hull.map((p) => [p[0], 2 * by + 26 - p[1]]), 0.5);
  for (let g = 0; g < 2; g++) wash("#c8482a", 245, 0.04, 0.3, 0.4, hull, 0.4);
  wash("#7a2414", 230, 0.05, 0.35, 0.4, [[bx - 110, by + 2], [bx - 60, by + 10], [bx + 40, by + 12], [bx + 96, by + 8], [bx + 40, by + 22], [bx - 60, by + 20]], 0.4);
  wash("#f0e4d0", 230, 0.02, 0.15, 0.3, [[bx - 130, by - 20], [bx - 60, by - 8], [bx + 60, by - 8], [bx + 110, by - 18], [bx + 60, by - 4], [bx - 60, by - 3]], 0.3);
  for (let g = 0; g < 2; g++) wash("#1a1210", 240, 0.03, 0.2, 0.3, [[bx - 120, by - 18], [bx - 60, by - 10], [bx + 60, by - 10], [bx + 104, by - 17], [bx + 60, by - 13], [bx - 60, by - 13]], 0.3);
  // oars
  wash("#2a1a12", 240, 0.02, 0.1, 0.3, [[bx + 10, by - 40], [bx - 80, by + 34], [bx - 76, by + 36], [bx + 14, by - 38]], 0);
  wash("#2a1a12", 240, 0.02, 0.1, 0.3, [[bx - 96, by + 30], [bx - 70, by + 36], [bx - 74, by + 42], [bx - 100, by + 38]], 0.3);
  // rower in a dark coat and straw hat
  for (let g = 0; g < 2; g++) wash("#22283a", 245, 0.04, 0.3, 0.3, [[bx - 4, by - 12], [bx - 8, by - 52], [bx + 6, by - 66], [bx + 24, by - 62], [bx + 30, by - 30], [bx + 36, by - 12]], 0.4);
  wash("#d8a070", 240, 0.03, 0.2, 0.3, blob(bx + 12, by - 74, 8, 9, 10, 0.05), 0.8);
  wash("#e8c888", 245, 0.03, 0.2, 0.3, blob(bx + 12, by - 80, 20, 5, 12, 0.05), 0.8);
  wash("#8a6a3a", 200, 0.03, 0.2, 0.3, blob(bx + 12, by - 83, 9, 5, 10, 0.05), 0.8);
  // ripple rings round the hull
  for (let i = 0; i < 4; i++) wash("#2a3648", 170, 0.03, 0.1, 0.2, blob(bx - 10 + random(-30, 30), by + 34 + i * 10, 110 + i * 30, 2.5, 14, 0.05), 0.5);

  // foreground reeds, bottom right corner, dark
  for (let i = 0; i < 18; i++) {
    const x = random(470, 640), h = random(90, 230), lean = random(-20, 10);
    wash(i % 2 ? "#1a2418" : "#2e3c26", 235, 0.02, 0.1, 0.3, [[x - 3, 620], [x + lean, 600 - h], [x + 3, 620]], 0);
  }
}