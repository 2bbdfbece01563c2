// Hibiscus attempted entirely with scribbled circles
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
  randomSeed(9);
  let cx = 300, cy = 300;
  for (let k = 0; k < 5; k++) {
    let a = k * 72;
    for (let j = 1; j < 5; j++) {
      brush.fill("#f0a07c", 180);
      brush.fillBleed(0.2);
      brush.fillTexture(0.3, 0.3);
      brush.circle(cx + cos(a) * j * 35, cy + sin(a) * j * 35, random(25, 45), true);
    }
  }
  brush.fill("#b3314a", 200);
  brush.circle(cx, cy, 35, true);
  for (let i = 0; i < 12; i++) {
    brush.fill("#6a8a4e", 180);
    brush.circle(random(40, 560), random(420, 580), random(15, 40), true);
  }
}
