// barn at night: dark barn and silo silhouetted against a huge rising moon, lit windows, dark field
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.4);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function leaf(x, y, len, wid, ang, bend) {
  const pts = [];
  const n = 8;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, w + bend * t * t]);
  }
  for (let i = n - 1; i > 0; i--) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, -w + bend * t * t]);
  }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}

function ribbon(path, w0, w1) {
  // a tapering strip along a polyline, width w0 at the start and w1 at the end
  const left = [], right = [];
  const n = path.length;
  for (let i = 0; i < n; i++) {
    const a = path[max(0, i - 1)], b = path[min(n - 1, i + 1)];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const d = max(0.001, sqrt(dx * dx + dy * dy));
    const w = lerp(w0, w1, i / max(1, n - 1)) / 2;
    left.push([path[i][0] - (dy / d) * w, path[i][1] + (dx / d) * w]);
    right.push([path[i][0] + (dy / d) * w, path[i][1] - (dx / d) * w]);
  }
  return left.concat(right.reverse());
}

function curvePath(x0, y0, x1, y1, bow, n) {
  // points from (x0, y0) to (x1, y1) bowed sideways by bow
  const pts = [];
  const dx = x1 - x0, dy = y1 - y0;
  const d = max(0.001, sqrt(dx * dx + dy * dy));
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const b = bow * sin(t * 180);
    pts.push([x0 + dx * t - (dy / d) * b, y0 + dy * t + (dx / d) * b]);
  }
  return pts;
}

function dots(hex, op, pts, r) {
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.fill(hex, op);
  for (const p of pts) brush.circle(p[0], p[1], r, false);
}

function quad(x0, y0, x1, y1, x2, y2, x3, y3) {
  return [[x0, y0], [x1, y1], [x2, y2], [x3, y3]];
}

function pine(x, y, h, w, hex, op) {
  const pts = [[x, y - h]];
  const tiers = 6;
  for (let i = 1; i <= tiers; i++) pts.push([x + (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers], [x + (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4]);
  pts.push([x, y]);
  for (let i = tiers; i >= 1; i--) pts.push([x - (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4], [x - (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers]);
  wash(hex, op, 0.06, 0.3, pts, 0.2);
}

function stars(n, y0, y1, op) {
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < n; i++) {
    brush.fill(random() < 0.3 ? "#fff6d8" : "#e8ecff", op);
    brush.circle(random(600), random(y0, y1), random(0.8, 2.2), false);
  }
}

function gambrel(x, y, w, h, rh) {
  return [[x, y], [x + w, y], [x + w, y - h], [x + w * 0.84, y - h - rh * 0.62], [x + w / 2, y - h - rh], [x + w * 0.16, y - h - rh * 0.62], [x, y - h]];
}

function barnSil(hex, op) {
  // gable end at left, long side receding right, silo at the right
  wash(hex, op, 0.03, 0.3, gambrel(300, 400, 110, 80, 56), 0.05);
  wash(hex, op, 0.03, 0.3, [[405, 400], [540, 392], [540, 320], [500, 286], [410, 290], [392, 318]], 0.05);
  wash(hex, op, 0.03, 0.3, [[546, 396], [584, 396], [584, 230], [565, 214], [546, 230]], 0.1);
  wash(hex, op, 0.03, 0.3, [[250, 404], [300, 400], [300, 356], [276, 344], [250, 356]], 0.05);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4e4c0");
  brush.noStroke();
  randomSeed(3);

  // sky: the moon glow is the paper; washes deepen outward to a blue-black zenith
  wash("#e8c890", 170, 0.4, 0.4, blob(370, 300, 200, 160, 18, 0.1), 0.8);
  wash("#8a8aa8", 200, 0.4, 0.45, band(-20, 200, 14, 10), 0.7);
  wash("#6a6a94", 190, 0.4, 0.45, [[-20, -20], [620, -20], [620, 330], [520, 200], [370, 150], [220, 200], [120, 330], [-20, 330]], 0.7);
  wash("#34386a", 220, 0.35, 0.5, [[-20, -20], [620, -20], [620, 260], [500, 140], [370, 100], [240, 140], [140, 260], [-20, 300]], 0.7);
  wash("#34386a", 220, 0.35, 0.5, [[-20, -20], [620, -20], [620, 240], [500, 120], [370, 80], [240, 120], [140, 240], [-20, 280]], 0.7);
  wash("#1a1c40", 230, 0.3, 0.5, band(-20, 110, 12, 10), 0.7);
  wash("#1a1c40", 220, 0.3, 0.5, band(-20, 70, 12, 10), 0.7);
  wash("#10122c", 200, 0.3, 0.5, band(-20, 40, 10, 10), 0.7);
  for (let i = 0; i < 3; i++) wash("#3a3a66", 170, 0.3, 0.4, leaf(random(-80, 200), 120 + i * 40, random(200, 300), 7, random(-2, 2), 0), 0.8);
  stars(50, 0, 140, 220);
  // the moon, big and low, pale gold with a faint mare
  wash("#c89860", 150, 0.03, 0.2, blob(380, 280, 96, 96, 36, 0.01), 0.95);
  wash("#fff4d0", 250, 0.03, 0.2, blob(380, 280, 90, 90, 36, 0.01), 0.95);
  wash("#f0d8a0", 110, 0.15, 0.3, blob(356, 262, 30, 22, 10, 0.2), 0.9);
  wash("#ecd098", 90, 0.15, 0.3, blob(404, 300, 24, 16, 10, 0.2), 0.9);
  // thin cloud crossing the moon
  wash("#7a6a80", 160, 0.25, 0.4, leaf(220, 250, 320, 5, -2, 0), 0.8);

  // far hills
  wash("#3a3a5c", 230, 0.2, 0.45, [[-20, 420], [-20, 380], [120, 366], [260, 384], [420, 374], [620, 360], [620, 420]], 0.6);
  // barn and silo, several passes for a deep silhouette
  for (let k = 0; k < 5; k++) barnSil("#100c16", 250);
  // lit windows and an open door glowing
  for (const p of [[322, 372], [384, 372], [430, 356], [470, 354], [510, 352]]) {
    wash("#f0a040", 60, 0.4, 0.3, blob(p[0] + 6, p[1] + 6, 12, 11, 10, 0.1), 0.9);
    wash("#ffc860", 255, 0.02, 0.2, quad(p[0], p[1], p[0] + 12, p[1], p[0] + 12, p[1] + 13, p[0], p[1] + 13), 0);
    wash("#fff0b0", 200, 0.02, 0.2, quad(p[0] + 2, p[1] + 2, p[0] + 10, p[1] + 2, p[0] + 10, p[1] + 8, p[0] + 2, p[1] + 8), 0);
  }
  wash("#ffb040", 255, 0.02, 0.2, quad(340, 400, 370, 400, 370, 354, 340, 354), 0);
  wash("#ffe8a0", 220, 0.02, 0.2, quad(346, 400, 364, 400, 364, 362, 346, 362), 0);
  wash("#2a1a20", 220, 0.02, 0.2, quad(354, 420, 356, 420, 356, 320, 354, 320), 0);
  // bare tree at the left, black against the sky
  const tx = 140;
  for (let k = 0; k < 4; k++) {
    wash("#0c0a12", 250, 0.02, 0.05, ribbon([[tx, 420], [tx - 4, 330], [tx + 6, 240]], 10, 3), 0.5);
    wash("#0c0a12", 240, 0.02, 0.05, ribbon([[tx - 3, 320], [tx - 50, 260], [tx - 70, 230]], 5, 1), 0.5);
    wash("#0c0a12", 240, 0.02, 0.05, ribbon([[tx + 2, 290], [tx + 50, 240], [tx + 64, 200]], 4.5, 1), 0.5);
    wash("#0c0a12", 230, 0.02, 0.05, ribbon([[tx + 4, 260], [tx - 20, 200], [tx - 14, 170]], 3.5, 0.8), 0.5);
    wash("#0c0a12", 230, 0.02, 0.05, ribbon([[tx - 40, 272], [tx - 36, 230]], 2, 0.6), 0.5);
    wash("#0c0a12", 230, 0.02, 0.05, ribbon([[tx + 36, 252], [tx + 30, 214]], 2, 0.6), 0.5);
  }
  // field: dark, with a moonlit track leading to the barn
  wash("#2a2a48", 240, 0.2, 0.45, band(400, 620, 5, 10), 0.5);
  wash("#2a2a48", 240, 0.2, 0.45, band(410, 620, 5, 10), 0.5);
  wash("#1a1a30", 230, 0.25, 0.5, band(470, 620, 8, 10), 0.5);
  wash("#0c0c1a", 230, 0.25, 0.5, band(520, 620, 8, 10), 0.5);
  wash("#0c0c1a", 230, 0.25, 0.5, band(500, 620, 8, 10), 0.5);
  wash("#0c0c1a", 230, 0.25, 0.5, band(440, 620, 8, 10), 0.5);
  wash("#0c0c1a", 230, 0.25, 0.5, band(560, 620, 8, 10), 0.5);
  wash("#c89858", 150, 0.2, 0.4, [[352, 404], [362, 404], [396, 470], [368, 470]], 0.3);
  // fence line and grasses
  for (let i = 0; i < 9; i++) {
    const fx = -10 + i * 36, fy = 470 + i * 4;
    wash("#06060c", 250, 0.02, 0.05, quad(fx, fy, fx + 5, fy, fx + 5, fy - 40, fx, fy - 40), 0);
  }
  wash("#06060c", 230, 0.02, 0.05, ribbon([[-10, 444], [290, 472]], 2.5, 2.5), 0);
  for (let i = 0; i < 50; i++) {
    const rx = random(-10, 610), rb = random(560, 620);
    wash(i < 20 ? "#5a5070" : "#08080e", 230, 0.02, 0.05, ribbon([[rx, rb], [rx + random(-10, 10), rb - random(20, 60)]], 3, 0.5), 0.3);
  }
}