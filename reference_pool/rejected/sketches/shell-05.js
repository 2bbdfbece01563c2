// Rejected: a scallop made of hard flat orange polygons with no bleed, no texture, one layer, on a blank ground
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
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.fill("#ff7a00", 255);
  for (let k = 0; k < 7; k++) {
    let a0 = -160 + k * 20, a1 = a0 + 16;
    brush.beginShape(0);
    brush.vertex(300, 420);
    brush.vertex(300 + cos(a0) * 200, 420 + sin(a0) * 200);
    brush.vertex(300 + cos(a1) * 200, 420 + sin(a1) * 200);
    brush.endShape(true);
  }
  brush.fill("#0044ff", 255);
  brush.beginShape(0);
  brush.vertex(260, 400); brush.vertex(340, 400); brush.vertex(340, 450); brush.vertex(260, 450);
  brush.endShape(true);
}
