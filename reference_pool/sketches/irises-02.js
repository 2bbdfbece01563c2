// irises-02
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
  background("#f7f3ea");
  brush.noStroke();

  // one iris, very close, off-centre, on a warm ochre-to-rose ground
  wash("#f0d2a6", 170, 0.4, 0.5, blob(360, 260, 340, 300, 18, 0.12), 0.8);
  wash("#d89a9a", 110, 0.35, 0.5, blob(470, 470, 200, 180, 16, 0.15), 0.8);
  wash("#b8c98e", 120, 0.35, 0.5, blob(120, 520, 200, 140, 16, 0.15), 0.8);

  // two leaves crossing low
  wash("#4a7044", 220, 0.12, 0.25, leaf(60, 640, 420, 22, -68, 40), 0.5);
  wash("#2e4e30", 170, 0.08, 0.2, leaf(66, 640, 300, 8, -68, 30), 0.5);
  wash("#5f8a4e", 200, 0.12, 0.25, leaf(320, 640, 330, 18, -110, -30), 0.5);

  const x = 270, y = 250;
  // stem
  wash("#3f6a40", 230, 0.0, 0.05, [[x - 5, y + 40], [x + 5, y + 40], [x + 12, 620], [x - 2, 620]], 0.2);
  // falls: large, drooping, deep blue-violet with veining
  for (const a of [20, 160, 100]) {
    wash("#6a5cc8", 230, 0.3, 0.4, leaf(x, y, 200, 75, a, 26), 0.8);
    wash("#3a2a9a", 200, 0.2, 0.45, leaf(x, y, 160, 42, a, 20), 0.8);
    wash("#1e1260", 180, 0.1, 0.35, leaf(x, y, 110, 14, a, 12), 0.7);
    // pale signal patch and the yellow beard
    wash("#f3ecf8", 200, 0.15, 0.25, leaf(x, y, 80, 14, a, 6), 0.7);
    wash("#f2b22a", 250, 0.08, 0.15, leaf(x, y, 75, 6, a, 4), 0.6);
  }
  // standards, upright and paler with lost edges
  for (const a of [-125, -55, -90]) {
    wash("#a69ae6", 210, 0.35, 0.4, leaf(x, y - 8, 170, 52, a, -10), 0.8);
    wash("#6a5cc8", 140, 0.25, 0.45, leaf(x, y - 8, 110, 20, a, -6), 0.8);
  }
}
