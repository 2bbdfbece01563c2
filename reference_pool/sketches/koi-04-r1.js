// Koi pond from above (revision): deep glazed water, lily pads crowding the upper left, three koi turning lower right
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

function pad(cx, cy, r, notch, col, dark) {
  const pts = [[cx, cy]];
  for (let a = notch + 14; a <= notch + 346; a += 18) {
    const k = 1 + random(-0.04, 0.04);
    pts.push([cx + cos(a) * r * k, cy + sin(a) * r * 0.92 * k]);
  }
  wash(col, 230, 0.1, 0.4, 0.5, pts, 0.5);
  wash(dark, 170, 0.1, 0.4, 0.5, pts.slice(0, 1).concat(pts.slice(9)), 0.5);
  for (let i = 0; i < 5; i++) {
    const a = notch + 40 + i * 60;
    wash(dark, 120, 0.04, 0.05, 0.2, [[cx, cy], [cx + cos(a) * r * 0.85, cy + sin(a) * r * 0.8], [cx + cos(a + 3) * r * 0.85, cy + sin(a + 3) * r * 0.8]], 0);
  }
}

function mottle(n, cols, op, x0, x1, y0, y1, r0, r1) {
  for (let i = 0; i < n; i++) {
    const cx = random(x0, x1), cy = random(y0, y1), r = random(r0, r1), pts = [];
    for (let a = 0; a < 360; a += 30) pts.push([cx + cos(a) * r * (0.75 + noise(i, a * 0.02) * 0.5), cy + sin(a) * r * (0.6 + noise(a * 0.02, i) * 0.4)]);
    wash(cols[i % cols.length], op, 0.45, 0.5, 0.4, pts, 0.9);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0e6");
  brush.noStroke();
  randomSeed(11);
  noiseSeed(11);

  // water in glazes: jade ground, mottled teal, near-black under the pads
  wash("#78ad9e", 230, 0.4, 0.45, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.3);
  mottle(12, ["#4f8f88", "#6aa39a", "#3a7a78"], 170, 0, 600, 0, 600, 90, 160);
  wash("#2c6468", 200, 0.45, 0.5, 0.35, [[-20, -20], [470, -20], [330, 160], [150, 340], [-20, 480]], 0.8);
  wash("#143438", 200, 0.4, 0.5, 0.4, [[-20, -20], [310, -20], [200, 130], [-20, 300]], 0.8);
  wash("#173c40", 170, 0.4, 0.5, 0.4, [[620, 640], [620, 380], [460, 560], [360, 640]], 0.8);
  // light lying across the water
  for (let i = 0; i < 5; i++) {
    const y = 250 + i * 70 + random(-10, 10), x = 200 + i * 40;
    wash("#d9ecdf", 130, 0.3, 0.3, 0.3, [[x, y], [x + 220, y - 50], [x + 230, y - 38], [x + 10, y + 10]], 0.7);
  }

  const K = [
    [440, 280, 125, 200, 26, 0.25, "#f8f3ea", [[0.03, 0.28, -0.6, 0.7, "#e23d25"], [0.42, 0.66, -0.7, 0.2, "#e23d25"]]],
    [290, 390, 20, 170, 23, -0.3, "#f39634", [[0.1, 0.36, -0.4, 0.7, "#c93a1c"], [0.46, 0.62, -0.6, 0.4, "#1f1c1c"]]],
    [530, 470, 210, 140, 19, 0.3, "#f5c548", [[0.15, 0.55, -0.5, 0.5, "#e88a28"]]],
  ];
  for (const f of K) koiShadow(f, 16, 20, "#0f2a2e", 140);
  for (const f of K) koi(f);

  // lily pads in the dark corner, a pink bloom
  const P = [[90, 80, 72, 40], [215, 40, 48, 120], [55, 225, 54, 300], [175, 175, 42, 200], [310, 100, 30, 80]];
  for (const p of P) pad(p[0], p[1], p[2], p[3], "#6f9a48", "#2a5028");
  for (const p of P) wash("#cfe08e", 120, 0.1, 0.2, 0.3, [[p[0] - p[2] * 0.5, p[1] - p[2] * 0.4], [p[0] - p[2] * 0.1, p[1] - p[2] * 0.7],
    [p[0] + p[2] * 0.1, p[1] - p[2] * 0.3]], 0.6);
  for (let g = 0; g < 2; g++) for (let i = 0; i < 8; i++) {
    const a = i * 45 + 10 + g * 22, cx = 150, cy = 115, r = 34 - g * 12;
    wash(g ? "#e2708f" : "#f4bccb", 235, 0.06, 0.2, 0.4, [[cx, cy], [cx + cos(a - 16) * r * 0.65, cy + sin(a - 16) * r * 0.65],
      [cx + cos(a) * r, cy + sin(a) * r], [cx + cos(a + 16) * r * 0.65, cy + sin(a + 16) * r * 0.65]], 0.6);
  }
  brush.fill("#f4c23e", 250);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(150, 115, 6, false);

  // ripple rings ahead of the lead koi
  for (const r of [40, 64]) {
    const pts = [];
    for (let a = 200; a <= 320; a += 15) pts.push([470 + cos(a) * r, 250 + sin(a) * r * 0.7]);
    for (let a = 320; a >= 200; a -= 15) pts.push([470 + cos(a) * (r - 3), 250 + sin(a) * (r - 3) * 0.7]);
    wash("#e8f2ea", 170, 0.05, 0.05, 0.2, pts, 0.5);
  }
}