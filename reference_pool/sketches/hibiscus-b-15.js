// A single peach hibiscus floating on a dark teal pond, seen from above, with ripples and lily pads
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function ring(cx, cy, r, w, sy) {
  // a thin ripple crescent
  brush.beginShape(0.6);
  for (let a = 200; a <= 340; a += 14) brush.vertex(cx + cos(a) * r, cy + sin(a) * r * sy);
  for (let a = 340; a >= 200; a -= 14) brush.vertex(cx + cos(a) * (r - w), cy + sin(a) * (r - w) * sy);
  brush.endShape(true);
}

function petal(cx, cy, ang, len, spread) {
  brush.beginShape(0.5);
  brush.vertex(cx + cos(ang) * 6, cy + sin(ang) * 6);
  for (let i = 0; i <= 14; i++) {
    let t = i / 14;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.72 + 0.28 * sin(t * 180)) + (noise(ang * 0.05, t * 4) - 0.5) * len * 0.22;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.endShape(true);
}

function pad(cx, cy, r, notch) {
  brush.beginShape(0.6);
  brush.vertex(cx, cy);
  for (let a = notch + 18; a <= notch + 342; a += 18) brush.vertex(cx + cos(a) * r * (1 + random(-0.05, 0.05)), cy + sin(a) * r * 0.8);
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#2b4348");
  brush.noStroke();
  randomSeed(19);
  noiseSeed(19);

  // water: deeper pools and a lighter sky reflection, wet into each other
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.25);
  brush.fill("#183036", 180);
  brush.beginShape(0.85);
  for (let a = 0; a < 360; a += 24) brush.vertex(480 + cos(a) * (220 + random(-30, 30)), 500 + sin(a) * (180 + random(-30, 30)));
  brush.endShape(true);
  brush.fill("#4f7478", 150);
  brush.beginShape(0.85);
  for (let a = 0; a < 360; a += 24) brush.vertex(120 + cos(a) * (200 + random(-30, 30)), 110 + sin(a) * (150 + random(-30, 30)));
  brush.endShape(true);

  // lily pads in two greens
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.6);
  brush.fill("#5e8f5e", 220);
  pad(110, 470, 95, 20);
  pad(500, 120, 80, 160);
  pad(520, 430, 60, 250);
  brush.fill("#2f5a40", 200);
  pad(110, 470, 60, 30);
  pad(500, 120, 50, 170);

  // ripples around the flower
  brush.fill("#7fa3a3", 140);
  brush.fillBleed(0.08);
  brush.fillTexture(0.1, 0.3);
  ring(300, 330, 230, 6, 0.45);
  ring(300, 335, 190, 5, 0.45);
  ring(300, 340, 150, 4, 0.45);

  // the bloom: saturated apricot glazes so it glows over the dark water
  let cx = 300, cy = 290;
  let L = [["#f5a06a", 255, 175, 84, 0.38], ["#f9b585", 240, 160, 76, 0.32], ["#fcc9a0", 210, 125, 62, 0.28], ["#f08a5c", 190, 85, 56, 0.22], ["#c8414a", 210, 45, 48, 0.14]];
  for (let l of L) {
    brush.fill(l[0], l[1]);
    brush.fillBleed(l[4]);
    brush.fillTexture(0.18, 0.7);
    for (let k = 0; k < 5; k++) petal(cx, cy, 20 + k * 72 + random(-5, 5), l[2], l[3]);
  }
  brush.fill("#4a0f1f", 240);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, 14, false);
  brush.fill("#f3cb5c", 240);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.3);
  brush.vertex(296, 290); brush.vertex(304, 290); brush.vertex(350, 200); brush.vertex(343, 196);
  brush.endShape(true);
  brush.fill("#e29a22", 240);
  for (let i = 0; i < 8; i++) brush.circle(347 + random(-14, 14), 194 + random(-12, 10), 5, false);
}
