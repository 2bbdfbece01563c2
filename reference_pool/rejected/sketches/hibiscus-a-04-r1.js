// Side view revision: flaring petal lobes that widen into ruffled rims, bud on its own shoot, leaves clear of the bloom
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

// one petal lobe seen from the side: narrow at the base (bx, by), widening into a rounded, ruffled rim
function sidePetal(bx, by, a, L, W, col, op, seed) {
  let left = [], right = [];
  for (let i = 0; i <= 10; i++) {
    let t = i / 10, w = W * pow(t, 1.4) + 3;
    let x = bx + cos(a) * t * L, y = by + sin(a) * t * L;
    left.push([x - sin(a) * w, y + cos(a) * w]);
    right.push([x + sin(a) * w, y - cos(a) * w]);
  }
  let rim = [];
  for (let i = 0; i <= 10; i++) {
    let u = map(i, 0, 10, 90, -90);
    let r = W * (1 + (noise(seed, i * 0.8) - 0.5) * 0.5);
    rim.push([bx + cos(a) * L + cos(a + u) * r * 0.7, by + sin(a) * L + sin(a + u) * r]);
  }
  wash(col, op, 0.35, 0.45, 0.35, left.concat(rim).concat(right.reverse()), 0.55);
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
  leaf(360, 300, 20, 150, 38, "#6f9150", 220);

  // bud on a side shoot
  let shoot = [[210, 405], [160, 320], [122, 272], [128, 270], [166, 318], [216, 402]];
  wash("#5e7a45", 220, 0.06, 0.05, 0.3, shoot, 0.5);
  let bud = [];
  for (let i = 0; i <= 16; i++) { let a = i * 22.5; let r = 26 + (i % 2) * 4; bud.push([120 + cos(a) * r * 0.6, 250 + sin(a) * r]); }
  wash("#ef9f7c", 220, 0.3, 0.45, 0.4, bud, 0.6);
  wash("#6f9150", 220, 0.15, 0.3, 0.4, [[100, 262], [140, 262], [132, 290], [120, 300], [108, 290]], 0.5);

  // the trumpet: petals flare up-left from a base at (390, 260)
  let bx = 400, by = 265;
  // back petals first, pale; front petals later, warmer
  sidePetal(bx, by, 235, 190, 75, "#fbd5b5", 245, 1);
  sidePetal(bx, by, 200, 210, 80, "#f9c8a2", 245, 2);
  sidePetal(bx, by, 165, 190, 70, "#f6b894", 240, 3);
  sidePetal(bx, by, 215, 180, 55, "#ee9a74", 215, 4);
  sidePetal(bx, by, 180, 170, 55, "#e88563", 205, 5);
  // throat glow near the base
  sidePetal(bx, by, 200, 80, 30, "#c4485a", 220, 6);
  sidePetal(bx, by, 200, 45, 16, "#7b1a30", 240, 7);
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
