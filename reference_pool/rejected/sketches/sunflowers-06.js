// Three sunflowers in a plain jug on a pale ground, simple washes, modest shading
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, border, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function head(x, y, r) {
  for (let i = 0; i < 16; i++) {
    const a = i * 22.5 + random(-4, 4), l = r * random(1.9, 2.2);
    wash(i % 2 ? "#f4c430" : "#eab020", 235, 0.05, 0.3, 0.3, [[x + cos(a - 9) * r * 0.9, y + sin(a - 9) * r * 0.9], [x + cos(a) * l, y + sin(a) * l], [x + cos(a + 9) * r * 0.9, y + sin(a + 9) * r * 0.9]], 0.5);
  }
  const d = [];
  for (let a = 0; a < 360; a += 20) d.push([x + cos(a) * r, y + sin(a) * r]);
  wash("#5a3418", 255, 0.06, 0.4, 0.4, d, 0.6);
  wash("#2a160c", 230, 0.06, 0.4, 0.4, d.map((p) => [x + (p[0] - x) * 0.6 + 3, y + (p[1] - y) * 0.6 + 3]), 0.6);
}

function stem(x0, y0, x1, y1) {
  wash("#6a8a3a", 230, 0.03, 0.05, 0.2, [[x0 - 4, y0], [x1 - 4, y1], [x1 + 4, y1], [x0 + 4, y0]], 0.2);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3eee2");
  brush.noStroke();
  randomSeed(5);

  wash("#d8d0c0", 190, 0.4, 0.4, 0.3, [[-20, 420], [620, 420], [620, 620], [-20, 620]], 0.3);
  wash("#c8d4dc", 170, 0.45, 0.4, 0.3, [[-20, -20], [620, -20], [620, 420], [-20, 420]], 0.3);
  stem(300, 400, 232, 238);
  stem(300, 400, 372, 208);
  stem(300, 400, 316, 315);
  wash("#5a7a34", 220, 0.06, 0.2, 0.3, [[260, 300], [200, 320], [240, 340]], 0.5);
  wash("#5a7a34", 220, 0.06, 0.2, 0.3, [[345, 260], [410, 270], [370, 295]], 0.5);
  head(220, 200, 30);
  head(220, 200, 30);
  head(390, 170, 34);
  head(390, 170, 34);
  head(320, 285, 26);
  head(320, 285, 26);
  // jug
  wash("#5a7aa0", 230, 0.06, 0.3, 0.35, [[245, 380], [355, 380], [375, 440], [360, 500], [240, 500], [225, 440]], 0.6);
  wash("#34507a", 180, 0.06, 0.3, 0.35, [[330, 385], [355, 380], [375, 440], [360, 500], [320, 500]], 0.6);
  wash("#a8a090", 170, 0.3, 0.4, 0.3, [[240, 500], [430, 500], [440, 520], [235, 515]], 0.5);
}