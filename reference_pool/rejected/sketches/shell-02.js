// A spiral conch shell lying on its side, cool aqua and sand palette, off-centre, with a wet-sand reflection
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function shape(pts, curv) {
  brush.beginShape(curv);
  for (let p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit, rot) {
  let pts = [];
  for (let i = 0; i < n; i++) {
    let a = i * (360 / n);
    let r = 1 + random(-jit, jit);
    let x = cos(a) * rx * r, y = sin(a) * ry * r;
    pts.push([cx + x * cos(rot) - y * sin(rot), cy + x * sin(rot) + y * cos(rot)]);
  }
  shape(pts, 0.7);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2f0ea");
  brush.noStroke();

  // sea-glass backdrop top, wet sand below
  brush.fill("#9cc9c3", 150);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.35);
  shape([[-30, -30], [630, -30], [630, 230], [450, 260], [250, 240], [60, 270], [-30, 250]], 0.7);
  brush.fill("#e4cfa6", 150);
  shape([[-30, 250], [140, 230], [330, 260], [520, 235], [630, 250], [630, 630], [-30, 630]], 0.7);
  brush.fill("#c4ad86", 110);
  blob(200, 520, 260, 70, 14, 0.15, -4);

  // reflection / shadow under the shell
  brush.fill("#7d9aa6", 130);
  brush.fillBleed(0.45);
  blob(330, 445, 210, 38, 14, 0.15, -8);

  // body whorl: big rounded shape tapering to a spire on the left
  let cx = 350, cy = 360;
  brush.fill("#f3dcc0", 210);
  brush.fillBleed(0.25);
  brush.fillTexture(0.45, 0.4);
  let body = [];
  for (let i = 0; i <= 20; i++) {
    let a = -100 + i * 13;
    body.push([cx + cos(a) * 150, cy + sin(a) * 95]);
  }
  body.push([cx - 140, cy + 40], [cx - 230, cy + 5], [cx - 270, cy - 15], [cx - 230, cy - 35], [cx - 140, cy - 80]);
  shape(body, 0.7);

  // spire whorls: shrinking bands toward the tip
  let wh = [[cx - 120, cy - 22, 45, 60], [cx - 175, cy - 14, 32, 44], [cx - 215, cy - 10, 22, 30], [cx - 248, cy - 12, 14, 20]];
  for (let i = 0; i < wh.length; i++) {
    let w = wh[i];
    brush.fill(i % 2 ? "#e3b08f" : "#d99a78", 160);
    brush.fillBleed(0.18);
    brush.fillTexture(0.35, 0.55);
    blob(w[0], w[1], w[2], w[3], 10, 0.08, 15);
  }
  // stripes on the body whorl
  for (let k = 0; k < 6; k++) {
    let a = -70 + k * 26;
    brush.fill("#c9775a", 140);
    brush.fillBleed(0.16);
    brush.fillTexture(0.4, 0.5);
    let pts = [];
    for (let j = 0; j <= 6; j++) {
      let t = j / 6;
      pts.push([cx - 80 + t * 40 + cos(a) * 140 * (0.4 + t * 0.6), cy + sin(a) * 88 * (0.4 + t * 0.6)]);
    }
    for (let j = 6; j >= 0; j--) {
      let t = j / 6;
      pts.push([cx - 80 + t * 40 + cos(a + 9) * 140 * (0.4 + t * 0.6), cy + sin(a + 9) * 88 * (0.4 + t * 0.6)]);
    }
    shape(pts, 0.8);
  }
  // glossy pink aperture on the right
  brush.fill("#f4a8a0", 190);
  brush.fillBleed(0.22);
  brush.fillTexture(0.4, 0.45);
  blob(cx + 95, cy + 10, 60, 80, 12, 0.08, 10);
  brush.fill("#c2504e", 170);
  brush.fillBleed(0.14);
  blob(cx + 105, cy + 20, 30, 55, 10, 0.1, 10);
  brush.fill("#5b2630", 160);
  brush.fillBleed(0.1);
  blob(cx + 112, cy + 30, 12, 30, 8, 0.1, 10);
  // shade along the underside of the body
  brush.fill("#7b6d8f", 120);
  brush.fillBleed(0.3);
  shape([[cx - 200, cy + 10], [cx - 60, cy + 60], [cx + 60, cy + 95], [cx + 120, cy + 80], [cx + 20, cy + 55], [cx - 120, cy + 25]], 0.8);
}
