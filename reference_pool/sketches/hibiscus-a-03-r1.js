// Peach hibiscus from directly above, revision: stronger pastel ground, broad overlap shadows, deeper eye
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
  wash("#bfb1d6", 220, 0.5, 0.5, 0.25, [[-20, -20], [380, -20], [260, 90], [120, 150], [-20, 330]], 0.9);
  wash("#aecfbf", 220, 0.5, 0.5, 0.25, [[620, 620], [620, 260], [520, 420], [400, 540], [240, 620]], 0.9);
  wash("#d5bcd9", 210, 0.5, 0.5, 0.25, [[620, -20], [620, 180], [480, 60], [440, -20]], 0.9);

  let cx = 305, cy = 295;
  let angles = [];
  for (let k = 0; k < 5; k++) angles.push(k * 72 - 80 + random(-7, 7));

  // first glaze: pale apricot, largest, very wet
  for (let k = 0; k < 5; k++) wash("#fbd3b3", 240, 0.45, 0.4, 0.3, petal(cx, cy, angles[k], 255, 44, k), 0.55);
  // second glaze: peach, each petal slightly smaller, overlapping the next
  for (let k = 0; k < 5; k++) wash("#f6ae86", 200, 0.35, 0.45, 0.35, petal(cx, cy, angles[k] + 8, 215, 34, k + 10), 0.6);
  // third glaze: coral shadows where petals overlap (one side of each petal)
  for (let k = 0; k < 5; k++) wash("#e58266", 150, 0.35, 0.5, 0.4, petal(cx, cy, angles[k] + 30, 200, 18, k + 20), 0.75);

  // vein streaks: narrow wedges radiating from the centre
  for (let k = 0; k < 30; k++) {
    let a = random(360), L = random(80, 170);
    let pts = [[cx + cos(a - 3) * 20, cy + sin(a - 3) * 20], [cx + cos(a) * L, cy + sin(a) * L], [cx + cos(a + 3) * 20, cy + sin(a + 3) * 20]];
    wash("#c95a4f", 170, 0.08, 0.05, 0.2, pts, 0.3);
  }

  // throat: rose bleeding into wine
  wash("#d0506a", 200, 0.3, 0.45, 0.35, petal(cx, cy, 0, 70, 180, 40), 0.7);
  for (let g = 0; g < 3; g++) {
    wash(g < 2 ? "#7e1532" : "#4a0c1c", 240, 0.2, 0.4, 0.5, petal(cx, cy, g * 40, 48 - g * 10, 180, 50 + g), 0.7);
  }

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
