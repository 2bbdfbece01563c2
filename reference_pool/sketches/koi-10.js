// Koi pond at dusk: violet water with a rose sky reflection, a dark raft of lily pads with two pink lotus blooms at the left, two koi turning below it
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

function pad(cx, cy, r, notch, tilt, c1, c2) {
  const pts = [[cx, cy]];
  for (let a = notch + 12; a <= notch + 348; a += 16) pts.push([cx + cos(a) * r * (1 + random(-0.03, 0.03)), cy + sin(a) * r * tilt]);
  wash("#0a0814", 190, 0.2, 0.4, 0.4, pts.map((p) => [p[0] + 8, p[1] + 10]), 0.5);
  wash(c1, 245, 0.05, 0.4, 0.5, pts, 0.5);
  wash(c2, 210, 0.05, 0.4, 0.5, [pts[0]].concat(pts.slice(9)), 0.5);
  wash("#b8a0b0", 90, 0.05, 0.2, 0.3, [pts[0]].concat(pts.slice(2, 7)), 0.5);
  for (let i = 0; i < 6; i++) {
    const a = notch + 35 + i * 55;
    wash("#0e1a12", 130, 0.02, 0.05, 0.2, [[cx, cy], [cx + cos(a) * r * 0.9, cy + sin(a) * r * tilt * 0.9], [cx + cos(a + 3) * r * 0.9, cy + sin(a + 3) * r * tilt * 0.9]], 0);
  }
}

function lotus(x, y, r) {
  for (let g = 0; g < 2; g++) {
    for (let i = 0; i < 8; i++) {
      const a = i * 45 + 10 + g * 22, k = g ? 0.7 : 1;
      const p = [[x, y], [x + cos(a - 16) * r * 0.6 * k, y + sin(a - 16) * r * 0.5 * k], [x + cos(a) * r * k, y + sin(a) * r * 0.8 * k], [x + cos(a + 16) * r * 0.6 * k, y + sin(a + 16) * r * 0.5 * k]];
      wash("#ffffff", 255, 0.03, 0.1, 0.3, p, 0.6);
      wash(g ? "#f6c8d6" : "#e888a8", 240, 0.04, 0.2, 0.3, p, 0.6);
      wash("#b04070", 130, 0.03, 0.2, 0.3, [p[0], p[1], [x + cos(a) * r * 0.5 * k, y + sin(a) * r * 0.4 * k]], 0.6);
    }
  }
  wash("#f0c040", 250, 0.02, 0.1, 0.3, [[x - 6, y - 5], [x + 6, y - 5], [x + 6, y + 5], [x - 6, y + 5]], 0.8);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#221c34");
  brush.noStroke();
  randomSeed(61);
  noiseSeed(61);

  // water: violet layers, a rose and gold sky reflection sweeping from the upper right, deep indigo at the left
  for (let i = 0; i < 5; i++) wash("#3e3456", 200, 0.6, 0.5, 0.2, blob(random(150, 620), random(-20, 620), random(200, 260), random(160, 210), i), 0.9);
  for (let i = 0; i < 6; i++) wash("#8a6a8c", 200, 0.55, 0.45, 0.3, blob(random(330, 620), random(-20, 300), random(90, 130), random(60, 90), 10 + i), 0.9);
  for (let i = 0; i < 4; i++) wash("#d8a0a8", 200, 0.55, 0.4, 0.3, blob(random(430, 600), random(20, 200), random(60, 90), random(40, 60), 20 + i), 0.9);
  wash("#f2d6b0", 190, 0.5, 0.4, 0.3, blob(520, 100, 60, 40, 30), 0.9);
  for (let i = 0; i < 6; i++) wash("#0c0a18", 215, 0.5, 0.5, 0.4, blob(random(-40, 220), random(-20, 640), random(90, 130), random(80, 120), 40 + i), 0.9);
  for (let i = 0; i < 5; i++) {
    const y = 70 + i * 40 + random(-8, 8), x = 500 + random(-30, 30), w = 110 - i * 14;
    wash("#f6e2c6", 150, 0.05, 0.1, 0.2, [[x - w, y], [x + w, y - 3], [x + w - 8, y + 3], [x - w + 8, y + 4]], 0.4);
  }

  const K = [
    [330, 250, 150, 250, 31, 0.45, "#f49a3a", [[0.05, 0.3, -0.6, 0.6, "#d0401e"], [0.42, 0.62, -0.5, 0.7, "#d0401e"]]],
    [360, 470, 25, 210, 27, -0.4, "#fbf6ee", [[0.02, 0.24, -0.6, 0.7, "#d4321e"], [0.38, 0.58, -0.8, 0.4, "#d4321e"], [0.62, 0.72, -0.3, 0.5, "#1a1414"]]],
  ];
  for (const f of K) {
    const g = f.slice();
    g[0] += 20;
    g[1] += 24;
    wash("#080612", 180, 0.25, 0.3, 0.3, koiBody(g, 1.05), 0.4);
  }
  for (const f of K) {
    const g = f.slice();
    g[4] = f[4] * 1.8;
    wash("#6a5480", 110, 0.5, 0.4, 0.3, koiBody(g, 1), 0.8);
  }
  for (const f of K) koi(f);
  ripple(470, 250, 50, "#e8c8c8", 160);
  ripple(470, 257, 32, "#e8c8c8", 130);
  ripple(180, 540, 40, "#a898b8", 140);

  // lily pad raft at the left, two lotus blooms
  pad(70, 150, 95, 30, 0.82, "#2e5a3a", "#16301e");
  pad(200, 90, 70, 140, 0.8, "#3a6a40", "#16301e");
  pad(40, 330, 80, 300, 0.85, "#2e5a3a", "#16301e");
  pad(180, 250, 58, 200, 0.8, "#46784a", "#1a3620");
  pad(90, 470, 54, 60, 0.8, "#3a6a40", "#16301e");
  pad(560, 560, 70, 250, 0.85, "#2e5a3a", "#16301e");
  lotus(125, 175, 60);
  lotus(205, 270, 42);
  // a closed bud on a stalk
  wash("#e888a8", 245, 0.03, 0.2, 0.3, [[60, 300], [70, 270], [80, 300], [70, 310]], 0.7);
  wash("#b04070", 150, 0.03, 0.2, 0.3, [[70, 270], [80, 300], [70, 310]], 0.7);
}