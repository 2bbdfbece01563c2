// pears-02-r1
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
  background("#eef0ec");
  brush.noStroke();

  // a single large pear, close up, on a cool blue-grey cloth
  wash("#a9bccb", 180, 0.4, 0.5, band(-20, 620, 20, 6), 0.8);
  wash("#7d94ab", 170, 0.35, 0.5, blob(110, 90, 280, 200, 16, 0.15), 0.8);
  wash("#3f587a", 170, 0.3, 0.5, blob(40, 30, 200, 140, 14, 0.15), 0.8);
  wash("#dfe5ea", 170, 0.3, 0.4, leaf(-20, 580, 560, 40, -18, 30), 0.7);

  const x = 300, y = 390, R = 105, t = 10;
  // cast shadow, cool violet, to the lower right
  wash("#4e4a72", 200, 0.3, 0.5, blob(x + 110, y + 95, 160, 34, 16, 0.1), 0.8);
  wash("#2e2a4d", 170, 0.2, 0.5, blob(x + 60, y + 98, 90, 18, 14, 0.1), 0.8);

  // body: pale yellow, then warm glazes, then a shadow side
  wash("#ecd878", 240, 0.3, 0.4, pearShape(x, y, R, t), 0.7);
  wash("#e2bd4e", 200, 0.2, 0.4, pearShape(x + 8, y + 4, R * 0.9, t), 0.7);
  wash("#d06a3a", 120, 0.4, 0.5, blob(x - 40, y + 10, 55, 60, 16, 0.25), 0.9);
  wash("#a87028", 170, 0.25, 0.5, pearShape(x + 40, y + 10, R * 0.6, t), 0.8);
  wash("#5e3f1c", 180, 0.15, 0.5, pearShape(x + 62, y + 18, R * 0.32, t), 0.8);
  // reflected cool light under the bulb
  wash("#8aa0b8", 130, 0.25, 0.4, blob(x + 10, y + R - 8, 60, 8, 12, 0.2), 0.9);
  // highlight left as paper, soft
  wash("#fffbea", 220, 0.3, 0.3, blob(x - 45, y - 35, 18, 28, 12, 0.2), 0.9);
  // speckles
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < 50; i++) {
    const a = random(360), rr = random(15, 85);
    brush.fill("#7a5a22", 140);
    brush.circle(x + cos(a) * rr, y + sin(a) * rr * 0.9, 1.5, false);
  }
  // stem
  const sx = x + sin(t) * R * 1.7, sy = y - cos(t) * R * 1.7;
  wash("#3b2a1a", 250, 0.0, 0.05, [[sx - 3, sy + 4], [sx + 3, sy + 4], [sx + 16, sy - 40], [sx + 11, sy - 42]], 0.3);
}
