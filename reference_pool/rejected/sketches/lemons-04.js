// Lemons: garish scribble version
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#ffffff");
  brush.noStroke();
  brush.fillBleed(0.05);
  brush.fillTexture(0.1, 0.1);
  // magenta table
  brush.fill("#ff00cc", 255);
  brush.beginShape(0);
  brush.vertex(0, 380); brush.vertex(600, 380); brush.vertex(600, 600); brush.vertex(0, 600);
  brush.endShape(true);
  // lemons as scribbled circles in acid yellow and lime
  for (let i = 0; i < 14; i++) {
    brush.fill(i % 2 ? "#fff200" : "#39ff14", 255);
    brush.circle(120 + (i % 7) * 60, 300 + floor(i / 7) * 70, 45, true);
  }
  // electric blue leaves
  for (let i = 0; i < 4; i++) {
    brush.fill("#0044ff", 255);
    brush.circle(150 + i * 100, 230, 30, true);
  }
}
