// Two coral and one butter-yellow tulip glowing on a deep indigo ground, off-centre to the right, long arching leaves
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

function petal(bx, by, w, h, lean, tilt) {
  let pts = [];
  for (let i = 0; i <= 10; i++) {
    let t = i / 10, pr = (0.55 + 0.45 * sin(t * 180)) * (1 - pow(t, 3));
    pts.push([-w * pr + lean * t * h, -h * t]);
  }
  for (let i = 10; i >= 0; i--) {
    let t = i / 10, pr = (0.55 + 0.45 * sin(t * 180)) * (1 - pow(t, 3));
    pts.push([w * pr + lean * t * h, -h * t]);
  }
  for (let i = 1; i < 5; i++) pts.push([cos(i * 36) * w * 0.55, sin(i * 36) * w * 0.35]);
  shape(pts.map((p) => [bx + p[0] * cos(tilt) - p[1] * sin(tilt) + random(-2, 2), by + p[0] * sin(tilt) + p[1] * cos(tilt) + random(-2, 2)]), 0.8);
}

function tulip(x, y, s, tilt, light, mid, dark) {
  brush.fill(light, 220);
  brush.fillBleed(0.35);
  brush.fillTexture(0.45, 0.4);
  petal(x, y, 55 * s, 130 * s, 0, tilt);
  brush.fill(mid, 220);
  brush.fillBleed(0.25);
  brush.fillTexture(0.5, 0.5);
  petal(x - 22 * s, y, 36 * s, 118 * s, -0.12, tilt);
  petal(x + 22 * s, y, 36 * s, 120 * s, 0.12, tilt);
  brush.fill(dark, 190);
  brush.fillBleed(0.15);
  brush.fillTexture(0.35, 0.6);
  petal(x, y + 4, 24 * s, 95 * s, 0, tilt);
}

function leaf(x0, y0, x1, y1, w, side, col, op) {
  brush.fill(col, op);
  let pts = [];
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    let bend = sin(t * 180) * 40 * side;
    pts.push([lerp(x0, x1, t) + bend - sin(t * 180) * w * (1 - t * 0.5), lerp(y0, y1, t)]);
  }
  for (let i = 12; i >= 0; i--) {
    let t = i / 12;
    let bend = sin(t * 180) * 40 * side;
    pts.push([lerp(x0, x1, t) + bend + sin(t * 180) * w * 0.4, lerp(y0, y1, t)]);
  }
  shape(pts, 0.8);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#232638");
  brush.noStroke();

  // glow washes in the dark
  brush.fill("#5a4f7a", 150);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.3);
  let g = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5;
    g.push([380 + cos(a) * 230 * (1 + random(-0.15, 0.15)), 250 + sin(a) * 210 * (1 + random(-0.15, 0.15))]);
  }
  shape(g, 0.7);
  brush.fill("#2f5a5a", 140);
  let g2 = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    g2.push([150 + cos(a) * 180, 500 + sin(a) * 130 * (1 + random(-0.2, 0.2))]);
  }
  shape(g2, 0.7);

  // stems
  brush.fill("#7fb05a", 220);
  brush.fillBleed(0.1);
  brush.fillTexture(0.05, 0.2);
  shape([[336, 250], [346, 250], [330, 420], [318, 615], [306, 615], [322, 420]], 0.8);
  shape([[436, 215], [446, 215], [420, 420], [340, 615], [328, 615], [410, 420]], 0.8);
  shape([[500, 340], [510, 340], [450, 480], [360, 615], [348, 615], [440, 480]], 0.8);

  // leaves, light then shadow glazes
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.4);
  leaf(300, 620, 180, 300, 55, -1, "#8dc26a", 200);
  leaf(345, 620, 560, 420, 45, 1, "#8dc26a", 190);
  brush.fillBleed(0.18);
  leaf(305, 620, 200, 350, 24, -1, "#3f7a4a", 180);

  tulip(340, 255, 1.0, -6, "#ffb59a", "#f46f58", "#b2283d");
  tulip(440, 215, 1.08, 5, "#fff1a6", "#f9d35b", "#d9882a");
  tulip(505, 345, 0.85, 18, "#ffb59a", "#f46f58", "#b2283d");
}
