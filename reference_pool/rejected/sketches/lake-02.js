// Morning lake under a green ridge: a simple flat study
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7f5ef");
  brush.noStroke();
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.3);

  // sky
  brush.fill("#bcd6e8", 130);
  brush.beginShape(0.3);
  brush.vertex(40, 60); brush.vertex(560, 60); brush.vertex(560, 260); brush.vertex(40, 260);
  brush.endShape(true);

  // one mountain ridge
  brush.fill("#7f9c8a", 170);
  brush.beginShape(0.4);
  brush.vertex(40, 300);
  for (let x = 40; x <= 560; x += 40) brush.vertex(x, 300 - sin(map(x, 40, 560, 0, 180)) * 130 - noise(x * 0.02) * 40);
  brush.vertex(560, 300);
  brush.endShape(true);

  // lake
  brush.fill("#8fb6cc", 150);
  brush.beginShape(0.3);
  brush.vertex(40, 300); brush.vertex(560, 300); brush.vertex(560, 480); brush.vertex(40, 480);
  brush.endShape(true);

  // reflection
  brush.fill("#7f9c8a", 90);
  brush.beginShape(0.4);
  brush.vertex(120, 300); brush.vertex(480, 300); brush.vertex(400, 370); brush.vertex(200, 370);
  brush.endShape(true);

  // shore
  brush.fill("#a4946e", 150);
  brush.beginShape(0.5);
  brush.vertex(40, 470); brush.vertex(300, 455); brush.vertex(560, 470); brush.vertex(560, 520); brush.vertex(40, 520);
  brush.endShape(true);
}
