// Peach hibiscus, close-up, slightly off-centre, with leaf and background washes
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

// a ruffled petal fan from centre (cx, cy) pointing at angle a
function petal(cx, cy, a, len, wid, inner, ruffle) {
  let pts = [];
  let n = 16;
  pts.push([cx + cos(a - 90) * inner, cy + sin(a - 90) * inner]);
  for (let i = 0; i <= n; i++) {
    let t = map(i, 0, n, -wid, wid);
    let r = len * (0.78 + 0.22 * cos(t * 90 / wid)) + (noise(a, i * 0.4) - 0.5) * ruffle;
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  pts.push([cx + cos(a + 90) * inner, cy + sin(a + 90) * inner]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4eee3");
  brush.noStroke();
  randomSeed(3);
  noiseSeed(3);

  // background atmosphere: cool sage and pale blue washes
  wash("#b9c9b4", 70, 0.4, 0.5, 0.3, [[0, 0], [600, 0], [600, 180], [420, 260], [150, 170], [0, 240]], 0.8);
  wash("#a8bfcc", 55, 0.45, 0.5, 0.3, [[600, 360], [600, 600], [330, 600], [430, 470]], 0.8);

  // leaves behind the flower
  let leaves = [[140, 470, 215, 230], [470, 140, -40, 200], [500, 470, 30, 160]];
  for (let L of leaves) {
    let pts = [];
    for (let i = 0; i <= 12; i++) {
      let t = i / 12;
      let w = sin(t * 180) * 55 + random(-6, 6);
      pts.push([L[0] + cos(L[2]) * t * L[3] - sin(L[2]) * w, L[1] + sin(L[2]) * t * L[3] + cos(L[2]) * w]);
    }
    for (let i = 12; i >= 0; i--) {
      let t = i / 12;
      let w = sin(t * 180) * 35 + random(-6, 6);
      pts.push([L[0] + cos(L[2]) * t * L[3] + sin(L[2]) * w, L[1] + sin(L[2]) * t * L[3] - cos(L[2]) * w]);
    }
    wash("#7f9c6b", 110, 0.3, 0.5, 0.45, pts, 0.7);
    wash("#4f6e4a", 80, 0.2, 0.4, 0.5, pts.slice(0, 10), 0.6);
  }

  let cx = 280, cy = 300;
  // first pale peach glaze for all petals
  for (let k = 0; k < 5; k++) {
    let a = k * 72 - 20 + random(-8, 8);
    wash("#f7c6a3", 120, 0.4, 0.45, 0.35, petal(cx, cy, a, 200, 38, 10, 70), 0.6);
  }
  // second glaze: warmer coral, slightly smaller, overlapping
  for (let k = 0; k < 5; k++) {
    let a = k * 72 + 12 + random(-8, 8);
    wash("#f0a07c", 95, 0.3, 0.5, 0.4, petal(cx, cy, a, 160, 30, 8, 50), 0.6);
  }
  // petal veins / throat darkening
  for (let k = 0; k < 10; k++) {
    let a = k * 36 + random(-6, 6);
    wash("#d9725a", 90, 0.2, 0.4, 0.4, petal(cx, cy, a, 85, 14, 4, 20), 0.5);
  }
  // the deep crimson eye
  brush.fill("#a3263a", 150);
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.5);
  brush.circle(cx, cy, 42, false);
  brush.fill("#6e1428", 140);
  brush.fillBleed(0.12);
  brush.circle(cx + 4, cy + 3, 22, false);

  // staminal column reaching up-right
  let col = [];
  for (let i = 0; i <= 10; i++) {
    let t = i / 10;
    col.push([cx + t * 120 - 4, cy - t * 110 + sin(t * 180) * -10]);
  }
  for (let i = 10; i >= 0; i--) {
    let t = i / 10;
    col.push([cx + t * 120 + 4, cy - t * 110 + sin(t * 180) * -10 + 6]);
  }
  wash("#e7b56a", 170, 0.08, 0.05, 0.3, col, 0.5);
  // pollen
  for (let i = 0; i < 9; i++) {
    brush.fill(i % 2 ? "#e39b2d" : "#c4541d", 190);
    brush.fillBleed(0.1);
    brush.fillTexture(0.2, 0.3);
    brush.circle(cx + 115 + random(-22, 22), cy - 110 + random(-22, 18), random(5, 9), false);
  }
}
