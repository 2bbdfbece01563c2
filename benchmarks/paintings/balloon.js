// a hot air balloon over fields
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

function gore(cx, cy, r, a0, a1) {
  // one vertical panel of the envelope between two meridians
  const pts = [];
  for (let t = -90; t <= 90; t += 15) pts.push([cx + sin(a0) * cos(t) * r, cy + sin(t) * r * (t > 0 ? 1.25 : 1)]);
  for (let t = 90; t >= -90; t -= 15) pts.push([cx + sin(a1) * cos(t) * r, cy + sin(t) * r * (t > 0 ? 1.25 : 1)]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7f3ea");
  brush.noStroke();
  randomSeed(23);

  // morning sky and clouds
  wash("#b6cde3", 180, 0.5, 0.4, [[-20, -20], [620, -20], [620, 400], [-20, 420]], 0.6);
  wash("#f6e7d0", 150, 0.5, 0.3, [[-20, 300], [620, 280], [620, 440], [-20, 440]], 0.6);
  wash("#f3f3f0", 170, 0.5, 0.3, oval(470, 110, 110, 34, 12, 0.25), 0.8);
  wash("#dfe6ee", 150, 0.5, 0.3, oval(110, 330, 130, 26, 12, 0.25), 0.8);
  // patchwork fields far below
  const greens = ["#a9b86e", "#8ea35c", "#c2bb78", "#7d9452"];
  for (let i = 0; i < 8; i++) {
    const x0 = -20 + i * 85 + random(-10, 10);
    wash(greens[i % 4], 190, 0.3, 0.45, [[x0, 430 + random(-8, 8)], [x0 + 110, 425], [x0 + 140, 620], [x0 - 30, 620]], 0.4);
  }
  wash("#66804a", 150, 0.3, 0.5, [[-20, 540], [620, 520], [620, 620], [-20, 620]], 0.5);
  wash("#8a7358", 200, 0.1, 0.2, [[250, 620], [300, 430], [306, 430], [290, 620]], 0.4);

  // the envelope: gores in warm colours, shade on the right side
  const cols = ["#d94f3a", "#f0b43c", "#d94f3a", "#f0b43c", "#3c78b4", "#f0b43c", "#d94f3a"];
  for (let i = 0; i < 7; i++) {
    const a0 = -90 + (180 * i) / 7, a1 = -90 + (180 * (i + 1)) / 7;
    wash(cols[i], 230, 0.1, 0.35, gore(290, 180, 120, a0, a1), 0.6);
  }
  wash("#7a2d2a", 120, 0.3, 0.45, gore(290, 180, 120, 30, 90), 0.6);
  wash("#fbe7c4", 140, 0.3, 0.2, oval(240, 130, 30, 45, 12, 0.2), 0.8);
  // ropes and the basket
  wash("#4a3a2c", 220, 0.02, 0.05, [[240, 320], [243, 320], [278, 372], [275, 372]], 0);
  wash("#4a3a2c", 220, 0.02, 0.05, [[337, 320], [340, 320], [305, 372], [302, 372]], 0);
  wash("#7a5232", 250, 0.04, 0.3, [[272, 370], [308, 370], [304, 398], [276, 398]], 0);
  wash("#4f3420", 220, 0.04, 0.3, [[292, 370], [308, 370], [304, 398], [292, 398]], 0);
  // a far second balloon
  wash("#5e8a6a", 220, 0.1, 0.3, oval(520, 240, 18, 22, 12, 0.05), 0.6);
  wash("#4a3a2c", 230, 0.03, 0.1, [[516, 266], [524, 266], [523, 274], [517, 274]], 0);
}
