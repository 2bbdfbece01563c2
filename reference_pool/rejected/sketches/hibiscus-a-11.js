// Hibiscus in flat hard-edged neon shapes on a clashing ground
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#19e0ff");
  brush.noStroke();
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.fill("#39ff14", 255);
  brush.beginShape(0);
  brush.vertex(0, 420); brush.vertex(600, 380); brush.vertex(600, 600); brush.vertex(0, 600);
  brush.endShape(true);
  let cx = 300, cy = 260;
  brush.fill("#ff6a00", 255);
  for (let k = 0; k < 5; k++) {
    let a = k * 72 - 90;
    brush.beginShape(0);
    brush.vertex(cx, cy);
    brush.vertex(cx + cos(a - 30) * 160, cy + sin(a - 30) * 160);
    brush.vertex(cx + cos(a + 30) * 160, cy + sin(a + 30) * 160);
    brush.endShape(true);
  }
  brush.fill("#ff00cc", 255);
  brush.circle(cx, cy, 45, false);
  brush.fill("#ffff00", 255);
  brush.beginShape(0);
  brush.vertex(cx, cy); brush.vertex(cx + 10, cy - 150); brush.vertex(cx + 22, cy - 150); brush.vertex(cx + 12, cy);
  brush.endShape(true);
  brush.fill("#8a00ff", 255);
  brush.beginShape(0);
  brush.vertex(300, 420); brush.vertex(180, 360); brush.vertex(150, 460);
  brush.endShape(true);
}
