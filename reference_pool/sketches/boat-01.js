// Rowing boat on a river, panorama: wide bands of sky, a far bank of trees and its reflection, a red boat moored by reeds at the left third, morning light on the water
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f2e8");
  brush.noStroke();
  randomSeed(81);
  noiseSeed(81);

  // sky bands
  wash("#a8c4dc", 190, 0.4, 0.45, 0.3, band(-20, 180, 10, 8), 0.6);
  wash("#f2dcb0", 150, 0.4, 0.45, 0.3, band(130, 230, 10, 8), 0.7);
  // far bank: rounded tree masses in layered greens, a meadow strip below
  const trees = [[-20, 250]];
  for (let x = -20; x <= 620; x += 20) trees.push([x, 215 - noise(x * 0.012) * 70 - abs(sin(x * 2.3)) * 14]);
  trees.push([620, 250]);
  wash("#7c9a6a", 230, 0.15, 0.5, 0.45, trees, 0.6);
  wash("#4a6a44", 200, 0.2, 0.5, 0.45, trees.map((p) => [p[0], p[1] + 22]), 0.6);
  wash("#2e4a32", 170, 0.2, 0.5, 0.45, band(225, 252, 5, 10), 0.4);
  wash("#b4b868", 210, 0.1, 0.4, 0.4, band(248, 262, 3, 10), 0.3);

  // river: sky colour, bank reflection, a light wind band
  wash("#9cbcd0", 230, 0.3, 0.45, 0.3, band(262, 620, 2, 8), 0.3);
  wash("#5e7e5e", 180, 0.3, 0.45, 0.4, trees.map((p) => [p[0], 524 - p[1]]), 0.5);
  wash("#30503a", 150, 0.25, 0.45, 0.4, band(264, 300, 3, 8), 0.4);
  wash("#e8f0f0", 170, 0.1, 0.2, 0.3, band(330, 340, 3, 10), 0.3);
  for (let i = 0; i < 8; i++) {
    const y = 360 + i * 28 + random(-6, 6), x = random(180, 560);
    wash(i % 2 ? "#eef4f4" : "#6e90a8", 170, 0.04, 0.1, 0.2, [[x, y], [x + random(60, 140), y + 1], [x + 110, y + 3], [x + 6, y + 3]], 0.3);
  }

  // near bank, lower left: mud, grass and reeds
  wash("#8a7a52", 220, 0.2, 0.5, 0.45, [[-20, 470], [90, 480], [200, 540], [260, 620], [-20, 620]], 0.5);
  wash("#5a7a3a", 220, 0.2, 0.5, 0.45, [[-20, 510], [120, 530], [190, 620], [-20, 620]], 0.5);

  // the boat, moored with a rope to a post
  const B = [200, 440, 1.0, 1, false];
  reflection(B, "#b8362a", 5);
  boat(B, "#c43a2a", "#8a5a3a", "#f2e6c8");
  oar(B, 10, -26, -70, -36, "#d8c0a0");
  wash("#3a2a22", 245, 0.03, 0.1, 0.2, [[60, 400], [72, 400], [70, 480], [62, 480]], 0);
  wash("#e8dcc0", 220, 0.02, 0.05, 0.2, [[72, 420], [98, 416], [98, 419], [72, 423]], 0.3);
  for (let i = 0; i < 30; i++) reed(random(-10, 170), random(500, 600), random(60, 130), random(-20, 10), i % 3 ? "#4a6a2e" : "#8a9a4a");
  for (let i = 0; i < 5; i++) wash("#5a3a22", 230, 0.03, 0.1, 0.2, [[30 + i * 28, 480 - i * 6], [36 + i * 28, 480 - i * 6], [36 + i * 28, 500 - i * 6], [30 + i * 28, 500 - i * 6]], 0.6);
}