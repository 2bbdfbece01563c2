// Cherry blossom branch against a gathering storm: a gnarled dark branch crossing the sheet, pink clusters against slate sky at upper right
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
  for (let g = 0; g < 2; g++) for (const a of angs) wash("#fdf8f6", 255, 0.04, 0.15, 0.3, petalPts(x, y, r, a), 0.7);
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
  background("#f4efe6");
  brush.noStroke();
  randomSeed(23);
  noiseSeed(23);

  // sky graded from warm paper at lower left to a deep slate storm at upper right
  wash("#d8d4d0", 170, 0.5, 0.5, 0.3, blob(380, 260, 360, 300, 16, 0.12), 0.9);
  wash("#9aa6b8", 190, 0.5, 0.5, 0.3, blob(470, 170, 280, 230, 14, 0.15), 0.9);
  wash("#6a7892", 200, 0.45, 0.5, 0.3, blob(540, 110, 220, 170, 14, 0.15), 0.9);
  wash("#3a4560", 230, 0.4, 0.5, 0.3, blob(600, 40, 190, 130, 12, 0.15), 0.9);
  wash("#1e2438", 220, 0.3, 0.5, 0.3, blob(600, 20, 120, 90, 10, 0.15), 0.9);
  wash("#2a3048", 200, 0.35, 0.5, 0.3, blob(620, 0, 110, 80, 10, 0.15), 0.9);
  wash("#e8d0c8", 150, 0.5, 0.5, 0.3, blob(90, 520, 200, 130, 12, 0.2), 0.9);
  wash("#b8c4a0", 110, 0.5, 0.5, 0.3, blob(120, 560, 160, 70, 10, 0.2), 0.9);

  // a second branch far behind, lower left, soft and out of focus
  const far = [[-20, 520], [80, 470], [170, 455], [260, 410], [330, 395]];
  wash("#9a8a88", 170, 0.35, 0.45, 0.3, ribbon(far, 20, 8), 0.6);
  for (let i = 0; i < 7; i++) wash(i % 2 ? "#e8b8c4" : "#dca0b2", 170, 0.45, 0.45, 0.3, blob(random(20, 320), random(410, 520), random(24, 40), random(20, 32), 10, 0.25), 0.9);
  // gnarled branch from the left edge across to the lower right, with side twigs
  const main = [[-20, 170], [60, 180], [130, 215], [190, 205], [250, 240], [320, 262], [380, 300], [440, 318], [500, 360], [560, 380], [620, 420]];
  for (let g = 0; g < 2; g++) wash("#4a3228", 250, 0.04, 0.4, 0.5, ribbon(main, 44, 16), 0.5);
  for (let g = 0; g < 3; g++) wash("#1a0e0a", 250, 0.03, 0.45, 0.5, ribbon(main.map((p) => [p[0] + 2, p[1] + 6]), 30, 9), 0.5);
  wash("#a89080", 170, 0.03, 0.2, 0.3, ribbon(main.slice(0, 8).map((p) => [p[0], p[1] - 15]), 6, 3), 0.5);
  const twigs = [[[190, 205], [230, 140], [270, 110], [330, 80]], [[380, 300], [420, 240], [480, 210]],
    [[320, 262], [300, 330], [320, 400]], [[500, 360], [520, 440], [500, 500]], [[130, 215], [110, 280], [140, 330]]];
  for (const tw of twigs) {
    for (let g = 0; g < 2; g++) wash("#2a1a14", 250, 0.03, 0.3, 0.4, ribbon(tw, 14, 4), 0.5);
    wash("#140a08", 240, 0.03, 0.3, 0.4, ribbon(tw.map((p) => [p[0] + 2, p[1] + 3]), 7, 2), 0.5);
  }
  for (let i = 1; i < main.length - 1; i++) wash("#0e0806", 230, 0.02, 0.1, 0.2, blob(main[i][0], main[i][1] + 4, 7, 2.5, 8, 0.1), 0.5);

  // blossom clusters, largest near the middle, smaller toward the tips
  const F = [[230, 150, 40, 5], [290, 108, 34, -20], [340, 80, 26, 10], [180, 240, 36, 30], [255, 272, 44, -10],
    [320, 330, 38, 20], [310, 405, 30, 0], [415, 245, 36, 15], [478, 205, 28, -30], [450, 345, 40, 35],
    [520, 430, 32, 5], [495, 505, 26, -15], [110, 280, 30, 12], [145, 335, 26, -25], [575, 395, 28, 40]];
  for (const f of F) flower(f[0], f[1], f[2], f[3]);
  bud(360, 60, 11, -40);
  bud(505, 190, 10, -20);
  bud(490, 530, 10, 100);
  bud(130, 360, 10, 110);
  bud(70, 175, 10, -90);
  bud(555, 350, 10, -60);

  const fall = [[160, 470, 30], [230, 530, -20], [90, 420, 70], [380, 520, 10], [300, 560, 50]];
  for (const f of fall) {
    const pts = petalPts(f[0] - 10, f[1], 18, f[2]);
    wash("#fdf8f6", 255, 0.04, 0.1, 0.3, pts, 0.7);
    wash("#eba3b6", 190, 0.1, 0.2, 0.4, pts, 0.7);
  }
}