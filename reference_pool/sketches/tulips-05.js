// Looking straight down into one open pink tulip: six pointed petals around a dark star-shaped heart, leaves radiating behind
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

function spoke(cx, cy, r0, r1, w, a, curv) {
  let pts = [];
  for (let i = 0; i <= 10; i++) {
    let t = i / 10, pr = sin(pow(t, 0.7) * 180) * (1 - pow(t, 4) * 0.3);
    pts.push([r0 + (r1 - r0) * t, -w * pr]);
  }
  for (let i = 10; i >= 0; i--) {
    let t = i / 10, pr = sin(pow(t, 0.7) * 180) * (1 - pow(t, 4) * 0.3);
    pts.push([r0 + (r1 - r0) * t, w * pr]);
  }
  shape(pts.map((p) => [cx + p[0] * cos(a) - p[1] * sin(a) + random(-3, 3), cy + p[0] * sin(a) + p[1] * cos(a) + random(-3, 3)]), curv);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3efe8");
  brush.noStroke();
  let cx = 290, cy = 305;

  // ground washes: pale sage and a warm corner
  brush.fill("#c3d1b0", 140);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.35);
  let bg = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5;
    bg.push([cx + cos(a) * 320 * (1 + random(-0.1, 0.1)), cy + sin(a) * 300 * (1 + random(-0.1, 0.1))]);
  }
  shape(bg, 0.7);

  // leaves radiating out, light then dark
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.4);
  let la = [25, 140, 215, 300];
  for (let a of la) {
    brush.fill("#7ea85a", 180);
    spoke(cx, cy, 60, 330, 60, a, 0.8);
  }
  brush.fillBleed(0.18);
  for (let a of la) {
    brush.fill("#3f6a3a", 150);
    spoke(cx, cy, 80, 300, 20, a + 4, 0.8);
  }

  // outer petals, pale pink
  brush.fillBleed(0.35);
  brush.fillTexture(0.45, 0.45);
  for (let k = 0; k < 3; k++) {
    brush.fill("#f6bccb", 210);
    spoke(cx, cy, 10, 215, 95, k * 120 + 5, 0.8);
  }
  // inner petals, stronger rose, offset
  brush.fillBleed(0.25);
  brush.fillTexture(0.45, 0.55);
  for (let k = 0; k < 3; k++) {
    brush.fill("#e77d9d", 200);
    spoke(cx, cy, 10, 185, 80, k * 120 + 65, 0.8);
  }
  // glaze deepening toward the centre of every petal
  brush.fillBleed(0.2);
  for (let k = 0; k < 6; k++) {
    brush.fill("#c23f6a", 150);
    spoke(cx, cy, 10, 110, 42, k * 60 + 5, 0.8);
  }
  // dark star heart
  brush.fillBleed(0.1);
  brush.fillTexture(0.3, 0.6);
  for (let k = 0; k < 6; k++) {
    brush.fill("#3a1630", 210);
    spoke(cx, cy, 0, 52, 16, k * 60 + 5, 0.6);
  }
  // pistil and stamens
  brush.fill("#d9d07a", 220);
  brush.fillBleed(0.05);
  let p = [];
  for (let i = 0; i < 9; i++) p.push([cx + cos(i * 40) * 16, cy + sin(i * 40) * 16]);
  shape(p, 0.8);
  brush.fill("#1e0e1a", 230);
  for (let k = 0; k < 6; k++) {
    let a = k * 60 + 35, x = cx + cos(a) * 34, y = cy + sin(a) * 34;
    shape([[x - 5, y - 3], [x + 5, y - 4], [x + 5, y + 3], [x - 5, y + 4]], 0.5);
  }
}
