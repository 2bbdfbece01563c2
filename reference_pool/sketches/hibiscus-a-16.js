// Four peach hibiscus seen from above, scattered like a textile pattern on a cool blue ground, with leaf sprays
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(col, op, bleed, tex, border, pts, curv) {
  brush.fill(col, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (let p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function petal(cx, cy, a, len, wid, seed) {
  let pts = [[cx, cy]];
  for (let i = 0; i <= 14; i++) {
    let t = map(i, 0, 14, -wid, wid);
    let r = len * (0.76 + 0.24 * cos(t * 90 / wid) + (noise(seed, i * 0.6) - 0.5) * 0.2);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  return pts;
}

function leaf(x, y, a, L) {
  let W = L * 0.3, pts = [];
  for (let j = 0; j <= 8; j++) { let t = j / 8; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
  for (let j = 8; j >= 0; j--) { let t = j / 8; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.8, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.8]); }
  wash("#5b8a6a", 230, 0.2, 0.4, 0.5, pts, 0.7);
  wash("#244a3c", 200, 0.12, 0.4, 0.5, pts.slice(0, 9), 0.7);
}

function flower(cx, cy, R, turn, seed) {
  for (let k = 0; k < 5; k++) wash("#fdd9bb", 250, 0.3, 0.4, 0.3, petal(cx, cy, turn + k * 72, R, 40, seed + k), 0.6);
  for (let k = 0; k < 5; k++) wash("#f6a880", 225, 0.25, 0.45, 0.38, petal(cx, cy, turn + k * 72 + 8, R * 0.8, 28, seed + k + 9), 0.6);
  for (let k = 0; k < 5; k++) wash("#dc6f5e", 190, 0.2, 0.5, 0.4, petal(cx, cy, turn + k * 72 + 28, R * 0.7, 10, seed + k + 19), 0.7);
  wash("#b02a4a", 235, 0.2, 0.45, 0.4, petal(cx, cy, 0, R * 0.32, 180, seed + 30), 0.7);
  wash("#4e0a1d", 250, 0.1, 0.4, 0.45, petal(cx, cy, 0, R * 0.15, 180, seed + 31), 0.7);
  for (let i = 0; i < 9; i++) {
    let a = i * 40 + random(-10, 10), r = R * random(0.12, 0.22);
    let x = cx + cos(a) * r, y = cy + sin(a) * r;
    wash(i % 3 ? "#f0b03c" : "#cf5d22", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef1ee");
  brush.noStroke();
  randomSeed(61);
  noiseSeed(61);

  // cool ground: two blue glazes with variation
  wash("#bcd3de", 200, 0.45, 0.55, 0.25, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.9);
  wash("#8fb2c6", 160, 0.5, 0.55, 0.3, [[-20, 250], [250, 330], [330, 620], [-20, 620]], 0.9);
  wash("#8fb2c6", 150, 0.5, 0.55, 0.3, [[620, -20], [620, 260], [420, 150], [360, -20]], 0.9);

  let fl = [[170, 170, 120, -10, 1], [450, 230, 95, 25, 40], [230, 450, 100, 50, 80], [480, 500, 75, 5, 120]];
  // leaf sprays tucked between the flowers
  let sprays = [[300, 300, -45], [320, 310, 135], [90, 330, 100], [360, 90, -20], [560, 380, 90], [380, 560, 160], [60, 560, 220]];
  for (let s of sprays) { leaf(s[0], s[1], s[2], 110); leaf(s[0], s[1], s[2] + 35, 80); }
  for (let f of fl) flower(f[0], f[1], f[2], f[3], f[4]);
}
