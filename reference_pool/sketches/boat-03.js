// Rowing boat on a river, close view from the bank: a green-blue boat moored low left under willow fronds, the river bending away to the upper right between sunny banks
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
  background("#f6f2e6");
  brush.noStroke();
  randomSeed(87);
  noiseSeed(87);

  // sky in the top right, far fields
  wash("#b4cce0", 190, 0.4, 0.45, 0.3, [[200, -20], [620, -20], [620, 170], [200, 150]], 0.6);
  wash("#c8c87a", 200, 0.3, 0.45, 0.4, [[180, 130], [620, 150], [620, 220], [180, 200]], 0.5);
  const far = [[200, 170]];
  for (let x = 200; x <= 620; x += 20) far.push([x, 150 - noise(x * 0.02) * 40]);
  far.push([620, 175]);
  wash("#5e7e50", 220, 0.15, 0.5, 0.45, far, 0.5);
  // river: a diagonal band narrowing to the upper right
  const river = [[-20, 330], [140, 300], [330, 230], [520, 180], [620, 170], [620, 200], [560, 215], [420, 280], [300, 380], [260, 480], [300, 620], [-20, 620]];
  wash("#8ab0c8", 240, 0.2, 0.45, 0.35, river, 0.4);
  wash("#6a98b8", 200, 0.2, 0.45, 0.35, river, 0.4);
  wash("#3e6a6e", 170, 0.3, 0.45, 0.4, [[-20, 420], [120, 380], [240, 420], [260, 520], [240, 620], [-20, 620]], 0.7);
  wash("#e6f0f2", 160, 0.1, 0.3, 0.3, [[200, 300], [420, 220], [440, 226], [230, 312]], 0.5);
  // sunny far bank on the right
  const rb = [[620, 200], [560, 215], [420, 280], [300, 380], [260, 480], [300, 620], [620, 620]];
  wash("#a4b860", 245, 0.1, 0.5, 0.45, rb, 0.3);
  for (let i = 0; i < 14; i++) {
    const x = random(330, 640), y = random(260, 640), r = random(60, 110), c = [];
    if (x < 300 + (640 - y) * 0.25) continue;
    for (let a = 0; a < 360; a += 30) c.push([x + cos(a) * r * (0.8 + random(0.4)), y + sin(a) * r * 0.6]);
    wash(i % 3 ? "#8aa848" : "#a8bc5a", 150, 0.35, 0.5, 0.45, c, 0.8);
  }
  wash("#6e8a3e", 190, 0.25, 0.5, 0.45, [[620, 360], [460, 420], [380, 520], [400, 620], [620, 620]], 0.6);
  wash("#4a6a34", 170, 0.25, 0.5, 0.45, [[620, 500], [520, 540], [500, 620], [620, 620]], 0.6);
  const edge = [[600, 205], [560, 215], [420, 280], [300, 380], [260, 480], [300, 620]];
  for (let i = 0; i < edge.length - 1; i++) {
    const p = edge[i], q = edge[i + 1];
    wash("#4a4428", 235, 0.05, 0.3, 0.3, [[p[0], p[1] - 2], [q[0], q[1] - 2], [q[0] + 12, q[1] + 4], [p[0] + 12, p[1] + 4]], 0.1);
  }
  // two round trees on the far bank, shadows falling left
  for (const t of [[470, 230, 44], [560, 205, 34]]) {
    const c = [];
    for (let a = 0; a < 360; a += 30) c.push([t[0] + cos(a) * t[2] * (0.85 + random(0.3)), t[1] - t[2] + sin(a) * t[2] * 0.9]);
    wash("#4a6a30", 240, 0.1, 0.5, 0.45, c, 0.6);
    wash("#2a3e22", 180, 0.1, 0.5, 0.45, c.slice(0, 6), 0.6);
    wash("#2a3e22", 240, 0.03, 0.1, 0.2, [[t[0] - 3, t[1] - 4], [t[0] + 3, t[1] - 4], [t[0] + 3, t[1] + 10], [t[0] - 3, t[1] + 10]], 0);
  }

  // the boat moored low left, bow pointing up-river, with reflection and rope
  const B = [150, 470, 1.2, 1, false];
  reflection(B, "#2e7a78", 6);
  boat(B, "#2e8a86", "#9a6a42", "#f4ecd4");
  wash("#1e5a5a", 170, 0.05, 0.3, 0.3, BT(B, [[98, -14], [74, 2], [20, 8], [-40, 8], [-82, 3], [-94, -4], [-40, -4], [20, -4], [70, -8]]), 0.2);
  oar(B, -10, -26, 90, -44, "#d8c0a0");
  oar(B, 0, -24, 80, -36, "#c8a880");
  wash("#e8dcc0", 220, 0.02, 0.05, 0.2, [[40, 450], [50, 450], [B[0] - 100 * B[2] + 6, 432], [B[0] - 100 * B[2] + 2, 436]], 0.1);

  // willow overhead at the left: dark trunk and hanging fronds over the boat
  for (let g = 0; g < 3; g++) wash(g ? "#2e241c" : "#5a4432", 250, 0.04, 0.45, 0.4, [[-20, -20], [60 - g * 8, -20], [50 - g * 8, 200], [30 - g * 6, 420], [-20, 430]], 0.2);
  for (let i = 0; i < 60; i++) {
    const x = random(-10, 360), y0 = random(-20, 60), L = random(120, 320) * (1 - x / 600);
    const col = i % 3 === 0 ? "#3a5a2a" : i % 3 === 1 ? "#6a8a3a" : "#9ab050";
    wash(col, 210, 0.05, 0.2, 0.3, [[x - 3, y0], [x + 3, y0], [x + 8, y0 + L], [x + 4, y0 + L + 6], [x + 2, y0 + L]], 0.4);
  }
  for (let i = 0; i < 26; i++) {
    const x = random(0, 380), y = random(-10, 80), pts = [];
    for (let a = 0; a < 360; a += 40) pts.push([x + cos(a) * 50 * (0.8 + random(0.4)), y + sin(a) * 26]);
    wash(i % 3 ? "#4a6a2c" : "#86a044", 190, 0.15, 0.45, 0.4, pts, 0.6);
  }
  // foreground bank bottom left with long grass
  wash("#6a5a3a", 220, 0.2, 0.5, 0.45, [[-20, 560], [90, 570], [150, 620], [-20, 620]], 0.5);
  for (let i = 0; i < 24; i++) reed(random(-10, 160), 620, random(40, 110), random(-15, 25), i % 2 ? "#4a6a2e" : "#8aa04a");
}