// Night koi pond: deep indigo water, moon reflection upper right, koi glowing on a diagonal, floating petals
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
  background("#16202e");
  brush.noStroke();
  randomSeed(23);
  noiseSeed(23);

  wash("#223a4a", 200, 0.45, 0.5, 0.35, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.4);
  mottle(9, ["#0e1822", "#1d3b3c", "#2a4558"], 150, 0, 600, 0, 600, 90, 170);
  // moon reflection: a pale disc broken by ripple bars, with a soft halo
  const mx = 455, my = 125, moon = [];
  for (let a = 0; a < 360; a += 20) moon.push([mx + cos(a) * 46, my + sin(a) * 42]);
  wash("#4d6a80", 140, 0.5, 0.4, 0.3, moon.map((p) => [mx + (p[0] - mx) * 2.4, my + (p[1] - my) * 2.0]), 0.9);
  wash("#ece6c8", 235, 0.12, 0.3, 0.3, moon, 0.8);
  for (let i = 0; i < 6; i++) {
    const y = my - 36 + i * 15, w = 50 + random(-10, 30);
    wash("#223a4a", 150, 0.06, 0.1, 0.3, [[mx - w, y], [mx + w, y - 2], [mx + w - 10, y + 3], [mx - w + 8, y + 4]], 0.4);
  }
  for (let i = 0; i < 5; i++) {
    const y = my + 60 + i * 18, w = 40 - i * 6;
    wash("#d8d4b8", 170, 0.06, 0.1, 0.3, [[mx - w, y], [mx + w, y - 2], [mx + w - 6, y + 4], [mx - w + 6, y + 4]], 0.4);
  }

  // koi on a diagonal, glow halos underneath
  const K = [
    [200, 150, 25, 180, 23, 0.3, "#f8f3ea", [[0.03, 0.3, -0.6, 0.7, "#e23d25"], [0.45, 0.7, -0.3, 0.7, "#e23d25"]]],
    [300, 330, 55, 200, 26, -0.35, "#f39634", [[0.1, 0.36, -0.4, 0.7, "#c93a1c"], [0.46, 0.62, -0.6, 0.4, "#141212"]]],
    [460, 470, 15, 160, 21, 0.4, "#f5c548", [[0.15, 0.55, -0.5, 0.5, "#e88a28"]]],
    [530, 310, 250, 120, 16, -0.3, "#f2ebe0", [[0.1, 0.3, -0.5, 0.6, "#191818"], [0.4, 0.6, -0.6, 0.3, "#e0502a"]]],
  ];
  for (const f of K) { const g = f.slice(); g[4] = f[4] * 2.2; wash("#3e6072", 120, 0.5, 0.4, 0.3, koiBody(g, 1), 0.8); }
  for (const f of K) koi(f);

  for (let i = 0; i < 18; i++) {
    const x = random(20, 580), y = random(20, 580), r = random(6, 10), a = random(360);
    wash(i % 3 ? "#e9a9bc" : "#f5d3dc", 210, 0.06, 0.1, 0.3, [[x, y], [x + cos(a) * r, y + sin(a) * r],
      [x + cos(a + 70) * r * 1.4, y + sin(a + 70) * r * 1.4], [x + cos(a + 140) * r, y + sin(a + 140) * r]], 0.6);
  }
  pad(70, 520, 82, 30, "#3d6a44", "#0e2016");
  pad(195, 585, 56, 250, "#4e7a4a", "#0e2016");
  pad(28, 380, 46, 120, "#3d6a44", "#0e2016");
}