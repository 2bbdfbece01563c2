// A whole lemon and a cut half, simple study on white paper
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function oval(cx, cy, rx, ry, tipK) {
  const pts = [];
  for (let a = 0; a < 360; a += 15) {
    const tip = pow(abs(cos(a)), 8) * tipK;
    pts.push([cx + cos(a) * rx * (1 + tip), cy + sin(a) * ry * (1 - tip * 0.5)]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#fbf8f1");
  brush.noStroke();
  brush.fillBleed(0.2);
  brush.fillTexture(0.3, 0.3);

  // faint grey shadow band
  brush.fill("#c7c3c8", 120);
  brush.beginShape(0.6);
  for (const p of oval(300, 395, 210, 28, 0)) brush.vertex(p[0], p[1]);
  brush.endShape(true);

  // whole lemon
  brush.fill("#f3d24a", 200);
  brush.beginShape(0.7);
  for (const p of oval(230, 330, 110, 70, 0.25)) brush.vertex(p[0], p[1]);
  brush.endShape(true);
  brush.fill("#e3a928", 140);
  brush.beginShape(0.7);
  for (const p of oval(240, 360, 80, 32, 0.1)) brush.vertex(p[0], p[1]);
  brush.endShape(true);

  // cut half: rind ring then pale flesh
  brush.fill("#efc43a", 200);
  brush.beginShape(0.7);
  for (const p of oval(420, 350, 70, 52, 0)) brush.vertex(p[0], p[1]);
  brush.endShape(true);
  brush.fill("#f8eca6", 200);
  brush.beginShape(0.7);
  for (const p of oval(420, 348, 58, 42, 0)) brush.vertex(p[0], p[1]);
  brush.endShape(true);
  // segments
  for (let a = 0; a < 360; a += 45) {
    brush.fill("#f0d765", 150);
    brush.beginShape(0.3);
    brush.vertex(420 + cos(a + 4) * 6, 348 + sin(a + 4) * 5);
    brush.vertex(420 + cos(a + 6) * 50, 348 + sin(a + 6) * 37);
    brush.vertex(420 + cos(a + 39) * 50, 348 + sin(a + 39) * 37);
    brush.vertex(420 + cos(a + 41) * 6, 348 + sin(a + 41) * 5);
    brush.endShape(true);
  }
}
