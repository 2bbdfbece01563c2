// lighthouse-07
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
  background("#f4f2ec");
  brush.noStroke();

  // looking up at the tower from the rocks below: strong perspective, bright noon, gulls
  wash("#8ec0e6", 200, 0.4, 0.45, band(-20, 620, 18, 6), 0.7);
  wash("#5a98cc", 170, 0.35, 0.5, blob(520, 80, 260, 200, 16, 0.15), 0.8);
  wash("#f8f6f0", 220, 0.45, 0.4, blob(120, 200, 150, 60, 16, 0.25), 0.9);
  wash("#f8f6f0", 200, 0.45, 0.4, blob(480, 330, 120, 40, 16, 0.25), 0.9);
  wash("#b0b8c8", 110, 0.35, 0.45, blob(130, 225, 110, 20, 14, 0.25), 0.9);

  // tower converging upward, slightly left of centre
  const base = 560, top = 110, bw = 120, tw = 48, cx = 270;
  const W = (y) => lerp(bw, tw, (base - y) / (base - top));
  wash("#f6f0e4", 250, 0.06, 0.2, [[cx - bw, base + 60], [cx + bw, base + 60], [cx + tw, top], [cx - tw, top]], 0);
  // red bands, narrowing with height
  for (let k = 0; k < 4; k++) {
    const y0 = base - k * 115, y1 = y0 - 55;
    wash("#c43a2e", 240, 0.08, 0.3, [[cx - W(y0), y0], [cx + W(y0), y0], [cx + W(y1), y1], [cx - W(y1), y1]], 0);
    wash("#8a2220", 160, 0.06, 0.3, [[cx + W(y0) * 0.3, y0], [cx + W(y0), y0], [cx + W(y1), y1], [cx + W(y1) * 0.3, y1]], 0);
  }
  // shadow side of the white bands, cool
  wash("#7a86a8", 130, 0.1, 0.35, [[cx + bw * 0.3, base + 60], [cx + bw, base + 60], [cx + tw, top], [cx + tw * 0.3, top]], 0);
  // gallery and lantern
  wash("#2a2a36", 250, 0.05, 0.2, [[cx - tw - 18, top], [cx + tw + 18, top], [cx + tw + 14, top - 14], [cx - tw - 14, top - 14]], 0);
  wash("#2a2a36", 250, 0.05, 0.2, [[cx - tw + 6, top - 14], [cx + tw - 6, top - 14], [cx + tw - 8, top - 60], [cx - tw + 8, top - 60]], 0);
  wash("#ffe9a0", 250, 0.05, 0.15, [[cx - tw + 14, top - 18], [cx + tw - 14, top - 18], [cx + tw - 16, top - 54], [cx - tw + 16, top - 54]], 0);
  wash("#b83028", 250, 0.05, 0.2, [[cx - tw - 4, top - 60], [cx + tw + 4, top - 60], [cx, top - 100]], 0);
  // rocks at the bottom, dark and wet
  for (let i = 0; i < 9; i++) {
    const x = i * 75 + random(-20, 20);
    wash(random(["#4a4048", "#3a3238", "#5a5058"]), 240, 0.2, 0.5, blob(x, 600, random(60, 90), random(40, 70), 12, 0.25), 0.6);
  }
  wash("#1a161c", 200, 0.15, 0.5, band(575, 620, 8, 10), 0.5);
  // gulls
  for (const g of [[430, 160, 1.4], [480, 220, 1], [390, 250, 0.8], [90, 90, 1]]) {
    wash("#2a2a36", 230, 0.0, 0.05, leaf(g[0], g[1], 22 * g[2], 3 * g[2], -155, 4 * g[2]), 0.5);
    wash("#2a2a36", 230, 0.0, 0.05, leaf(g[0], g[1], 22 * g[2], 3 * g[2], -25, -4 * g[2]), 0.5);
  }
}
