// lighthouse-01
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
  // a pointed leaf/petal from base (x, y) along angle ang
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4f1ea");
  brush.noStroke();

  // sky: clear morning blue with a pale cloud left as paper
  wash("#9cc3e0", 150, 0.4, 0.45, band(-20, 330, 16, 8), 0.7);
  wash("#6f9fcf", 120, 0.35, 0.5, band(-20, 140, 14, 8), 0.7);
  wash("#f8f4ec", 200, 0.4, 0.4, blob(170, 130, 110, 36, 16, 0.2), 0.9);

  // sea bands
  wash("#5a93b5", 170, 0.3, 0.45, band(330, 620, 6, 10), 0.5);
  wash("#2f6a8f", 140, 0.3, 0.5, band(420, 620, 10, 10), 0.6);
  wash("#1f4e70", 120, 0.25, 0.5, band(520, 620, 10, 10), 0.6);

  // cliff headland from the right
  const cliff = [[240, 620], [260, 470], [300, 420], [360, 395], [440, 380], [520, 360], [620, 350], [620, 620]];
  wash("#8a7a5a", 200, 0.25, 0.45, cliff, 0.4);
  wash("#5e5240", 170, 0.2, 0.5, [[250, 620], [280, 500], [340, 460], [400, 470], [420, 620]], 0.5);
  wash("#3a3328", 150, 0.15, 0.5, [[260, 620], [290, 540], [330, 520], [350, 620]], 0.5);
  // grass on top
  wash("#7f9a4a", 190, 0.2, 0.4, [[300, 420], [360, 392], [440, 378], [520, 358], [620, 348], [620, 372], [520, 385], [430, 400], [340, 420]], 0.6);

  // tower
  const bx = 450, by = 372, bw = 36, tw = 24, th = 190;
  wash("#f2ede2", 230, 0.08, 0.2, [[bx - bw, by], [bx + bw, by], [bx + tw, by - th], [bx - tw, by - th]], 0);
  // red bands
  for (let k = 0; k < 3; k++) {
    const y0 = by - 20 - k * 60, y1 = y0 - 30;
    const w0 = lerp(bw, tw, (by - y0) / th), w1 = lerp(bw, tw, (by - y1) / th);
    wash("#c0392b", 220, 0.08, 0.25, [[bx - w0, y0], [bx + w0, y0], [bx + w1, y1], [bx - w1, y1]], 0);
  }
  // shadow side of the tower
  wash("#6d6a80", 110, 0.08, 0.3, [[bx + 8, by], [bx + bw, by], [bx + tw, by - th], [bx + 6, by - th]], 0);
  // lantern room and roof
  wash("#2c2a33", 230, 0.05, 0.2, [[bx - 20, by - th], [bx + 20, by - th], [bx + 18, by - th - 30], [bx - 18, by - th - 30]], 0);
  wash("#f5d77a", 230, 0.05, 0.2, [[bx - 12, by - th - 4], [bx + 12, by - th - 4], [bx + 11, by - th - 24], [bx - 11, by - th - 24]], 0);
  wash("#a1302a", 240, 0.05, 0.2, [[bx - 24, by - th - 30], [bx + 24, by - th - 30], [bx, by - th - 58]], 0);

  // surf at the cliff foot
  for (let i = 0; i < 8; i++) {
    wash("#ffffff", 180, 0.3, 0.3, blob(250 + i * 12, 560 - i * 8, 24, 8, 10, 0.3), 0.8);
  }
}
