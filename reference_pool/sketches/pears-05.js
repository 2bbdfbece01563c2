// pears-05
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
  wash(light, 240, 0.3, 0.4, pearShape(x, y, R, t), 0.7);
  wash(mid, 150, 0.35, 0.45, pearShape(x + 4, y + 2, R * 0.95, t), 0.7);
  wash(mid, 180, 0.3, 0.45, pearSide(x, y, R, t, 0.1), 0.8);
  wash(dark, 190, 0.25, 0.45, pearSide(x, y, R, t, 0.55), 0.8);
  wash(dark, 160, 0.15, 0.4, pearSide(x, y, R * 0.98, t, 0.82), 0.8);
  if (blush) wash(blush, 120, 0.45, 0.5, blob(x - R * 0.35, y + R * 0.05, R * 0.4, R * 0.45, 14, 0.25), 0.9);
  wash("#fffaea", 220, 0.3, 0.3, blob(x - R * 0.45, y - R * 0.3, R * 0.14, R * 0.2, 12, 0.2), 0.9);
  const sx = x + sin(t) * R * 1.7, sy = y - cos(t) * R * 1.7;
  wash("#2e1f12", 250, 0.0, 0.05, [[sx - 2, sy + 4], [sx + 2, sy + 4], [sx + 10, sy - 28], [sx + 6, sy - 30]], 0.3);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2f0e8");
  brush.noStroke();

  // three green pears in a row on a windowsill, cool daylight from the left
  wash("#b9cdd0", 200, 0.4, 0.5, band(-20, 360, 16, 8), 0.7);
  wash("#8aa6b0", 150, 0.35, 0.5, blob(520, 140, 200, 220, 16, 0.15), 0.8);
  wash("#55707e", 150, 0.3, 0.5, blob(580, 120, 110, 200, 14, 0.15), 0.8);
  // window frame bar, soft
  wash("#e8e4d8", 200, 0.25, 0.4, [[-20, 150], [620, 140], [620, 160], [-20, 172]], 0.3);
  // sill
  wash("#d6c6a6", 210, 0.35, 0.45, band(360, 620, 6, 8), 0.5);
  wash("#a88e6a", 170, 0.3, 0.5, band(450, 620, 8, 8), 0.5);
  wash("#5e4a36", 180, 0.25, 0.5, band(560, 620, 6, 8), 0.5);

  const ps = [[150, 330, 62, -6], [300, 318, 72, 4], [450, 335, 58, 12]];
  for (const p of ps) wash("#4a4438", 190, 0.3, 0.5, blob(p[0] + 70, p[1] + p[2] - 2, p[2] * 1.5, 14, 14, 0.1), 0.8);
  paintPear(150, 330, 62, -6, "#d8dc8a", "#a8b450", "#56622a", null);
  paintPear(300, 318, 72, 4, "#e4d67a", "#b8a840", "#5a4c20", "#c86a3a");
  paintPear(450, 335, 58, 12, "#cfd88a", "#98a848", "#4a5a24", null);
}
