// Koi pond from above: deep green water, lily pads crowding the upper left, three koi turning lower right
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

// spine from the head tip backwards; the fish points along angle h
function spine(hx, hy, h, len, bend) {
  const sp = [];
  let x = hx, y = hy;
  for (let i = 0; i <= 12; i++) {
    const t = i / 12, d = h + 180 + bend * t;
    sp.push([x, y, d, t]);
    x += cos(d) * len / 12;
    y += sin(d) * len / 12;
  }
  return sp;
}

function hw(t, w) {
  return t < 0.3 ? w * sin(map(t, 0, 0.3, 25, 90)) : w * (0.22 + 0.78 * cos(map(t, 0.3, 1, 0, 90)));
}

// a strip of the body between t0 and t1, width scaled by k, shifted sideways by off (fraction of width)
function strip(sp, w, t0, t1, k, off) {
  const L = [], R = [];
  for (const s of sp) {
    if (s[3] < t0 - 0.001 || s[3] > t1 + 0.001) continue;
    const h = hw(s[3], w) * k, o = hw(s[3], w) * off;
    L.push([s[0] + cos(s[2] + 90) * (h + o), s[1] + sin(s[2] + 90) * (h + o)]);
    R.push([s[0] + cos(s[2] - 90) * (h - o), s[1] + sin(s[2] - 90) * (h - o)]);
  }
  return L.concat(R.reverse());
}

function tail(sp, w, k) {
  const e = sp[sp.length - 1], d = e[2];
  return [[e[0], e[1]], [e[0] + cos(d - 32) * w * 1.7 * k, e[1] + sin(d - 32) * w * 1.7 * k],
    [e[0] + cos(d - 8) * w * 1.1 * k, e[1] + sin(d - 8) * w * 1.1 * k], [e[0] + cos(d) * w * 0.8 * k, e[1] + sin(d) * w * 0.8 * k],
    [e[0] + cos(d + 8) * w * 1.1 * k, e[1] + sin(d + 8) * w * 1.1 * k], [e[0] + cos(d + 32) * w * 1.7 * k, e[1] + sin(d + 32) * w * 1.7 * k]];
}

function fins(sp, w, col, op) {
  const s = sp[3];
  for (const side of [1, -1]) {
    const bx = s[0] + cos(s[2] + 90 * side) * w * 0.8, by = s[1] + sin(s[2] + 90 * side) * w * 0.8;
    const a = s[2] + 55 * side;
    wash(col, op, 0.12, 0.2, 0.4, [[bx, by], [bx + cos(a - 12 * side) * w * 1.6, by + sin(a - 12 * side) * w * 1.6],
      [bx + cos(a + 18 * side) * w * 1.5, by + sin(a + 18 * side) * w * 1.5], [bx + cos(s[2]) * w * 0.6, by + sin(s[2]) * w * 0.6]], 0.6);
  }
}

function koi(f) {
  const [x, y, h, len, w, bend, base, mark, mark2] = f;
  const sp = spine(x, y, h, len, bend);
  fins(sp, w, "#f6e6d4", 150);
  wash(base, 235, 0.1, 0.3, 0.45, strip(sp, w, 0, 1, 1, 0), 0.55);
  wash(base, 200, 0.08, 0.2, 0.4, tail(sp, w, 1), 0.5);
  wash(mark, 215, 0.14, 0.4, 0.5, strip(sp, w, 0.08, 0.42, 0.75, 0.2), 0.7);
  wash(mark, 200, 0.14, 0.4, 0.5, strip(sp, w, 0.55, 0.8, 0.7, -0.25), 0.7);
  if (mark2) wash(mark2, 200, 0.1, 0.3, 0.5, strip(sp, w, 0.3, 0.5, 0.45, -0.35), 0.7);
  // eyes
  const s = sp[1];
  for (const side of [1, -1]) {
    brush.fill("#1a1a1a", 220);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(s[0] + cos(s[2] + 90 * side) * w * 0.45, s[1] + sin(s[2] + 90 * side) * w * 0.45, 2.2, false);
  }
}

function pad(cx, cy, r, notch, col, dark) {
  const pts = [[cx, cy]];
  for (let a = notch + 14; a <= notch + 346; a += 18) {
    const k = 1 + random(-0.04, 0.04);
    pts.push([cx + cos(a) * r * k, cy + sin(a) * r * 0.92 * k]);
  }
  wash(col, 220, 0.12, 0.4, 0.5, pts, 0.5);
  wash(dark, 150, 0.12, 0.4, 0.5, pts.slice(0, 1).concat(pts.slice(8)), 0.5);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0e6");
  brush.noStroke();
  randomSeed(11);
  noiseSeed(11);

  // water in three values: pale green light, deep teal, near-black under the pads
  wash("#9cc3b0", 210, 0.4, 0.45, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.3);
  wash("#3f7f78", 190, 0.45, 0.5, 0.35, [[-20, -20], [460, -20], [330, 150], [140, 330], [-20, 470]], 0.8);
  wash("#1e4a4c", 190, 0.4, 0.5, 0.4, [[-20, -20], [300, -20], [190, 120], [-20, 290]], 0.8);
  wash("#5c9a8a", 150, 0.45, 0.5, 0.35, [[620, 640], [620, 420], [470, 560], [380, 640]], 0.8);
  // light on the water: pale streaks
  for (let i = 0; i < 5; i++) {
    const y = 220 + i * 70 + random(-10, 10), x = 260 + i * 30;
    wash("#dbeadf", 120, 0.3, 0.3, 0.3, [[x, y], [x + 200, y - 40], [x + 210, y - 30], [x + 10, y + 8]], 0.7);
  }

  // koi shadows on the pond floor, then the koi
  const K = [
    [420, 330, 130, 190, 24, -35, "#f4efe4", "#e0432a", null],
    [300, 400, 20, 160, 21, 40, "#f39b3a", "#d4471f", "#2a2626"],
    [510, 470, 200, 130, 17, -25, "#f5c64c", "#e8892a", null],
  ];
  for (const f of K) {
    const sp = spine(f[0] + 14, f[1] + 16, f[2], f[3], f[5]);
    wash("#1f4b4e", 110, 0.35, 0.4, 0.4, strip(sp, f[4], 0, 1, 1.05, 0).concat(tail(sp, f[4], 0.9).slice(1)), 0.6);
  }
  for (const f of K) koi(f);

  // lily pads in the dark corner, a pink bloom
  const P = [[90, 80, 70, 40], [210, 40, 48, 120], [60, 220, 52, 300], [170, 170, 40, 200], [300, 110, 30, 80]];
  for (const p of P) pad(p[0], p[1], p[2], p[3], "#6f9a4a", "#2f5a30");
  for (const p of P) wash("#c9dc8a", 110, 0.1, 0.2, 0.3, [[p[0] - p[2] * 0.5, p[1] - p[2] * 0.4], [p[0] - p[2] * 0.1, p[1] - p[2] * 0.7],
    [p[0] + p[2] * 0.1, p[1] - p[2] * 0.3]], 0.6);
  for (let i = 0; i < 8; i++) {
    const a = i * 45 + 10, cx = 150, cy = 115;
    wash(i % 2 ? "#f3b6c6" : "#e77f9c", 230, 0.08, 0.2, 0.4, [[cx, cy], [cx + cos(a - 16) * 20, cy + sin(a - 16) * 20],
      [cx + cos(a) * 30, cy + sin(a) * 30], [cx + cos(a + 16) * 20, cy + sin(a + 16) * 20]], 0.6);
  }
  brush.fill("#f4c23e", 240);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(150, 115, 6, false);

  // ripple rings from the lead koi
  for (const r of [40, 62]) {
    const pts = [];
    for (let a = 180; a <= 300; a += 15) pts.push([470 + cos(a) * r, 270 + sin(a) * r * 0.7]);
    for (let a = 300; a >= 180; a -= 15) pts.push([470 + cos(a) * (r - 3), 270 + sin(a) * (r - 3) * 0.7]);
    wash("#e8f2ea", 150, 0.05, 0.05, 0.2, pts, 0.5);
  }
}