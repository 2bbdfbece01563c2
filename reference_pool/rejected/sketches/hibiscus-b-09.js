// Overworked peach hibiscus: heavy opaque layers churned into mud
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#efe8dc");
  brush.noStroke();
  randomSeed(2);
  let cols = ["#b07a5a", "#7c6a55", "#e2a07a", "#6d7060", "#a45a4a", "#8a7c6c"];
  // dozens of heavy blobs piled on the same spot until the colour dies
  for (let pass = 0; pass < 4; pass++) {
    for (let k = 0; k < 9; k++) {
      brush.fill(cols[(pass + k) % cols.length], 240);
      brush.fillBleed(0.6);
      brush.fillTexture(0.8, 0.9);
      let a = k * 40 + pass * 13;
      brush.beginShape(0.3);
      for (let i = 0; i < 7; i++) {
        let b = a + i * 51;
        brush.vertex(300 + cos(a) * 40 + cos(b) * random(60, 140), 300 + sin(a) * 40 + sin(b) * random(60, 140));
      }
      brush.endShape(true);
    }
  }
  brush.fill("#4a3a30", 250);
  brush.fillBleed(0.5);
  brush.fillTexture(0.8, 0.8);
  brush.circle(300, 300, 70, false);
  brush.circle(320, 280, 50, false);
}
