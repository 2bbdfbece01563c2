// Two peach hibiscus blooms on a leafy branch, off-centre, warm ground wash (revision)
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function blob(cx, cy, rx, ry, jit, curv) {
  brush.beginShape(curv);
  for (let a = 0; a < 360; a += 24) {
    brush.vertex(cx + cos(a) * (rx + random(-jit, jit)), cy + sin(a) * (ry + random(-jit, jit)));
  }
  brush.endShape(true);
}

function petal(cx, cy, ang, len, spread, base) {
  // fan-shaped petal with a ruffled outer rim
  brush.beginShape(0.55);
  brush.vertex(cx + cos(ang - 12) * base, cy + sin(ang - 12) * base);
  for (let i = 0; i <= 12; i++) {
    let a = ang - spread / 2 + (spread * i) / 12;
    let r = len * (0.8 + 0.2 * sin((i / 12) * 180)) + noise(cx * 0.01 + i * 0.7, ang) * len * 0.14;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.vertex(cx + cos(ang + 12) * base, cy + sin(ang + 12) * base);
  brush.endShape(true);
}

function vein(cx, cy, ang, r0, r1, w) {
  brush.beginShape(0.3);
  brush.vertex(cx + cos(ang) * r0 + cos(ang + 90) * w, cy + sin(ang) * r0 + sin(ang + 90) * w);
  brush.vertex(cx + cos(ang) * r1, cy + sin(ang) * r1);
  brush.vertex(cx + cos(ang) * r0 - cos(ang + 90) * w, cy + sin(ang) * r0 - sin(ang + 90) * w);
  brush.endShape(true);
}

function leaf(x, y, ang, len, wid) {
  brush.beginShape(0.6);
  for (let i = 0; i <= 10; i++) {
    let t = i / 10;
    let off = wid * pow(sin(t * 180), 0.8);
    brush.vertex(x + cos(ang) * len * t + cos(ang + 90) * off, y + sin(ang) * len * t + sin(ang + 90) * off);
  }
  for (let i = 9; i >= 1; i--) {
    let t = i / 10;
    let off = wid * pow(sin(t * 180), 0.8) * 0.85;
    brush.vertex(x + cos(ang) * len * t - cos(ang + 90) * off, y + sin(ang) * len * t - sin(ang + 90) * off);
  }
  brush.endShape(true);
}

function bloom(cx, cy, size, rot) {
  brush.fill("#f7b089", 210);
  brush.fillBleed(0.38);
  brush.fillTexture(0.5, 0.5);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot + k * 72, size, 80, size * 0.08);
  brush.fill("#f4a27c", 150);
  brush.fillBleed(0.3);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot - 6 + k * 72, size * 0.85, 60, size * 0.08);
  brush.fill("#f09a70", 130);
  brush.fillBleed(0.28);
  brush.fillTexture(0.45, 0.55);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot + 8 + k * 72, size * 0.62, 62, size * 0.05);
  brush.fill("#d4504c", 190);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.6);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot + 4 + k * 72, size * 0.3, 50, 2);
  brush.fill("#c4544a", 80);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  for (let k = 0; k < 10; k++) vein(cx, cy, rot + k * 36 + random(-8, 8), size * 0.12, size * random(0.35, 0.55), 1.8);
  brush.fill("#6a1a2a", 220);
  brush.fillBleed(0.1);
  brush.fillTexture(0.3, 0.5);
  brush.circle(cx, cy, size * 0.11, false);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5eee2");
  brush.noStroke();
  randomSeed(11);
  noiseSeed(11);

  // ground washes: warm apricot glow, cool sage in the lower right, wet into each other
  brush.fill("#f1cfa4", 120);
  brush.fillBleed(0.55);
  brush.fillTexture(0.6, 0.25);
  blob(320, 250, 270, 210, 50, 0.8);
  brush.fill("#9dbd90", 130);
  blob(440, 470, 190, 140, 40, 0.8);
  brush.fill("#c9b6d4", 80);
  blob(110, 120, 120, 90, 30, 0.8);

  // branch
  brush.fill("#5b4a38", 170);
  brush.fillBleed(0.08);
  brush.fillTexture(0.1, 0.3);
  brush.beginShape(0.5);
  brush.vertex(590, 560); brush.vertex(470, 440); brush.vertex(430, 380);
  brush.vertex(439, 377); brush.vertex(480, 430); brush.vertex(600, 545);
  brush.endShape(true);

  // leaves: pale layer then darker glaze on the shadow half
  brush.fill("#6d9c62", 170);
  brush.fillBleed(0.3);
  brush.fillTexture(0.5, 0.5);
  leaf(430, 420, 20, 150, 42);
  leaf(380, 392, 95, 140, 38);
  leaf(500, 480, -60, 120, 34);
  leaf(300, 360, 170, 150, 40);
  brush.fill("#2f5b3d", 170);
  brush.fillBleed(0.15);
  leaf(430, 420, 20, 120, 18);
  leaf(380, 392, 95, 110, 16);
  leaf(300, 360, 170, 120, 17);

  bloom(230, 230, 155, -20);
  bloom(420, 350, 98, 30);

  // stamen column with pollen dots
  brush.fill("#e2a630", 200);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.2);
  brush.vertex(226, 226); brush.vertex(236, 232); brush.vertex(300, 150); brush.vertex(292, 145);
  brush.endShape(true);
  brush.fill("#c97d16", 220);
  for (let i = 0; i < 7; i++) brush.circle(296 + random(-16, 16), 146 + random(-16, 12), 4, false);
}
