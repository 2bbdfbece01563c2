// pears-09
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

function pearShape(cx, cy, R, tilt) {
  // union of a big bulb and a small neck circle; (cx, cy) is the bulb centre
  const r = R * 0.56, c2 = R * 1.15;
  const side = [];
  const n = 16;
  for (let i = 0; i <= n; i++) {
    const y = map(i, 0, n, R, -(c2 + r));
    const wBig = R * R - y * y > 0 ? sqrt(R * R - y * y) : 0;
    const d = y + c2;
    const wSmall = r * r - d * d > 0 ? sqrt(r * r - d * d) : 0;
    side.push([max(wBig, wSmall, i === 0 || i === n ? 0 : R * 0.12), y]);
  }
  const pts = [];
  for (const p of side) pts.push([p[0], p[1]]);
  for (let i = side.length - 2; i > 0; i--) pts.push([-side[i][0], side[i][1]]);
  return pts.map((p) => [cx + p[0] * cos(tilt) - p[1] * sin(tilt) + random(-2, 2), cy + p[0] * sin(tilt) + p[1] * cos(tilt) + random(-2, 2)]);
}

function pearSide(cx, cy, R, tilt, frac) {
  // a crescent hugging the right-hand side of the pear: outer edge follows the skin,
  // inner edge is the same profile pulled toward the axis by frac
  const r = R * 0.56, c2 = R * 1.15;
  const outer = [], inner = [];
  const n = 14;
  for (let i = 1; i < n; i++) {
    const y = map(i, 0, n, R, -(c2 + r));
    const wBig = R * R - y * y > 0 ? sqrt(R * R - y * y) : 0;
    const d = y + c2;
    const wSmall = r * r - d * d > 0 ? sqrt(r * r - d * d) : 0;
    const w = max(wBig, wSmall, R * 0.12);
    outer.push([w, y]);
    inner.unshift([w * frac, y]);
  }
  const pts = outer.concat(inner);
  return pts.map((p) => [cx + p[0] * cos(tilt) - p[1] * sin(tilt) + random(-2, 2), cy + p[0] * sin(tilt) + p[1] * cos(tilt) + random(-2, 2)]);
}

function paintPear(x, y, R, t, light, mid, dark, blush) {
  wash(light, 245, 0.3, 0.4, pearShape(x, y, R, t), 0.7);
  wash(mid, 150, 0.35, 0.45, pearShape(x + 4, y + 2, R * 0.95, t), 0.7);
  wash(mid, 190, 0.3, 0.45, pearSide(x, y, R, t, 0.1), 0.8);
  wash(dark, 200, 0.25, 0.45, pearSide(x, y, R, t, 0.55), 0.8);
  wash(dark, 170, 0.15, 0.4, pearSide(x, y, R * 0.98, t, 0.82), 0.8);
  if (blush) wash(blush, 130, 0.45, 0.5, blob(x - R * 0.3, y + R * 0.05, R * 0.42, R * 0.48, 14, 0.25), 0.9);
  wash("#fffaea", 230, 0.3, 0.3, blob(x - R * 0.45, y - R * 0.3, R * 0.13, R * 0.2, 12, 0.2), 0.9);
  const sx = x + sin(t) * R * 1.7, sy = y - cos(t) * R * 1.7;
  wash("#2e1f12", 250, 0.0, 0.05, [[sx - 2, sy + 4], [sx + 2, sy + 4], [sx + 10 + sin(t) * 20, sy - 28], [sx + 6 + sin(t) * 20, sy - 30]], 0.3);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5eee4");
  brush.noStroke();

  // two pears apart on a grey-blue table, terracotta wall behind with a deep corner
  wash("#e0a888", 200, 0.4, 0.45, band(-20, 340, 16, 8), 0.7);
  wash("#c07458", 160, 0.35, 0.5, blob(520, 120, 240, 220, 16, 0.15), 0.8);
  wash("#7a3a30", 170, 0.3, 0.5, blob(580, 80, 140, 180, 14, 0.15), 0.8);
  wash("#4a2220", 150, 0.25, 0.5, blob(600, 40, 80, 120, 12, 0.15), 0.8);
  // table
  wash("#b8c0c8", 210, 0.35, 0.45, band(335, 620, 6, 8), 0.5);
  wash("#8a96a6", 170, 0.3, 0.5, band(430, 620, 10, 8), 0.5);
  wash("#4e5a6e", 160, 0.25, 0.5, band(540, 620, 8, 8), 0.5);
  // table edge glint
  wash("#eef0f2", 180, 0.2, 0.35, band(333, 342, 2, 12), 0.4);

  // cast shadows, long, to the right
  wash("#3e4458", 210, 0.3, 0.5, blob(310, 430, 130, 20, 16, 0.1), 0.8);
  wash("#3e4458", 200, 0.3, 0.5, blob(495, 448, 100, 16, 16, 0.1), 0.8);
  wash("#22263a", 180, 0.2, 0.5, blob(265, 432, 60, 10, 12, 0.1), 0.8);

  // a tall green pear, leaning slightly
  paintPear(210, 350, 76, -8, "#d4dc84", "#9cb048", "#3c4c1c", "#c8783a");
  // a small russet-gold pear
  paintPear(420, 385, 56, 14, "#e8c870", "#c08a38", "#4e2e12", "#b84a2a");
  // fallen leaf between them
  wash("#7a9a3a", 230, 0.15, 0.3, leaf(300, 470, 90, 22, -160, 8), 0.6);
  wash("#3c5418", 190, 0.08, 0.3, leaf(300, 470, 72, 5, -160, 6), 0.6);
}
