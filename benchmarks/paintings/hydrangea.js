// a blue hydrangea
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

function leaf(x, y, len, wid, ang) {
  const pts = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    pts.push([t * len, wid * sin(t * 180)]);
  }
  for (let i = 7; i > 0; i--) {
    const t = i / 8;
    pts.push([t * len, -wid * sin(t * 180) * 0.8]);
  }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function floret(x, y, r, hex, op) {
  for (let k = 0; k < 4; k++) {
    const a = k * 90 + random(-15, 15);
    wash(hex, op, 0.2, 0.3, oval(x + cos(a) * r * 0.55, y + sin(a) * r * 0.55, r * 0.5, r * 0.42, 8, 0.15), 0.8);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f1e6");
  brush.noStroke();
  randomSeed(11);

  // a cool, loose ground and a warm corner
  wash("#d3dde4", 180, 0.5, 0.35, oval(300, 280, 330, 260, 16, 0.15), 0.8);
  wash("#efe0c6", 120, 0.5, 0.3, oval(520, 540, 200, 120, 14, 0.2), 0.8);

  // leaves behind the head
  const leaves = [[250, 380, 180, 55, 150], [350, 380, 180, 52, 30], [300, 390, 160, 46, 100], [220, 320, 150, 40, 190], [380, 330, 140, 40, -10]];
  for (const l of leaves) {
    wash("#6f8f5c", 210, 0.3, 0.45, leaf(l[0], l[1], l[2], l[3], l[4]), 0.7);
    wash("#3f5f3a", 170, 0.25, 0.45, leaf(l[0], l[1], l[2] * 0.8, l[3] * 0.45, l[4] + 4), 0.7);
  }
  wash("#5c6b3e", 210, 0.1, 0.05, [[296, 600], [304, 600], [306, 430], [298, 430]], 0.2);

  // the head: a pale under-wash, then florets from light blue to deep violet, darker at the lower right
  wash("#c9d6ee", 170, 0.45, 0.35, oval(300, 270, 165, 145, 18, 0.12), 0.8);
  const blues = ["#9fb5e3", "#7f98d6", "#8a86c9", "#6f7fc4", "#a4a8dd", "#5f6fb6"];
  for (let i = 0; i < 70; i++) {
    const a = random(360), d = sqrt(random(1)) * 140;
    const x = 300 + cos(a) * d, y = 270 + sin(a) * d * 0.88;
    const shade = constrain(floor(map(x + y, 420, 720, 0, 6) + random(-1, 1)), 0, 5);
    floret(x, y, random(18, 26), blues[shade], 150 + shade * 12);
  }
  // shadow under the head and a few deep accents between florets
  wash("#3f4c8a", 110, 0.35, 0.4, oval(340, 360, 120, 35, 14, 0.2), 0.8);
  for (let i = 0; i < 18; i++) {
    const a = random(360), d = random(20, 130);
    wash("#2f3670", 200, 0.05, 0.1, oval(300 + cos(a) * d, 270 + sin(a) * d * 0.88, 3, 3, 6, 0.1), 0.5);
  }
  // light on the upper left
  wash("#eef2fb", 140, 0.4, 0.2, oval(235, 200, 55, 40, 12, 0.2), 0.8);
}
