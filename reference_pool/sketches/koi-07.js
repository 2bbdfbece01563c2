// Koi pond, simple: three koi on a flat teal wash with two lily pads
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2f0e8");
  brush.noStroke();
  randomSeed(41);

  wash("#5f9e96", 220, 0.4, 0.4, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.3);
  const K = [
    [330, 200, 10, 170, 22, 0.3, "#f39a3a", [[0.12, 0.4, -0.4, 0.6, "#d4471f"]]],
    [390, 400, 200, 160, 21, -0.3, "#f6f1e6", [[0.05, 0.3, -0.5, 0.6, "#e0432a"]]],
    [180, 420, 290, 130, 17, 0.2, "#f5c64c", []],
  ];
  for (const f of K) koi(f);
  pad(490, 110, 60, 200, "#6f9a4a", "#3f6a36");
  pad(90, 110, 45, 40, "#6f9a4a", "#3f6a36");
}