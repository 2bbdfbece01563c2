// cherry love 01: a dark branch rising from lower left to upper right across a deep teal-black night, blossoms clustered in a diagonal drift lit by a warm glow
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, border, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n, k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function ribbon(path, w0, w1) {
  const L = [], R = [];
  for (let i = 0; i < path.length; i++) {
    const t = i / (path.length - 1);
    const q = path[min(i + 1, path.length - 1)], o = path[max(i - 1, 0)];
    const ang = atan2(q[1] - o[1], q[0] - o[0]) + 90, w = lerp(w0, w1, t) / 2;
    L.push([path[i][0] + cos(ang) * w, path[i][1] + sin(ang) * w]);
    R.push([path[i][0] - cos(ang) * w, path[i][1] - sin(ang) * w]);
  }
  return L.concat(R.reverse());
}

function bend(x0, y0, x1, y1, bow, n) {
  const pts = [], dx = x1 - x0, dy = y1 - y0, d = max(1, sqrt(dx * dx + dy * dy));
  for (let i = 0; i <= n; i++) {
    const t = i / n, b = bow * sin(t * 180) + random(-3, 3);
    pts.push([x0 + dx * t - (dy / d) * b, y0 + dy * t + (dx / d) * b]);
  }
  return pts;
}

function petalPts(x, y, r, a) {
  const pts = [[x + cos(a) * r * 0.1, y + sin(a) * r * 0.1]];
  for (let j = 0; j <= 10; j++) {
    const b = -40 + j * 8;
    const notch = 1 - 0.16 * exp(-sq(j - 5) / 1.5);
    const rr = r * notch * (0.94 + random(0, 0.08)) * (1 - 0.12 * abs(b) / 40);
    pts.push([x + cos(a + b) * rr, y + sin(a + b) * rr]);
  }
  return pts;
}

function flower(x, y, r, rot) {
  const angs = [];
  for (let k = 0; k < 5; k++) angs.push(rot + k * 72 + random(-6, 6));
  // white underpaint so the pink glows on the dark ground
  for (let g = 0; g < 3; g++) for (const a of angs) wash("#fbf4f2", 255, 0.04, 0.15, 0.3, petalPts(x, y, r, a), 0.7);
  for (const a of angs) wash("#f2a4bc", 235, 0.1, 0.35, 0.5, petalPts(x, y, r * 0.97, a), 0.7);
  for (const a of angs) wash("#f8d8e0", 200, 0.06, 0.3, 0.3, petalPts(x + cos(a) * r * 0.25, y + sin(a) * r * 0.25, r * 0.6, a), 0.7);
  for (const a of angs) wash("#d0587c", 210, 0.1, 0.35, 0.5, petalPts(x, y, r * 0.45, a), 0.7);
  wash("#a82a55", 220, 0.08, 0.3, 0.4, blob(x, y, r * 0.2, r * 0.2, 8, 0.2), 0.8);
  for (let k = 0; k < 14; k++) {
    const a = random(360), d = r * random(0.32, 0.5), tx = x + cos(a) * d, ty = y + sin(a) * d;
    wash("#c0506e", 160, 0, 0.05, 0.2, [[x + cos(a + 90) * 1.2, y + sin(a + 90) * 1.2], [tx, ty], [x - cos(a + 90) * 1.2, y - sin(a + 90) * 1.2]], 0.1);
    wash("#5a1226", 235, 0, 0.05, 0.2, [[tx - 3, ty - 2], [tx + 2, ty - 3], [tx + 3, ty + 2], [tx - 2, ty + 3]], 0.5);
  }
}

function bud(x, y, r, a) {
  const pts = [[x + cos(a) * r * 1.6, y + sin(a) * r * 1.6], [x + cos(a + 70) * r, y + sin(a + 70) * r],
    [x + cos(a + 180) * r * 0.4, y + sin(a + 180) * r * 0.4], [x + cos(a - 70) * r, y + sin(a - 70) * r]];
  for (let g = 0; g < 2; g++) wash("#fbeff0", 255, 0.03, 0.1, 0.3, pts, 0.8);
  wash("#d8587a", 220, 0.05, 0.2, 0.4, pts, 0.8);
  wash("#7a1a3a", 200, 0.03, 0.1, 0.3, [[x + cos(a + 180) * r * 0.4, y + sin(a + 180) * r * 0.4], [x + cos(a + 60) * r * 0.6, y + sin(a + 60) * r * 0.6],
    [x + cos(a) * r * 0.6, y + sin(a) * r * 0.6], [x + cos(a - 60) * r * 0.6, y + sin(a - 60) * r * 0.6]], 0.5);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#101c20");
  brush.noStroke();
  randomSeed(23);
  noiseSeed(23);

  // deep teal night with a warm moonlit glow upper middle
  wash("#1e3034", 210, 0.45, 0.5, 0.3, blob(300, 300, 330, 300, 16, 0.15), 0.9);
  wash("#3a4c4a", 170, 0.5, 0.5, 0.3, blob(380, 220, 230, 190, 14, 0.2), 0.9);
  wash("#7a6a64", 160, 0.5, 0.5, 0.3, blob(400, 200, 160, 130, 12, 0.2), 0.9);
  wash("#c8a890", 150, 0.5, 0.5, 0.3, blob(395, 205, 110, 95, 12, 0.2), 0.9);
  wash("#e0c8b0", 130, 0.5, 0.5, 0.3, blob(410, 190, 80, 70, 12, 0.2), 0.9);
  wash("#080e10", 225, 0.4, 0.5, 0.3, blob(30, 60, 230, 200, 14, 0.15), 0.9);
  wash("#080e10", 210, 0.4, 0.5, 0.3, blob(600, 580, 260, 180, 14, 0.15), 0.9);
  wash("#2a2a3a", 150, 0.5, 0.5, 0.3, blob(140, 520, 200, 120, 12, 0.2), 0.9);
  for (let i = 0; i < 8; i++) wash(i % 2 ? "#5a4a5a" : "#7a6070", 110, 0.5, 0.4, 0.3, blob(random(260, 560), random(60, 320), random(22, 44), random(18, 34), 10, 0.25), 0.9);

  // branch: lower left up to upper right
  const main = bend(-30, 560, 560, 110, 60, 14);
  for (let g = 0; g < 2; g++) wash("#5a4038", 250, 0.05, 0.35, 0.5, ribbon(main, 40, 9), 0.6);
  wash("#0c0606", 235, 0.06, 0.4, 0.5, ribbon(main.map((p) => [p[0] + 3, p[1] + 5]), 24, 4), 0.6);
  wash("#c0a498", 190, 0.03, 0.2, 0.3, ribbon(main.slice(2, 12).map((p) => [p[0] - 2, p[1] - 12]), 5, 2), 0.6);
  const t1 = bend(230, 370, 150, 230, 15, 8);
  for (let g = 0; g < 2; g++) wash("#2e1e1a", 250, 0.04, 0.3, 0.4, ribbon(t1, 14, 4), 0.6);
  const t2 = bend(380, 250, 480, 330, -14, 8);
  for (let g = 0; g < 2; g++) wash("#2e1e1a", 250, 0.04, 0.3, 0.4, ribbon(t2, 12, 3), 0.6);
  const t3 = bend(460, 180, 430, 60, 10, 6);
  for (let g = 0; g < 2; g++) wash("#2e1e1a", 250, 0.04, 0.3, 0.4, ribbon(t3, 10, 3), 0.6);
  for (let i = 1; i < 12; i += 2) {
    const p = main[i];
    wash("#050303", 230, 0.02, 0.1, 0.2, blob(p[0], p[1] + 3, 6, 2.5, 8, 0.1), 0.5);
  }

  // blossoms in a diagonal drift, biggest near the glow
  flower(360, 255, 50, 14);
  flower(420, 205, 40, -20);
  flower(300, 300, 36, 40);
  flower(165, 240, 34, 5);
  flower(480, 320, 32, 30);
  flower(440, 85, 28, -8);
  flower(520, 150, 34, 55);
  flower(205, 420, 30, -35);
  flower(95, 495, 30, 20);
  flower(135, 445, 24, -40);
  bud(150, 205, 11, -110);
  bud(230, 260, 10, -140);
  bud(430, 50, 10, -90);
  bud(500, 355, 11, 50);
  bud(120, 470, 10, 170);
  bud(565, 100, 10, -40);

  const fall = [[260, 520, 60], [330, 470, 10], [380, 540, -40]];
  for (const f of fall) {
    const pts = petalPts(f[0] - 10, f[1], 18, f[2]);
    for (let g = 0; g < 2; g++) wash("#fbf4f2", 255, 0.04, 0.1, 0.3, pts, 0.7);
    wash("#eba3b6", 170, 0.1, 0.2, 0.4, pts, 0.7);
  }
}