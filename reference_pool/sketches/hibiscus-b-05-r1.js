// Two peach hibiscus buds, one just unfurling, against wet blue and apricot washes (revision)
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(cx, cy, rx, ry, jit) {
  brush.beginShape(0.85);
  for (let a = 0; a < 360; a += 24) brush.vertex(cx + cos(a) * (rx + random(-jit, jit)), cy + sin(a) * (ry + random(-jit, jit)));
  brush.endShape(true);
}

function bud(x, y, w, h, ang) {
  // teardrop pointing along ang, base at (x, y)
  brush.beginShape(0.75);
  for (let i = 0; i <= 24; i++) {
    let a = i * 15;
    let t = (1 - cos(a)) / 2;
    let wid = w * sin(t * 180) * (1 - 0.45 * t);
    let side = a < 180 ? 1 : -1;
    let px = h * t, py = side * wid;
    brush.vertex(x + cos(ang) * px - sin(ang) * py, y + sin(ang) * px + cos(ang) * py);
  }
  brush.endShape(true);
}

function leaf(x, y, ang, len, wid) {
  brush.beginShape(0.65);
  for (let i = 0; i <= 20; i++) {
    let t = i <= 10 ? i / 10 : (20 - i) / 10;
    let sd = i <= 10 ? 1 : -0.8;
    let off = sd * wid * sin(t * 180) * (1 + (noise(i, x) - 0.5) * 0.3);
    brush.vertex(x + cos(ang) * len * t - sin(ang) * off, y + sin(ang) * len * t + cos(ang) * off);
  }
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f1e8");
  brush.noStroke();
  randomSeed(15);
  noiseSeed(15);

  brush.fillBleed(0.55);
  brush.fillTexture(0.6, 0.25);
  brush.fill("#b7cfe0", 140);
  wash(430, 160, 240, 200, 40);
  brush.fill("#f2cfa6", 120);
  wash(220, 330, 200, 230, 40);
  brush.fill("#8fb49a", 110);
  wash(300, 560, 320, 110, 30);

  // stems
  brush.fill("#4e7543", 205);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.6);
  brush.vertex(200, 600); brush.vertex(235, 430); brush.vertex(290, 300); brush.vertex(298, 304);
  brush.vertex(246, 432); brush.vertex(212, 600);
  brush.endShape(true);
  brush.beginShape(0.6);
  brush.vertex(236, 450); brush.vertex(330, 380); brush.vertex(420, 330); brush.vertex(424, 338);
  brush.vertex(336, 390); brush.vertex(242, 462);
  brush.endShape(true);

  // leaves, light then a darker glaze on one side
  brush.fill("#6e9d5e", 185);
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.5);
  leaf(230, 470, 200, 170, 42);
  leaf(250, 520, -15, 190, 45);
  brush.fill("#2c5232", 170);
  brush.fillBleed(0.15);
  leaf(230, 470, 203, 140, 16);
  leaf(250, 520, -18, 160, 17);

  // tall bud, petals twisting: pale base, coral glaze, crimson spiral seams
  brush.fill("#f7b48c", 220);
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.5);
  bud(293, 306, 58, 230, -82);
  brush.fill("#ee8e66", 180);
  brush.fillBleed(0.22);
  bud(298, 300, 34, 210, -86);
  brush.fill("#c24b46", 150);
  brush.fillBleed(0.08);
  brush.fillTexture(0.05, 0.3);
  for (let k = 0; k < 3; k++) bud(286 + k * 10, 290, 4, 190 - k * 30, -78 - k * 6);

  // unfurling bud: petal tips starting to flare
  brush.fill("#f9c19c", 215);
  brush.fillBleed(0.35);
  brush.fillTexture(0.45, 0.5);
  bud(421, 333, 40, 120, -40);
  bud(421, 333, 34, 110, -70);
  brush.fill("#e27a5b", 170);
  brush.fillBleed(0.2);
  bud(421, 333, 20, 100, -55);

  // calyxes
  brush.fill("#4a7040", 220);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.4);
  bud(294, 312, 34, 60, -90);
  bud(422, 338, 24, 40, -55);
}
