// a sparrow on a fence
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5f0e6");
  brush.noStroke();
  randomSeed(43);

  // a soft green garden behind, out of focus
  wash("#b9c9a0", 190, 0.55, 0.45, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.5);
  wash("#8ea878", 150, 0.55, 0.5, oval(120, 160, 200, 170, 14, 0.25), 0.8);
  wash("#6f8d5e", 130, 0.55, 0.5, oval(500, 420, 230, 180, 14, 0.25), 0.8);
  wash("#e9d9a8", 130, 0.55, 0.35, oval(470, 110, 150, 100, 14, 0.25), 0.8);
  // the fence rail and two posts, weathered grey
  wash("#8f8a80", 235, 0.08, 0.5, [[-20, 400], [620, 380], [620, 420], [-20, 440]], 0.2);
  wash("#6a655c", 200, 0.08, 0.5, [[-20, 428], [620, 408], [620, 420], [-20, 440]], 0.2);
  wash("#9a948a", 235, 0.08, 0.5, [[90, 300], [140, 296], [146, 620], [86, 620]], 0.1);
  wash("#6a655c", 180, 0.08, 0.5, [[122, 298], [140, 296], [146, 620], [126, 620]], 0.1);
  wash("#9a948a", 235, 0.08, 0.5, [[470, 290], [520, 286], [526, 620], [466, 620]], 0.1);

  // the sparrow, drawn large at the middle of the rail
  push();
  translate(300, 340);
  scale(1.7);
  translate(-300, -340);
  // the sparrow: warm brown back, buff breast, grey cap, dark bib
  wash("#b8986a", 250, 0.12, 0.4, oval(300, 340, 70, 48, 16, 0.05), 0.7);
  wash("#6e4526", 250, 0.1, 0.45, [[250, 320], [330, 300], [372, 330], [340, 356], [262, 352]], 0.6);
  for (let i = 0; i < 5; i++) {
    wash("#3e2a1a", 220, 0.04, 0.2, [[276 + i * 16, 318], [290 + i * 16, 314], [286 + i * 16, 338], [274 + i * 16, 336]], 0.4);
  }
  wash("#f0e6d0", 200, 0.05, 0.1, [[300, 344], [352, 336], [350, 342], [302, 350]], 0.3);
  wash("#6e4a2e", 240, 0.06, 0.35, [[360, 330], [430, 318], [432, 328], [364, 342]], 0.3);
  wash("#7a7a84", 250, 0.1, 0.35, oval(236, 300, 34, 30, 14, 0.05), 0.7);
  wash("#7a5232", 220, 0.08, 0.3, oval(246, 286, 24, 12, 12, 0.1), 0.7);
  wash("#e8e2d6", 220, 0.06, 0.2, oval(226, 312, 16, 10, 10, 0.1), 0.6);
  wash("#1e1812", 250, 0.03, 0.1, [[214, 318], [236, 318], [232, 346], [218, 344]], 0.4);
  wash("#14100c", 255, 0.02, 0.05, oval(226, 300, 4, 4, 8, 0.05), 0.5);
  wash("#f8f4ea", 240, 0.02, 0.05, oval(227, 299, 1.5, 1.5, 6, 0.05), 0.5);
  wash("#3a3028", 250, 0.02, 0.1, [[202, 304], [212, 298], [212, 310]], 0.1);
  pop();
  // feet gripping the rail and a cast shadow
  wash("#6a4a3a", 240, 0.02, 0.05, [[290, 392], [294, 392], [292, 404], [288, 404]], 0);
  wash("#6a4a3a", 240, 0.02, 0.05, [[322, 392], [326, 392], [324, 404], [320, 404]], 0);
  wash("#4a463f", 150, 0.3, 0.4, oval(310, 404, 60, 6, 12, 0.15), 0.8);
}
