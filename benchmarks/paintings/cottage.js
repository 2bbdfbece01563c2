// a cottage in snow at dusk
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

function fir(x, base, h, w, hex) {
  for (let k = 0; k < 4; k++) {
    const y = base - (h * k) / 4, ww = w * (1 - k / 5);
    wash(hex, 220, 0.08, 0.3, [[x - ww, y], [x, y - h * 0.45], [x + ww, y]], 0.2);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0f2");
  brush.noStroke();
  randomSeed(17);

  // dusk sky from violet to a warm band at the horizon
  wash("#5d6690", 210, 0.45, 0.45, [[-20, -20], [620, -20], [620, 260], [-20, 240]], 0.5);
  wash("#a98fb0", 160, 0.5, 0.4, [[-20, 150], [620, 170], [620, 330], [-20, 320]], 0.6);
  wash("#eebf8c", 150, 0.5, 0.35, [[-20, 260], [620, 270], [620, 350], [-20, 345]], 0.6);
  // snow: cool shadows across white paper
  wash("#b8c2d8", 150, 0.4, 0.35, [[-20, 350], [200, 335], [420, 345], [620, 330], [620, 620], [-20, 620]], 0.6);
  wash("#8f9cc0", 120, 0.4, 0.4, [[-20, 520], [300, 480], [620, 540], [620, 620], [-20, 620]], 0.7);

  // dark firs behind and beside the cottage
  fir(80, 370, 150, 40, "#26333a");
  fir(130, 360, 110, 30, "#2e3d40");
  fir(520, 365, 170, 46, "#22303a");
  fir(470, 360, 100, 28, "#2e3d40");

  // the cottage: walls, shadowed gable end, snowy roof, chimney
  wash("#a0705a", 240, 0.06, 0.3, [[210, 420], [210, 330], [370, 330], [370, 420]], 0);
  wash("#6d4a3c", 230, 0.06, 0.3, [[370, 420], [370, 330], [420, 300], [430, 330], [430, 410]], 0);
  wash("#f4f5f7", 250, 0.1, 0.15, [[196, 334], [250, 262], [410, 262], [374, 334]], 0.1);
  wash("#c9cfe0", 200, 0.1, 0.2, [[374, 334], [410, 262], [440, 332]], 0.1);
  wash("#4a3630", 240, 0.04, 0.2, [[330, 268], [330, 236], [346, 236], [346, 268]], 0);
  // warm windows and a door
  wash("#f2c766", 250, 0.04, 0.1, [[232, 360], [262, 360], [262, 388], [232, 388]], 0);
  wash("#f2c766", 250, 0.04, 0.1, [[300, 360], [330, 360], [330, 388], [300, 388]], 0);
  wash("#3b2520", 240, 0.03, 0.1, [[386, 420], [386, 372], [410, 368], [410, 416]], 0);
  // lamp glow on the snow, smoke, path
  wash("#f3d79a", 130, 0.5, 0.3, oval(280, 440, 100, 20, 14, 0.2), 0.8);
  wash("#c6c3d3", 110, 0.5, 0.3, oval(350, 200, 24, 34, 12, 0.3), 0.8);
  wash("#9aa6c8", 160, 0.3, 0.3, [[390, 422], [410, 422], [470, 620], [380, 620]], 0.5);
}
