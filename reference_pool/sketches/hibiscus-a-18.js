// Pendant hibiscus: a bloom hanging from a branch at the top, seen three-quarter from below, stamen dropping toward the lower left
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

// a petal lobe from base (bx, by) toward angle a, widening into a ruffled rim; sq flattens the rim
function lobe(bx, by, a, L, W, seed) {
  let left = [], right = [], rim = [];
  for (let i = 0; i <= 8; i++) {
    let t = i / 8, w = W * pow(t, 1.2) + 4;
    let x = bx + cos(a) * t * L, y = by + sin(a) * t * L;
    left.push([x - sin(a) * w, y + cos(a) * w]);
    right.push([x + sin(a) * w, y - cos(a) * w]);
  }
  for (let i = 0; i <= 10; i++) {
    let u = map(i, 0, 10, 90, -90), r = W * (1 + (noise(seed, i * 0.8) - 0.5) * 0.45);
    rim.push([bx + cos(a) * L + cos(a + u) * r * 0.55, by + sin(a) * L + sin(a + u) * r]);
  }
  return left.concat(rim).concat(right.reverse());
}

function leaf(x, y, a, L, col) {
  let W = L * 0.32, pts = [];
  for (let j = 0; j <= 10; j++) { let t = j / 10; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
  for (let j = 10; j >= 0; j--) { let t = j / 10; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.8, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.8]); }
  wash(col, 230, 0.22, 0.45, 0.5, pts, 0.7);
  wash("#2a4630", 190, 0.12, 0.4, 0.5, pts.slice(0, 11), 0.7);
  wash("#2a4630", 160, 0.1, 0.4, 0.5, pts.slice(0, 7).concat([[x, y]]), 0.7);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4efe6");
  brush.noStroke();
  randomSeed(18);
  noiseSeed(18);

  // cool blue-violet atmosphere on the right, warm cream light on the left
  wash("#c5cde0", 200, 0.5, 0.5, 0.25, [[330, -20], [620, -20], [620, 620], [420, 620], [360, 380], [420, 200]], 0.9);
  wash("#9ea9cc", 170, 0.5, 0.55, 0.3, [[470, 150], [620, 60], [620, 520], [500, 440]], 0.9);
  wash("#f1dcb8", 170, 0.5, 0.5, 0.25, [[-20, 300], [150, 380], [200, 620], [-20, 620]], 0.9);

  // branch across the top
  let br = [];
  for (let i = 0; i <= 10; i++) { let t = i / 10; br.push([lerp(-20, 620, t), 40 + sin(t * 200) * 22]); }
  for (let i = 10; i >= 0; i--) { let t = i / 10; br.push([lerp(-20, 620, t), 49 + sin(t * 200) * 22]); }
  wash("#5f4a32", 230, 0.08, 0.05, 0.25, br, 0.5);
  leaf(120, 55, 160, 120, "#6f9a55");
  leaf(200, 60, 60, 150, "#83a862");
  leaf(470, 50, 20, 140, "#6f9a55");
  leaf(420, 62, 110, 110, "#83a862");

  // pedicel dropping to the calyx
  wash("#5e7a45", 235, 0.06, 0.05, 0.2, [[318, 55], [326, 55], [318, 170], [310, 170]], 0.4);
  let bx = 312, by = 190;
  // back lobes, pale; front lobes warmer and larger
  let back = [[130, 190, 90], [60, 170, 80], [165, 150, 70]];
  for (let b of back) wash("#fad2b2", 245, 0.35, 0.45, 0.3, lobe(bx, by, b[0], b[1], b[2], b[0]), 0.55);
  let front = [[95, 230, 100], [140, 210, 85], [45, 200, 80]];
  for (let f of front) wash("#f6b088", 235, 0.3, 0.45, 0.35, lobe(bx, by, f[0], f[1], f[2], f[0] + 7), 0.55);
  for (let f of front) wash("#e4826a", 180, 0.3, 0.5, 0.4, lobe(bx, by, f[0] + 8, f[1] * 0.8, f[2] * 0.35, f[0] + 13), 0.65);
  // throat deep in the cup, three glazes of wine
  wash("#d0566a", 190, 0.4, 0.5, 0.3, lobe(bx, by, 95, 120, 75, 3), 0.7);
  wash("#8a1c38", 230, 0.3, 0.45, 0.4, lobe(bx, by, 95, 70, 38, 4), 0.7);
  wash("#4a0a1a", 250, 0.12, 0.4, 0.45, lobe(bx, by, 95, 40, 18, 5), 0.6);
  // calyx
  wash("#4d6b3a", 245, 0.12, 0.35, 0.45, [[bx - 20, by - 22], [bx + 20, by - 22], [bx + 26, by + 4], [bx, by + 14], [bx - 26, by + 4]], 0.6);

  // stamen hanging down and out to the lower left
  let col = [];
  for (let i = 0; i <= 8; i++) { let t = i / 8; col.push([bx - t * 120 + sin(t * 180) * 20, by + 60 + t * 310]); }
  for (let i = 8; i >= 0; i--) { let t = i / 8; col.push([bx - t * 120 + sin(t * 180) * 20 + 7, by + 60 + t * 310]); }
  wash("#efc06a", 250, 0.06, 0.05, 0.2, col, 0.4);
  for (let i = 0; i < 14; i++) {
    let x = bx - 118 + random(-20, 22), y = by + 372 + random(-22, 20);
    wash(i % 3 ? "#eca032" : "#c14e1f", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}
