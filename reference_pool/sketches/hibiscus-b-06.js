// Cropped close-up: the throat of a peach hibiscus in the lower left, petals running off the canvas
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function petal(cx, cy, ang, len, spread) {
  brush.beginShape(0.5);
  brush.vertex(cx + cos(ang) * 8, cy + sin(ang) * 8);
  for (let i = 0; i <= 16; i++) {
    let t = i / 16;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.72 + 0.28 * sin(t * 180)) + (noise(ang * 0.03, t * 5) - 0.5) * len * 0.2;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.endShape(true);
}

function streak(cx, cy, ang, r0, r1, w) {
  brush.beginShape(0.4);
  brush.vertex(cx + cos(ang) * r0 - sin(ang) * w, cy + sin(ang) * r0 + cos(ang) * w);
  brush.vertex(cx + cos(ang) * (r0 + r1) / 2 - sin(ang) * w * 0.6, cy + sin(ang) * (r0 + r1) / 2 + cos(ang) * w * 0.6);
  brush.vertex(cx + cos(ang) * r1, cy + sin(ang) * r1);
  brush.vertex(cx + cos(ang) * (r0 + r1) / 2 + sin(ang) * w * 0.6, cy + sin(ang) * (r0 + r1) / 2 - cos(ang) * w * 0.6);
  brush.vertex(cx + cos(ang) * r0 + sin(ang) * w, cy + sin(ang) * r0 - cos(ang) * w);
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f8efe4");
  brush.noStroke();
  randomSeed(9);
  noiseSeed(9);
  let cx = 190, cy = 420;

  // background corner glaze of cool green where no petal reaches
  brush.fill("#8fae8c", 130);
  brush.fillBleed(0.5);
  brush.fillTexture(0.6, 0.3);
  brush.beginShape(0.8);
  brush.vertex(380, 600); brush.vertex(600, 380); brush.vertex(600, 600);
  brush.endShape(true);
  brush.fill("#c7b7cf", 110);
  brush.beginShape(0.8);
  brush.vertex(0, 0); brush.vertex(220, 0); brush.vertex(0, 180);
  brush.endShape(true);

  // five huge petals, three glazes each
  let angs = [-75, -10, 55, 130, 200];
  let L = [["#f8c09a", 220, 560, 76, 0.45], ["#f4a47c", 185, 430, 64, 0.35], ["#ee8a63", 165, 280, 56, 0.28], ["#d9594c", 185, 140, 50, 0.2]];
  for (let l of L) {
    brush.fill(l[0], l[1]);
    brush.fillBleed(l[4]);
    brush.fillTexture(0.45, 0.55);
    for (let a of angs) petal(cx, cy, a + random(-4, 4), l[2], l[3]);
  }
  // petal overlap shadows: thin glazes along one edge of each petal
  brush.fill("#c96a58", 90);
  brush.fillBleed(0.25);
  brush.fillTexture(0.3, 0.5);
  for (let a of angs) petal(cx, cy, a + 30, 420, 10);

  // crimson veins fading outward
  brush.fill("#a9323f", 120);
  brush.fillBleed(0.07);
  brush.fillTexture(0.05, 0.2);
  for (let k = 0; k < 22; k++) streak(cx, cy, random(360), 20, random(120, 230), 2.5);

  // throat
  brush.fill("#8a2236", 220);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.6);
  brush.circle(cx, cy, 42, false);
  brush.fill("#4a1020", 235);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, 18, false);

  // stamen column sweeping to the upper right
  brush.fill("#f0c05a", 230);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.4);
  brush.vertex(184, 414); brush.vertex(198, 426); brush.vertex(352, 246); brush.vertex(340, 238);
  brush.endShape(true);
  brush.fill("#d98a1a", 235);
  for (let i = 0; i < 10; i++) brush.circle(348 + random(-22, 22), 236 + random(-22, 18), 6, false);
  brush.fill("#b3331f", 230);
  for (let i = 0; i < 5; i++) brush.circle(352 + random(-12, 12), 228 + random(-10, 6), 4, false);
}
