// Side view of a peach hibiscus nodding over a closed bud, wet sky and leaf washes (revision)
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function sidePetal(bx, by, ang, len, wid, ruff) {
  // one petal seen edge-on: narrow at the base, widening to a ruffled tip
  let ux = cos(ang), uy = sin(ang), px = -uy, py = ux;
  brush.beginShape(0.55);
  for (let i = 0; i <= 8; i++) {
    let t = i / 8;
    let w = wid * pow(t, 0.7) * (1 - 0.3 * t * t);
    brush.vertex(bx + ux * len * t + px * w, by + uy * len * t + py * w);
  }
  for (let i = 0; i <= 6; i++) {
    let s = i / 6;
    let w = wid * 0.7 * (1 - 2 * s);
    let r = len + (noise(bx * 0.02 + i, ang) - 0.5) * ruff;
    brush.vertex(bx + ux * r + px * w, by + uy * r + py * w);
  }
  for (let i = 8; i >= 0; i--) {
    let t = i / 8;
    let w = wid * pow(t, 0.7) * (1 - 0.3 * t * t);
    brush.vertex(bx + ux * len * t - px * w, by + uy * len * t - py * w);
  }
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f0e6");
  brush.noStroke();
  randomSeed(21);
  noiseSeed(21);

  // wet-in-wet ground: pale blue top, warm wash behind the bloom, green bottom
  brush.fillBleed(0.55);
  brush.fillTexture(0.6, 0.25);
  brush.fill("#bcd3dc", 120);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(420 + cos(a) * (240 + random(-40, 40)), 120 + sin(a) * (150 + random(-30, 30)));
  brush.endShape(true);
  brush.fill("#f3d2ae", 120);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(230 + cos(a) * (200 + random(-40, 40)), 290 + sin(a) * (170 + random(-30, 30)));
  brush.endShape(true);
  brush.fill("#a6c093", 120);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(330 + cos(a) * (280 + random(-40, 40)), 580 + sin(a) * (120 + random(-30, 30)));
  brush.endShape(true);

  // stems, thin and barely textured
  brush.fill("#4f7242", 200);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.6);
  brush.vertex(330, 600); brush.vertex(320, 470); brush.vertex(300, 390); brush.vertex(290, 360);
  brush.vertex(298, 357); brush.vertex(310, 392); brush.vertex(331, 470); brush.vertex(342, 600);
  brush.endShape(true);
  brush.beginShape(0.6);
  brush.vertex(326, 480); brush.vertex(400, 430); brush.vertex(452, 390); brush.vertex(458, 396);
  brush.vertex(406, 440); brush.vertex(332, 492);
  brush.endShape(true);

  // leaves with a darker second glaze on one half
  brush.fill("#6a9a5c", 190);
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.5);
  sidePetal(325, 500, 200, 170, 45, 10);
  sidePetal(330, 540, -20, 150, 40, 10);
  brush.fill("#2e5536", 170);
  brush.fillBleed(0.18);
  sidePetal(325, 500, 205, 140, 18, 6);
  sidePetal(330, 540, -25, 120, 16, 6);

  // calyx
  brush.fill("#5b8048", 210);
  brush.fillBleed(0.15);
  sidePetal(294, 362, -95, 50, 22, 6);

  // petals fanning up and out from the calyx: back petals pale, front petals glazed
  let angs = [-150, -125, -60, -35];
  brush.fill("#f8c4a0", 200);
  brush.fillBleed(0.4);
  brush.fillTexture(0.5, 0.5);
  for (let a of angs) sidePetal(292, 320, a, 190, 70, 40);
  brush.fill("#f3a077", 190);
  brush.fillBleed(0.3);
  sidePetal(292, 320, -100, 200, 80, 40);
  sidePetal(292, 320, -70, 175, 70, 40);
  brush.fill("#e37d5e", 150);
  brush.fillBleed(0.2);
  for (let a of [-120, -95, -70, -45]) sidePetal(292, 322, a, 90, 26, 10);
  brush.fill("#b93c45", 200);
  brush.fillBleed(0.12);
  sidePetal(292, 325, -90, 45, 22, 6);

  // stamen column arching out
  brush.fill("#e1a934", 220);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.4);
  brush.vertex(288, 300); brush.vertex(296, 300); brush.vertex(240, 150); brush.vertex(233, 154);
  brush.endShape(true);
  brush.fill("#c9791a", 230);
  for (let i = 0; i < 7; i++) brush.circle(234 + random(-14, 14), 150 + random(-14, 10), 4, false);

  // closed bud on the side stem
  brush.fill("#f4a37c", 210);
  brush.fillBleed(0.25);
  brush.fillTexture(0.45, 0.5);
  sidePetal(455, 392, -70, 110, 26, 8);
  brush.fill("#dc6f57", 160);
  brush.fillBleed(0.15);
  sidePetal(458, 392, -72, 100, 10, 6);
  brush.fill("#557a45", 210);
  sidePetal(455, 396, -70, 40, 20, 4);
}
