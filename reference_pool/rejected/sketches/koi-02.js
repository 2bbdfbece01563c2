// A single red-and-white koi on pale water, quick study
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f1f3ee");
  brush.noStroke();
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.3);

  // a pale water wash in the middle
  brush.fill("#a9cdd0", 120);
  brush.beginShape(0.8);
  for (let a = 0; a < 360; a += 30) brush.vertex(300 + cos(a) * 230, 300 + sin(a) * 170);
  brush.endShape(true);

  // koi body: head right, tail left, a slight curve
  brush.fill("#f2a36b", 200);
  brush.beginShape(0.7);
  for (let t = 0; t <= 1.0001; t += 0.1) brush.vertex(420 - t * 250, 300 - sin(t * 180) * 45 + t * 20);
  brush.vertex(140, 290); brush.vertex(130, 350);
  for (let t = 1; t >= 0; t -= 0.1) brush.vertex(420 - t * 250, 300 + sin(t * 180) * 40 + t * 20);
  brush.endShape(true);

  // red saddle patch
  brush.fill("#d6402b", 170);
  brush.beginShape(0.8);
  brush.vertex(340, 275); brush.vertex(270, 272); brush.vertex(240, 300); brush.vertex(280, 330); brush.vertex(350, 318);
  brush.endShape(true);

  // pectoral fins
  brush.fill("#f5c7a0", 150);
  brush.beginShape(0.5);
  brush.vertex(360, 335); brush.vertex(330, 380); brush.vertex(345, 340);
  brush.endShape(true);
  brush.beginShape(0.5);
  brush.vertex(360, 265); brush.vertex(330, 225); brush.vertex(345, 262);
  brush.endShape(true);
}
