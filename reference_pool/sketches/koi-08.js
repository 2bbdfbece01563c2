// Koi pond in afternoon light: jade water darkening under the reflection of an overhanging tree, lily pads off the left edge, three koi curving up through the light
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
  for (let g = 0; g < (f[6] === "#f49a3a" ? 3 : 1); g++) wash(f[6], 250, 0.05, 0.3, 0.3, koiBody(f, 0.95 - g * 0.08), 0.4);
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

function pad(cx, cy, r, notch, tilt) {
  const pts = [[cx, cy]];
  for (let a = notch + 12; a <= notch + 348; a += 16) pts.push([cx + cos(a) * r * (1 + random(-0.03, 0.03)), cy + sin(a) * r * tilt]);
  wash("#0d2422", 190, 0.2, 0.4, 0.4, pts.map((p) => [p[0] + 9, p[1] + 11]), 0.5);
  wash("#6f9a4e", 250, 0.06, 0.4, 0.5, pts, 0.5);
  wash("#4f7c3e", 200, 0.06, 0.4, 0.5, [pts[0]].concat(pts.slice(8)), 0.5);
  wash("#c7d98a", 150, 0.05, 0.2, 0.3, [pts[0]].concat(pts.slice(2, 7)), 0.5);
  for (let i = 0; i < 6; i++) {
    const a = notch + 35 + i * 55;
    wash("#2d4a26", 120, 0.02, 0.05, 0.2, [[cx, cy], [cx + cos(a) * r * 0.9, cy + sin(a) * r * tilt * 0.9], [cx + cos(a + 3) * r * 0.9, cy + sin(a + 3) * r * tilt * 0.9]], 0);
  }
}

function ripple(cx, cy, r, col, op) {
  const pts = [];
  for (let a = 200; a <= 340; a += 14) pts.push([cx + cos(a) * r, cy + sin(a) * r * 0.45]);
  for (let a = 340; a >= 200; a -= 14) pts.push([cx + cos(a) * (r - 3), cy + sin(a) * (r - 3) * 0.45 + 1.5]);
  wash(col, op, 0.02, 0.05, 0.2, pts, 0.6);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#1f4748");
  brush.noStroke();
  randomSeed(7);
  noiseSeed(7);

  // layered water on a deep teal ground: a pale jade band of sky light from the upper left, dark tree reflection top right
  wash("#3a6e6a", 220, 0.5, 0.5, 0.3, [[-20, -20], [420, -20], [200, 620], [-20, 620]], 0.5);
  for (let i = 0; i < 9; i++) wash("#7fb0a2", 220, 0.5, 0.5, 0.35, blob(random(-20, 300), random(120, 560), random(90, 140), random(70, 110), i), 0.8);
  for (let i = 0; i < 7; i++) wash("#b8dacb", 230, 0.5, 0.45, 0.3, blob(random(60, 260), random(180, 480), random(60, 100), random(50, 80), 20 + i), 0.8);
  wash("#d8ece2", 200, 0.5, 0.4, 0.3, blob(160, 330, 70, 90, 40), 0.8);
  for (let i = 0; i < 10; i++) wash(i % 3 ? "#0b2022" : "#10302c", 220, 0.45, 0.5, 0.4, blob(random(420, 640), random(-30, 300), random(50, 90), random(40, 70), 60 + i), 0.8);
  for (let i = 0; i < 6; i++) wash("#0a1c20", 210, 0.45, 0.5, 0.4, blob(random(380, 640), random(460, 640), random(50, 80), random(35, 60), 90 + i), 0.8);
  for (let i = 0; i < 6; i++) wash("#5f9690", 170, 0.25, 0.3, 0.3, blob(random(450, 580), random(20, 250), 14, 9, 120 + i), 0.8);
  const K = [
    [420, 190, 60, 200, 26, -0.3, "#fbf5ec", [[0.02, 0.28, -0.7, 0.6, "#dd3a22"], [0.42, 0.66, -0.4, 0.8, "#dd3a22"]]],
    [360, 380, 120, 180, 23, 0.35, "#f49a3a", [[0.12, 0.4, -0.5, 0.6, "#d0461e"]]],
    [470, 520, 20, 160, 20, -0.3, "#f7efe2", [[0.08, 0.3, -0.5, 0.7, "#171414"], [0.42, 0.6, -0.7, 0.3, "#e05028"]]],
  ];
  // shadows on the pond floor, offset
  for (const f of K) {
    const g = f.slice();
    g[0] += 18;
    g[1] += 22;
    wash("#061618", 170, 0.2, 0.3, 0.3, koiBody(g, 1.05), 0.4);
  }
  for (const f of K) koi(f);

  ripple(250, 300, 60, "#d7ece4", 170);
  ripple(250, 308, 38, "#d7ece4", 140);
  ripple(540, 380, 44, "#7fb0a6", 150);

  pad(40, 110, 95, 20, 0.85);
  pad(150, 40, 60, 110, 0.8);
  pad(-10, 300, 70, 300, 0.9);
  pad(560, 560, 60, 200, 0.85);
  // a pink lotus on the big pad
  for (let g = 0; g < 2; g++) {
    for (let i = 0; i < 8; i++) {
      const a = i * 45 + 10 + g * 22, k = g ? 0.7 : 1, cx = 95, cy = 140;
      const p = [[cx, cy], [cx + cos(a - 16) * 26 * k, cy + sin(a - 16) * 21 * k], [cx + cos(a) * 42 * k, cy + sin(a) * 34 * k], [cx + cos(a + 16) * 26 * k, cy + sin(a + 16) * 21 * k]];
      wash("#ffffff", 255, 0.03, 0.1, 0.3, p, 0.6);
      wash(g ? "#f6c8d6" : "#e888a8", 240, 0.04, 0.2, 0.3, p, 0.6);
      wash("#b04070", 120, 0.03, 0.2, 0.3, [p[0], p[1], [cx + cos(a) * 20 * k, cy + sin(a) * 16 * k]], 0.6);
    }
  }
  wash("#e9b83a", 240, 0.03, 0.1, 0.3, [[87, 132], [103, 132], [103, 148], [87, 148]], 0.8);
}