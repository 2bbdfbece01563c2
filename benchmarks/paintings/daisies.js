// a vase of daisies
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

function daisy(x, y, r, ang) {
  for (let k = 0; k < 14; k++) {
    const a = ang + k * (360 / 14);
    const px = x + cos(a) * r * 0.6, py = y + sin(a) * r * 0.45;
    wash("#fbf8f0", 235, 0.06, 0.15, [[x, y], [px + cos(a + 90) * 4, py + sin(a + 90) * 3], [x + cos(a) * r, y + sin(a) * r * 0.75], [px - cos(a + 90) * 4, py - sin(a + 90) * 3]], 0.4);
  }
  wash("#d8cfc0", 140, 0.1, 0.3, oval(x + r * 0.2, y + r * 0.2, r * 0.5, r * 0.3, 10, 0.2), 0.8);
  wash("#e8a81e", 250, 0.06, 0.35, oval(x, y, r * 0.24, r * 0.2, 10, 0.08), 0.6);
  wash("#a8640e", 200, 0.05, 0.3, oval(x + r * 0.06, y + r * 0.06, r * 0.12, r * 0.1, 8, 0.1), 0.6);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4efe6");
  brush.noStroke();
  randomSeed(41);

  // a slate-blue wall and a warm sill, so the white petals read
  wash("#6d7f98", 220, 0.4, 0.45, [[-20, -20], [620, -20], [620, 440], [-20, 450]], 0.5);
  wash("#4f6078", 150, 0.45, 0.5, oval(480, 160, 240, 220, 14, 0.2), 0.8);
  wash("#c9a77e", 220, 0.3, 0.45, [[-20, 440], [620, 432], [620, 620], [-20, 620]], 0.5);
  wash("#a8825a", 130, 0.35, 0.5, [[-20, 540], [620, 520], [620, 620], [-20, 620]], 0.5);
  // stems and leaves, then the glass jar with its water line
  const heads = [[220, 170, 66, 10], [330, 120, 72, 40], [420, 210, 62, 70], [280, 260, 58, 20], [160, 280, 52, 5], [380, 300, 56, 60]];
  for (const h of heads) {
    wash("#5d7a3a", 220, 0.04, 0.05, [[h[0] - 2, h[1]], [h[0] + 2, h[1]], [303, 420], [297, 420]], 0.2);
  }
  wash("#6e8c46", 200, 0.2, 0.4, [[260, 330], [220, 300], [250, 318]], 0.5);
  wash("#6e8c46", 200, 0.2, 0.4, [[340, 340], [390, 312], [350, 326]], 0.5);
  wash("#8fa6b4", 200, 0.15, 0.35, [[250, 360], [350, 360], [362, 470], [238, 470]], 0.3);
  wash("#5f7e92", 190, 0.15, 0.4, [[246, 400], [354, 400], [362, 470], [238, 470]], 0.3);
  wash("#f7f9fa", 200, 0.05, 0.1, [[258, 370], [266, 370], [262, 460], [254, 460]], 0);
  wash("#3b2c20", 170, 0.3, 0.45, oval(330, 478, 110, 12, 14, 0.15), 0.8);
  for (const h of heads) daisy(h[0], h[1], h[2], h[3]);
  // a fallen petal and a shadow of a head on the wall
  wash("#fbf8f0", 230, 0.05, 0.1, oval(440, 500, 12, 4, 8, 0.1), 0.5);
  wash("#44546a", 110, 0.4, 0.4, oval(470, 230, 40, 30, 12, 0.2), 0.8);
}
