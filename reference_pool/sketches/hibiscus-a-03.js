// Peach hibiscus from directly above, filling the canvas; pastel glazes, vein streaks, wine-red eye
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
  for (let i = 0; i <= 18; i++) {
    let t = map(i, 0, 18, -wid, wid);
    let edge = 0.72 + 0.28 * pow(cos(t * 90 / wid), 0.6);
    let ruff = (noise(seed, i * 0.7) - 0.5) * 0.22 + sin(i * 47) * 0.03;
    let r = len * (edge + ruff);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f0e6");
  brush.noStroke();
  randomSeed(5);
  noiseSeed(5);

  // soft pastel ground: lilac corners and a mint wash
  wash("#d8cde3", 130, 0.5, 0.5, 0.25, [[-20, -20], [300, -20], [200, 120], [-20, 260]], 0.9);
  wash("#cfe1d6", 120, 0.5, 0.5, 0.25, [[620, 620], [620, 330], [460, 520], [330, 620]], 0.9);
  wash("#e6d3e6", 110, 0.5, 0.5, 0.25, [[620, -20], [620, 180], [480, 60], [440, -20]], 0.9);

  let cx = 305, cy = 295;
  let angles = [];
  for (let k = 0; k < 5; k++) angles.push(k * 72 - 80 + random(-7, 7));

  // first glaze: pale apricot, largest, very wet
  for (let k = 0; k < 5; k++) wash("#fbd3b3", 240, 0.45, 0.4, 0.3, petal(cx, cy, angles[k], 255, 44, k), 0.55);
  // second glaze: peach, each petal slightly smaller, overlapping the next
  for (let k = 0; k < 5; k++) wash("#f6ae86", 200, 0.35, 0.45, 0.35, petal(cx, cy, angles[k] + 8, 215, 34, k + 10), 0.6);
  // third glaze: coral shadows where petals overlap (one side of each petal)
  for (let k = 0; k < 5; k++) wash("#e88667", 170, 0.3, 0.5, 0.4, petal(cx, cy, angles[k] + 26, 180, 12, k + 20), 0.6);

  // vein streaks: narrow wedges radiating from the centre
  for (let k = 0; k < 30; k++) {
    let a = random(360), L = random(80, 170);
    let pts = [[cx + cos(a - 3) * 20, cy + sin(a - 3) * 20], [cx + cos(a) * L, cy + sin(a) * L], [cx + cos(a + 3) * 20, cy + sin(a + 3) * 20]];
    wash("#d4705c", 120, 0.08, 0.05, 0.2, pts, 0.3);
  }

  // throat: rose bleeding into wine
  wash("#d0506a", 200, 0.3, 0.45, 0.35, petal(cx, cy, 0, 70, 180, 40), 0.7);
  brush.fill("#8c1c36", 230);
  brush.fillBleed(0.25);
  brush.fillTexture(0.4, 0.5);
  brush.circle(cx, cy, 38, false);
  brush.fill("#55101f", 230);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, 18, false);

  // staminal column seen end-on: a ring of golden pollen around the tip
  for (let k = 0; k < 14; k++) {
    let a = k * 360 / 14 + random(-8, 8), r = random(20, 32);
    let x = cx + cos(a) * r, y = cy + sin(a) * r;
    wash(k % 3 ? "#eaa23a" : "#c9561f", 240, 0, 0.1, 0.2, [[x - 4, y - 3], [x + 5, y - 2], [x + 3, y + 5], [x - 4, y + 4]], 0.5);
  }
  brush.fill("#f2c46a", 240);
  brush.fillBleed(0.1);
  brush.fillTexture(0.1, 0.2);
  brush.circle(cx, cy, 12, false);
}
