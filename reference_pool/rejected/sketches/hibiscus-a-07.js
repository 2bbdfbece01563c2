// A simple peach hibiscus on a short stem with two leaves, centred on plain paper
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe4");
  brush.noStroke();
  randomSeed(2);
  noiseSeed(2);

  let cx = 300, cy = 260;

  // stem
  brush.fill("#6a8a4e", 220);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.4);
  brush.vertex(296, 300); brush.vertex(290, 420); brush.vertex(284, 540); brush.vertex(292, 540); brush.vertex(298, 420); brush.vertex(304, 300);
  brush.endShape(true);

  // two leaves
  brush.fill("#7d9d5c", 200);
  brush.fillBleed(0.2);
  brush.fillTexture(0.4, 0.4);
  brush.beginShape(0.7);
  brush.vertex(290, 460); brush.vertex(230, 420); brush.vertex(170, 430); brush.vertex(220, 470);
  brush.endShape(true);
  brush.beginShape(0.7);
  brush.vertex(292, 500); brush.vertex(350, 470); brush.vertex(410, 480); brush.vertex(360, 515);
  brush.endShape(true);

  // petals, one glaze
  brush.fill("#f4ad88", 220);
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.35);
  for (let k = 0; k < 5; k++) {
    let a = k * 72 - 90;
    brush.beginShape(0.6);
    brush.vertex(cx, cy);
    for (let i = 0; i <= 8; i++) {
      let t = map(i, 0, 8, -32, 32);
      let r = 130 * (0.8 + 0.2 * cos(t * 2.8)) + random(-8, 8);
      brush.vertex(cx + cos(a + t) * r, cy + sin(a + t) * r);
    }
    brush.endShape(true);
  }

  // centre
  brush.fill("#b3314a", 220);
  brush.fillBleed(0.2);
  brush.fillTexture(0.3, 0.4);
  brush.circle(cx, cy, 30, false);

  // stamen
  brush.fill("#e9b866", 240);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.3);
  brush.vertex(cx - 2, cy); brush.vertex(cx + 40, cy - 90); brush.vertex(cx + 46, cy - 88); brush.vertex(cx + 4, cy + 2);
  brush.endShape(true);
  for (let i = 0; i < 6; i++) {
    brush.fill("#e08a2c", 240);
    brush.fillBleed(0.05);
    brush.circle(cx + 43 + random(-12, 12), cy - 92 + random(-12, 10), 5, false);
  }
}
