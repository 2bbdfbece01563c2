// Side view: a peach hibiscus trumpet facing left on a curving stem, with a bud and leaves, warm ochre ground
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

function leaf(x, y, a, L, W, col, op) {
  let pts = [];
  for (let j = 0; j <= 12; j++) { let t = j / 12; let w = sin(pow(t, 0.8) * 180) * W; pts.push([x + cos(a) * t * L - sin(a) * w, y + sin(a) * t * L + cos(a) * w]); }
  for (let j = 12; j >= 0; j--) { let t = j / 12; let w = sin(pow(t, 0.8) * 180) * W * 0.8; pts.push([x + cos(a) * t * L + sin(a) * w, y + sin(a) * t * L - cos(a) * w]); }
  wash(col, op, 0.25, 0.45, 0.5, pts, 0.6);
  // darker half of the leaf
  wash("#2f4d33", 150, 0.15, 0.4, 0.5, pts.slice(0, 13), 0.6);
}

// one flared petal seen from the side: base at (bx, by), opening towards angle a
function sidePetal(bx, by, a, L, spread, col, op, seed) {
  let pts = [[bx, by]];
  for (let i = 0; i <= 14; i++) {
    let t = map(i, 0, 14, -spread, spread);
    let r = L * (0.85 + 0.15 * cos(t * 90 / spread)) + (noise(seed, i * 0.6) - 0.5) * L * 0.25;
    pts.push([bx + cos(a + t) * r, by + sin(a + t) * r]);
  }
  wash(col, op, 0.35, 0.45, 0.35, pts, 0.55);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5ecdc");
  brush.noStroke();
  randomSeed(21);
  noiseSeed(21);

  // warm ground: ochre glow upper left, burnt sienna shadow lower right
  wash("#ecc98d", 200, 0.5, 0.5, 0.25, [[-20, -20], [450, -20], [330, 200], [120, 300], [-20, 380]], 0.9);
  wash("#c98a62", 170, 0.5, 0.5, 0.3, [[620, 620], [620, 280], [480, 420], [260, 620]], 0.9);

  // stem curving from lower left up to the calyx
  let stem = [];
  for (let i = 0; i <= 12; i++) { let t = i / 12; stem.push([lerp(90, 390, t) + sin(t * 180) * -60, lerp(600, 260, t)]); }
  for (let i = 12; i >= 0; i--) { let t = i / 12; stem.push([lerp(90, 390, t) + sin(t * 180) * -60 + 8, lerp(600, 260, t) + 2]); }
  wash("#5e7a45", 230, 0.06, 0.05, 0.3, stem, 0.5);

  leaf(150, 480, -20, 200, 55, "#6f9150", 230);
  leaf(210, 400, 200, 150, 45, "#82a05c", 220);
  leaf(300, 330, -70, 120, 35, "#6f9150", 210);

  // bud on a side shoot
  let bud = [];
  for (let i = 0; i <= 16; i++) { let a = i * 22.5; let r = 26 + (i % 2) * 4; bud.push([120 + cos(a) * r * 0.6, 250 + sin(a) * r]); }
  wash("#ef9f7c", 220, 0.3, 0.45, 0.4, bud, 0.6);
  wash("#6f9150", 220, 0.15, 0.3, 0.4, [[100, 262], [140, 262], [132, 290], [120, 300], [108, 290]], 0.5);

  // the trumpet: petals flare up-left from a base at (390, 260)
  let bx = 400, by = 265;
  sidePetal(bx, by, 200, 230, 34, "#fbd0ae", 245, 1);
  sidePetal(bx, by, 240, 220, 30, "#f9c29c", 245, 2);
  sidePetal(bx, by, 165, 200, 28, "#f4b08a", 230, 3);
  sidePetal(bx, by, 215, 190, 20, "#ed9470", 200, 4);
  sidePetal(bx, by, 185, 160, 16, "#e27d62", 180, 5);
  // throat glow near the base
  sidePetal(bx, by, 205, 90, 40, "#c4485a", 210, 6);
  sidePetal(bx, by, 205, 50, 30, "#7b1a30", 230, 7);
  // calyx
  wash("#4f6d3a", 240, 0.15, 0.35, 0.45, [[bx - 12, by - 18], [bx + 22, by - 12], [bx + 30, by + 6], [bx + 10, by + 22], [bx - 14, by + 12]], 0.6);

  // staminal column thrust out to the left
  let col = [];
  for (let i = 0; i <= 8; i++) { let t = i / 8; col.push([bx - 20 - t * 250, by - 30 - t * 70 + sin(t * 180) * -18]); }
  for (let i = 8; i >= 0; i--) { let t = i / 8; col.push([bx - 20 - t * 250, by - 24 - t * 70 + sin(t * 180) * -18]); }
  wash("#f0c071", 240, 0.06, 0.05, 0.2, col, 0.5);
  for (let i = 0; i < 10; i++) {
    let x = bx - 260 + random(-16, 24), y = by - 102 + random(-16, 16);
    wash(i % 3 ? "#e79a2b" : "#b84a1a", 245, 0, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}
