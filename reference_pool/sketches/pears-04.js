// pears-04
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3ece0");
  brush.noStroke();

  // two red pears leaning together, side view, warm rose wall, slate shelf
  wash("#e8c0a8", 180, 0.4, 0.5, band(-20, 400, 16, 8), 0.7);
  wash("#c88a80", 130, 0.35, 0.5, blob(480, 120, 240, 200, 16, 0.15), 0.8);
  wash("#9a6070", 110, 0.3, 0.5, blob(540, 60, 150, 120, 14, 0.15), 0.8);
  // shelf
  wash("#6d7286", 220, 0.3, 0.45, band(395, 620, 6, 8), 0.5);
  wash("#4a4e62", 190, 0.25, 0.5, band(470, 620, 10, 8), 0.5);
  wash("#2c2e3e", 170, 0.2, 0.5, band(560, 620, 8, 8), 0.5);

  const ps = [[235, 330, 78, -14, "#c0443a", "#7a1e24"], [365, 345, 72, 16, "#d0783a", "#8a3420"]];
  // shadows on the shelf
  wash("#1e1e2c", 200, 0.25, 0.5, blob(330, 412, 190, 16, 16, 0.1), 0.8);
  for (const p of ps) {
    const [x, y, R, t, c, d] = p;
    wash("#e6b860", 220, 0.3, 0.4, pearShape(x, y, R, t), 0.7);
    wash(c, 220, 0.25, 0.45, pearShape(x + 4, y + 2, R * 0.96, t), 0.7);
    for (let k = 0; k < 4; k++) {
      wash(d, 80 + k * 25, 0.25, 0.45, pearShape(x + 10 + k * 10, y + 4 + k * 3, R * (0.85 - k * 0.15), t), 0.8);
    }
    // green-gold patch where the skin shifts colour
    wash("#c8a848", 150, 0.4, 0.5, blob(x - R * 0.3, y - R * 0.9, R * 0.3, R * 0.4, 14, 0.2), 0.9);
    wash("#fff0e0", 220, 0.3, 0.3, blob(x - R * 0.4, y - R * 0.1, R * 0.14, R * 0.2, 12, 0.2), 0.9);
    const sx = x + sin(t) * R * 1.7, sy = y - cos(t) * R * 1.7;
    wash("#2e1f12", 250, 0.0, 0.05, [[sx - 2, sy + 4], [sx + 2, sy + 4], [sx + 2 + sin(t) * 30 - 6, sy - 30], [sx - 2 + sin(t) * 30 - 6, sy - 32]], 0.3);
  }
}
