// Monsoon rain, revision: slate sky built from overlapping washes, leaves tucked under the bloom, rain streaks that read
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
  for (let i = 0; i <= 16; i++) {
    let t = map(i, 0, 16, -wid, wid);
    let r = len * (0.74 + 0.26 * pow(cos(t * 90 / wid), 0.6) + (noise(seed, i * 0.6) - 0.5) * 0.22);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r * 0.88]);
  }
  return pts;
}

function leaf(x, y, a, L) {
  let W = L * 0.32, pts = [];
  for (let j = 0; j <= 10; j++) { let t = j / 10; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
  for (let j = 10; j >= 0; j--) { let t = j / 10; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.8, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.8]); }
  wash("#5a7d6a", 235, 0.22, 0.45, 0.5, pts, 0.7);
  wash("#23392f", 210, 0.12, 0.4, 0.5, pts.slice(0, 11), 0.7);
  wash("#23392f", 180, 0.1, 0.4, 0.5, pts.slice(0, 6).concat([[x, y]]), 0.7);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0ef");
  brush.noStroke();
  randomSeed(52);
  noiseSeed(52);

  // slate sky from many overlapping soft washes, darkest at the top right
  for (let i = 0; i < 16; i++) {
    let x = random(-40, 640), y = random(-40, 640), r = random(120, 200);
    let d = dist(x, y, 600, 0);
    let col = d < 300 ? "#4f5f74" : d < 520 ? "#7b8c9e" : "#a3b1bf";
    let pts = [];
    for (let k = 0; k < 14; k++) { let a = k * 360 / 14, rr = r * (0.75 + noise(i, k * 0.5) * 0.5); pts.push([x + cos(a) * rr, y + sin(a) * rr]); }
    wash(col, 170, 0.5, 0.55, 0.3, pts, 0.9);
  }
  leaf(390, 420, 30, 200);
  leaf(200, 450, 135, 190);
  leaf(430, 300, -20, 170);
  leaf(140, 290, 190, 140);

  let cx = 280, cy = 300;
  let ang = [-95, -22, 50, 122, 194];
  for (let k = 0; k < 5; k++) wash("#fbd2b0", 250, 0.35, 0.45, 0.3, petal(cx, cy, ang[k], 170, 40, k), 0.6);
  for (let k = 0; k < 5; k++) wash("#f2a27c", 225, 0.3, 0.45, 0.38, petal(cx, cy, ang[k] + 8, 135, 30, k + 9), 0.6);
  for (let k = 0; k < 5; k++) wash("#dd7562", 185, 0.25, 0.5, 0.4, petal(cx, cy, ang[k] + 26, 120, 12, k + 19), 0.7);
  wash("#bb3450", 235, 0.25, 0.45, 0.4, petal(cx, cy, 0, 48, 180, 30), 0.7);
  wash("#4d0c1c", 250, 0.12, 0.4, 0.45, petal(cx, cy, 45, 24, 180, 31), 0.7);
  wash("#f0c26e", 250, 0.06, 0.05, 0.2, [[cx - 3, cy], [cx + 60, cy - 115], [cx + 66, cy - 112], [cx + 4, cy + 2]], 0.3);
  for (let i = 0; i < 10; i++) {
    let x = cx + 63 + random(-15, 15), y = cy - 118 + random(-14, 12);
    wash(i % 3 ? "#eba032" : "#bd4a1b", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }

  // water drops on the petals: a pale body with a darker lower crescent
  for (let i = 0; i < 7; i++) {
    let a = random(360), r = random(60, 150);
    let x = cx + cos(a) * r, y = cy + sin(a) * r * 0.88, s = random(6, 10);
    wash("#fff4ea", 230, 0.05, 0.1, 0.2, [[x - s, y], [x, y - s * 1.2], [x + s, y], [x, y + s]], 0.8);
    wash("#b25a4e", 200, 0.05, 0.1, 0.2, [[x - s * 0.8, y + s * 0.2], [x + s * 0.8, y + s * 0.2], [x, y + s]], 0.6);
  }

  // slanting rain: long thin pale and slate streaks across everything
  for (let i = 0; i < 46; i++) {
    let x = random(-100, 620), y = random(-40, 560), L = random(60, 140);
    let c = i % 2 ? "#f6f8fa" : "#3f4f62";
    wash(c, i % 2 ? 230 : 150, 0.06, 0.05, 0.2, [[x, y], [x + L * 0.35, y + L], [x + L * 0.35 + 3, y + L], [x + 3, y]], 0.2);
  }
}
