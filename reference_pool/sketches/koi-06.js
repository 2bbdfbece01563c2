// Koi pond close-up in autumn: a big kohaku koi on the diagonal, an orange koi cropped at the right, maple leaves floating, stones top right
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

// local (u along the body 0 nose .. 1 tail tip, v across in half-widths) -> canvas, with a body bend
function kp(f, u, v) {
  const [x, y, h, len, w, bend] = f;
  const lx = -u * len, ly = v * w + bend * u * u * len * 0.35;
  return [x + lx * cos(h) - ly * sin(h), y + lx * sin(h) + ly * cos(h)];
}

const KOI_U = [0, 0.03, 0.08, 0.16, 0.3, 0.45, 0.6, 0.72, 0.8, 0.85];
const KOI_V = [0, 0.45, 0.72, 0.92, 1.0, 0.88, 0.62, 0.38, 0.24, 0.26];

function koiBody(f, k) {
  const top = [], bot = [];
  for (let i = 0; i < KOI_U.length; i++) {
    top.push(kp(f, KOI_U[i], KOI_V[i] * k));
    bot.push(kp(f, KOI_U[i], -KOI_V[i] * k));
  }
  const tailPts = [kp(f, 0.95, 0.75 * k), kp(f, 1.04, 1.05 * k), kp(f, 0.96, 0.35 * k), kp(f, 0.93, 0),
    kp(f, 0.96, -0.35 * k), kp(f, 1.04, -1.05 * k), kp(f, 0.95, -0.75 * k)];
  return top.concat(tailPts).concat(bot.slice(1).reverse());
}

function koiPatch(f, u0, u1, v0, v1) {
  const pts = [];
  for (let i = 0; i <= 6; i++) pts.push(kp(f, lerp(u0, u1, i / 6), lerp(v0, v1, 0.5) + (v1 - v0) * 0.5 * pow(sin(i * 30), 0.4)));
  for (let i = 6; i >= 0; i--) pts.push(kp(f, lerp(u0, u1, i / 6), lerp(v0, v1, 0.5) - (v1 - v0) * 0.5 * pow(sin(i * 30), 0.4)));
  return pts;
}

function koiFins(f, col, op) {
  for (const s of [1, -1]) {
    wash(col, op, 0.1, 0.15, 0.3, [kp(f, 0.17, 0.8 * s), kp(f, 0.3, 2.0 * s), kp(f, 0.38, 1.7 * s), kp(f, 0.28, 0.8 * s)], 0.5);
    wash(col, op * 0.8, 0.1, 0.15, 0.3, [kp(f, 0.55, 0.75 * s), kp(f, 0.65, 1.2 * s), kp(f, 0.68, 0.55 * s)], 0.5);
  }
}

// f = [x, y, heading, length, halfwidth, bend, base, [patches [u0,u1,v0,v1,col]]]
function koi(f) {
  koiFins(f, "#f4e4d0", 170);
  wash(f[6], 250, 0.08, 0.3, 0.4, koiBody(f, 1), 0.3);
  wash(f[6], 220, 0.05, 0.2, 0.3, koiBody(f, 0.8), 0.3);
  for (const p of f[7]) wash(p[4], 225, 0.1, 0.35, 0.45, koiPatch(f, p[0], p[1], p[2], p[3]), 0.6);
  wash("#ffffff", 90, 0.05, 0.05, 0.2, koiPatch(f, 0.08, 0.55, 0.1, 0.45), 0.6);
  for (const s of [1, -1]) {
    const e = kp(f, 0.07, 0.5 * s);
    brush.fill("#1a1a1a", 230);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(e[0], e[1], 2.2, false);
  }
}

function koiShadow(f, dx, dy, col, op) {
  const g = f.slice();
  g[0] += dx;
  g[1] += dy;
  wash(col, op, 0.35, 0.4, 0.4, koiBody(g, 1.1), 0.4);
}

function mottle(n, cols, op, x0, x1, y0, y1, r0, r1) {
  for (let i = 0; i < n; i++) {
    const cx = random(x0, x1), cy = random(y0, y1), r = random(r0, r1), pts = [];
    for (let a = 0; a < 360; a += 30) pts.push([cx + cos(a) * r * (0.75 + noise(i, a * 0.02) * 0.5), cy + sin(a) * r * (0.6 + noise(a * 0.02, i) * 0.4)]);
    wash(cols[i % cols.length], op, 0.45, 0.5, 0.4, pts, 0.9);
  }
}

function maple(cx, cy, r, a, col, op) {
  const lobes = [[0, 1], [50, 0.85], [-50, 0.85], [105, 0.55], [-105, 0.55]];
  const pts = [[cx + cos(a + 180) * r * 0.15, cy + sin(a + 180) * r * 0.15]];
  for (const l of [[-150, 0.2], [-105, 0.55], [-78, 0.3], [-50, 0.85], [-25, 0.4], [0, 1], [25, 0.4], [50, 0.85], [78, 0.3], [105, 0.55], [150, 0.2]]) {
    pts.push([cx + cos(a + l[0]) * r * l[1], cy + sin(a + l[0]) * r * l[1]]);
  }
  wash(col, op, 0.05, 0.2, 0.4, pts, 0.05);
  if (lobes) wash("#7a2a1a", op * 0.6, 0.04, 0.05, 0.2, [[cx, cy], [cx + cos(a + 180) * r * 0.5, cy + sin(a + 180) * r * 0.5],
    [cx + cos(a + 182) * r * 0.5 + 2, cy + sin(a + 182) * r * 0.5 + 2]], 0);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f1eee4");
  brush.noStroke();
  randomSeed(37);
  noiseSeed(37);

  wash("#8dbdae", 225, 0.45, 0.5, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.4);
  mottle(10, ["#5f9c8e", "#4a8a84", "#7cb0a2"], 170, 150, 620, 0, 600, 100, 170);
  wash("#2e6a6c", 200, 0.4, 0.5, 0.4, [[80, 120], [330, 60], [620, 300], [620, 620], [240, 620], [60, 330]], 0.9);
  wash("#1c4a50", 170, 0.4, 0.5, 0.4, [[180, 200], [420, 260], [620, 420], [620, 620], [300, 600], [160, 330]], 0.9);
  // stone rim in the top right corner
  const stones = [[580, 30, 130, 90], [450, -20, 110, 60], [630, 170, 80, 70]];
  wash("#12302f", 170, 0.35, 0.4, 0.4, [[620, 280], [540, 190], [400, 80], [330, -20], [620, -20]], 0.8);
  for (const s of stones) {
    const pts = [];
    for (let a = 0; a < 360; a += 30) pts.push([s[0] + cos(a) * s[2] * (0.9 + random(0.15)), s[1] + sin(a) * s[3] * (0.9 + random(0.15))]);
    wash("#b8ad9a", 240, 0.1, 0.55, 0.5, pts, 0.5);
    wash("#d8cfbe", 150, 0.1, 0.4, 0.4, pts.slice(6, 12), 0.5);
    wash("#4f463e", 190, 0.12, 0.5, 0.5, pts.slice(0, 7), 0.5);
  }

  // two big koi, cropped at the right
  const K = [
    [170, 170, 222, 350, 46, 0.2, "#f8f3ea", [[0.03, 0.26, -0.65, 0.75, "#e23d25"], [0.36, 0.52, -0.2, 0.8, "#1a1818"], [0.5, 0.72, -0.7, 0.3, "#e23d25"]]],
    [310, 480, 165, 290, 40, -0.25, "#f39634", [[0.08, 0.34, -0.5, 0.7, "#cc3a1c"], [0.45, 0.7, -0.6, 0.5, "#d8541e"]]],
  ];
  for (const f of K) koiShadow(f, 24, 30, "#10282c", 170);
  for (const f of K) { const g = f.slice(); g[4] = f[4] * 1.35; wash("#173f44", 200, 0.3, 0.4, 0.4, koiBody(g, 1), 0.5); }
  for (const f of K) for (let j = 0; j < 2; j++) wash(f[6], 240, 0.06, 0.3, 0.4, koiBody(f, 0.95 - j * 0.15), 0.3);
  for (const f of K) koi(f);
  // scale lace along the backs
  for (const f of K) for (let u = 0.25; u < 0.7; u += 0.07) for (const v of [-0.35, 0.05, 0.45]) {
    const a = kp(f, u, v - 0.2), b = kp(f, u + 0.03, v), c = kp(f, u, v + 0.2);
    wash("#fff8ec", 110, 0.04, 0.05, 0.2, [a, b, c, kp(f, u + 0.01, v)], 0.6);
  }

  // floating maple leaves with soft shadows
  const Lv = [[350, 120, 44, 10, "#d2442a"], [80, 330, 36, 70, "#ea8a2a"], [470, 300, 40, -40, "#b8342a"],
    [120, 540, 42, 200, "#c9402a"], [560, 560, 34, 120, "#eaa030"]];
  for (const l of Lv) maple(l[0] + 8, l[1] + 10, l[2], l[3], "#2a5450", 120);
  for (const l of Lv) maple(l[0], l[1], l[2], l[3], l[4], 235);
  for (let i = 0; i < 6; i++) {
    const x = random(60, 500), y = random(40, 560);
    wash("#eef6f0", 140, 0.05, 0.05, 0.2, [[x, y], [x + 70, y - 6], [x + 72, y - 2], [x + 4, y + 3]], 0.6);
  }
}