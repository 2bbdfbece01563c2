// A handful of small shells scattered on pale sand, seen from above: two cowries, a small scallop and a spiral, plain washes
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

function cowrie(x, y, s, rot) {
  brush.fill("#9b8fb0", 120);
  brush.fillBleed(0.35);
  blob(x + 10, y + 12, 60 * s, 40 * s, 12, 0.05, rot);
  brush.fill("#d8b27e", 200);
  brush.fillBleed(0.2);
  brush.fillTexture(0.4, 0.45);
  blob(x, y, 60 * s, 40 * s, 14, 0.04, rot);
  brush.fill("#8a5a3a", 160);
  brush.fillBleed(0.15);
  for (let k = 0; k < 7; k++) blob(x + random(-35, 35) * s, y + random(-20, 20) * s, 7 * s, 5 * s, 7, 0.2, rot);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f1e7");
  brush.noStroke();

  brush.fill("#e6d3ae", 140);
  brush.fillBleed(0.5);
  brush.fillTexture(0.5, 0.3);
  blob(300, 300, 320, 300, 16, 0.1, 0);

  cowrie(170, 180, 1.1, 25);
  cowrie(430, 420, 0.85, -40);

  // small scallop
  let hx = 400, hy = 220;
  brush.fill("#9b8fb0", 110);
  brush.fillBleed(0.35);
  blob(hx + 10, hy - 30, 80, 60, 12, 0.05, 0);
  for (let k = 0; k < 9; k++) {
    let a0 = -160 + k * 16, a1 = a0 + 15;
    brush.fill(k % 2 ? "#ef9f86" : "#e58a70", 180);
    brush.fillBleed(0.15);
    brush.fillTexture(0.35, 0.5);
    shape([[hx, hy + 20], [hx + cos(a0) * 85, hy + 20 + sin(a0) * 80], [hx + cos((a0 + a1) / 2) * 90, hy + 20 + sin((a0 + a1) / 2) * 85], [hx + cos(a1) * 85, hy + 20 + sin(a1) * 80]], 0.5);
  }

  // spiral
  let sx = 180, sy = 430;
  brush.fill("#c9b49a", 190);
  brush.fillBleed(0.2);
  blob(sx, sy, 70, 65, 14, 0.04, 0);
  brush.fill("#8f6a4c", 150);
  for (let r = 55; r > 8; r -= 14) blob(sx + (55 - r) * 0.3, sy + (55 - r) * 0.2, r, r * 0.93, 12, 0.04, 0);
}
