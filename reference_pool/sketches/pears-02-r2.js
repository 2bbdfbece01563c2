// pears-02-r2
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
  background("#efeee6");
  brush.noStroke();

  // a single large pear against a deep olive-umber backdrop, on a pale cloth
  wash("#6f6a48", 220, 0.35, 0.5, band(-20, 420, 16, 8), 0.7);
  wash("#3f3a26", 200, 0.3, 0.5, band(-20, 300, 18, 8), 0.7);
  wash("#241f16", 190, 0.3, 0.5, blob(120, 80, 320, 200, 16, 0.15), 0.8);
  wash("#1a1610", 170, 0.25, 0.5, blob(500, 60, 200, 140, 14, 0.15), 0.8);
  // cloth
  wash("#d8d4c4", 200, 0.35, 0.45, band(400, 620, 10, 8), 0.6);
  wash("#a9a89a", 130, 0.3, 0.5, leaf(-20, 600, 420, 30, -8, 10), 0.7);

  const x = 280, y = 380, R = 100, t = 12;
  // cast shadow
  wash("#4a4040", 210, 0.3, 0.5, blob(x + 110, y + 92, 150, 24, 16, 0.1), 0.8);
  wash("#2a2424", 190, 0.15, 0.5, blob(x + 50, y + 96, 80, 12, 14, 0.1), 0.8);

  // body: light wash, then glazes that darken toward the right side
  wash("#f0dc80", 250, 0.3, 0.4, pearShape(x, y, R, t), 0.7);
  wash("#ecd070", 220, 0.2, 0.35, pearShape(x, y, R * 0.97, t), 0.7);
  for (let k = 0; k < 5; k++) {
    const o = 8 + k * 12;
    wash(lerpColor(color("#d9a83a"), color("#6a4a1a"), k / 4).toString("#rrggbb"), 90 + k * 15, 0.25, 0.45, pearShape(x + o, y + o * 0.3, R * (0.92 - k * 0.12), t), 0.8);
  }
  // warm blush bleeding on the lit side
  wash("#d4603a", 110, 0.45, 0.5, blob(x - 35, y + 15, 45, 55, 16, 0.25), 0.9);
  // reflected light on the shadow edge
  wash("#b8b090", 120, 0.2, 0.4, blob(x + 88, y + 30, 6, 40, 10, 0.2), 0.9);
  // highlight
  wash("#fffbea", 230, 0.3, 0.3, blob(x - 45, y - 30, 16, 24, 12, 0.2), 0.9);
  // speckles
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < 50; i++) {
    const a = random(360), rr = random(15, 85);
    brush.fill("#6a4a1a", 150);
    brush.circle(x + cos(a) * rr, y + sin(a) * rr * 0.9, 1.5, false);
  }
  // stem and a leaf
  const sx = x + sin(t) * R * 1.7, sy = y - cos(t) * R * 1.7;
  wash("#2e1f12", 250, 0.0, 0.05, [[sx - 3, sy + 4], [sx + 3, sy + 4], [sx + 16, sy - 40], [sx + 11, sy - 42]], 0.3);
  wash("#6a8a3a", 230, 0.15, 0.3, leaf(sx + 10, sy - 30, 80, 22, -10, -8), 0.6);
  wash("#34501e", 190, 0.08, 0.3, leaf(sx + 12, sy - 30, 60, 6, -10, -6), 0.6);
}
