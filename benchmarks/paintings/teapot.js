// a teapot
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

function oval(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function arc(cx, cy, r0, r1, a0, a1) {
  const pts = [];
  for (let a = a0; a <= a1; a += 12) pts.push([cx + cos(a) * r1, cy + sin(a) * r1]);
  for (let a = a1; a >= a0; a -= 12) pts.push([cx + cos(a) * r0, cy + sin(a) * r0]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3ede2");
  brush.noStroke();
  randomSeed(21);

  // a dusky green wall, a linen table
  wash("#b9c2a8", 170, 0.45, 0.45, [[-20, -20], [620, -20], [620, 400], [-20, 410]], 0.6);
  wash("#8f9c80", 110, 0.5, 0.45, oval(470, 120, 240, 170, 14, 0.2), 0.8);
  wash("#e6d7bf", 190, 0.35, 0.35, [[-20, 400], [620, 392], [620, 620], [-20, 620]], 0.5);
  wash("#cdb897", 110, 0.4, 0.4, [[-20, 520], [620, 500], [620, 620], [-20, 620]], 0.5);

  // the shadow first, then the pot: a terracotta body, light from the left
  wash("#4f4a40", 190, 0.35, 0.5, oval(350, 430, 190, 24, 14, 0.15), 0.8);
  wash("#d9825a", 230, 0.15, 0.5, oval(290, 340, 120, 92, 20, 0.03), 0.7);
  wash("#b85e3c", 190, 0.2, 0.55, oval(320, 352, 95, 75, 18, 0.05), 0.7);
  wash("#7a3220", 170, 0.2, 0.55, oval(350, 372, 60, 50, 14, 0.08), 0.8);
  wash("#5a2416", 150, 0.15, 0.5, oval(372, 392, 30, 26, 12, 0.1), 0.8);
  // spout and handle
  wash("#c86c46", 220, 0.1, 0.35, [[185, 340], [140, 300], [112, 262], [122, 256], [158, 290], [200, 318]], 0.6);
  wash("#a5502f", 220, 0.1, 0.35, arc(412, 330, 34, 50, -80, 90), 0.5);
  // lid and knob
  wash("#c96f48", 230, 0.1, 0.3, oval(290, 252, 62, 16, 14, 0.05), 0.6);
  wash("#9a4a2c", 200, 0.08, 0.3, oval(290, 258, 58, 7, 12, 0.05), 0.6);
  wash("#7d3a22", 240, 0.05, 0.2, oval(290, 232, 13, 11, 10, 0.05), 0.6);
  // highlights and a painted band
  wash("#f6dcc4", 200, 0.3, 0.2, oval(240, 305, 28, 36, 12, 0.15), 0.8);
  wash("#f1efe6", 200, 0.3, 0.2, oval(236, 300, 10, 14, 10, 0.15), 0.8);
  wash("#e8c77a", 170, 0.1, 0.2, [[176, 352], [404, 352], [402, 362], [178, 362]], 0.5);

  // a small cup at the right with its shadow
  wash("#6f6a5c", 140, 0.3, 0.4, oval(500, 455, 70, 12, 12, 0.15), 0.8);
  wash("#e9eef0", 230, 0.1, 0.25, [[445, 395], [535, 395], [528, 440], [452, 440]], 0.5);
  wash("#a8b4bd", 170, 0.15, 0.3, [[490, 398], [535, 395], [528, 440], [495, 440]], 0.5);
  wash("#4a6a8a", 200, 0.05, 0.2, [[447, 408], [533, 408], [532, 414], [448, 414]], 0.2);
  wash("#8a5a3a", 210, 0.1, 0.3, oval(490, 396, 44, 6, 12, 0.05), 0.5);
}
