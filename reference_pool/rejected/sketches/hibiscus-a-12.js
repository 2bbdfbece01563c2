// A tiny hesitant hibiscus mark in the corner of an empty sheet
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4eee3");
  brush.noStroke();
  brush.fill("#f4ad88", 140);
  brush.fillBleed(0.2);
  brush.fillTexture(0.3, 0.3);
  for (let k = 0; k < 5; k++) {
    let a = k * 72;
    brush.circle(90 + cos(a) * 8, 500 + sin(a) * 8, 7, false);
  }
  brush.fill("#b3314a", 160);
  brush.circle(90, 500, 4, false);
}
