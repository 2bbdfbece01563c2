// Rejected: overworked tulips, many muddy brown-grey layers piled on the same spot until the colour dies
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f1ede6");
  brush.noStroke();
  let cols = ["#7a5a4a", "#6b6b4a", "#8a4a5a", "#5a5a6a", "#6e5040", "#4e6040"];
  for (let layer = 0; layer < 9; layer++) {
    brush.fill(cols[layer % cols.length], 200);
    brush.fillBleed(0.05);
    brush.fillTexture(0.8, 0.9);
    for (let k = 0; k < 3; k++) {
      let x = 200 + k * 100 + random(-20, 20), y = 260 + random(-20, 20);
      brush.beginShape(0.3);
      for (let i = 0; i < 8; i++) {
        let a = i * 45;
        brush.vertex(x + cos(a) * random(50, 80), y + sin(a) * random(60, 100));
      }
      brush.endShape(true);
    }
  }
  brush.fill("#4a4a3a", 220);
  for (let k = 0; k < 3; k++) {
    let x = 200 + k * 100;
    brush.beginShape(0.2);
    brush.vertex(x - 12, 330); brush.vertex(x + 12, 330); brush.vertex(x + 20, 560); brush.vertex(x - 20, 560);
    brush.endShape(true);
  }
  brush.fill("#5d4b3b", 200);
  brush.circle(300, 480, 90, false);
}
