// Backlit peach hibiscus at golden hour: glowing petals against a dark warm-umber background, light breaking through at upper left
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

function blob(x, y, rx, ry, seed) {
  let pts = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5, k = 0.75 + noise(seed, i * 0.45) * 0.5;
    pts.push([x + cos(a) * rx * k, y + sin(a) * ry * k]);
  }
  return pts;
}

function petal(cx, cy, a, len, wid, seed) {
  let pts = [[cx, cy]];
  for (let i = 0; i <= 16; i++) {
    let t = map(i, 0, 16, -wid, wid);
    let r = len * (0.74 + 0.26 * cos(t * 90 / wid) + (noise(seed, i * 0.55) - 0.5) * 0.24);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r * 0.85]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7ecd8");
  brush.noStroke();
  randomSeed(90);
  noiseSeed(90);

  // background: golden light upper left, deepening through sienna to umber at the lower right
  wash("#f3cf8a", 210, 0.5, 0.5, 0.25, blob(150, 130, 260, 220, 1), 0.9);
  wash("#d9915a", 190, 0.5, 0.55, 0.3, [[250, -20], [620, -20], [620, 620], [-20, 620], [-20, 380], [200, 330]], 0.9);
  wash("#8f5235", 200, 0.45, 0.55, 0.35, [[420, -20], [620, -20], [620, 620], [120, 620], [260, 470], [400, 300]], 0.9);
  wash("#4a2a22", 210, 0.4, 0.55, 0.4, [[560, 100], [620, 100], [620, 620], [330, 620], [480, 420]], 0.9);

  let cx = 270, cy = 300;
  let angles = [-110, -35, 35, 110, 180];
  // first: a pale, almost-white underglaze so the petals stay luminous over the dark
  for (let k = 0; k < 5; k++) wash("#fff3e4", 255, 0.3, 0.35, 0.25, petal(cx, cy, angles[k], 205, 40, k), 0.6);
  for (let k = 0; k < 5; k++) wash("#fff0de", 255, 0.25, 0.35, 0.25, petal(cx, cy, angles[k] + 3, 190, 36, k + 50), 0.6);
  // peach glazes, warmer toward the base of each petal
  for (let k = 0; k < 5; k++) wash("#fcc89c", 235, 0.3, 0.45, 0.35, petal(cx, cy, angles[k] + 6, 170, 32, k + 9), 0.6);
  for (let k = 0; k < 5; k++) wash("#f39a6a", 210, 0.25, 0.45, 0.4, petal(cx, cy, angles[k] + 4, 110, 26, k + 19), 0.65);
  // rim light: thin gold glaze on the upper-left edges
  for (let k = 0; k < 5; k++) wash("#ffd66e", 180, 0.2, 0.35, 0.3, petal(cx, cy, angles[k] - 28, 200, 8, k + 29), 0.7);
  // veins
  for (let k = 0; k < 24; k++) {
    let a = random(360), L = random(60, 150);
    wash("#d8684a", 150, 0.07, 0.05, 0.2, [[cx + cos(a - 4) * 20, cy + sin(a - 4) * 17], [cx + cos(a) * L, cy + sin(a) * L * 0.85], [cx + cos(a + 4) * 20, cy + sin(a + 4) * 17]], 0.3);
  }
  // throat
  wash("#c23a4e", 230, 0.25, 0.45, 0.4, blob(cx, cy, 48, 42, 60), 0.8);
  wash("#561021", 250, 0.12, 0.4, 0.45, blob(cx + 3, cy + 2, 24, 21, 61), 0.8);
  // stamen backlit, pointing into the light
  wash("#ffe08a", 250, 0.06, 0.05, 0.2, [[cx - 3, cy], [cx - 95, cy - 140], [cx - 89, cy - 144], [cx + 4, cy + 1]], 0.3);
  for (let i = 0; i < 12; i++) {
    let x = cx - 95 + random(-16, 16), y = cy - 148 + random(-14, 12);
    wash(i % 3 ? "#f6b93b" : "#c75020", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
  // a dark leaf silhouette lower right, crisp
  let lp = [];
  for (let j = 0; j <= 10; j++) { let t = j / 10; lp.push([440 + t * 150, 470 - t * 60 + sin(t * 180) * 45]); }
  for (let j = 10; j >= 0; j--) { let t = j / 10; lp.push([440 + t * 150, 470 - t * 60 - sin(t * 180) * 30]); }
  wash("#2c3a22", 230, 0.1, 0.35, 0.5, lp, 0.6);
}
