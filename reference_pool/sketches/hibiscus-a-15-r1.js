// Hibiscus shrub against a sunlit wall, revision: leaves tucked around the blooms, deeper foliage darks, softer shadow
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

function leafAt(x, y, a, L, col, op) {
  let W = L * 0.32, pts = [];
  for (let j = 0; j <= 8; j++) { let t = j / 8; pts.push([x + cos(a) * t * L - sin(a) * sin(t * 180) * W, y + sin(a) * t * L + cos(a) * sin(t * 180) * W]); }
  for (let j = 8; j >= 0; j--) { let t = j / 8; pts.push([x + cos(a) * t * L + sin(a) * sin(t * 180) * W * 0.7, y + sin(a) * t * L - cos(a) * sin(t * 180) * W * 0.7]); }
  wash(col, op, 0.22, 0.45, 0.5, pts, 0.7);
}

function bloom(cx, cy, R, turn, sq, seed) {
  for (let g = 0; g < 2; g++) {
    for (let k = 0; k < 5; k++) {
      let a = turn + k * 72 + g * 10, pts = [[cx, cy]];
      for (let i = 0; i <= 12; i++) {
        let t = map(i, 0, 12, -38 + g * 10, 38 - g * 10);
        let r = R * (1 - g * 0.2) * (0.78 + 0.22 * cos(t * 2.4) + (noise(seed + k, i * 0.6) - 0.5) * 0.25);
        pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r * sq]);
      }
      wash(g ? "#f19a72" : "#fbcfaa", g ? 215 : 245, 0.32, 0.45, 0.35, pts, 0.6);
    }
  }
  brush.fill("#b52f4c", 230);
  brush.fillBleed(0.2);
  brush.fillTexture(0.35, 0.4);
  brush.circle(cx, cy, R * 0.2, false);
  wash("#f0c272", 245, 0.06, 0.05, 0.2, [[cx - 2, cy], [cx + R * 0.5, cy - R * 0.7], [cx + R * 0.5 + 5, cy - R * 0.68], [cx + 3, cy + 2]], 0.3);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6efe2");
  brush.noStroke();
  randomSeed(77);
  noiseSeed(77);

  // warm stucco wall, glazed twice, and a terracotta ledge
  wash("#f1dcc0", 200, 0.4, 0.55, 0.25, [[-20, -20], [620, -20], [620, 470], [-20, 500]], 0.9);
  wash("#e9c9a4", 150, 0.45, 0.6, 0.3, [[200, -20], [620, -20], [620, 300], [380, 200]], 0.9);
  wash("#c7795a", 220, 0.15, 0.45, 0.45, [[-20, 480], [620, 455], [620, 620], [-20, 620]], 0.6);
  wash("#8e4a3a", 170, 0.12, 0.45, 0.45, [[-20, 480], [620, 455], [620, 480], [-20, 505]], 0.6);

  // violet cast shadow of the shrub on the wall, offset to the right
  let shadow = [];
  for (let i = 0; i < 18; i++) { let a = i * 20; let r = 170 + noise(i * 0.5, 3) * 140; shadow.push([380 + cos(a) * r * 1.1, 250 + sin(a) * r * 0.75]); }
  wash("#a89bc0", 140, 0.45, 0.55, 0.3, shadow, 0.85);

  // foliage mass inside an oval shrub outline, kept clear of the blooms
  let blooms = [[170, 230, 95], [380, 180, 80], [330, 380, 105], [110, 410, 60], [500, 330, 65]];
  function clear(x, y) {
    for (let b of blooms) if (dist(x, y, b[0], b[1]) < b[2] * 0.95) return false;
    return true;
  }
  let placed = 0, tries = 0;
  while (placed < 30 && tries < 400) {
    tries++;
    let a = random(360), r = sqrt(random()) * 1;
    let x = 300 + cos(a) * r * 250, y = 300 + sin(a) * r * 170;
    if (!clear(x, y)) continue;
    leafAt(x, y, atan2(y - 300, x - 300) + random(-40, 40), random(70, 110), placed % 3 ? "#1f3d2a" : "#3a6340", 240);
    placed++;
  }
  placed = 0; tries = 0;
  while (placed < 16 && tries < 400) {
    tries++;
    let a = random(360), r = sqrt(random());
    let x = 300 + cos(a) * r * 240, y = 290 + sin(a) * r * 160;
    if (!clear(x, y)) continue;
    leafAt(x, y, atan2(y - 300, x - 300) + random(-40, 40), random(55, 85), placed % 2 ? "#6f9a55" : "#9bbb68", 220);
    placed++;
  }

  bloom(170, 230, 95, -20, 0.85, 1);
  bloom(380, 180, 80, 15, 0.7, 20);
  bloom(330, 380, 105, 40, 0.9, 40);
  bloom(110, 410, 60, 70, 0.6, 60);
  bloom(500, 330, 65, -50, 0.75, 80);
}
