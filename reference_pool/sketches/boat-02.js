// Rowing boat on a river at dusk, low-key: a burning orange sky behind black willows, a lone rower silhouetted right of centre on the glowing water, ripples trailing
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

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}

// boat placed by B = [x, y (waterline centre), scale, dir (1 bow right, -1 bow left), flipY for reflections]
function BT(B, pts) {
  const f = B[4] ? -1 : 1;
  return pts.map((p) => [B[0] + B[2] * B[3] * p[0], B[1] + B[2] * p[1] * f]);
}

const HULL = [[-100, -28], [-80, -22], [-40, -18], [0, -17], [40, -19], [80, -26], [106, -40], [98, -14], [74, 2], [20, 8], [-40, 8],
  [-82, 3], [-94, -4]];
const INSIDE = [[-98, -32], [-60, -31], [0, -30], [60, -32], [104, -42], [80, -26], [40, -19], [0, -17], [-40, -18], [-80, -22]];
const STRAKE = [[-98, -20], [-60, -12], [0, -9], [60, -12], [100, -24], [100, -20], [60, -8], [0, -5], [-60, -8], [-96, -15]];

function boat(B, hull, inside, trim) {
  wash(hull, 250, 0.04, 0.3, 0.4, BT(B, HULL), 0.15);
  wash(hull, 200, 0.04, 0.2, 0.3, BT(B, HULL), 0.15);
  wash(inside, 240, 0.03, 0.3, 0.3, BT(B, INSIDE), 0.1);
  wash(trim, 230, 0.03, 0.1, 0.2, BT(B, STRAKE), 0.1);
  // shadow under the hull belly
  wash("#1a1a22", 150, 0.06, 0.3, 0.3, BT(B, [[98, -14], [74, 2], [20, 8], [-40, 8], [-82, 3], [-94, -4], [-40, 1], [20, 1], [70, -4]]), 0.2);
  // thwarts
  for (const x of [-45, 15]) wash("#3a2a20", 220, 0.02, 0.05, 0.2, BT(B, [[x - 3, -30], [x + 3, -30], [x + 3, -17], [x - 3, -17]]), 0);
  // gunwale rim
  wash("#f2e6d0", 200, 0.02, 0.05, 0.2, BT(B, [[-100, -28], [-80, -22], [-40, -18], [0, -17], [40, -19], [80, -26], [106, -40], [80, -23], [40, -16],
    [0, -14], [-40, -15], [-80, -19]]), 0.1);
}

function oar(B, x0, y0, x1, y1, col) {
  const p = BT(B, [[x0, y0], [x1, y1]]), a = atan2(p[1][1] - p[0][1], p[1][0] - p[0][0]), n = a + 90;
  wash(col, 240, 0.02, 0.05, 0.2, [[p[0][0], p[0][1]], [p[1][0], p[1][1]], [p[1][0] + cos(n) * 2.5, p[1][1] + sin(n) * 2.5], [p[0][0] + cos(n) * 2.5, p[0][1] + sin(n) * 2.5]], 0);
  const L = 26 * B[2];
  wash(col, 240, 0.02, 0.05, 0.2, [[p[1][0] - cos(a) * L + cos(n) * 4, p[1][1] - sin(a) * L + sin(n) * 4], [p[1][0] + cos(n) * 5, p[1][1] + sin(n) * 5],
    [p[1][0] - cos(n) * 4, p[1][1] - sin(n) * 4], [p[1][0] - cos(a) * L - cos(n) * 2, p[1][1] - sin(a) * L - sin(n) * 2]], 0.3);
}

function reflection(B, hull, bars) {
  const R = B.slice();
  R[4] = true;
  R[1] = B[1] + 10 * B[2];
  wash(hull, 150, 0.25, 0.4, 0.4, BT(R, HULL), 0.3);
  for (let i = 0; i < bars; i++) {
    const y = B[1] + (14 + i * 9) * B[2], w = 110 * B[2] * (1 - i * 0.1);
    wash(i % 2 ? hull : "#f0f0ea", 140, 0.05, 0.1, 0.2, [[B[0] - w + random(-10, 10), y], [B[0] + w + random(-10, 10), y - 1], [B[0] + w - 8, y + 3], [B[0] - w + 8, y + 3]], 0.3);
  }
}

function reed(x, yb, h, bend, col) {
  wash(col, 220, 0.02, 0.05, 0.2, [[x - 2, yb], [x + 2, yb], [x + bend + 1, yb - h], [x + bend, yb - h]], 0.2);
}

function willow(x, yb, h, w, col) {
  // trunk and a drooping crown of hanging strands
  wash(col, 245, 0.04, 0.3, 0.3, [[x - 8, yb], [x + 8, yb], [x + 4, yb - h * 0.55], [x - 4, yb - h * 0.55]], 0.1);
  const crown = [];
  for (let a = 180; a <= 360; a += 15) crown.push([x + cos(a) * w, yb - h * 0.55 + sin(a) * h * 0.45]);
  crown.push([x + w * 1.05, yb - h * 0.1]);
  crown.push([x - w * 1.05, yb - h * 0.1]);
  wash(col, 235, 0.12, 0.45, 0.45, crown, 0.6);
  for (let i = 0; i < 16; i++) {
    const sx = x + random(-w, w), sy = yb - h * 0.5 + random(-20, 20), L = random(h * 0.3, h * 0.55);
    wash(col, 230, 0.03, 0.1, 0.2, [[sx - 3, sy], [sx + 3, sy], [sx + 1, sy + L], [sx - 1, sy + L]], 0.2);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#2a1a24");
  brush.noStroke();
  randomSeed(83);
  noiseSeed(83);

  // glowing sky lifted out of the dark ground, hottest at the horizon
  for (let g = 0; g < 2; g++) wash("#f0a860", 255, 0.3, 0.45, 0.3, band(60, 320, 10, 8), 0.6);
  for (let g = 0; g < 2; g++) wash("#fcd890", 250, 0.3, 0.45, 0.3, band(200, 310, 8, 8), 0.6);
  wash("#c0506a", 200, 0.35, 0.5, 0.35, band(-20, 150, 12, 8), 0.7);
  wash("#3a2040", 200, 0.35, 0.5, 0.35, band(-20, 50, 10, 8), 0.7);
  // low sun
  const sun = [];
  for (let a = 0; a < 360; a += 20) sun.push([250 + cos(a) * 30, 285 + sin(a) * 30]);
  for (let g = 0; g < 3; g++) wash("#fff2c8", 255, 0.06, 0.2, 0.3, sun, 0.8);

  // river: the glow repeated, darker toward us
  for (let g = 0; g < 2; g++) wash("#e8985a", 250, 0.3, 0.45, 0.3, band(310, 480, 2, 8), 0.3);
  wash("#fcd890", 230, 0.25, 0.4, 0.3, [[215, 312], [285, 312], [330, 470], [170, 470]], 0.6);
  wash("#5a2a3a", 200, 0.3, 0.45, 0.4, band(440, 620, 6, 8), 0.5);
  // far bank: a black line of trees and willows
  wash("#1a1018", 245, 0.1, 0.45, 0.45, band(295, 318, 4, 14), 0.3);
  for (let i = 0; i < 14; i++) {
    const x = random(-20, 620), h = random(20, 50), c = [];
    for (let a = 180; a <= 360; a += 30) c.push([x + cos(a) * h * 0.8, 305 + sin(a) * h]);
    wash("#1a1018", 240, 0.1, 0.45, 0.45, c, 0.6);
  }
  willow(530, 320, 260, 110, "#120a12");
  willow(-10, 330, 220, 90, "#120a12");

  // sun glitter on the water
  for (let i = 0; i < 16; i++) {
    const y = 330 + i * 9, w = random(10, 40);
    wash("#fff6d8", 220, 0.03, 0.05, 0.2, [[250 - w + random(-20, 20), y], [250 + w + random(-20, 20), y], [250 + w - 4, y + 2], [250 - w + 4, y + 2]], 0.2);
  }

  // rower silhouette, bow left, moving away from the glow
  const B = [380, 420, 0.9, -1, false];
  const R = B.slice();
  R[4] = true;
  R[1] = B[1] + 9;
  wash("#1a0e16", 170, 0.2, 0.4, 0.4, BT(R, HULL), 0.3);
  wash("#140a12", 250, 0.03, 0.2, 0.3, BT(B, HULL), 0.15);
  wash("#140a12", 250, 0.03, 0.2, 0.3, BT(B, INSIDE), 0.1);
  // seated figure: back, head, cap, arms to the oars
  wash("#140a12", 250, 0.03, 0.1, 0.3, BT(B, [[-20, -18], [-30, -60], [-18, -72], [-4, -66], [4, -40], [10, -18]]), 0.3);
  const hd = BT(B, [[-18, -80]])[0];
  brush.fill("#140a12", 250);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(hd[0], hd[1], 9, false);
  wash("#140a12", 245, 0.02, 0.05, 0.2, BT(B, [[-10, -60], [30, -40], [32, -36], [-8, -54]]), 0.2);
  oar(B, 30, -36, 110, 20, "#140a12");
  oar(B, 24, -34, -40, 24, "#140a12");
  // trailing wake
  for (let i = 0; i < 5; i++) {
    const x = 480 + i * 26, y = 428 + i * 5;
    wash("#f6d8a0", 200, 0.03, 0.05, 0.2, [[x, y], [x + 30, y + 2], [x + 28, y + 4], [x, y + 2.5]], 0.3);
  }
  // near reeds, black, lower corners
  for (let i = 0; i < 24; i++) {
    const x = i < 12 ? random(-10, 140) : random(470, 610);
    wash("#0e080c", 240, 0.02, 0.05, 0.2, [[x - 2, 620], [x + 2, 620], [x + random(-20, 20), 620 - random(70, 170)]], 0.2);
  }
}