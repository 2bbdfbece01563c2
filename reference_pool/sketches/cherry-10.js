// Close-up cherry blossoms: three large open flowers and buds on a dark twig rising to the upper right, a deep green shade behind at upper left
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
  for (let g = 0; g < 3; g++) for (const a of angs) wash("#fdf8f6", 255, 0.04, 0.15, 0.3, petalPts(x, y, r, a), 0.7);
  for (const a of angs) wash("#f2a4bc", 235, 0.1, 0.35, 0.5, petalPts(x, y, r * 0.97, a), 0.7);
  for (const a of angs) wash("#f8d8e0", 200, 0.06, 0.3, 0.3, petalPts(x + cos(a) * r * 0.25, y + sin(a) * r * 0.25, r * 0.6, a), 0.7);
  for (const a of angs) wash("#d0587c", 210, 0.1, 0.35, 0.5, petalPts(x, y, r * 0.45, a), 0.7);
  wash("#a82a55", 220, 0.08, 0.3, 0.4, blob(x, y, r * 0.2, r * 0.2, 8, 0.2), 0.8);
  for (let k = 0; k < 10 + floor(r / 5); k++) {
    const a = random(360), d = r * random(0.32, 0.5), tx = x + cos(a) * d, ty = y + sin(a) * d;
    wash("#c0506e", 160, 0, 0.05, 0.2, [[x + cos(a + 90) * 1.2, y + sin(a + 90) * 1.2], [tx, ty], [x - cos(a + 90) * 1.2, y - sin(a + 90) * 1.2]], 0.1);
    wash("#5a1226", 235, 0, 0.05, 0.2, [[tx - 3 - r / 40, ty - 2], [tx + 2, ty - 3 - r / 40], [tx + 3 + r / 40, ty + 2], [tx - 2, ty + 3 + r / 40]], 0.5);
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

function leaf(x, y, len, wid, ang) {
  const pts = [];
  for (let i = 0; i <= 8; i++) { const t = i / 8; pts.push([t * len, wid * sin(t * 180) * (1 - 0.3 * t)]); }
  for (let i = 7; i > 0; i--) { const t = i / 8; pts.push([t * len, -wid * sin(t * 180) * (1 - 0.3 * t)]); }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2ede4");
  brush.noStroke();
  randomSeed(41);
  noiseSeed(41);

  // close-up: a deep green shade behind at upper left, fading to warm light at lower right
  wash("#b8bca4", 190, 0.5, 0.5, 0.3, blob(220, 220, 340, 300, 16, 0.12), 0.9);
  wash("#6a7c64", 200, 0.45, 0.5, 0.3, blob(150, 150, 260, 220, 14, 0.15), 0.9);
  for (let g = 0; g < 2; g++) wash("#34463a", 230, 0.45, 0.5, 0.3, blob(110, 110, 230, 190, 14, 0.15), 0.9);
  for (let g = 0; g < 4; g++) wash("#121c16", 240, 0.4, 0.5, 0.3, blob(40, 60, 190 - g * 20, 150 - g * 15, 12, 0.15), 0.9);
  wash("#f0d8c8", 160, 0.5, 0.45, 0.3, blob(500, 500, 180, 150, 12, 0.2), 0.9);
  for (let i = 0; i < 6; i++) wash("#c89aa8", 120, 0.5, 0.45, 0.3, blob(random(40, 260), random(40, 260), random(24, 40), random(20, 34), 10, 0.25), 0.9);

  // twig from the lower left rising to the upper right
  const main = bend(-20, 560, 620, 90, 60, 14);
  for (let g = 0; g < 2; g++) wash("#3e2a22", 250, 0.04, 0.4, 0.5, ribbon(main, 42, 14), 0.6);
  for (let i = 0; i < 13; i += 2) {
    const seg = main.slice(i, i + 3).map((p) => [p[0] + 3, p[1] + 5]);
    for (let g = 0; g < 2; g++) wash("#140a08", 250, 0.03, 0.3, 0.5, ribbon(seg, lerp(24, 8, i / 13), lerp(24, 8, (i + 2) / 13)), 0.6);
  }
  wash("#b09a8c", 180, 0.03, 0.2, 0.3, ribbon(main.slice(0, 11).map((p) => [p[0] - 4, p[1] - 9]), 4, 2), 0.6);
  for (let i = 1; i < 13; i += 2) wash("#0a0606", 230, 0.02, 0.1, 0.2, blob(main[i][0], main[i][1] + 2, 7, 2.5, 8, 0.1), 0.5);
  const t1 = bend(300, 330, 250, 200, 10, 6);
  for (let g = 0; g < 2; g++) wash("#2a1a14", 250, 0.03, 0.3, 0.4, ribbon(t1, 10, 4), 0.6);

  // young leaves
  wash("#8aae5a", 210, 0.15, 0.35, 0.4, leaf(440, 250, 150, 34, -70), 0.8);
  wash("#5a7e3a", 190, 0.1, 0.35, 0.4, leaf(442, 248, 120, 10, -72), 0.8);
  wash("#a0b860", 200, 0.15, 0.35, 0.4, leaf(110, 490, 130, 30, 150), 0.8);
  wash("#6a8a3e", 180, 0.1, 0.35, 0.4, leaf(112, 488, 100, 9, 152), 0.8);

  // three big blossoms and a small one, set on a diagonal
  flower(250, 200, 82, 12);
  flower(360, 370, 105, -8);
  flower(520, 190, 70, 30);
  flower(150, 430, 56, 50);
  bud(215, 290, 16, 150);
  bud(560, 110, 14, -50);
  bud(470, 470, 15, 60);

  const fall = [[420, 540, 40], [520, 580, -10], [300, 560, 100]];
  for (const f of fall) {
    const pts = petalPts(f[0] - 10, f[1], 24, f[2]);
    wash("#fdf8f6", 255, 0.04, 0.1, 0.3, pts, 0.7);
    wash("#eba3b6", 190, 0.1, 0.2, 0.4, pts, 0.7);
  }
}