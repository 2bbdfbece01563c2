// a windmill on a hill
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

function ridge(y, amp, per, phase, bottom) {
  const pts = [];
  for (let x = -20; x <= 620; x += 40) pts.push([x, y + sin(x * 360 / per + phase) * amp + random(-4, 4)]);
  pts.push([620, bottom]);
  pts.push([-20, bottom]);
  return pts;
}

function sail(cx, cy, ang, len, wid) {
  const c = cos(ang), s = sin(ang);
  const q = [[18, -wid * 0.3], [len, -wid * 0.5], [len, wid * 0.5], [18, wid * 0.3]];
  return q.map((p) => [cx + p[0] * c - p[1] * s, cy + p[0] * s + p[1] * c]);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe3");
  brush.noStroke();
  randomSeed(4);

  // sky: warm low, cool high, a few soft clouds
  wash("#f3d9b0", 150, 0.5, 0.3, [[-20, 120], [620, 100], [620, 420], [-20, 420]], 0.6);
  wash("#a9c4dc", 170, 0.45, 0.4, [[-20, -20], [620, -20], [620, 190], [-20, 240]], 0.6);
  wash("#8fb0cf", 110, 0.5, 0.4, oval(160, 70, 190, 50, 14, 0.2), 0.8);
  wash("#f7efe4", 150, 0.5, 0.3, oval(420, 130, 120, 30, 12, 0.25), 0.8);

  // distant hills, then the near hill
  wash("#9aa7b8", 140, 0.4, 0.4, ridge(330, 18, 520, 30, 460), 0.5);
  wash("#a8b78a", 170, 0.35, 0.45, ridge(390, 26, 700, 200, 620), 0.5);
  wash("#7f9a5a", 190, 0.3, 0.5, [[-20, 470], [120, 420], [260, 395], [400, 410], [620, 450], [620, 620], [-20, 620]], 0.7);
  wash("#5d7a41", 150, 0.25, 0.5, [[-20, 540], [200, 500], [420, 515], [620, 490], [620, 620], [-20, 620]], 0.7);

  // the tower: tapered, lit on the left, shade on the right
  wash("#d8c6a8", 240, 0.08, 0.2, [[250, 405], [278, 250], [322, 250], [352, 405]], 0);
  wash("#9a8266", 220, 0.08, 0.25, [[305, 250], [322, 250], [352, 405], [318, 405]], 0);
  wash("#8c7660", 120, 0.1, 0.3, [[252, 395], [352, 395], [352, 410], [250, 410]], 0);
  // cap
  wash("#6e4b3a", 230, 0.06, 0.2, [[270, 254], [300, 222], [330, 254]], 0.2);
  // door and window
  wash("#3c2e2a", 240, 0.02, 0.1, [[292, 405], [292, 372], [300, 366], [308, 372], [308, 405]], 0);
  wash("#3c2e2a", 230, 0.02, 0.1, [[296, 300], [306, 300], [306, 314], [296, 314]], 0);

  // four sails on the hub, one nearly upright
  for (let i = 0; i < 4; i++) {
    wash("#cfc2ae", 200, 0.05, 0.15, sail(300, 248, 62 + i * 90, 150, 34), 0);
    wash("#5e4c3e", 220, 0.04, 0.2, sail(300, 248, 62 + i * 90 - 3, 150, 6), 0);
  }
  wash("#2f2622", 250, 0.02, 0.1, oval(300, 248, 7, 7, 10, 0.05), 0.5);

  // shadow of the mill on the grass, small bushes, grass marks
  wash("#4e6438", 150, 0.3, 0.5, oval(380, 412, 80, 10, 14, 0.2), 0.8);
  wash("#3e5530", 200, 0.2, 0.5, oval(110, 455, 45, 22, 12, 0.25), 0.8);
  wash("#34482a", 200, 0.2, 0.5, oval(470, 440, 35, 18, 12, 0.25), 0.8);
  for (let i = 0; i < 14; i++) {
    const x = random(20, 580), y = random(480, 590);
    wash("#3f5a2c", 170, 0.05, 0.05, [[x, y], [x + 3, y - random(14, 28)], [x + 6, y]], 0);
  }
}
