// pears-03
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
  background("#f7f2e8");
  brush.noStroke();

  // top-down: pears in a shallow blue bowl on a linen cloth
  wash("#e6d9c0", 150, 0.35, 0.45, blob(300, 300, 360, 330, 18, 0.1), 0.8);
  wash("#c9b48e", 90, 0.3, 0.5, blob(470, 480, 200, 160, 14, 0.15), 0.8);
  // bowl rim and inside
  wash("#3c6a96", 220, 0.25, 0.4, blob(300, 310, 210, 200, 24, 0.03), 0.9);
  wash("#a8c4dc", 200, 0.3, 0.4, blob(296, 304, 180, 172, 24, 0.03), 0.9);
  wash("#6f92b8", 120, 0.3, 0.5, blob(330, 340, 150, 140, 20, 0.05), 0.9);

  const pears = [[240, 260, 52, -40, "#c9c458"], [360, 250, 48, 30, "#e0b84c"], [300, 370, 56, 170, "#b7bb52"], [205, 370, 44, -120, "#d99a45"]];
  for (const p of pears) {
    const [x, y, R, t, c] = p;
    wash("#2f4a6a", 150, 0.2, 0.45, pearShape(x + 12, y + 12, R, t), 0.7);
    wash(c, 235, 0.25, 0.4, pearShape(x, y, R, t), 0.7);
    wash(c, 180, 0.2, 0.45, pearShape(x + 8, y + 6, R * 0.75, t), 0.7);
    wash("#8a5a22", 140, 0.2, 0.5, blob(x + R * 0.4, y + R * 0.4, R * 0.35, R * 0.3, 12, 0.2), 0.9);
    wash("#fff8e0", 200, 0.25, 0.3, blob(x - R * 0.3, y - R * 0.3, R * 0.18, R * 0.22, 10, 0.2), 0.9);
    const sx = x + sin(t) * R * 1.7, sy = y - cos(t) * R * 1.7;
    wash("#3b2a1a", 250, 0.0, 0.05, [[sx - 2, sy], [sx + 2, sy], [sx + 2 + sin(t) * 18, sy - cos(t) * 18], [sx - 2 + sin(t) * 18, sy - cos(t) * 18]], 0.2);
  }
  // a stray leaf on the cloth
  wash("#56783a", 220, 0.2, 0.35, leaf(470, 150, 90, 22, -30, 8), 0.6);
  wash("#2f4a1e", 170, 0.1, 0.3, leaf(472, 150, 70, 5, -31, 6), 0.6);
}
