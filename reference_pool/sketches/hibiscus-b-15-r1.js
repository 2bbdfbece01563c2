// A peach hibiscus floating on a dark pond, the water painted around it so the flower keeps the paper's glow (revision)
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function blob(cx, cy, r, jit) {
  brush.beginShape(0.85);
  for (let a = 0; a < 360; a += 30) brush.vertex(cx + cos(a) * (r + random(-jit, jit)), cy + sin(a) * (r * 0.8 + random(-jit, jit)));
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
  background("#f4ede2");
  brush.noStroke();
  randomSeed(19);
  noiseSeed(19);
  let cx = 290, cy = 300, R = 185;

  // the pond: many soft teal pools laid around the flower, never over it
  let water = [["#6f9a9c", 170, 70], ["#3c6468", 180, 55], ["#1d3a40", 190, 40]];
  for (let w of water) {
    brush.fill(w[0], w[1]);
    brush.fillBleed(0.45);
    brush.fillTexture(0.5, 0.35);
    for (let k = 0; k < w[2]; k++) {
      let x = random(-40, 640), y = random(-40, 640);
      let r = random(45, 95);
      let d = dist(x, y, cx, cy);
      if (d - r < R + 12) continue;
      blob(x, y, r, r * 0.2);
    }
  }

  // lily pads
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.6);
  brush.fill("#6c9a5c", 225);
  pad(520, 110, 70, 160);
  pad(530, 480, 80, 230);
  pad(70, 540, 70, 300);
  brush.fill("#2c5238", 205);
  pad(520, 110, 42, 170);
  pad(530, 480, 48, 240);

  // the bloom on bare paper: pale to dark glazes
  let L = [["#f9c8a3", 235, R, 84, 0.38], ["#f5a97f", 210, R * 0.82, 74, 0.32], ["#ee8e63", 180, R * 0.52, 62, 0.25], ["#c8414a", 210, R * 0.25, 50, 0.14]];
  for (let l of L) {
    brush.fill(l[0], l[1]);
    brush.fillBleed(l[4]);
    brush.fillTexture(0.4, 0.6);
    for (let k = 0; k < 5; k++) petal(cx, cy, 20 + k * 72 + random(-5, 5), l[2], l[3]);
  }
  // a cool reflected-water glaze on the lower petal edges
  brush.fill("#8fb2b4", 90);
  brush.fillBleed(0.2);
  brush.fillTexture(0.3, 0.6);
  petal(cx, cy, 92, R * 0.95, 30);
  petal(cx, cy, 164, R * 0.9, 24);
  brush.fill("#4a0f1f", 240);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, 14, false);
  brush.fill("#eab844", 240);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.3);
  brush.vertex(286, 300); brush.vertex(294, 300); brush.vertex(345, 200); brush.vertex(338, 196);
  brush.endShape(true);
  brush.fill("#c7721a", 240);
  for (let i = 0; i < 8; i++) brush.circle(342 + random(-14, 14), 194 + random(-12, 10), 5, false);
}
