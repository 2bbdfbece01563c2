// harbour-02
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
  background("#1d1a2e");
  brush.noStroke();

  // dark-ground painting: late dusk, lights glowing on the water
  wash("#4a3d6e", 200, 0.35, 0.5, band(-20, 260, 14, 8), 0.7);
  wash("#b65c5c", 150, 0.35, 0.45, band(180, 290, 12, 8), 0.7);
  wash("#e09a5a", 160, 0.3, 0.4, band(240, 300, 8, 8), 0.6);

  // far shore with warehouses
  const shore = [[-20, 320]];
  for (let x = -20; x <= 620; x += 30) shore.push([x, 292 + random(-4, 6)]);
  shore.push([620, 320]);
  wash("#231d36", 240, 0.12, 0.3, shore, 0.2);
  for (let i = 0; i < 11; i++) {
    const x = i * 58 + random(-10, 10);
    const h = random(20, 60);
    wash("#191428", 250, 0.06, 0.2, [[x, 300], [x + 44, 300], [x + 44, 300 - h], [x, 300 - h - random(0, 14)]], 0);
  }
  // crane
  wash("#191428", 250, 0.0, 0.05, [[470, 300], [476, 300], [476, 150], [470, 150]], 0);
  wash("#191428", 250, 0.0, 0.05, [[420, 150], [560, 145], [560, 151], [420, 156]], 0);

  // water
  wash("#2c2748", 200, 0.3, 0.5, band(310, 620, 8, 10), 0.5);
  wash("#3d3563", 140, 0.3, 0.5, band(330, 450, 10, 10), 0.6);

  // lights and their long reflections
  const lights = [];
  for (let i = 0; i < 12; i++) lights.push([random(20, 580), random(262, 292)]);
  for (const L of lights) {
    const col = random(["#ffcf70", "#ffb25a", "#fff0b0"]);
    for (let j = 0; j < 9; j++) {
      const y = 320 + j * 22 + random(-4, 4);
      const w = random(3, 9) + j * 0.6;
      wash(col, 200 - j * 18, 0.12, 0.3, [[L[0] - w, y], [L[0] + w, y + random(-2, 2)], [L[0] + w * 0.6, y + 5], [L[0] - w * 0.7, y + 5]], 0.5);
    }
    brush.fill(col, 255);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(L[0], L[1], 4, false);
  }

  // near jetty and moored boat silhouettes
  wash("#120f1e", 250, 0.1, 0.3, [[-20, 500], [260, 470], [270, 490], [-20, 540]], 0.2);
  for (let i = 0; i < 6; i++) {
    const x = 20 + i * 45;
    wash("#120f1e", 250, 0.0, 0.05, [[x, 505 - i * 5], [x + 6, 505 - i * 5], [x + 6, 620], [x, 620]], 0);
  }
  wash("#15112a", 250, 0.1, 0.25, [[330, 520], [520, 515], [490, 555], [350, 556]], 0.3);
  wash("#15112a", 250, 0.0, 0.05, [[420, 520], [425, 520], [423, 380], [419, 380]], 0);
  wash("#e28a5a", 120, 0.2, 0.4, band(560, 620, 8, 8), 0.5);
}
