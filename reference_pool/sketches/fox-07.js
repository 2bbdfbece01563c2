// A red fox in snow at the blue hour: deep teal sky over a rose glow, a black hedge line and bare trees, the fox large in the foreground trotting right past dark grass stalks
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

// fox in side view, facing right in local units (body about 200 long); F = [ox, oy, scale, dir (1 right, -1 left)]
function T(F, pts) {
  return pts.map((p) => [F[0] + F[2] * F[3] * p[0], F[1] + F[2] * p[1]]);
}

const FOX = {
  body: [[-72, -26], [-40, -36], [0, -38], [30, -38], [52, -44], [64, -64], [72, -78], [90, -84], [104, -80], [114, -70], [140, -60],
    [143, -54], [128, -50], [108, -50], [92, -46], [78, -34], [64, -14], [56, 8], [40, 20], [0, 24], [-40, 22], [-70, 14], [-100, 18],
    [-134, 38], [-162, 58], [-176, 56], [-180, 32], [-184, 8], [-152, -16], [-112, -30]],
  front: [[20, -38], [52, -44], [64, -64], [72, -78], [90, -84], [104, -80], [114, -70], [140, -60], [143, -54], [128, -50],
    [108, -50], [92, -46], [78, -34], [64, -14], [56, 8], [40, 20], [20, 22]],
  rear: [[-20, -37], [-72, -26], [-112, -30], [-152, -16], [-184, 8], [-180, 32], [-176, 56], [-162, 58], [-134, 38], [-100, 18],
    [-70, 14], [-40, 22], [-20, 23]],
  earL: [[70, -76], [76, -116], [92, -82]],
  earR: [[90, -82], [101, -114], [110, -74]],
  tip: [[-184, 8], [-206, 36], [-198, 62], [-176, 56], [-180, 32]],
  bib: [[143, -54], [132, -46], [112, -40], [96, -28], [82, -8], [70, 10], [56, 10], [64, -14], [78, -34], [92, -46], [108, -50], [128, -50]],
  back: [[-72, -26], [-40, -36], [0, -38], [30, -38], [52, -44], [64, -64], [56, -50], [30, -30], [0, -30], [-40, -28], [-66, -18]],
  tailUnder: [[-70, 14], [-100, 18], [-134, 38], [-162, 58], [-176, 56], [-150, 38], [-120, 20], [-90, 8]],
  tailTop: [[-112, -30], [-152, -16], [-184, 8], [-160, 0], [-124, -18]],
  belly: [[-40, 22], [0, 24], [40, 20], [36, 14], [0, 16], [-40, 16]],
};

// legs: [hip x, hip y, foot x, foot y]; trotting pose by default
const LEGS = [[-50, 10, -80, 86], [-30, 14, -20, 84], [44, 12, 70, 84], [30, 14, 14, 86]];

function leg(F, l, col, sock, op) {
  const [x0, y0, x1, y1] = l, mx = (x0 + x1) / 2 + (l[0] < 0 ? -10 : 4), my = (y0 + y1) / 2;
  wash(col, op, 0.04, 0.1, 0.3, T(F, [[x0 - 8, y0], [x0 + 8, y0], [mx + 5, my], [x1 + 4, y1], [x1 - 5, y1], [mx - 5, my]]), 0.2);
  wash(sock, op, 0.04, 0.1, 0.3, T(F, [[mx + 5, my], [x1 + 4, y1], [x1 + 10, y1 + 2], [x1 - 5, y1 + 2], [mx - 5, my]]), 0.2);
}

function fox(F, opts) {
  const p = opts || {};
  const o = { body: p.body || "#d9682a", deep: p.deep || "#9a3a18", light: p.light || "#f7efe6", sock: p.sock || "#2a1c18",
    legs: p.legs || LEGS, glazes: p.glazes || 2, cool: p.cool || "#b4b8cc" };
  // far legs first, darker
  leg(F, o.legs[0], o.deep, o.sock, 220);
  leg(F, o.legs[3], o.deep, o.sock, 220);
  for (let g = 0; g < o.glazes; g++) wash(o.body, 250, 0.04, 0.15, 0.3, T(F, FOX.body), 0.25);
  wash(o.body, 230, 0.04, 0.15, 0.3, T(F, FOX.front), 0.25);
  wash(o.body, 220, 0.04, 0.15, 0.3, T(F, FOX.rear), 0.35);
  wash(o.body, 245, 0.03, 0.2, 0.3, T(F, FOX.earL), 0);
  wash(o.body, 245, 0.03, 0.2, 0.3, T(F, FOX.earR), 0);
  wash(o.sock, 220, 0.03, 0.1, 0.3, T(F, [[76, -116], [80, -100], [90, -92], [78, -92]]), 0);
  wash(o.sock, 220, 0.03, 0.1, 0.3, T(F, [[101, -114], [102, -98], [109, -92], [98, -94]]), 0);
  wash(o.deep, 180, 0.1, 0.4, 0.4, T(F, FOX.back), 0.3);
  wash(o.deep, 170, 0.1, 0.4, 0.4, T(F, FOX.tailUnder), 0.3);
  wash(o.deep, 140, 0.1, 0.4, 0.4, T(F, FOX.tailTop), 0.3);
  for (let g = 0; g < 2; g++) {
    wash(o.light, 250, 0.04, 0.2, 0.3, T(F, FOX.bib), 0.2);
    wash(o.light, 250, 0.05, 0.2, 0.3, T(F, FOX.tip), 0.4);
  }
  wash(o.cool, 150, 0.08, 0.2, 0.3, T(F, [[82, -8], [70, 10], [56, 10], [64, -14], [78, -34], [96, -28]]), 0.3);
  wash(o.cool, 150, 0.08, 0.2, 0.3, T(F, [[-206, 36], [-198, 62], [-176, 56], [-190, 44]]), 0.3);
  wash(o.light, 200, 0.05, 0.2, 0.3, T(F, FOX.belly), 0.4);
  // near legs
  leg(F, o.legs[1], o.body, o.sock, 240);
  leg(F, o.legs[2], o.body, o.sock, 240);
  // eye, nose, mouth line
  const e = T(F, [[108, -66]])[0], n = T(F, [[142, -56]])[0];
  brush.fill("#1a1210", 240);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(e[0], e[1], 2.6 * F[2], false);
  brush.circle(n[0], n[1], 3 * F[2], false);
}

function prints(x0, y0, x1, y1, n, col, op) {
  for (let i = 0; i < n; i++) {
    const t = i / n, x = lerp(x0, x1, t), y = lerp(y0, y1, t) + (i % 2 ? 6 : -6), r = lerp(4, 7, t);
    wash(col, op, 0.05, 0.1, 0.2, [[x - r, y], [x, y - r * 0.6], [x + r, y], [x, y + r * 0.6]], 0.6);
  }
}
function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}
function drift(y, amp, seed, col, op) {
  const pts = [[-20, 640]];
  for (let x = -20; x <= 620; x += 40) pts.push([x, y + amp * sin(x * 0.5 + seed * 40) + random(-4, 4)]);
  pts.push([620, 640]);
  wash(col, op, 0.3, 0.4, 0.3, pts, 0.7);
}
function trunk(x, y0, y1, w, col, mark) {
  wash(col, 240, 0.04, 0.3, 0.3, [[x - w, y0], [x + w, y0], [x + w * 0.8, y1], [x - w * 0.8, y1]], 0.1);
  for (let y = y0 + 20; y < y1 - 10; y += random(28, 50)) {
    const l = random(w * 0.6, w * 1.6);
    wash(mark, 220, 0.03, 0.1, 0.2, [[x - w * 0.9, y], [x - w * 0.9 + l, y - 2], [x - w * 0.9 + l * 0.8, y + 4], [x - w * 0.9, y + 5]], 0.2);
  }
}

function pine(x, yb, h, w, col, op) {
  const n = 8, L = [], R = [];
  L.push([x, yb - h]);
  for (let i = 1; i <= n; i++) {
    const y = yb - h + (h * 0.92 * i) / n, wi = w * pow(i / n, 0.8);
    L.push([x - wi, y + 3]);
    if (i < n) L.push([x - wi * 0.3, y - 2]);
    R.push([x + wi * (0.9 + random(0.2)), y + 2]);
    if (i < n) R.push([x + wi * 0.3, y - 3]);
  }
  L.push([x - 2, yb]);
  R.push([x + 2, yb]);
  const P = L.concat(R.reverse());
  for (let g = 0; g < PG; g++) wash(col, op, 0.05, 0.25, 0.4, P, 0);
}

function birch(x, y0, y1, w) {
  wash("#e8e4dc", 250, 0.03, 0.2, 0.3, [[x - w, y0], [x + w, y0], [x + w * 1.2, y1], [x - w * 1.2, y1]], 0.1);
  wash("#9aa0b8", 170, 0.05, 0.3, 0.3, [[x + w * 0.2, y0], [x + w, y0], [x + w * 1.2, y1], [x + w * 0.3, y1]], 0.1);
  for (let y = y0 + 10; y < y1 - 6; y += random(14, 30)) {
    const l = random(w * 0.8, w * 1.8), s = random() < 0.5 ? -1 : 1;
    wash("#1a1616", 235, 0.02, 0.1, 0.2, [[x + s * w, y], [x + s * (w - l), y + 1], [x + s * (w - l * 0.7), y + 4], [x + s * w, y + 5]], 0.2);
  }
}

let PG = 1;

function bare(x, yb, h, col) {
  // a bare tree: trunk and a few forking limbs
  wash(col, 245, 0.03, 0.2, 0.3, [[x - 5, yb], [x - 2, yb - h], [x + 2, yb - h], [x + 5, yb]], 0.1);
  for (let i = 0; i < 7; i++) {
    const y = yb - h * random(0.35, 0.9), s = i % 2 ? 1 : -1, l = random(30, 70), up = random(30, 70);
    wash(col, 240, 0.03, 0.2, 0.3, [[x, y], [x + s * l, y - up], [x + s * (l + 2), y - up + 3], [x, y + 5]], 0.1);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4ece6");
  brush.noStroke();
  randomSeed(13);
  noiseSeed(13);

  // blue-hour sky: rose glow low, deep teal above
  wash("#f0b8b0", 190, 0.45, 0.4, 0.3, band(120, 290, 12, 8), 0.6);
  wash("#7aa0b4", 200, 0.45, 0.45, 0.3, band(-20, 200, 20, 8), 0.6);
  wash("#2e5068", 215, 0.45, 0.5, 0.3, band(-20, 130, 25, 8), 0.7);
  for (let g = 0; g < 2; g++) wash("#142838", 225, 0.4, 0.5, 0.3, band(-20, 60 + g * 30, 20, 8), 0.7);
  for (let i = 0; i < 30; i++) {
    brush.fill("#f4f0e8", 230);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(random(0, 600), random(0, 110), random(1, 2), false);
  }
  // hedge line and bare trees, black against the glow
  PG = 2;
  for (let i = 0; i < 20; i++) pine(random(-20, 620), 292, random(35, 80), random(12, 18), "#10141c", 245);
  for (let g = 0; g < 3; g++) wash("#10141c", 245, 0.1, 0.4, 0.4, band(272, 294, 6, 14), 0.5);
  for (let g = 0; g < 3; g++) bare(470, 290, 150, "#0c0e14");
  for (let g = 0; g < 3; g++) bare(90, 288, 110, "#0c0e14");

  // snowfield catching the rose light, cooling to blue in front
  for (let g = 0; g < 2; g++) wash("#f8eeea", 250, 0.3, 0.3, 0.3, band(290, 620, 6, 8), 0.5);
  wash("#f2c8c0", 140, 0.5, 0.4, 0.3, band(290, 360, 8, 8), 0.6);
  drift(390, 10, 1, "#b8c4dc", 150);
  drift(500, 16, 2, "#8aa0c4", 160);
  drift(575, 10, 3, "#4e6690", 180);

  // the fox, big, trotting right
  const F = [300, 450, 1.0, 1];
  wash("#4e6690", 190, 0.3, 0.4, 0.4, [[100, 534], [300, 526], [390, 534], [300, 544], [120, 544]], 0.6);
  for (let g = 0; g < 2; g++) wash("#fbf0e0", 255, 0.04, 0.15, 0.3, T(F, FOX.body), 0.25);
  fox(F, { glazes: 4, body: "#d45a1e", deep: "#5e1e10", light: "#f6f0ea", cool: "#8aa0c4" });

  // dark grass stalks poking through the snow, crisp, bottom right and left
  for (let i = 0; i < 26; i++) {
    const x = i < 16 ? random(430, 620) : random(-20, 120), h = random(40, 130), lean = random(-18, 18), yb = random(585, 620);
    wash(i % 3 ? "#2a2220" : "#5a4030", 240, 0.02, 0.05, 0.2, [[x - 2.5, yb], [x + lean, yb - h], [x + 2.5, yb]], 0);
  }
}