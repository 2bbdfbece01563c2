// irises-05
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
  background("#f6f2ea");
  brush.noStroke();

  // irises in a blue jug on a table: simple, mostly one layer
  wash("#e6dcc8", 140, 0.3, 0.4, band(380, 620, 8, 8), 0.5);
  // jug
  wash("#5a7ab0", 200, 0.2, 0.4, [[250, 380], [350, 380], [370, 470], [340, 520], [260, 520], [230, 470]], 0.6);
  wash("#3a5a90", 130, 0.2, 0.4, [[310, 385], [350, 380], [370, 470], [340, 520], [310, 520]], 0.6);
  // stems and leaves
  for (const s of [[270, 170, -100], [300, 140, -90], [340, 190, -75]]) {
    wash("#4a7a44", 200, 0.0, 0.05, [[300 - 2, 385], [300 + 2, 385], [s[0] + 2, s[1] + 40], [s[0] - 2, s[1] + 40]], 0.3);
  }
  wash("#5a8a4e", 180, 0.1, 0.2, leaf(290, 390, 170, 10, -110, 10), 0.5);
  wash("#5a8a4e", 180, 0.1, 0.2, leaf(315, 390, 160, 10, -70, -10), 0.5);
  // three blooms
  for (const b of [[270, 200, 0.7], [300, 170, 0.8], [340, 220, 0.7]]) {
    const [x, y, s] = b;
    for (const a of [30, 150, 90]) {
      wash("#6a5cc0", 200, 0.2, 0.35, leaf(x, y, 70 * s, 24 * s, a, 8), 0.8);
      wash("#f0b030", 230, 0.05, 0.1, leaf(x, y, 26 * s, 4 * s, a, 2), 0.5);
    }
    for (const a of [-120, -60, -90]) wash("#9488d8", 180, 0.25, 0.35, leaf(x, y - 4, 60 * s, 20 * s, a, -4), 0.8);
  }
}
