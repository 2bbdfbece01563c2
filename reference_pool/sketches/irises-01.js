// irises-01
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
  background("#f6f1e7");
  brush.noStroke();

  // soft background washes: cool green and a hint of sky
  wash("#c9d8e8", 110, 0.4, 0.45, blob(300, 150, 360, 170, 18, 0.12), 0.8);
  wash("#b8cf9e", 100, 0.4, 0.5, blob(260, 480, 340, 160, 18, 0.12), 0.8);

  // sword leaves
  for (let i = 0; i < 14; i++) {
    const x = 120 + i * 28 + random(-15, 15);
    const len = random(220, 360);
    const ang = -90 + random(-14, 14);
    const hex = random(["#4f7a46", "#3f6a40", "#6b8f4e", "#2f5535"]);
    wash(hex, 170, 0.12, 0.2, leaf(x, 640, len, random(8, 13), ang, random(-20, 20)), 0.5);
  }

  // three iris blooms
  const blooms = [[230, 230, 1.0], [380, 180, 0.85], [330, 330, 0.95]];
  for (const b of blooms) {
    const [x, y, s] = b;
    // stem
    wash("#3f6a40", 210, 0.0, 0.05, [[x - 3, y + 20], [x + 3, y + 20], [x + 4, 620], [x - 4, 620]], 0.2);
    // falls: three drooping petals
    for (const a of [30, 150, 90]) {
      wash("#6a5bb0", 190, 0.25, 0.4, leaf(x, y, 95 * s, 34 * s, a, 14), 0.8);
      wash("#3d2f85", 150, 0.18, 0.45, leaf(x, y, 70 * s, 18 * s, a, 10), 0.8);
      // yellow beard
      wash("#f0c040", 200, 0.1, 0.2, leaf(x, y, 38 * s, 5 * s, a, 2), 0.6);
    }
    // standards: upright petals, paler
    for (const a of [-120, -60, -90]) {
      wash("#9a8fd6", 170, 0.3, 0.4, leaf(x, y - 5, 85 * s, 26 * s, a, -6), 0.8);
    }
    wash("#4c3d99", 120, 0.2, 0.4, leaf(x, y - 5, 60 * s, 10 * s, -90, 0), 0.8);
  }
  // a closed bud
  wash("#5a4aa6", 210, 0.15, 0.3, leaf(470, 330, 70, 12, -100, 4), 0.6);
  wash("#3f6a40", 210, 0.0, 0.05, [[466, 330], [472, 330], [476, 620], [468, 620]], 0.2);
}
