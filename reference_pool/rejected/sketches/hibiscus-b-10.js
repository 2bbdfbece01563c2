// Scribbled peach hibiscus: open scribble circles everywhere instead of washes
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
  randomSeed(6);
  // petals as rings of scribbles
  brush.fill("#f2a27e", 200);
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.4);
  for (let k = 0; k < 5; k++) {
    let a = k * 72;
    for (let j = 0; j < 4; j++) {
      brush.circle(300 + cos(a) * (40 + j * 30), 300 + sin(a) * (40 + j * 30), 30 + random(-10, 10), true);
    }
  }
  // centre scribble
  brush.fill("#c0404a", 220);
  brush.circle(300, 300, 35, true);
  brush.circle(305, 295, 20, true);
  // leaves as scribbles
  brush.fill("#5f9a5a", 200);
  for (let j = 0; j < 8; j++) brush.circle(random(80, 520), random(430, 560), random(20, 45), true);
  brush.fill("#e6b23a", 220);
  for (let j = 0; j < 6; j++) brush.circle(random(250, 350), random(180, 250), random(8, 16), true);
}
