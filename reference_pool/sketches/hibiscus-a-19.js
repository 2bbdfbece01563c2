// Two overlapping hibiscus: a cool, pale one receding behind, a warm peach one in front, on a dusky rose ground
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

function petal(cx, cy, a, len, wid, sq, seed) {
  let pts = [[cx, cy]];
  for (let i = 0; i <= 16; i++) {
    let t = map(i, 0, 16, -wid, wid);
    let r = len * (0.74 + 0.26 * pow(cos(t * 90 / wid), 0.6) + (noise(seed, i * 0.6) - 0.5) * 0.22);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r * sq]);
  }
  return pts;
}

function bloom(cx, cy, R, sq, turn, cols, ops, seed) {
  for (let g = 0; g < cols.length; g++) {
    for (let k = 0; k < 5; k++) {
      let a = turn + k * 72 + g * 8;
      wash(cols[g], ops[g], 0.35 - g * 0.05, 0.45, 0.3 + g * 0.05, petal(cx, cy, a, R * (1 - g * 0.17), 40 - g * 10, sq, seed + k + g * 7), 0.6);
    }
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5ece6");
  brush.noStroke();
  randomSeed(27);
  noiseSeed(27);

  // dusky rose ground fading to grey-violet at the bottom
  wash("#ecc9c4", 200, 0.5, 0.5, 0.25, [[-20, -20], [620, -20], [620, 360], [300, 420], [-20, 330]], 0.9);
  wash("#b6a3bd", 180, 0.5, 0.55, 0.3, [[-20, 420], [250, 470], [620, 430], [620, 620], [-20, 620]], 0.9);
  wash("#8d7aa0", 150, 0.45, 0.55, 0.3, [[-20, 520], [300, 560], [620, 540], [620, 620], [-20, 620]], 0.9);

  // a few leaves behind both blooms, muted
  let lv = [[20, 600, -50, 170], [470, 120, 200, 150], [520, 430, -120, 140]];
  for (let l of lv) {
    let [x, y, a, L] = l, W = L * 0.3, pts = [];
    for (let j = 0; j <= 10; j++) { let t = j / 10; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
    for (let j = 10; j >= 0; j--) { let t = j / 10; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.8, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.8]); }
    wash("#74907a", 210, 0.25, 0.45, 0.5, pts, 0.7);
    wash("#3a5446", 170, 0.15, 0.4, 0.5, pts.slice(0, 11), 0.7);
  }

  // back bloom: cool, paler, softer edges
  bloom(400, 210, 150, 0.7, 20, ["#f3d6c8", "#e8b4a6"], [230, 190], 1);
  brush.fill("#a0566a", 200);
  brush.fillBleed(0.35);
  brush.fillTexture(0.4, 0.35);
  brush.circle(400, 210, 22, false);

  // front bloom: warm, three glazes, crisper
  let cx = 230, cy = 350;
  bloom(cx, cy, 175, 0.92, -60, ["#fcd0ab", "#f6a67e", "#e47e63"], [250, 225, 190], 40);
  for (let k = 0; k < 26; k++) {
    let a = random(360), L = random(70, 150);
    wash("#c95a4c", 160, 0.07, 0.05, 0.2, [[cx + cos(a - 4) * 22, cy + sin(a - 4) * 20], [cx + cos(a) * L, cy + sin(a) * L * 0.92], [cx + cos(a + 4) * 22, cy + sin(a + 4) * 20]], 0.3);
  }
  wash("#c0344f", 230, 0.25, 0.45, 0.4, petal(cx, cy, 0, 58, 180, 0.92, 70), 0.7);
  wash("#7d1632", 245, 0.18, 0.45, 0.45, petal(cx, cy, 30, 36, 180, 0.92, 71), 0.7);
  wash("#470a19", 250, 0.1, 0.4, 0.45, petal(cx, cy, 60, 18, 180, 0.92, 72), 0.7);
  // stamen reaching up toward the back bloom
  wash("#f0c36e", 250, 0.06, 0.05, 0.2, [[cx - 3, cy], [cx + 70, cy - 150], [cx + 76, cy - 147], [cx + 4, cy + 2]], 0.3);
  for (let i = 0; i < 12; i++) {
    let x = cx + 74 + random(-17, 17), y = cy - 154 + random(-15, 13);
    wash(i % 3 ? "#eba032" : "#bd4a1b", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }
}
