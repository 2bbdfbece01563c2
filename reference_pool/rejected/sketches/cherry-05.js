// Rejected: cherry blossoms as scribbled circles scattered everywhere in clashing neon colours on a harsh green ground
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#3aff5a");
  brush.noStroke();
  let cols = ["#ff00c8", "#ffe600", "#00e5ff", "#ff3300"];
  brush.fillBleed(0.05);
  brush.fillTexture(0.9, 0.9);
  for (let i = 0; i < 40; i++) {
    brush.fill(cols[i % 4], 240);
    brush.circle(random(600), random(600), random(15, 45), true);
  }
  brush.fill("#222222", 255);
  brush.beginShape(0);
  brush.vertex(0, 300); brush.vertex(600, 280); brush.vertex(600, 300); brush.vertex(0, 320);
  brush.endShape(true);
}
