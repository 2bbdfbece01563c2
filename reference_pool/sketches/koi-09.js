// Autumn koi pond, close-up: one large kohaku crossing dark green water on a diagonal, a golden koi cut by the edge, red maple leaves floating with their shadows
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

function kp(f, u, v) {
  const x = f[0], y = f[1], h = f[2], len = f[3], w = f[4], bend = f[5];
  const lx = -u * len, ly = v * w + bend * u * u * len * 0.35;
  return [x + lx * cos(h) - ly * sin(h), y + lx * sin(h) + ly * cos(h)];
}

const KU = [0, 0.03, 0.08, 0.16, 0.3, 0.45, 0.6, 0.72, 0.8, 0.85];
const KV = [0, 0.45, 0.72, 0.92, 1.0, 0.88, 0.62, 0.38, 0.24, 0.26];

function koiBody(f, k) {
  const top = [], bot = [];
  for (let i = 0; i < KU.length; i++) {
    top.push(kp(f, KU[i], KV[i] * k));
    bot.push(kp(f, KU[i], -KV[i] * k));
  }
  const tail = [kp(f, 0.95, 0.75 * k), kp(f, 1.05, 1.15 * k), kp(f, 0.97, 0.35 * k), kp(f, 0.93, 0),
    kp(f, 0.97, -0.35 * k), kp(f, 1.05, -1.15 * k), kp(f, 0.95, -0.75 * k)];
  const out = top.concat(tail);
  for (let i = bot.length - 1; i >= 1; i--) out.push(bot[i]);
  return out;
}

function patch(f, u0, u1, v0, v1) {
  const pts = [];
  for (let i = 0; i <= 14; i++) pts.push(kp(f, lerp(u0, u1, (1 - cos(i * 180 / 14)) / 2), lerp(v0, v1, 0.5) + (v1 - v0) * 0.5 * sin(i * 180 / 14) * (1 + 0.12 * sin(i * 77))));
  for (let i = 14; i >= 0; i--) pts.push(kp(f, lerp(u0, u1, (1 - cos(i * 180 / 14)) / 2), lerp(v0, v1, 0.5) - (v1 - v0) * 0.5 * sin(i * 180 / 14) * (1 + 0.12 * sin(i * 53))));
  return pts;
}

function koi(f) {
  for (const s of [1, -1]) {
    const fin = [kp(f, 0.17, 0.85 * s), kp(f, 0.24, 1.6 * s), kp(f, 0.3, 2.0 * s), kp(f, 0.36, 1.9 * s), kp(f, 0.36, 1.3 * s), kp(f, 0.3, 0.85 * s)];
    wash("#e8e4dc", 210, 0.15, 0.2, 0.3, fin, 0.8);
    wash("#ffffff", 110, 0.05, 0.1, 0.2, fin.slice(0, 4), 0.8);
  }
  for (let g = 0; g < 4; g++) wash("#ffffff", 255, 0.04, 0.25, 0.3, koiBody(f, 1 - g * 0.05), 0.4);
  for (let g = 0; g < (f[6] === "#fbf6ee" ? 1 : 3); g++) wash(f[6], 250, 0.05, 0.3, 0.3, koiBody(f, 0.95 - g * 0.08), 0.4);
  for (const p of f[7]) {
    wash(p[4], 245, 0.06, 0.35, 0.45, patch(f, p[0], p[1], p[2], p[3]), 1);
    wash(p[4], 200, 0.05, 0.3, 0.4, patch(f, p[0] + 0.02, p[1] - 0.02, p[2] * 0.8, p[3] * 0.8), 1);
  }
  wash("#2a3a36", 110, 0.08, 0.3, 0.3, patch(f, 0.15, 0.8, -1.0, -0.45), 1);
  wash("#ffffff", 150, 0.04, 0.05, 0.2, patch(f, 0.06, 0.5, 0.2, 0.55), 1);
  for (const s of [1, -1]) {
    const e = kp(f, 0.07, 0.5 * s);
    brush.fill("#1a1414", 230);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(e[0], e[1], 2.8, false);
  }
}

function blob(cx, cy, rx, ry, i) {
  const pts = [];
  for (let a = 0; a < 360; a += 24) pts.push([cx + cos(a) * rx * (0.7 + noise(i, a * 0.03) * 0.6), cy + sin(a) * ry * (0.7 + noise(a * 0.03, i) * 0.6)]);
  return pts;
}

function maple(x, y, r, ang, col, dark) {
  const pts = [];
  const lobe = [1, 0.95, 0.7, 0.95, 1];
  for (let i = 0; i < 5; i++) {
    const a = ang - 90 + (i - 2) * 62, k = r * lobe[i];
    pts.push([x + cos(a - 31) * r * 0.32, y + sin(a - 31) * r * 0.32]);
    pts.push([x + cos(a - 14) * k * 0.62, y + sin(a - 14) * k * 0.62]);
    pts.push([x + cos(a - 8) * k * 0.7, y + sin(a - 8) * k * 0.7]);
    pts.push([x + cos(a) * k, y + sin(a) * k]);
    pts.push([x + cos(a + 8) * k * 0.7, y + sin(a + 8) * k * 0.7]);
    pts.push([x + cos(a + 14) * k * 0.62, y + sin(a + 14) * k * 0.62]);
  }
  pts.push([x + cos(ang + 90 - 12) * r * 0.2, y + sin(ang + 90 - 12) * r * 0.2]);
  wash(dark, 220, 0.02, 0.05, 0.2, [[x - 1.5, y], [x + cos(ang + 90) * r * 0.8, y + sin(ang + 90) * r * 0.8], [x + 1.5, y]], 0);
  wash("#050c0a", 170, 0.2, 0.3, 0.3, pts.map((p) => [p[0] + 10, p[1] + 12]), 0.1);
  wash(col, 250, 0.04, 0.35, 0.4, pts, 0.1);
  wash(col, 200, 0.03, 0.3, 0.4, pts, 0.1);
  wash(dark, 150, 0.04, 0.3, 0.4, [[x, y]].concat(pts.slice(15, 27)), 0.1);
  wash(dark, 200, 0.02, 0.05, 0.2, [[x - 1, y], [x + cos(ang + 90) * r * 0.9, y + sin(ang + 90) * r * 0.9], [x + 1, y]], 0);
}

function ripple(cx, cy, r, col, op) {
  const pts = [];
  for (let a = 190; a <= 350; a += 12) pts.push([cx + cos(a) * r, cy + sin(a) * r * 0.5]);
  for (let a = 350; a >= 190; a -= 12) pts.push([cx + cos(a) * (r - 3), cy + sin(a) * (r - 3) * 0.5 + 1.5]);
  wash(col, op, 0.02, 0.05, 0.2, pts, 0.6);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#0e1a17");
  brush.noStroke();
  randomSeed(41);
  noiseSeed(41);

  // water: olive and bottle green layers, a pale sky glint upper left, near black lower right
  for (let i = 0; i < 5; i++) wash("#2a4a3a", 190, 0.6, 0.5, 0.2, blob(random(-20, 620), random(-20, 620), random(200, 260), random(170, 220), i), 0.9);
  for (let i = 0; i < 5; i++) wash("#4f7a5e", 200, 0.5, 0.5, 0.3, blob(random(-20, 260), random(-20, 240), random(90, 130), random(70, 100), 10 + i), 0.9);
  wash("#9cbca4", 170, 0.5, 0.4, 0.3, blob(90, 80, 80, 45, 30), 0.9);
  for (let i = 0; i < 6; i++) wash("#06100e", 210, 0.45, 0.5, 0.4, blob(random(380, 640), random(380, 640), random(80, 120), random(70, 100), 40 + i), 0.9);
  ripple(150, 110, 70, "#c8dcc8", 150);
  ripple(150, 118, 46, "#c8dcc8", 120);

  const K = [
    [455, 175, -38, 430, 50, 0.25, "#fbf6ee", [[0.02, 0.22, -0.6, 0.8, "#d4321e"], [0.32, 0.55, -0.9, 0.5, "#d4321e"], [0.62, 0.74, -0.2, 0.7, "#d4321e"]]],
    [480, 485, 205, 280, 38, -0.3, "#f2b640", [[0.15, 0.4, -0.6, 0.5, "#e08a2a"], [0.5, 0.7, -0.7, 0.2, "#1a1410"]]],
  ];
  for (const f of K) {
    const g = f.slice();
    g[0] += 26;
    g[1] += 30;
    wash("#040a08", 190, 0.25, 0.3, 0.3, koiBody(g, 1.05), 0.4);
  }
  for (const f of K) {
    const g = f.slice();
    g[4] = f[4] * 1.8;
    wash("#3e6a56", 110, 0.5, 0.4, 0.3, koiBody(g, 1), 0.8);
  }
  for (const f of K) koi(f);
  // a few scale marks on the big koi
  for (let i = 0; i < 14; i++) {
    const u = 0.2 + (i % 7) * 0.07, v = i < 7 ? 0.35 : -0.35;
    const p = kp(K[0], u, v), q = kp(K[0], u + 0.03, v * 0.6), r2 = kp(K[0], u + 0.03, v * 1.4);
    wash("#b8a898", 90, 0.02, 0.05, 0.2, [p, q, r2], 0.5);
  }

  maple(300, 480, 52, 20, "#c8301e", "#6a1410");
  maple(390, 565, 36, -30, "#e07a22", "#8a3a10");
  maple(535, 90, 44, 60, "#d84a1e", "#7a1a10");
  maple(80, 250, 36, 140, "#b8261a", "#5a1010");
  maple(560, 300, 24, 10, "#e8a030", "#8a4a10");
  for (let i = 0; i < 6; i++) {
    const x = random(40, 560), y = random(40, 560), r = random(5, 9), a = random(360);
    wash("#e0b050", 200, 0.04, 0.1, 0.3, [[x, y], [x + cos(a) * r, y + sin(a) * r], [x + cos(a + 80) * r * 1.5, y + sin(a + 80) * r * 1.5], [x + cos(a + 150) * r, y + sin(a + 150) * r]], 0.6);
  }
}