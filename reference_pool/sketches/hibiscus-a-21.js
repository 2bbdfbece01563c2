// Peach hibiscus on a deep plum ground: petals built up in many warm glazes, gold pollen, violet leaves in shadow
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(col, op, bleed, tex, border, pts, curv) {
  brush.fill(col, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (let p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function petal(cx, cy, a, len, wid, seed) {
  let pts = [[cx, cy]];
  for (let i = 0; i <= 18; i++) {
    let t = map(i, 0, 18, -wid, wid);
    let r = len * (0.72 + 0.28 * pow(cos(t * 90 / wid), 0.5) + (noise(seed, i * 0.55) - 0.5) * 0.22);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#3b2438");
  brush.noStroke();
  randomSeed(66);
  noiseSeed(66);

  // deeper pools and a lifted glow behind the bloom
  let glow = [];
  for (let i = 0; i < 16; i++) { let a = i * 22.5, r = 250 * (0.8 + noise(i * 0.4, 2) * 0.4); glow.push([320 + cos(a) * r, 300 + sin(a) * r]); }
  wash("#6d4a66", 180, 0.5, 0.55, 0.3, glow, 0.9);
  wash("#22121f", 200, 0.45, 0.55, 0.35, [[-20, 420], [160, 520], [220, 620], [-20, 620]], 0.9);
  wash("#22121f", 190, 0.45, 0.55, 0.35, [[620, -20], [620, 160], [480, 60], [430, -20]], 0.9);

  // leaves in violet shadow
  let lv = [[360, 320, -25, 240], [300, 330, 160, 230], [330, 360, 95, 200]];
  for (let l of lv) {
    let [x, y, a, L] = l, W = L * 0.3, pts = [];
    for (let j = 0; j <= 10; j++) { let t = j / 10; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
    for (let j = 10; j >= 0; j--) { let t = j / 10; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.8, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.8]); }
    wash("#5f7a5c", 220, 0.25, 0.45, 0.5, pts, 0.7);
    wash("#1c2a20", 200, 0.15, 0.4, 0.5, pts.slice(0, 11), 0.7);
  }

  let cx = 320, cy = 270;
  let ang = [-100, -28, 44, 116, 188];
  let cols = ["#fff4e6", "#ffe2c6", "#ffcfa6", "#fdbb8a", "#f7a273"];
  for (let g = 0; g < 5; g++) {
    for (let k = 0; k < 5; k++) wash(cols[g], 255, 0.3 - g * 0.03, 0.4, 0.3, petal(cx, cy, ang[k] + g * 4, 200 * (1 - g * 0.07), 42 - g * 3, k + g * 10), 0.6);
  }
  // petal shadows and veins
  for (let k = 0; k < 5; k++) wash("#e0765e", 190, 0.3, 0.5, 0.4, petal(cx, cy, ang[k] + 28, 150, 12, k + 60), 0.7);
  for (let k = 0; k < 24; k++) {
    let a = random(360), L = random(60, 150);
    wash("#d0604c", 170, 0.07, 0.05, 0.2, [[cx + cos(a - 4) * 20, cy + sin(a - 4) * 20], [cx + cos(a) * L, cy + sin(a) * L], [cx + cos(a + 4) * 20, cy + sin(a + 4) * 20]], 0.3);
  }
  wash("#c8385a", 240, 0.25, 0.45, 0.4, petal(cx, cy, 0, 55, 180, 80), 0.7);
  wash("#5a0c22", 250, 0.12, 0.4, 0.45, petal(cx, cy, 40, 28, 180, 81), 0.7);
  wash("#ffd98a", 255, 0.06, 0.05, 0.2, [[cx - 3, cy], [cx - 40, cy - 150], [cx - 34, cy - 152], [cx + 4, cy + 1]], 0.3);
  for (let i = 0; i < 14; i++) {
    let x = cx - 38 + random(-18, 18), y = cy - 156 + random(-16, 14);
    wash(i % 3 ? "#ffc34a" : "#e0662a", 255, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}
