// A single peach hibiscus bud on a bare stem, sparse and plain
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7f2ea");
  brush.noStroke();
  randomSeed(8);

  // stem
  brush.fill("#6a8c55", 190);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.6);
  brush.vertex(250, 600); brush.vertex(270, 450); brush.vertex(310, 330);
  brush.vertex(318, 334); brush.vertex(280, 452); brush.vertex(262, 600);
  brush.endShape(true);

  // two leaves
  brush.fill("#86ad72", 160);
  brush.fillBleed(0.28);
  brush.fillTexture(0.4, 0.4);
  brush.beginShape(0.7);
  for (let i = 0; i <= 10; i++) brush.vertex(272 - i * 14, 470 - sin(i * 18) * 40 - i * 3);
  for (let i = 9; i >= 1; i--) brush.vertex(272 - i * 14, 470 + sin(i * 18) * 20 - i * 3);
  brush.endShape(true);
  brush.beginShape(0.7);
  for (let i = 0; i <= 10; i++) brush.vertex(266 + i * 13, 530 - sin(i * 18) * 34 - i * 6);
  for (let i = 9; i >= 1; i--) brush.vertex(266 + i * 13, 530 + sin(i * 18) * 18 - i * 6);
  brush.endShape(true);

  // the bud: a teardrop in peach with one coral glaze
  brush.fill("#f6ad86", 200);
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.45);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 20) {
    let r = 55 * (1 + 0.9 * max(0, -sin(a)));
    brush.vertex(318 + cos(a) * 44, 290 + sin(a) * r * 0.9);
  }
  brush.endShape(true);
  brush.fill("#e9825f", 150);
  brush.fillBleed(0.2);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 20) {
    let r = 40 * (1 + 0.9 * max(0, -sin(a)));
    brush.vertex(326 + cos(a) * 18, 290 + sin(a) * r * 0.9);
  }
  brush.endShape(true);

  // calyx
  brush.fill("#5c7f48", 200);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.4);
  brush.beginShape(0.5);
  brush.vertex(280, 320); brush.vertex(300, 290); brush.vertex(318, 330); brush.vertex(338, 288); brush.vertex(356, 322); brush.vertex(318, 350);
  brush.endShape(true);
}
