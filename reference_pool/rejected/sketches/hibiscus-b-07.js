// Three small pastel peach hibiscus in a loose row, light and airy
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function flower(cx, cy, s, rot) {
  brush.fill("#f9c7a8", 190);
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.4);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72;
    brush.beginShape(0.6);
    brush.vertex(cx, cy);
    for (let i = 0; i <= 8; i++) {
      let b = a - 34 + (68 * i) / 8;
      let r = s * (0.8 + 0.2 * sin((i / 8) * 180)) + random(-s * 0.05, s * 0.05);
      brush.vertex(cx + cos(b) * r, cy + sin(b) * r);
    }
    brush.endShape(true);
  }
  brush.fill("#e98b78", 170);
  brush.fillBleed(0.15);
  brush.circle(cx, cy, s * 0.2, false);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7f3ee");
  brush.noStroke();
  randomSeed(17);

  // a single soft mint wash along the bottom
  brush.fill("#cfe3d2", 120);
  brush.fillBleed(0.45);
  brush.fillTexture(0.5, 0.3);
  brush.beginShape(0.8);
  brush.vertex(40, 420); brush.vertex(560, 400); brush.vertex(580, 500); brush.vertex(30, 520);
  brush.endShape(true);

  // stems
  brush.fill("#93b58a", 180);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  let xs = [150, 300, 450];
  let ys = [300, 250, 320];
  for (let j = 0; j < 3; j++) {
    brush.beginShape(0.5);
    brush.vertex(xs[j] - 3, ys[j]); brush.vertex(xs[j] + 3, ys[j]);
    brush.vertex(xs[j] + 10, 480); brush.vertex(xs[j] + 4, 480);
    brush.endShape(true);
  }

  // small leaves
  brush.fill("#a9c9a0", 150);
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.35);
  for (let j = 0; j < 3; j++) {
    brush.beginShape(0.7);
    brush.vertex(xs[j] + 6, 420); brush.vertex(xs[j] + 50, 395); brush.vertex(xs[j] + 70, 410); brush.vertex(xs[j] + 30, 428);
    brush.endShape(true);
  }

  flower(150, 300, 70, 10);
  flower(300, 250, 85, 40);
  flower(450, 320, 65, -15);
}
