// a red tram in a rainy street
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

function rect4(x0, y0, x1, y1) {
  return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eeeae2");
  brush.noStroke();
  randomSeed(31);

  // grey rain sky and the street's wet sheen
  wash("#aeb6c2", 190, 0.5, 0.45, [[-20, -20], [620, -20], [620, 330], [-20, 350]], 0.6);
  wash("#8d97a6", 130, 0.5, 0.45, oval(420, 80, 260, 90, 14, 0.2), 0.8);
  wash("#9aa0a6", 180, 0.35, 0.45, [[-20, 420], [620, 400], [620, 620], [-20, 620]], 0.5);
  // buildings either side, blue-grey, with lit windows
  wash("#6f7a8c", 220, 0.15, 0.45, [[-20, 60], [120, 80], [150, 430], [-20, 450]], 0.3);
  wash("#7d8798", 200, 0.15, 0.45, [[460, 90], [620, 50], [620, 430], [450, 420]], 0.3);
  for (let i = 0; i < 6; i++) {
    wash("#f0c874", 230, 0.05, 0.15, rect4(20 + (i % 2) * 55, 120 + floor(i / 2) * 90, 50 + (i % 2) * 55, 160 + floor(i / 2) * 90), 0);
    wash("#f0c874", 230, 0.05, 0.15, rect4(490 + (i % 2) * 60, 130 + floor(i / 2) * 85, 520 + (i % 2) * 60, 168 + floor(i / 2) * 85), 0);
  }
  // overhead wire and pole
  wash("#2e3238", 240, 0.02, 0.05, [[-20, 150], [620, 120], [620, 122], [-20, 152]], 0);
  wash("#2e3238", 240, 0.02, 0.05, [[300, 136], [302, 136], [296, 210], [294, 210]], 0);

  // the tram: red body, cream band, dark windows, roof, wheels
  wash("#b8322a", 245, 0.08, 0.4, [[170, 240], [430, 240], [440, 400], [160, 400]], 0.1);
  wash("#8a2019", 170, 0.1, 0.45, [[330, 240], [430, 240], [440, 400], [340, 400]], 0.1);
  wash("#efe3c6", 235, 0.05, 0.2, [[168, 332], [436, 332], [437, 348], [167, 348]], 0);
  wash("#6a2a24", 230, 0.06, 0.3, [[180, 210], [420, 210], [430, 242], [170, 242]], 0.2);
  for (let i = 0; i < 4; i++) {
    wash("#2a3440", 240, 0.04, 0.2, rect4(186 + i * 60, 258, 230 + i * 60, 318), 0);
    wash("#7f97b0", 150, 0.1, 0.2, rect4(190 + i * 60, 262, 210 + i * 60, 290), 0);
  }
  wash("#f6e7a0", 250, 0.1, 0.1, oval(300, 372, 14, 10, 10, 0.05), 0.5);
  wash("#1d1f24", 250, 0.03, 0.1, oval(215, 404, 20, 10, 10, 0.05), 0.5);
  wash("#1d1f24", 250, 0.03, 0.1, oval(385, 404, 20, 10, 10, 0.05), 0.5);
  // reflections on the wet road, rails, and rain
  wash("#a8443a", 130, 0.35, 0.45, [[180, 412], [420, 412], [410, 520], [190, 520]], 0.6);
  wash("#e0c070", 120, 0.4, 0.3, oval(300, 470, 18, 60, 10, 0.2), 0.8);
  wash("#4b5058", 220, 0.02, 0.1, [[230, 620], [236, 620], [286, 410], [284, 410]], 0);
  wash("#4b5058", 220, 0.02, 0.1, [[366, 620], [372, 620], [318, 410], [316, 410]], 0);
  for (let i = 0; i < 40; i++) {
    const x = random(0, 600), y = random(0, 560);
    wash("#dfe3ea", 150, 0.02, 0.05, [[x, y], [x + 1.5, y], [x - 4, y + 18], [x - 5.5, y + 18]], 0);
  }
}
