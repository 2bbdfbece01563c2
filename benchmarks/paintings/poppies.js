// poppies in a field
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

function band(y0, y1, wob) {
  const pts = [];
  for (let x = -20; x <= 620; x += 60) pts.push([x, y0 + random(-wob, wob)]);
  for (let x = 620; x >= -20; x -= 60) pts.push([x, y1 + random(-wob, wob)]);
  return pts;
}

function poppy(x, y, r) {
  wash("#4d6b35", 200, 0.05, 0.05, [[x - 1.5, y + r * 0.6], [x + 1.5, y + r * 0.6], [x + random(-10, 10), 620], [x - 3, 620]], 0.3);
  for (let k = 0; k < 4; k++) {
    const a = k * 90 + random(-20, 20);
    wash("#d8322a", 200, 0.25, 0.35, oval(x + cos(a) * r * 0.45, y + sin(a) * r * 0.35, r * 0.62, r * 0.5, 12, 0.15), 0.8);
  }
  wash("#a51f1e", 150, 0.2, 0.4, oval(x + r * 0.15, y + r * 0.15, r * 0.55, r * 0.4, 12, 0.15), 0.8);
  wash("#1c1616", 240, 0.05, 0.1, oval(x, y, r * 0.17, r * 0.15, 10, 0.1), 0.6);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f0e4");
  brush.noStroke();
  randomSeed(9);

  // summer sky, a line of far trees, the field
  wash("#a7c3df", 170, 0.5, 0.4, band(-20, 230, 20), 0.6);
  wash("#eef1ee", 140, 0.5, 0.3, oval(180, 110, 140, 40, 12, 0.25), 0.8);
  wash("#6e8a6a", 180, 0.3, 0.45, band(215, 265, 12), 0.6);
  wash("#c8c57a", 190, 0.35, 0.45, band(250, 620, 6), 0.5);
  wash("#98a85a", 170, 0.35, 0.5, band(330, 620, 12), 0.5);
  wash("#6f8a42", 150, 0.3, 0.5, band(450, 620, 14), 0.5);

  // far poppies are small flecks, near ones large with stems and dark centres
  for (let i = 0; i < 40; i++) {
    const x = random(0, 600), y = random(265, 330);
    wash("#d8483a", 200, 0.1, 0.2, oval(x, y, random(2, 4), random(1.5, 3), 6, 0.2), 0.6);
  }
  for (let i = 0; i < 12; i++) poppy(random(20, 580), random(330, 420), random(10, 16));
  poppy(150, 470, 44);
  poppy(330, 430, 34);
  poppy(470, 500, 50);
  for (let i = 0; i < 20; i++) {
    const x = random(0, 600), y = random(470, 600);
    wash("#3f5a2a", 170, 0.05, 0.05, [[x, y], [x + 3, y - random(20, 50)], [x + 6, y]], 0);
  }
}
