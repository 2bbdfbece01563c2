// a sleeping cat
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.35);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function oval(cx, cy, rx, ry, n, jit, rot) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    const x = cos(a) * rx * k, y = sin(a) * ry * k;
    pts.push([cx + x * cos(rot) - y * sin(rot), cy + x * sin(rot) + y * cos(rot)]);
  }
  return pts;
}

function stroke(x0, y0, x1, y1, w) {
  const dx = x1 - x0, dy = y1 - y0, l = sqrt(dx * dx + dy * dy);
  const nx = (-dy / l) * w, ny = (dx / l) * w;
  return [[x0 + nx, y0 + ny], [(x0 + x1) / 2 + nx * 1.4, (y0 + y1) / 2 + ny * 1.4], [x1, y1],
          [(x0 + x1) / 2 - nx * 1.4, (y0 + y1) / 2 - ny * 1.4], [x0 - nx, y0 - ny]];
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4ede1");
  brush.noStroke();
  randomSeed(7);

  // wall and a blue cushion
  wash("#e7d3b8", 150, 0.5, 0.35, [[-20, -20], [620, -20], [620, 330], [-20, 360]], 0.6);
  wash("#d8bfa0", 90, 0.5, 0.4, oval(120, 120, 200, 140, 14, 0.2, 0), 0.8);
  wash("#8ea6c4", 190, 0.35, 0.45, oval(300, 400, 270, 120, 18, 0.08, 0), 0.7);
  wash("#6b86aa", 140, 0.3, 0.45, oval(320, 450, 240, 70, 16, 0.1, 0), 0.7);
  wash("#4c6489", 120, 0.3, 0.45, oval(330, 490, 210, 30, 14, 0.1, 0), 0.8);

  // the curled body: light ginger first, then deeper washes on the back
  wash("#f0c28a", 220, 0.25, 0.4, oval(300, 360, 165, 95, 18, 0.05, -4), 0.7);
  wash("#dd8e45", 200, 0.25, 0.45, oval(320, 340, 140, 70, 16, 0.08, -6), 0.7);
  wash("#b8652a", 170, 0.2, 0.45, oval(340, 320, 110, 40, 14, 0.1, -8), 0.8);
  // tail around the front
  wash("#d98644", 200, 0.15, 0.4, [[160, 400], [240, 440], [360, 448], [450, 420], [455, 432], [360, 462], [230, 456], [150, 415]], 0.8);
  wash("#e8a665", 140, 0.25, 0.4, oval(290, 380, 150, 60, 16, 0.08, -4), 0.7);
  // head tucked at the left
  wash("#f2c894", 230, 0.2, 0.35, oval(185, 345, 70, 58, 16, 0.05, 10), 0.7);
  wash("#e3a060", 150, 0.2, 0.4, oval(175, 320, 50, 28, 12, 0.1, 10), 0.8);
  wash("#d58a48", 220, 0.08, 0.3, [[140, 310], [150, 262], [178, 298]], 0.2);
  wash("#d58a48", 220, 0.08, 0.3, [[196, 292], [222, 258], [232, 304]], 0.2);
  wash("#e9a8a0", 180, 0.05, 0.1, [[150, 302], [154, 276], [170, 298]], 0.2);
  // stripes on the back and the flank, a darker tail tip
  for (let i = 0; i < 7; i++) {
    const x = 250 + i * 32;
    wash("#8a4418", 200, 0.1, 0.35, stroke(x, 285 + abs(i - 3) * 6, x + 12, 330 + abs(i - 3) * 4, 5), 0.6);
    wash("#a3582a", 150, 0.1, 0.35, stroke(x + 6, 350, x + 14, 385, 4), 0.6);
  }
  wash("#6e3414", 220, 0.1, 0.3, oval(445, 425, 18, 9, 10, 0.1, 15), 0.6);
  // the head's shadow side, closed eye, nose, cast shadow
  wash("#c0783c", 150, 0.2, 0.4, oval(205, 370, 40, 28, 12, 0.1, 10), 0.7);
  wash("#2e1a10", 240, 0.02, 0.05, stroke(160, 342, 186, 346, 2.2), 0.4);
  wash("#2e1a10", 240, 0.02, 0.05, stroke(196, 338, 214, 334, 2.2), 0.4);
  wash("#b8646a", 220, 0.02, 0.05, oval(150, 362, 5, 4, 8, 0.1, 0), 0.5);
  wash("#2c3b5a", 190, 0.3, 0.45, oval(320, 462, 170, 18, 14, 0.15, 0), 0.8);
  // a few whisker marks
  for (let i = 0; i < 3; i++) wash("#7a5a48", 160, 0.02, 0.05, stroke(148, 366 + i * 5, 112, 360 + i * 9, 0.8), 0.3);
}
