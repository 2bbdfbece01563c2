// irises-07
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
  background("#f6f2e8");
  brush.noStroke();

  // yellow flag irises at the edge of a stream: a loose, light sketch
  wash("#cfe0e0", 130, 0.4, 0.45, band(360, 520, 14, 8), 0.7);
  wash("#d8e4b8", 110, 0.35, 0.45, band(200, 380, 14, 8), 0.7);
  for (let i = 0; i < 12; i++) {
    const x = 150 + random(300);
    wash(random(["#7a9a50", "#5a8048"]), 180, 0.1, 0.2, leaf(x, 520, random(180, 300), random(6, 10), -90 + random(-18, 18), random(-20, 20)), 0.5);
  }
  for (const b of [[230, 250, 0.8], [320, 220, 0.9], [400, 270, 0.75]]) {
    const [x, y, s] = b;
    wash("#5a8048", 200, 0.0, 0.05, [[x - 2, y + 20], [x + 2, y + 20], [x + 3, 520], [x - 3, 520]], 0.2);
    for (const a of [30, 150, 90]) {
      wash("#f2c830", 200, 0.25, 0.35, leaf(x, y, 70 * s, 24 * s, a, 8), 0.8);
      wash("#a86a20", 150, 0.1, 0.3, leaf(x, y, 30 * s, 4 * s, a, 3), 0.6);
    }
    for (const a of [-110, -70]) wash("#f6dc70", 180, 0.25, 0.35, leaf(x, y - 4, 50 * s, 14 * s, a, -3), 0.8);
  }
}
