// Extreme close-up: a peach hibiscus cropped by the lower-right corner, stamen column sweeping across the canvas
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
  for (let i = 0; i <= 20; i++) {
    let t = map(i, 0, 20, -wid, wid);
    let r = len * (0.7 + 0.3 * pow(cos(t * 90 / wid), 0.4) + (noise(seed, i * 0.5) - 0.5) * 0.18);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7f1e8");
  brush.noStroke();
  randomSeed(14);
  noiseSeed(14);

  // cool grey-blue wash behind, upper left, for contrast with the warm petals
  wash("#b7c4d0", 170, 0.5, 0.5, 0.25, [[-20, -20], [400, -20], [250, 120], [80, 250], [-20, 300]], 0.9);

  let cx = 430, cy = 440;
  let angles = [170, 235, 300, 15, 95];
  // glaze 1: pale apricot, huge petals running off the canvas
  for (let k = 0; k < 5; k++) wash("#fcd6b6", 250, 0.4, 0.4, 0.3, petal(cx, cy, angles[k], 420, 42, k), 0.55);
  // glaze 2: peach
  for (let k = 0; k < 5; k++) wash("#f7b48c", 220, 0.35, 0.45, 0.35, petal(cx, cy, angles[k] - 6, 340, 32, k + 10), 0.6);
  // glaze 3: coral shadows on the left side of each petal
  for (let k = 0; k < 5; k++) wash("#e5806a", 180, 0.3, 0.5, 0.4, petal(cx, cy, angles[k] - 22, 300, 16, k + 20), 0.7);
  // petal folds: thin darker lines following the petal direction
  for (let k = 0; k < 14; k++) {
    let a = angles[k % 5] + random(-25, 25), L = random(150, 330);
    let mid = [cx + cos(a + 4) * L * 0.55, cy + sin(a + 4) * L * 0.55];
    wash("#d2664f", 150, 0.07, 0.05, 0.2, [[cx + cos(a) * 60, cy + sin(a) * 60], mid, [cx + cos(a) * L, cy + sin(a) * L], [mid[0] + 3, mid[1] + 3]], 0.4);
  }
  // throat, rose to wine, three glazes
  wash("#d9587a", 170, 0.4, 0.5, 0.3, petal(cx, cy, 0, 120, 180, 30), 0.7);
  wash("#a3284a", 220, 0.3, 0.45, 0.4, petal(cx, cy, 30, 80, 180, 31), 0.7);
  wash("#5e0f24", 245, 0.15, 0.4, 0.45, petal(cx, cy, 60, 50, 180, 32), 0.7);

  // staminal column sweeping up-left
  let col = [];
  let end = [170, 190];
  for (let i = 0; i <= 10; i++) { let t = i / 10; col.push([lerp(cx, end[0], t) - 5, lerp(cy, end[1], t) + sin(t * 180) * 25]); }
  for (let i = 10; i >= 0; i--) { let t = i / 10; col.push([lerp(cx, end[0], t) + 5, lerp(cy, end[1], t) + sin(t * 180) * 25 + 6]); }
  wash("#f1c577", 250, 0.06, 0.05, 0.2, col, 0.5);
  wash("#c98a3c", 160, 0.06, 0.05, 0.2, col.slice(0, 11).concat([[end[0], end[1] + 4], [cx, cy + 4]]), 0.5);
  // anthers and stigma pads
  for (let i = 0; i < 16; i++) {
    let x = end[0] + random(-30, 45), y = end[1] + random(-30, 35), s = random(4, 7);
    wash(i % 3 ? "#eba534" : "#c8531d", 250, 0.05, 0.1, 0.2, [[x - s, y - s * 0.6], [x + s, y - s], [x + s * 0.8, y + s], [x - s * 0.7, y + s * 0.8]], 0.5);
  }
  for (let i = 0; i < 5; i++) {
    let a = 150 + i * 25;
    brush.fill("#a8233e", 250);
    brush.fillBleed(0.05);
    brush.fillTexture(0.1, 0.2);
    brush.circle(end[0] + cos(a) * 22, end[1] + sin(a) * 22, 6, false);
  }
}
