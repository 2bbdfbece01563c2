// lighthouse-06
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
  background("#f5f2ea");
  brush.noStroke();

  // a plain, centred study: tower on grass, flat blue sky, a strip of sea
  wash("#a8c8e0", 170, 0.3, 0.4, band(-20, 380, 10, 6), 0.5);
  wash("#4a86b0", 180, 0.25, 0.4, band(380, 450, 6, 8), 0.4);
  wash("#8ab060", 190, 0.25, 0.4, band(440, 620, 10, 8), 0.5);
  const bx = 300, by = 470;
  wash("#f2eee6", 240, 0.05, 0.2, [[bx - 40, by], [bx + 40, by], [bx + 26, by - 260], [bx - 26, by - 260]], 0);
  for (let k = 0; k < 3; k++) {
    const y0 = by - 40 - k * 80;
    const w0 = lerp(40, 26, (by - y0) / 260), w1 = lerp(40, 26, (by - y0 + 40) / 260);
    wash("#c83a30", 220, 0.06, 0.2, [[bx - w0, y0], [bx + w0, y0], [bx + w1, y0 - 40], [bx - w1, y0 - 40]], 0);
  }
  wash("#333038", 230, 0.05, 0.15, [[bx - 22, by - 260], [bx + 22, by - 260], [bx + 20, by - 292], [bx - 20, by - 292]], 0);
  wash("#f5d77a", 230, 0.05, 0.15, [[bx - 12, by - 265], [bx + 12, by - 265], [bx + 12, by - 287], [bx - 12, by - 287]], 0);
  wash("#b03028", 240, 0.05, 0.15, [[bx - 28, by - 292], [bx + 28, by - 292], [bx, by - 322]], 0);
  wash("#5a7a40", 150, 0.2, 0.4, blob(bx, by + 4, 90, 12, 12, 0.2), 0.8);
}
