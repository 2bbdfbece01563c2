// Overworked hibiscus: dozens of dark glazes piled on until everything turns to mud
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#efe6d6");
  brush.noStroke();
  randomSeed(13);
  noiseSeed(13);
  let muds = ["#6b5a3c", "#7a4b3a", "#4f5a3a", "#5a4660", "#8a6a4a", "#3d3a30"];
  for (let layer = 0; layer < 40; layer++) {
    let cx = 300 + random(-90, 90), cy = 300 + random(-90, 90);
    brush.fill(random(muds), 230);
    brush.fillBleed(random(0.1, 0.3));
    brush.fillTexture(0.5, 0.6);
    brush.beginShape(0.5);
    for (let i = 0; i < 9; i++) {
      let a = i * 40, r = random(60, 170);
      brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
    }
    brush.endShape(true);
  }
  for (let k = 0; k < 5; k++) {
    brush.fill("#c07a5a", 200);
    brush.fillBleed(0.2);
    brush.fillTexture(0.5, 0.5);
    brush.circle(300 + cos(k * 72) * 80, 300 + sin(k * 72) * 80, 70, false);
  }
  brush.fill("#2a1a1a", 240);
  brush.circle(300, 300, 50, false);
}
