// Close-up peach hibiscus glowing on a deep aubergine ground, cropped off the right edge (revision)
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function petal(cx, cy, ang, len, spread, base, ruff) {
  brush.beginShape(0.5);
  brush.vertex(cx + cos(ang - 15) * base, cy + sin(ang - 15) * base);
  for (let i = 0; i <= 14; i++) {
    let t = i / 14;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.78 + 0.22 * sin(t * 180)) + (noise(ang * 0.05, t * 4) - 0.5) * ruff;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.vertex(cx + cos(ang + 15) * base, cy + sin(ang + 15) * base);
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#2b2130");
  brush.noStroke();
  randomSeed(4);
  noiseSeed(4);

  // deep ground glazes: teal and plum pools
  brush.fillBleed(0.5);
  brush.fillTexture(0.6, 0.3);
  brush.fill("#2d5552", 170);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(120 + cos(a) * (180 + random(-40, 40)), 470 + sin(a) * (160 + random(-40, 40)));
  brush.endShape(true);
  brush.fill("#5a2f4a", 160);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(130 + cos(a) * (150 + random(-30, 30)), 110 + sin(a) * (120 + random(-30, 30)));
  brush.endShape(true);

  // dark leaves half lost in the ground
  brush.fill("#4f8a5a", 210);
  brush.fillBleed(0.3);
  brush.fillTexture(0.5, 0.5);
  for (let j = 0; j < 3; j++) {
    let ang = 150 + j * 40;
    brush.beginShape(0.6);
    for (let i = 0; i <= 16; i++) {
      let t = i / 16;
      let side = i <= 8 ? 1 : -1;
      let tt = i <= 8 ? t * 2 : 2 - t * 2;
      let off = side * 50 * sin(tt * 180);
      brush.vertex(380 + cos(ang) * 300 * tt + cos(ang + 90) * off, 320 + sin(ang) * 300 * tt + sin(ang + 90) * off);
    }
    brush.endShape(true);
  }

  brush.fill("#1f3d2c", 190);
  brush.fillBleed(0.12);
  brush.fillTexture(0.1, 0.3);
  for (let j = 0; j < 3; j++) {
    let ang = 150 + j * 40;
    brush.beginShape(0.3);
    brush.vertex(380, 320);
    brush.vertex(380 + cos(ang) * 290 + cos(ang + 90) * 3, 320 + sin(ang) * 290 + sin(ang + 90) * 3);
    brush.vertex(380 + cos(ang) * 290 - cos(ang + 90) * 3, 320 + sin(ang) * 290 - sin(ang + 90) * 3);
    brush.endShape(true);
  }

  let cx = 400, cy = 290;
  // petals: a pale underlayer, then peach, then coral glazes toward the throat
  let layers = [
    ["#f5a06a", 255, 250, 84, 0.4],
    ["#f9b585", 240, 235, 78, 0.35],
    ["#fcc9a0", 200, 190, 62, 0.3],
    ["#f08a5c", 190, 130, 56, 0.25],
    ["#d9564a", 190, 75, 48, 0.18],
  ];
  for (let L of layers) {
    brush.fill(L[0], L[1]);
    brush.fillBleed(L[4]);
    brush.fillTexture(0.5, 0.55);
    for (let k = 0; k < 5; k++) petal(cx, cy, 100 + k * 72 + random(-6, 6), L[2], L[3], 10, L[2] * 0.18);
  }
  // crimson eye and shadowed throat
  brush.fill("#a82f43", 210);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.6);
  brush.circle(cx, cy, 38, false);
  brush.fill("#55142a", 230);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, 16, false);

  // stamen column reaching to the upper left
  brush.fill("#f0c85a", 230);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.2);
  brush.vertex(396, 286); brush.vertex(406, 294); brush.vertex(318, 178); brush.vertex(310, 184);
  brush.endShape(true);
  brush.fill("#e8a21f", 240);
  for (let i = 0; i < 8; i++) brush.circle(312 + random(-18, 18), 176 + random(-16, 14), 5, false);
}
