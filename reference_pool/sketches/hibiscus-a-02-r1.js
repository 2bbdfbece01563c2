// Three peach hibiscus blooms at dusk, revision: leaves kept beside the blooms, deeper eyes, softer sky
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
    wash("#f8c29b", 255, 0.35, 0.5, 0.35, petalPts(b, a, b.size, 40), 0.6);
  }
  for (let k = 0; k < 5; k++) {
    let a = k * 72 + b.turn + 20;
    wash("#ec8a64", 210, 0.3, 0.45, 0.4, petalPts(b, a, b.size * 0.75, 28), 0.65);
  }
  for (let k = 0; k < 5; k++) {
    let a = k * 72 + b.turn - 10;
    wash("#b8404a", 200, 0.25, 0.4, 0.3, petalPts(b, a, b.size * 0.35, 18), 0.7);
  }
  brush.fill("#6a1226", 230);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.4);
  brush.circle(b.x, b.y, b.size * 0.09, false);
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
  let bands = [["#e3b4a2", 150, 420], ["#c19ab0", 160, 300], ["#8a78a6", 180, 190], ["#55528a", 200, 100], ["#34325e", 210, 30]];
  for (let B of bands) {
    let pts = [[-20, -20], [620, -20]];
    for (let x = 620; x >= -20; x -= 40) pts.push([x, B[2] + noise(x * 0.01, B[2]) * 50]);
    wash(B[0], B[1], 0.5, 0.4, 0.2, pts, 0.9);
  }
  // dark foliage mass at the bottom
  let pts = [[-20, 620], [620, 620]];
  for (let x = 620; x >= -20; x -= 30) pts.push([x, 470 + noise(x * 0.02, 7) * 90]);
  wash("#3c4f4c", 220, 0.3, 0.5, 0.45, pts, 0.8);

  // leaves
  let leafSpots = [[40, 560, -60, 190], [330, 590, -120, 170], [300, 420, -20, 130], [560, 470, -140, 150], [110, 520, -100, 120], [520, 600, -80, 140]];
  for (let i = 0; i < leafSpots.length; i++) {
    let [x, y, a, L] = leafSpots[i];
    let lp = [];
    for (let j = 0; j <= 10; j++) { let t = j / 10; let w = sin(t * 180) * L * 0.28; lp.push([x + cos(a) * t * L - sin(a) * w, y + sin(a) * t * L + cos(a) * w]); }
    for (let j = 10; j >= 0; j--) { let t = j / 10; let w = sin(t * 180) * L * 0.22; lp.push([x + cos(a) * t * L + sin(a) * w, y + sin(a) * t * L - cos(a) * w]); }
    wash(i % 2 ? "#5f7f62" : "#2f4a40", 220, 0.25, 0.45, 0.5, lp, 0.7);
  }

  bloom({ x: 200, y: 330, size: 150, squash: 0.75, rot: -15, turn: 5, stamen: -70 });
  bloom({ x: 450, y: 250, size: 105, squash: 0.5, rot: 20, turn: 30, stamen: -100 });
  bloom({ x: 430, y: 470, size: 85, squash: 0.9, rot: 0, turn: 50, stamen: -40 });
}
