// A peach hibiscus seen from behind: calyx and the backs of the petals, plain
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3f1ec");
  brush.noStroke();
  randomSeed(13);

  // one flat cool-grey wash behind
  brush.fill("#cdd5dc", 110);
  brush.fillBleed(0.4);
  brush.fillTexture(0.4, 0.3);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(320 + cos(a) * (200 + random(-25, 25)), 260 + sin(a) * (170 + random(-25, 25)));
  brush.endShape(true);

  // petal backs: a single peach layer
  brush.fill("#f4b08c", 200);
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.45);
  for (let k = 0; k < 5; k++) {
    let a = -90 + k * 72 + 36;
    brush.beginShape(0.6);
    brush.vertex(300, 280);
    for (let i = 0; i <= 8; i++) {
      let b = a - 32 + (64 * i) / 8;
      let r = 150 * (0.8 + 0.2 * sin((i / 8) * 180));
      brush.vertex(300 + cos(b) * r, 280 + sin(b) * r * 0.8);
    }
    brush.endShape(true);
  }

  // green calyx star and stem
  brush.fill("#6b8f55", 200);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.4);
  brush.beginShape(0.4);
  for (let k = 0; k < 10; k++) {
    let a = -90 + k * 36;
    let r = k % 2 === 0 ? 60 : 22;
    brush.vertex(300 + cos(a) * r, 280 + sin(a) * r);
  }
  brush.endShape(true);
  brush.fill("#5c7d48", 200);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.5);
  brush.vertex(296, 290); brush.vertex(306, 290); brush.vertex(330, 560); brush.vertex(320, 562);
  brush.endShape(true);
}
