// A diagonal branch with three peach hibiscus at different ages (open, half-open, bud) on a spring-green ground
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

function petal(cx, cy, a, len, wid, sq, seed) {
  let pts = [[cx, cy]];
  for (let i = 0; i <= 14; i++) {
    let t = map(i, 0, 14, -wid, wid);
    let r = len * (0.78 + 0.22 * cos(t * 90 / wid) + (noise(seed, i * 0.6) - 0.5) * 0.22);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r * sq]);
  }
  return pts;
}

function leaf(x, y, a, L, W) {
  let pts = [];
  for (let j = 0; j <= 10; j++) { let t = j / 10; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
  for (let j = 10; j >= 0; j--) { let t = j / 10; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.8, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.8]); }
  wash("#8fae68", 215, 0.25, 0.45, 0.45, pts, 0.7);
  wash("#46683a", 160, 0.15, 0.4, 0.5, pts.slice(0, 11), 0.7);
}

function bloom(cx, cy, R, sq, turn, seed) {
  for (let k = 0; k < 5; k++) wash("#fcd4b2", 245, 0.38, 0.45, 0.3, petal(cx, cy, turn + k * 72, R, 40, sq, seed + k), 0.6);
  for (let k = 0; k < 5; k++) wash("#f3a47e", 210, 0.3, 0.45, 0.38, petal(cx, cy, turn + k * 72 + 10, R * 0.78, 28, sq, seed + k + 7), 0.6);
  wash("#c23f55", 220, 0.25, 0.45, 0.4, petal(cx, cy, 0, R * 0.3, 180, sq, seed + 20), 0.7);
  wash("#5e1024", 245, 0.12, 0.4, 0.45, petal(cx, cy, 0, R * 0.13, 180, sq, seed + 21), 0.7);
  let tx = cx + cos(turn - 30) * R * 0.75, ty = cy + sin(turn - 30) * R * 0.75 * sq - R * 0.25;
  wash("#eec06e", 245, 0.06, 0.05, 0.2, [[cx - 3, cy], [tx - 3, ty], [tx + 3, ty + 2], [cx + 3, cy + 2]], 0.3);
  for (let i = 0; i < 8; i++) {
    let x = tx + random(-12, 12), y = ty + random(-12, 10);
    wash(i % 3 ? "#e99a2c" : "#bd4a1b", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f1e6");
  brush.noStroke();
  randomSeed(31);
  noiseSeed(31);

  // spring ground: yellow-green light from the upper right, pale aqua lower left
  wash("#dfe6b4", 190, 0.5, 0.5, 0.25, [[250, -20], [620, -20], [620, 340], [420, 250]], 0.95);
  wash("#c3ddd6", 170, 0.5, 0.5, 0.25, [[-20, 300], [180, 420], [300, 620], [-20, 620]], 0.95);

  // branch from lower left to upper right
  let br = [];
  for (let i = 0; i <= 12; i++) { let t = i / 12; br.push([lerp(-10, 560, t), lerp(560, 90, t) + sin(t * 360) * 20]); }
  for (let i = 12; i >= 0; i--) { let t = i / 12; br.push([lerp(-10, 560, t), lerp(560, 90, t) + sin(t * 360) * 20 + 9 - t * 5]); }
  wash("#6b5a3c", 220, 0.08, 0.05, 0.25, br, 0.5);

  leaf(120, 460, 250, 140, 40);
  leaf(230, 370, 60, 150, 42);
  leaf(360, 270, 200, 130, 36);
  leaf(470, 180, 80, 120, 34);
  leaf(520, 120, -60, 100, 28);

  bloom(195, 345, 140, 0.8, -70, 1);
  bloom(430, 195, 90, 0.55, -40, 30);
  // a furled bud near the tip
  let bud = [];
  for (let i = 0; i <= 12; i++) { let a = i * 30; bud.push([548 + cos(a) * 18, 70 + sin(a) * 34]); }
  wash("#f2a07c", 235, 0.25, 0.4, 0.4, bud, 0.6);
  wash("#d06858", 200, 0.15, 0.35, 0.4, bud.slice(0, 7), 0.6);
  wash("#5e7f42", 235, 0.12, 0.3, 0.4, [[530, 88], [566, 88], [560, 110], [548, 116], [536, 110]], 0.5);
}
