// Cherry blossom branch at dusk: pale pink blossoms glowing against a deep indigo-plum ground, a near-black branch entering from the upper right
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
  background("#1f1d33");
  brush.noStroke();
  randomSeed(11);
  noiseSeed(11);

  // mottled dusk: plum and indigo passages, a cooler glow low left
  wash("#2e2a4e", 200, 0.45, 0.5, 0.3, blob(200, 380, 320, 260, 16, 0.15), 0.9);
  wash("#4a3358", 170, 0.5, 0.5, 0.3, blob(170, 420, 220, 180, 14, 0.2), 0.9);
  wash("#6a4a6e", 150, 0.5, 0.5, 0.3, blob(150, 450, 140, 110, 12, 0.2), 0.9);
  wash("#7a6088", 190, 0.5, 0.5, 0.3, blob(320, 280, 230, 190, 14, 0.2), 0.9);
  wash("#a08098", 170, 0.5, 0.5, 0.3, blob(330, 260, 150, 120, 12, 0.2), 0.9);
  wash("#c4a0a8", 140, 0.5, 0.5, 0.3, blob(310, 250, 90, 70, 12, 0.2), 0.9);
  wash("#12101f", 220, 0.4, 0.5, 0.3, blob(560, 60, 260, 200, 14, 0.15), 0.9);
  wash("#12101f", 190, 0.4, 0.5, 0.3, blob(40, 40, 180, 140, 12, 0.2), 0.9);
  wash("#3a2a48", 150, 0.5, 0.5, 0.3, blob(420, 560, 240, 120, 12, 0.2), 0.9);
  // far, out-of-focus blossom haze
  for (let i = 0; i < 9; i++) wash(i % 2 ? "#8a6284" : "#a67a96", 110, 0.5, 0.4, 0.3, blob(random(40, 360), random(300, 560), random(22, 44), random(18, 36), 10, 0.25), 0.9);

  // branch: from the right edge high, sweeping down-left; a twig rising and one dropping
  const main = bend(640, 120, 60, 470, -70, 14);
  for (let g = 0; g < 2; g++) wash("#5a4038", 250, 0.05, 0.35, 0.5, ribbon(main, 36, 10), 0.6);
  wash("#120a0a", 235, 0.06, 0.4, 0.5, ribbon(main.map((p) => [p[0] + 2, p[1] + 5]), 22, 5), 0.6);
  wash("#b89890", 200, 0.03, 0.2, 0.3, ribbon(main.slice(0, 10).map((p) => [p[0] - 1, p[1] - 11]), 5, 2), 0.6);
  const t1 = bend(400, 210, 300, 70, 20, 8);
  for (let g = 0; g < 2; g++) wash("#3a2822", 250, 0.04, 0.3, 0.4, ribbon(t1, 14, 4), 0.6);
  const t2 = bend(250, 330, 330, 470, -18, 8);
  for (let g = 0; g < 2; g++) wash("#3a2822", 250, 0.04, 0.3, 0.4, ribbon(t2, 12, 4), 0.6);
  const t3 = bend(520, 150, 560, 300, 10, 6);
  for (let g = 0; g < 2; g++) wash("#3a2822", 250, 0.04, 0.3, 0.4, ribbon(t3, 10, 3), 0.6);
  const t4 = bend(300, 385, 185, 300, 12, 8);
  for (let g = 0; g < 2; g++) wash("#3a2822", 250, 0.04, 0.3, 0.4, ribbon(t4, 12, 4), 0.6);
  // bark rings
  for (let i = 1; i < 12; i += 2) {
    const p = main[i];
    wash("#0a0606", 230, 0.02, 0.1, 0.2, blob(p[0], p[1] + 2, 6, 2.5, 8, 0.1), 0.5);
  }

  // blossom clusters
  flower(330, 215, 52, 8);
  flower(392, 250, 38, 40);
  flower(290, 132, 30, -15);
  flower(190, 300, 42, 22);
  flower(235, 365, 36, -30);
  flower(320, 448, 40, 12);
  flower(540, 300, 34, 50);
  flower(470, 175, 26, -5);
  bud(255, 230, 12, -120);
  bud(310, 85, 12, -100);
  bud(355, 490, 11, 60);
  bud(568, 335, 11, 80);
  bud(110, 440, 12, 150);
  bud(150, 405, 11, -160);

  // a few drifting petals, lower right
  const fall = [[470, 420, 30], [520, 500, -20], [430, 540, 70], [560, 450, 10]];
  for (const f of fall) {
    const pts = petalPts(f[0] - 10, f[1], 20, f[2]);
    for (let g = 0; g < 2; g++) wash("#fbf4f2", 255, 0.04, 0.1, 0.3, pts, 0.7);
    wash("#eba3b6", 170, 0.1, 0.2, 0.4, pts, 0.7);
  }
}