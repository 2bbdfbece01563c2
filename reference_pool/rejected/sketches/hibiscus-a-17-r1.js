// Backlit peach hibiscus at golden hour, revision: background built from many overlapping warm blobs, petals glazed warm, no spiky rim shapes
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

  // background: overlapping blobs, golden near the light, deepening to umber away from it
  wash("#f3cf8a", 210, 0.5, 0.5, 0.25, blob(150, 130, 240, 200, 1), 0.9);
  for (let i = 0; i < 22; i++) {
    let x = random(0, 620), y = random(0, 620);
    let d = dist(x, y, 120, 100);
    if (d < 260) continue;
    let col = d > 520 ? "#4a2a22" : d > 400 ? "#7e4630" : "#c98552";
    wash(col, 190, 0.45, 0.55, 0.35, blob(x, y, random(90, 150), random(90, 150), i + 3), 0.9);
  }
  let cx = 270, cy = 300;
  let angles = [-110, -35, 35, 110, 180];
  // peach glazes, warmer toward the base of each petal
  for (let k = 0; k < 5; k++) wash("#fcd2ab", 250, 0.3, 0.45, 0.3, petal(cx, cy, angles[k], 205, 40, k), 0.6);
  for (let k = 0; k < 5; k++) wash("#f8b384", 235, 0.3, 0.45, 0.35, petal(cx, cy, angles[k] + 6, 170, 32, k + 9), 0.6);
  for (let k = 0; k < 5; k++) wash("#f39a6a", 210, 0.25, 0.45, 0.4, petal(cx, cy, angles[k] + 4, 110, 26, k + 19), 0.65);
  // rim light: thin gold glaze on the upper-left edges
  for (let k = 0; k < 5; k++) wash("#f7d27a", 130, 0.35, 0.4, 0.25, petal(cx, cy, angles[k] - 22, 195, 16, k + 29), 0.7);
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
