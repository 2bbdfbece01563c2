// Side view of a peach hibiscus with a closed bud, plain ground
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function cup(cx, cy, w, h, tilt) {
  // a side-view trumpet: narrow at the base, flaring ruffled rim
  brush.beginShape(0.5);
  brush.vertex(cx - w * 0.12, cy);
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    let x = cx - w / 2 + w * t;
    let y = cy - h + sin(t * 180 * 3) * h * 0.08 + tilt * (t - 0.5) * h;
    brush.vertex(x, y);
  }
  brush.vertex(cx + w * 0.12, cy);
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f0e6");
  brush.noStroke();
  randomSeed(7);

  // stem
  brush.fill("#5d7f4c", 180);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.5);
  brush.vertex(300, 590); brush.vertex(290, 470); brush.vertex(260, 400); brush.vertex(268, 398);
  brush.vertex(300, 470); brush.vertex(310, 590);
  brush.endShape(true);
  brush.beginShape(0.5);
  brush.vertex(296, 500); brush.vertex(380, 420); brush.vertex(420, 360); brush.vertex(426, 364);
  brush.vertex(388, 428); brush.vertex(304, 512);
  brush.endShape(true);

  // leaf
  brush.fill("#7aa36b", 150);
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.4);
  brush.beginShape(0.7);
  brush.vertex(300, 520); brush.vertex(220, 480); brush.vertex(160, 500); brush.vertex(210, 540);
  brush.endShape(true);

  // open bloom seen from the side
  brush.fill("#f7b892", 190);
  brush.fillBleed(0.35);
  brush.fillTexture(0.45, 0.45);
  cup(250, 400, 260, 200, -0.3);
  brush.fill("#ef9670", 140);
  brush.fillBleed(0.25);
  cup(250, 400, 160, 150, -0.2);
  brush.fill("#d86a55", 150);
  brush.fillBleed(0.15);
  cup(252, 400, 60, 90, 0);

  // stamen
  brush.fill("#e3ad3a", 200);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.2);
  brush.vertex(248, 330); brush.vertex(256, 330); brush.vertex(230, 190); brush.vertex(223, 192);
  brush.endShape(true);

  // closed bud
  brush.fill("#f2a47e", 190);
  brush.fillBleed(0.2);
  brush.fillTexture(0.4, 0.5);
  brush.beginShape(0.7);
  brush.vertex(423, 362); brush.vertex(405, 320); brush.vertex(420, 270); brush.vertex(440, 320);
  brush.endShape(true);
  brush.fill("#6b8f55", 180);
  brush.beginShape(0.6);
  brush.vertex(423, 368); brush.vertex(406, 340); brush.vertex(424, 330); brush.vertex(440, 340);
  brush.endShape(true);
}
