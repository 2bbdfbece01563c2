// a slice of watermelon
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.35);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function oval(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function wedge(cx, cy, r, a0, a1) {
  const pts = [[cx, cy]];
  for (let a = a0; a <= a1; a += 10) pts.push([cx + cos(a) * r, cy + sin(a) * r]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe2");
  brush.noStroke();
  randomSeed(13);

  // a turquoise cloth and a pale wall
  wash("#e9dcc5", 140, 0.5, 0.35, [[-20, -20], [620, -20], [620, 330], [-20, 350]], 0.6);
  wash("#6fb0b0", 190, 0.35, 0.45, [[-20, 330], [620, 310], [620, 620], [-20, 620]], 0.5);
  wash("#4e9090", 140, 0.35, 0.45, [[-20, 450], [620, 420], [620, 620], [-20, 620]], 0.6);

  // a white plate, its shadow
  wash("#3b6f70", 150, 0.35, 0.4, oval(320, 420, 210, 60, 16, 0.08), 0.8);
  wash("#f4f2ec", 240, 0.15, 0.2, oval(300, 400, 210, 62, 18, 0.03), 0.7);
  wash("#cfd6d6", 170, 0.2, 0.3, oval(310, 410, 170, 42, 16, 0.05), 0.7);

  // the slice standing on the plate: rind, pale band, red flesh, seeds
  wash("#3d7a3a", 240, 0.08, 0.35, wedge(300, 150, 250, 55, 125), 0.1);
  wash("#c9dd9a", 230, 0.08, 0.3, wedge(300, 150, 236, 56, 124), 0.1);
  wash("#e0424e", 240, 0.12, 0.35, wedge(300, 150, 226, 57, 123), 0.1);
  wash("#c22d3c", 160, 0.15, 0.4, wedge(300, 150, 200, 62, 110), 0.1);
  wash("#f07a7e", 130, 0.25, 0.3, oval(260, 250, 30, 60, 12, 0.2), 0.8);
  for (let i = 0; i < 16; i++) {
    const a = random(62, 118), d = random(80, 200);
    const x = 300 + cos(a) * d, y = 150 + sin(a) * d;
    wash("#1a1210", 240, 0.02, 0.05, [[x, y - 5], [x + 3, y], [x, y + 4], [x - 3, y]], 0.5);
  }
  // a second, smaller slice lying flat, and a few loose seeds
  wash("#3d7a3a", 230, 0.08, 0.35, [[120, 430], [250, 452], [230, 470], [110, 446]], 0.4);
  wash("#e0424e", 230, 0.1, 0.3, [[128, 428], [244, 448], [200, 402]], 0.3);
  wash("#1a1210", 230, 0.02, 0.05, oval(480, 468, 4, 2.5, 8, 0.1), 0.5);
  wash("#1a1210", 230, 0.02, 0.05, oval(505, 480, 4, 2.5, 8, 0.1), 0.5);
}
