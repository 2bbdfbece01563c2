// Two peach hibiscus blooms, off-centre, with leaves and a warm background wash
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function petal(cx, cy, ang, len, wid, jit) {
  // teardrop petal from the centre outward, ruffled outer edge
  brush.beginShape(0.5);
  let steps = 14;
  for (let i = 0; i <= steps; i++) {
    let t = i / steps;
    let a = ang - 38 + 76 * t;
    let r = len * (0.85 + 0.15 * sin(t * 180)) + random(-jit, jit);
    let w = wid * sin(t * 180);
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.vertex(cx + cos(ang + 25) * len * 0.15, cy + sin(ang + 25) * len * 0.15);
  brush.vertex(cx + cos(ang - 25) * len * 0.15, cy + sin(ang - 25) * len * 0.15);
  brush.endShape(true);
}

function leaf(x, y, ang, len, wid) {
  brush.beginShape(0.7);
  for (let i = 0; i <= 10; i++) {
    let t = i / 10;
    let d = len * t;
    let off = wid * sin(t * 180) * (1 + random(-0.1, 0.1));
    brush.vertex(x + cos(ang) * d + cos(ang + 90) * off, y + sin(ang) * d + sin(ang + 90) * off);
  }
  for (let i = 9; i >= 1; i--) {
    let t = i / 10;
    let d = len * t;
    let off = wid * sin(t * 180) * 0.7;
    brush.vertex(x + cos(ang) * d - cos(ang + 90) * off, y + sin(ang) * d - sin(ang + 90) * off);
  }
  brush.endShape(true);
}

function bloom(cx, cy, size, rot, glazeCol) {
  // pale base petals
  brush.fill("#f7b48a", 170);
  brush.fillBleed(0.4);
  brush.fillTexture(0.5, 0.45);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot + k * 72, size, size * 0.6, size * 0.06);
  // mid glaze, slightly smaller
  brush.fill("#ec8a62", 140);
  brush.fillBleed(0.3);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot + 20 + k * 72, size * 0.72, size * 0.45, size * 0.05);
  brush.fill("#e06a55", 120);
  brush.fillBleed(0.22);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot + 5 + k * 72, size * 0.42, size * 0.3, size * 0.04);
  // deep throat
  brush.fill(glazeCol, 200);
  brush.fillBleed(0.2);
  brush.fillTexture(0.3, 0.6);
  brush.circle(cx, cy, size * 0.22, false);
  brush.fill("#6e1c2c", 220);
  brush.fillBleed(0.12);
  brush.circle(cx, cy, size * 0.1, false);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4ede1");
  brush.noStroke();
  randomSeed(3);

  // background wash: loose warm glow upper right, cool green lower left
  brush.fill("#f0cfa6", 120);
  brush.fillBleed(0.5);
  brush.fillTexture(0.6, 0.3);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(380 + cos(a) * (230 + random(-40, 40)), 240 + sin(a) * (200 + random(-40, 40)));
  brush.endShape(true);
  brush.fill("#9fbf98", 110);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(170 + cos(a) * (170 + random(-30, 30)), 450 + sin(a) * (150 + random(-30, 30)));
  brush.endShape(true);

  // leaves
  brush.fill("#5f8f5c", 170);
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.5);
  leaf(300, 330, 140, 230, 55);
  leaf(330, 360, 100, 190, 45);
  leaf(260, 280, 200, 170, 40);
  brush.fill("#2f5a3f", 170);
  brush.fillBleed(0.2);
  leaf(290, 350, 130, 150, 28);
  leaf(330, 380, 95, 110, 22);

  bloom(370, 240, 150, 10, "#d4595a");
  bloom(200, 420, 95, 50, "#c9504f");

  // stamen column
  brush.fill("#e8b23a", 180);
  brush.fillBleed(0.08);
  brush.fillTexture(0.2, 0.3);
  brush.beginShape(0.3);
  brush.vertex(366, 236); brush.vertex(376, 236); brush.vertex(420, 165); brush.vertex(412, 160);
  brush.endShape(true);
  for (let i = 0; i < 6; i++) brush.circle(412 + random(-14, 14), 160 + random(-14, 14), 5, false);
}
