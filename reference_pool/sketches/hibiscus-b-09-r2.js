// A tilted peach hibiscus in three-quarter view, petals kept separate with paper between glazes (second revision)
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

// petal in a squashed (tilted) frame: sy < 1 flattens the flower into an ellipse
function petal(cx, cy, ang, len, spread, sy, gap) {
  brush.beginShape(0.5);
  brush.vertex(cx + cos(ang) * gap, cy + sin(ang) * gap * sy);
  for (let i = 0; i <= 14; i++) {
    let t = i / 14;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.7 + 0.3 * sin(t * 180)) + (noise(ang * 0.04, t * 4) - 0.5) * len * 0.2;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r * sy);
  }
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe5");
  brush.noStroke();
  randomSeed(41);
  noiseSeed(41);
  let cx = 320, cy = 330, sy = 0.62;

  // cool shadow under the flower and a warm halo behind it
  brush.fillBleed(0.55);
  brush.fillTexture(0.55, 0.25);
  brush.fill("#efd4b6", 130);
  wash(300, 260, 270, 200, 40);
  brush.fill("#a9b6c9", 140);
  wash(360, 470, 230, 90, 30);
  brush.fill("#6d7f99", 130);
  wash(420, 500, 140, 50, 20);
  brush.fill("#8ea27f", 120);
  wash(90, 520, 140, 120, 30);
  wash(560, 90, 110, 110, 30);

  // two leaves to the lower left, pale then dark vein glaze
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.5);
  let lv = [[240, 380, 160, 210, 50], [270, 410, 125, 180, 42]];
  for (let pass = 0; pass < 2; pass++) {
    brush.fill(pass ? "#1f4430" : "#5f9456", pass ? 195 : 200);
    for (let l of lv) {
      let w = pass ? l[4] * 0.35 : l[4];
      brush.beginShape(0.6);
      for (let i = 0; i <= 20; i++) {
        let t = i <= 10 ? i / 10 : (20 - i) / 10;
        let off = (i <= 10 ? 1 : -1) * w * sin(t * 180);
        brush.vertex(l[0] + cos(l[2]) * l[3] * t - sin(l[2]) * off, l[1] + sin(l[2]) * l[3] * t + cos(l[2]) * off);
      }
      brush.endShape(true);
    }
  }

  // petals: back petals first and paler, front petals glazed warmer
  let back = [-150, -90, -30];
  let front = [40, 130];
  brush.fill("#f8c6a2", 215);
  brush.fillBleed(0.4);
  brush.fillTexture(0.4, 0.55);
  for (let a of back) petal(cx, cy, a, 230, 66, sy, 14);
  brush.fill("#f3a57c", 205);
  brush.fillBleed(0.32);
  for (let a of front) petal(cx, cy, a, 250, 74, sy, 14);
  brush.fill("#ec8a62", 160);
  brush.fillBleed(0.25);
  for (let a of back.concat(front)) petal(cx, cy, a + 3, 130, 50, sy, 10);
  brush.fill("#c9474a", 190);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.6);
  for (let a of back.concat(front)) petal(cx, cy, a, 62, 44, sy, 4);
  brush.fill("#9c2a3c", 150);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  for (let k = 0; k < 14; k++) {
    let a = random(360);
    let r1 = random(70, 120);
    brush.beginShape(0.3);
    brush.vertex(cx + cos(a + 6) * 10, cy + sin(a + 6) * 10 * sy);
    brush.vertex(cx + cos(a) * r1, cy + sin(a) * r1 * sy);
    brush.vertex(cx + cos(a - 6) * 10, cy + sin(a - 6) * 10 * sy);
    brush.endShape(true);
  }
  // a darker rim glaze on the two front petals so they come forward
  brush.fill("#d8704f", 120);
  brush.fillBleed(0.18);
  brush.fillTexture(0.35, 0.7);
  for (let a of front) petal(cx, cy, a + 22, 245, 22, sy, 60);
  brush.fill("#4a0f1f", 240);
  brush.fillBleed(0.1);
  brush.fillTexture(0.3, 0.5);
  brush.circle(cx, cy, 20, false);

  // stamen column standing up out of the tilted flower
  brush.fill("#e6b13c", 230);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.3);
  brush.vertex(315, 330); brush.vertex(325, 330); brush.vertex(352, 170); brush.vertex(344, 168);
  brush.endShape(true);
  brush.fill("#c7721a", 235);
  for (let i = 0; i < 8; i++) brush.circle(348 + random(-16, 16), 166 + random(-14, 10), 5, false);
}
