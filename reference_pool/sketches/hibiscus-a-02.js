// Three peach hibiscus blooms at dusk, tilted at different angles, on violet and indigo washes
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

// project a point at polar (r, a) around a bloom tilted by squash and rotated by rot
function proj(b, r, a) {
  let x = cos(a) * r, y = sin(a) * r * b.squash;
  return [b.x + x * cos(b.rot) - y * sin(b.rot), b.y + x * sin(b.rot) + y * cos(b.rot)];
}

function petalPts(b, a, len, wid) {
  let pts = [proj(b, 6, a - 60), proj(b, 6, a + 60)];
  let out = [];
  for (let i = 0; i <= 14; i++) {
    let t = map(i, 0, 14, wid, -wid);
    let r = len * (0.8 + 0.2 * cos(t * 90 / wid)) + (noise(b.x * 0.01 + a, i * 0.5) - 0.5) * len * 0.3;
    out.push(proj(b, r, a + t));
  }
  return [pts[1]].concat(out).concat([pts[0]]);
}

function bloom(b) {
  for (let k = 0; k < 5; k++) {
    let a = k * 72 + b.turn;
    wash("#f7c4a0", 230, 0.35, 0.5, 0.35, petalPts(b, a, b.size, 40), 0.6);
  }
  for (let k = 0; k < 5; k++) {
    let a = k * 72 + b.turn + 20;
    wash("#ec8f6b", 170, 0.3, 0.45, 0.4, petalPts(b, a, b.size * 0.75, 28), 0.65);
  }
  for (let k = 0; k < 5; k++) {
    let a = k * 72 + b.turn - 10;
    wash("#b8404a", 170, 0.25, 0.4, 0.3, petalPts(b, a, b.size * 0.35, 18), 0.7);
  }
  // stamen column
  let tip = proj(b, b.size * 0.85, b.stamen);
  let col = [];
  for (let i = 0; i <= 6; i++) col.push([lerp(b.x, tip[0], i / 6) - 3, lerp(b.y, tip[1], i / 6)]);
  for (let i = 6; i >= 0; i--) col.push([lerp(b.x, tip[0], i / 6) + 3, lerp(b.y, tip[1], i / 6) + 3]);
  wash("#e9b870", 230, 0.08, 0.05, 0.3, col, 0.5);
  for (let i = 0; i < 7; i++) {
    wash("#d66a28", 230, 0, 0.1, 0.2, [[tip[0] + random(-14, 14), tip[1] + random(-14, 14)], [tip[0] + random(-14, 14), tip[1] + random(-14, 14)], [tip[0] + random(-14, 14), tip[1] + random(-14, 14)]], 0.5);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#efe3d4");
  brush.noStroke();
  randomSeed(11);
  noiseSeed(11);

  // dusk sky in horizontal bands, dark at top
  let bands = [["#d9a7a0", 160, 330], ["#a98bab", 170, 220], ["#6d6394", 190, 120], ["#3f3d6b", 200, 40]];
  for (let B of bands) {
    let pts = [[-20, -20], [620, -20]];
    for (let x = 620; x >= -20; x -= 40) pts.push([x, B[2] + noise(x * 0.01, B[2]) * 70]);
    wash(B[0], B[1], 0.35, 0.5, 0.35, pts, 0.8);
  }
  // dark foliage mass at the bottom
  let pts = [[-20, 620], [620, 620]];
  for (let x = 620; x >= -20; x -= 30) pts.push([x, 470 + noise(x * 0.02, 7) * 90]);
  wash("#4c5f58", 200, 0.3, 0.5, 0.45, pts, 0.8);

  // leaves
  for (let i = 0; i < 6; i++) {
    let x = random(60, 540), y = random(380, 520), a = random(-150, -30), L = random(110, 170);
    let lp = [];
    for (let j = 0; j <= 10; j++) { let t = j / 10; let w = sin(t * 180) * L * 0.28; lp.push([x + cos(a) * t * L - sin(a) * w, y + sin(a) * t * L + cos(a) * w]); }
    for (let j = 10; j >= 0; j--) { let t = j / 10; let w = sin(t * 180) * L * 0.22; lp.push([x + cos(a) * t * L + sin(a) * w, y + sin(a) * t * L - cos(a) * w]); }
    wash(i % 2 ? "#5f7f62" : "#3b5a4a", 200, 0.25, 0.45, 0.5, lp, 0.7);
  }

  bloom({ x: 190, y: 360, size: 150, squash: 0.75, rot: -15, turn: 5, stamen: -70 });
  bloom({ x: 440, y: 300, size: 105, squash: 0.5, rot: 20, turn: 30, stamen: -100 });
  bloom({ x: 400, y: 500, size: 80, squash: 0.9, rot: 0, turn: 50, stamen: -40 });
}
