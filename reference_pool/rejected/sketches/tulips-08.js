// Rejected: a near-empty canvas, one tiny red tulip mark and a hairline stem in a corner
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4efe6");
  brush.noStroke();
  brush.fill("#4f8a3a", 160);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.beginShape(0.5);
  brush.vertex(498, 470); brush.vertex(501, 470); brush.vertex(502, 510); brush.vertex(499, 510);
  brush.endShape(true);
  brush.fill("#d23a35", 200);
  brush.beginShape(0.5);
  brush.vertex(492, 455); brush.vertex(508, 455); brush.vertex(506, 472); brush.vertex(494, 472);
  brush.endShape(true);
}
