// lighthouse-04-r1
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.4);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function leaf(x, y, len, wid, ang, bend) {
  // a pointed leaf/petal from base (x, y) along angle ang
  const pts = [];
  const n = 8;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, w + bend * t * t]);
  }
  for (let i = n - 1; i > 0; i--) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, -w + bend * t * t]);
  }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6eee0");
  brush.noStroke();

  // sunset: lighthouse small on a high cliff at left, big warm sky
  wash("#f5c88a", 200, 0.4, 0.45, band(-20, 420, 16, 8), 0.7);
  wash("#ee9a6a", 150, 0.35, 0.5, band(120, 330, 18, 8), 0.8);
  wash("#c8687a", 120, 0.35, 0.5, band(30, 190, 16, 8), 0.8);
  wash("#7a6a9e", 150, 0.35, 0.5, band(-20, 80, 14, 8), 0.8);
  // long cloud streaks
  for (let i = 0; i < 5; i++) {
    const y = 60 + i * 55, x = random(150, 420);
    wash(random(["#9a6a8a", "#b87a88"]), 150, 0.3, 0.45, leaf(x - 150, y, 300, 9, random(-3, 3), 4), 0.8);
  }
  // sun
  wash("#ffe0a0", 240, 0.3, 0.35, blob(430, 390, 40, 40, 16, 0.05), 0.9);
  // sea
  wash("#c88a8a", 200, 0.3, 0.45, band(405, 620, 4, 10), 0.3);
  wash("#6a5a88", 170, 0.3, 0.5, band(460, 620, 8, 10), 0.5);
  wash("#3a3560", 160, 0.25, 0.5, band(540, 620, 10, 10), 0.5);
  for (let i = 0; i < 10; i++) {
    const y = 412 + i * 16, w = 50 - i * 2 + random(-8, 8);
    wash("#ffd8a0", 200 - i * 12, 0.15, 0.3, [[430 - w, y], [430 + w, y + random(-2, 2)], [430 + w * 0.7, y + 5], [430 - w * 0.8, y + 5]], 0.4);
  }
  // cliff from the left, dark against the glow
  const cl = [[-20, 260], [60, 258], [140, 270], [200, 300], [230, 360], [250, 450], [300, 520], [320, 620], [-20, 620]];
  wash("#5a3a4a", 250, 0.2, 0.5, cl, 0.5);
  wash("#4a2a3e", 240, 0.15, 0.5, cl, 0.5);
  wash("#2a1628", 250, 0.15, 0.5, [[-20, 330], [120, 340], [200, 400], [240, 520], [260, 620], [-20, 620]], 0.5);
  wash("#140a16", 250, 0.12, 0.5, [[-20, 470], [100, 480], [170, 560], [190, 620], [-20, 620]], 0.5);
  for (let i = 0; i < 12; i++) wash("#1c1020", 200, 0.2, 0.45, blob(random(0, 200), random(380, 600), 60, 40, 10, 0.3), 0.8);
  // lighthouse, with a beam reaching out over the sea
  const bx = 110, by = 262;
  wash("#fff0c0", 150, 0.4, 0.35, [[bx, by - 163], [620, by - 240], [620, by - 120]], 0.3);
  wash("#f4e4d0", 250, 0.05, 0.15, [[bx - 22, by], [bx + 22, by], [bx + 14, by - 150], [bx - 14, by - 150]], 0);
  wash("#8a5a6a", 150, 0.05, 0.2, [[bx + 3, by], [bx + 22, by], [bx + 14, by - 150], [bx + 3, by - 150]], 0);
  wash("#2a1828", 250, 0.05, 0.15, [[bx - 17, by - 150], [bx + 17, by - 150], [bx + 15, by - 176], [bx - 15, by - 176]], 0);
  wash("#ffe6a0", 250, 0.0, 0.1, [[bx - 9, by - 154], [bx + 9, by - 154], [bx + 9, by - 172], [bx - 9, by - 172]], 0);
  wash("#2a1828", 250, 0.05, 0.15, [[bx - 20, by - 176], [bx + 20, by - 176], [bx, by - 200]], 0);
  // keeper's cottage
  wash("#e8d0c0", 240, 0.05, 0.15, [[bx + 20, by + 2], [bx + 60, by + 4], [bx + 60, by - 20], [bx + 20, by - 22]], 0);
  wash("#6a2a2a", 240, 0.05, 0.15, [[bx + 16, by - 20], [bx + 64, by - 18], [bx + 44, by - 36], [bx + 26, by - 36]], 0);
  // surf at the foot
  for (let i = 0; i < 8; i++) wash("#f0d0c0", 170, 0.3, 0.35, blob(250 + i * 12, 470 + i * 16, 22, 6, 10, 0.3), 0.8);
}
