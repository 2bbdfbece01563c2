// Revision of the simple stem study: larger bloom in three glazes, leaves joined to the stem, warm and cool ground washes
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
    let r = len * (0.78 + 0.22 * cos(t * 90 / wid) + (noise(seed, i * 0.6) - 0.5) * 0.2);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  return pts;
}

function leaf(x, y, a, L, W, col) {
  let pts = [];
  for (let j = 0; j <= 10; j++) { let t = j / 10; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
  for (let j = 10; j >= 0; j--) { let t = j / 10; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.7, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.7]); }
  wash(col, 220, 0.22, 0.45, 0.5, pts, 0.7);
  wash("#34502f", 150, 0.12, 0.4, 0.5, pts.slice(0, 11), 0.7);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe4");
  brush.noStroke();
  randomSeed(2);
  noiseSeed(2);

  // ground: warm blush behind the bloom, cool green-grey at the foot
  wash("#f0d2bf", 190, 0.5, 0.5, 0.25, [[60, 40], [540, 60], [560, 330], [300, 400], [40, 320]], 0.95);
  wash("#b9c8b0", 180, 0.5, 0.5, 0.3, [[-20, 470], [200, 430], [420, 460], [620, 420], [620, 620], [-20, 620]], 0.9);

  let cx = 300, cy = 230;
  // stem, with leaves springing from it
  let st = [];
  for (let i = 0; i <= 8; i++) { let t = i / 8; st.push([lerp(296, 282, t) + sin(t * 180) * 10, lerp(280, 600, t)]); }
  for (let i = 8; i >= 0; i--) { let t = i / 8; st.push([lerp(304, 290, t) + sin(t * 180) * 10, lerp(280, 600, t)]); }
  wash("#58773f", 230, 0.06, 0.05, 0.2, st, 0.4);
  leaf(292, 450, 200, 170, 45, "#6f9150");
  leaf(294, 505, -20, 180, 48, "#7fa05c");
  leaf(298, 390, -35, 110, 30, "#6f9150");

  // petals: three glazes, each smaller and warmer
  let base = [-90, -18, 54, 126, 198];
  for (let k = 0; k < 5; k++) wash("#fbd0ae", 245, 0.38, 0.45, 0.3, petal(cx, cy, base[k], 190, 40, k), 0.6);
  for (let k = 0; k < 5; k++) wash("#f4a982", 215, 0.3, 0.45, 0.38, petal(cx, cy, base[k] + 7, 155, 30, k + 9), 0.6);
  for (let k = 0; k < 5; k++) wash("#e27e64", 175, 0.3, 0.5, 0.4, petal(cx, cy, base[k] + 24, 130, 12, k + 19), 0.7);
  // veins
  for (let k = 0; k < 20; k++) {
    let a = random(360), L = random(70, 140);
    wash("#c65a4d", 160, 0.07, 0.05, 0.2, [[cx + cos(a - 4) * 22, cy + sin(a - 4) * 22], [cx + cos(a) * L, cy + sin(a) * L], [cx + cos(a + 4) * 22, cy + sin(a + 4) * 22]], 0.3);
  }
  // throat
  wash("#b8304c", 220, 0.28, 0.45, 0.4, petal(cx, cy, 0, 55, 180, 40), 0.7);
  wash("#5c0f22", 245, 0.15, 0.4, 0.45, petal(cx, cy, 40, 28, 180, 41), 0.7);

  // stamen
  wash("#efc270", 245, 0.06, 0.05, 0.2, [[cx - 3, cy], [cx + 55, cy - 120], [cx + 61, cy - 117], [cx + 4, cy + 2]], 0.3);
  for (let i = 0; i < 10; i++) {
    let x = cx + 58 + random(-16, 16), y = cy - 122 + random(-15, 12);
    wash(i % 3 ? "#e99a2c" : "#bd4a1b", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}
