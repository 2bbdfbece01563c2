// irises-06
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.4);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function leaf(x, y, len, wid, ang, bend) {
  // a pointed leaf/petal from base (x, y) along angle ang
  const pts = [];
  const n = 8;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, w + bend * t * t]);
  }
  for (let i = n - 1; i > 0; i--) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, -w + bend * t * t]);
  }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#1c1a2c");
  brush.noStroke();

  // irises at dusk beside dark water: dark ground, blooms glowing pale violet
  wash("#2a2e4a", 220, 0.35, 0.5, band(-20, 620, 20, 6), 0.7);
  wash("#3a4a6a", 160, 0.35, 0.5, band(300, 420, 16, 8), 0.7);
  // pond with a streak of sky reflection
  wash("#46608a", 140, 0.3, 0.45, leaf(-20, 380, 660, 16, -2, 4), 0.6);
  wash("#8a8ab8", 110, 0.3, 0.45, leaf(60, 372, 400, 5, -2, 2), 0.6);

  // tall leaves, some catching light
  for (let i = 0; i < 22; i++) {
    const x = random(-10, 610);
    const len = random(200, 420);
    wash(random(["#2e4a38", "#3e6048", "#4a7050", "#22382c"]), 220, 0.08, 0.15, leaf(x, 640, len, random(7, 12), -90 + random(-12, 12), random(-20, 20)), 0.5);
  }
  // blooms at varied heights
  const bl = [[120, 260, 0.8], [210, 200, 1.0], [330, 240, 0.9], [440, 180, 1.1], [520, 300, 0.75], [270, 340, 0.7]];
  for (const b of bl) {
    const [x, y, s] = b;
    wash("#3e6048", 230, 0.0, 0.05, [[x - 2, y + 20], [x + 2, y + 20], [x + 3, 620], [x - 3, 620]], 0.2);
    for (const a of [30, 150, 90]) {
      wash("#b8a8f0", 250, 0.25, 0.35, leaf(x, y, 70 * s, 26 * s, a, 10 * s), 0.8);
      wash("#b8a8f0", 200, 0.2, 0.35, leaf(x, y, 65 * s, 22 * s, a, 10 * s), 0.8);
      wash("#6a58c0", 190, 0.15, 0.4, leaf(x, y, 48 * s, 10 * s, a, 6 * s), 0.8);
      wash("#f4c040", 250, 0.05, 0.1, leaf(x, y, 26 * s, 4 * s, a, 2), 0.5);
    }
    for (const a of [-120, -60, -90]) {
      wash("#d8d0f8", 240, 0.3, 0.35, leaf(x, y - 4, 62 * s, 20 * s, a, -4 * s), 0.8);
      wash("#d8d0f8", 180, 0.25, 0.35, leaf(x, y - 4, 56 * s, 16 * s, a, -4 * s), 0.8);
    }
  }
  // fireflies
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < 14; i++) {
    brush.fill("#f8e8a0", 255);
    brush.circle(random(20, 580), random(80, 400), 2, false);
  }
}
