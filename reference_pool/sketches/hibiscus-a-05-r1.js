// Night garden revision: petals built up in repeated warm glazes so the peach holds against the deep teal ground
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
    let r = len * (0.75 + 0.25 * pow(cos(t * 90 / wid), 0.5) + (noise(seed, i * 0.6) - 0.5) * 0.25);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  return pts;
}

function flower(cx, cy, R, turn, seed) {
  let cols = ["#fff1e0", "#ffd9b8", "#ffc299", "#fbb084", "#f4996c"];
  for (let layer = 0; layer < 5; layer++) {
    for (let k = 0; k < 5; k++) {
      let a = turn + k * 72 + layer * 6;
      wash(cols[layer], 255, 0.3, 0.4, 0.35, petal(cx, cy, a, R * (1 - layer * 0.08), 40 - layer * 4, seed + k + layer * 5), 0.6);
    }
  }
  for (let k = 0; k < 5; k++) wash("#c44a58", 220, 0.25, 0.4, 0.35, petal(cx, cy, turn + k * 72 + 15, R * 0.38, 22, seed + 30 + k), 0.7);
  wash("#6b1429", 245, 0.15, 0.4, 0.4, petal(cx, cy, 0, R * 0.14, 180, seed + 40), 0.7);
  let tip = [cx + cos(turn - 40) * R * 0.7, cy + sin(turn - 40) * R * 0.7];
  wash("#f5d08a", 250, 0.06, 0.05, 0.2, [[cx - 3, cy], [tip[0] - 3, tip[1]], [tip[0] + 3, tip[1] + 2], [cx + 3, cy + 2]], 0.3);
  for (let i = 0; i < 8; i++) {
    let x = tip[0] + random(-13, 13), y = tip[1] + random(-13, 13);
    wash(i % 2 ? "#f2b640" : "#e0782a", 255, 0, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#1f3a3d");
  brush.noStroke();
  randomSeed(8);
  noiseSeed(8);

  // darker pools and a faint moonlit wash
  wash("#0f2326", 200, 0.45, 0.5, 0.3, [[-20, 380], [250, 450], [360, 620], [-20, 620]], 0.9);
  wash("#5d7f86", 120, 0.5, 0.5, 0.25, [[380, -20], [620, -20], [620, 220], [480, 150]], 0.9);

  // leaves: layered greens, lighter ones catching light
  for (let i = 0; i < 9; i++) {
    let x = random(40, 560), y = random(60, 560), a = random(360), L = random(120, 190), W = L * 0.3;
    let pts = [];
    for (let j = 0; j <= 10; j++) { let t = j / 10; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
    for (let j = 10; j >= 0; j--) { let t = j / 10; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.7, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.7]); }
    wash(i % 3 ? "#2f5a45" : "#5f8a64", 230, 0.25, 0.45, 0.5, pts, 0.7);
  }

  flower(230, 250, 170, -10, 1);
  flower(445, 445, 110, 25, 50);
}
