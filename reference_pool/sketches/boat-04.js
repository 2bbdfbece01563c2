// Rowing boat on a river, simple: a brown boat on a flat blue river between two green banks
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
  randomSeed(89);
  wash("#c0d4e4", 170, 0.4, 0.4, 0.3, band(-20, 240, 8, 6), 0.5);
  wash("#7a9a5a", 210, 0.2, 0.45, 0.4, band(200, 260, 12, 8), 0.5);
  wash("#94b4cc", 210, 0.3, 0.4, 0.3, band(255, 500, 3, 6), 0.3);
  wash("#7a9a5a", 210, 0.2, 0.45, 0.4, band(490, 620, 10, 6), 0.5);
  const B = [320, 390, 1.0, 1, false];
  reflection(B, "#8a5a3a", 3);
  boat(B, "#8a5a3a", "#6a4a30", "#e8d8b8");
}