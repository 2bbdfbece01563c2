// harbour-07
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
  background("#f2eee6");
  brush.noStroke();

  // rain at dusk: a wet grey-blue harbour, a red boat the only warm note, lamps blooming
  wash("#b8bccb", 200, 0.45, 0.5, band(-20, 330, 20, 6), 0.8);
  wash("#8a90a8", 160, 0.4, 0.5, band(-20, 160, 18, 8), 0.8);
  wash("#e8c8a8", 120, 0.4, 0.45, band(240, 320, 14, 8), 0.8);
  // harbour wall and warehouses, soft in the rain
  wash("#6a6e84", 190, 0.35, 0.5, [[-20, 330], [-20, 250], [60, 240], [70, 215], [150, 215], [160, 240], [260, 245], [270, 225], [340, 225], [345, 300], [620, 300], [620, 330]], 0.3);
  wash("#4a4e64", 160, 0.3, 0.5, band(300, 335, 5, 12), 0.4);
  // wet quay reflections and water
  wash("#9aa0b6", 170, 0.35, 0.5, band(330, 620, 10, 10), 0.6);
  wash("#6a7090", 160, 0.35, 0.5, band(430, 620, 14, 10), 0.6);
  wash("#3e4460", 150, 0.3, 0.5, band(540, 620, 12, 10), 0.6);
  // lamps: soft blooms with streaky reflections
  for (const x of [40, 150, 260, 420, 540]) {
    wash("#2e3046", 240, 0.0, 0.05, [[x - 2, 300], [x + 2, 300], [x + 2, 250], [x - 2, 250]], 0);
    wash("#f8d49a", 160, 0.5, 0.3, blob(x, 248, 26, 22, 14, 0.2), 0.9);
    brush.fill("#ffe4a0", 255);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(x, 248, 5, false);
    wash("#f0c890", 140, 0.35, 0.4, leaf(x, 335, 150, 7, 90, random(-6, 6)), 0.6);
  }
  // red boat moored mid-right, and its blurred reflection
  wash("#b83a2e", 250, 0.1, 0.35, [[330, 410], [500, 404], [480, 440], [350, 444]], 0.3);
  wash("#7a1e1a", 200, 0.08, 0.35, [[350, 430], [484, 428], [480, 440], [350, 444]], 0.3);
  wash("#e8e0d8", 230, 0.05, 0.2, [[380, 410], [430, 408], [428, 380], [384, 382]], 0);
  wash("#2e3046", 250, 0.0, 0.05, [[440, 406], [443, 406], [443, 290], [440, 290]], 0);
  wash("#b83a2e", 120, 0.4, 0.5, leaf(340, 470, 150, 16, 2, 6), 0.7);
  // rain: long faint diagonal strokes
  for (let i = 0; i < 40; i++) {
    const x = random(-40, 600), y = random(-20, 560), l = random(40, 90);
    wash("#5a6078", 70, 0.0, 0.05, [[x, y], [x + 1.2, y], [x + 1.2 + l * 0.18, y + l], [x + l * 0.18, y + l]], 0);
  }
  // near bollard, dark accent
  wash("#1e1e2c", 250, 0.1, 0.3, blob(80, 560, 30, 44, 12, 0.1), 0.6);
}
