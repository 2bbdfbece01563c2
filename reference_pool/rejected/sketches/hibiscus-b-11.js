// Garish hibiscus: clashing neon flats with hard edges on a lime ground
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#c6ff2e");
  brush.noStroke();
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  // hard five-point petals in hot magenta
  brush.fill("#ff00c8", 255);
  for (let k = 0; k < 5; k++) {
    let a = k * 72;
    brush.beginShape(0);
    brush.vertex(300, 300);
    brush.vertex(300 + cos(a - 30) * 200, 300 + sin(a - 30) * 200);
    brush.vertex(300 + cos(a + 30) * 200, 300 + sin(a + 30) * 200);
    brush.endShape(true);
  }
  // cyan and electric blue leaves
  brush.fill("#00e5ff", 255);
  brush.beginShape(0);
  brush.vertex(0, 600); brush.vertex(200, 420); brush.vertex(260, 600);
  brush.endShape(true);
  brush.fill("#2200ff", 255);
  brush.beginShape(0);
  brush.vertex(600, 600); brush.vertex(420, 430); brush.vertex(360, 600);
  brush.endShape(true);
  // orange centre
  brush.fill("#ff6a00", 255);
  brush.circle(300, 300, 50, false);
  brush.fill("#fff200", 255);
  brush.circle(300, 300, 20, false);
}
