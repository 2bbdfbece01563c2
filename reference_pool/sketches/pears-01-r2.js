// pears-01-r2
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

function pear(cx, cy, R, tilt) {
  return pearShape(cx, cy + R * 0.15, R * 0.85, tilt);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe3");
  brush.noStroke();

  // dark back wall, warm umber fading down
  wash("#6b5a4a", 180, 0.3, 0.5, band(-20, 330, 14, 8), 0.6);
  wash("#3e3229", 220, 0.3, 0.5, band(-20, 200, 18, 8), 0.7);
  wash("#1e1814", 220, 0.25, 0.5, band(-20, 90, 14, 8), 0.7);
  // table top, pale ochre
  wash("#e8c99a", 200, 0.35, 0.45, band(320, 620, 8, 8), 0.5);
  wash("#c08a50", 160, 0.3, 0.5, band(470, 620, 10, 8), 0.5);

  // cast shadows to the right
  wash("#6a5560", 200, 0.3, 0.5, blob(240, 445, 95, 22, 14, 0.1), 0.8);
  wash("#6a5560", 200, 0.3, 0.5, blob(420, 430, 80, 20, 14, 0.1), 0.8);
  wash("#5a4652", 200, 0.3, 0.5, blob(330, 485, 90, 24, 14, 0.1), 0.8);

  const pears = [
    [190, 390, 62, -12, "#d9c05a", "#b0722f"],
    [385, 380, 56, 14, "#b9c25c", "#8a9a3c"],
    [300, 440, 66, 4, "#e2b04c", "#c4522e"],
  ];
  for (const p of pears) {
    const [x, y, R, t, base, blush] = p;
    // first light wash, then crescent glazes that turn the form
    wash(base, 240, 0.3, 0.4, pear(x, y, R, t), 0.8);
    wash(base, 170, 0.25, 0.4, pearSide(x, y, R * 0.98, t, 0.05), 0.8);
    wash(blush, 190, 0.25, 0.45, pearSide(x, y, R * 0.98, t, 0.5), 0.8);
    wash("#3e2e16", 190, 0.15, 0.45, pearSide(x, y, R * 0.96, t, 0.8), 0.8);
    wash("#c4522e", 110, 0.45, 0.5, blob(x - R * 0.35, y + R * 0.05, R * 0.4, R * 0.45, 14, 0.25), 0.9);
    wash("#fff6df", 220, 0.3, 0.3, blob(x - R * 0.45, y - R * 0.3, R * 0.13, R * 0.2, 12, 0.2), 0.9);
    // stem
    const sx = x + sin(t) * R * 1.4;
    const sy = y - cos(t) * R * 1.4;
    wash("#3b2a1a", 240, 0.0, 0.05, [[sx - 2, sy], [sx + 2, sy], [sx + 8, sy - 26], [sx + 5, sy - 27]], 0.3);
  }
  // leaf on the front pear
  wash("#5f7a3a", 240, 0.15, 0.3, leaf(308, 372, 70, 18, -30, 6), 0.6);
  wash("#2c4018", 220, 0.1, 0.3, leaf(312, 370, 55, 8, -32, 4), 0.6);
}
