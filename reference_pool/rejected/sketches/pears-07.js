// pears-07
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3efe6");
  brush.noStroke();
  // overworked: every colour glazed again and again over the same two pears until it is mud
  const cols = ["#7a5a3a", "#4a6a5a", "#8a3a5a", "#5a5a2a", "#3a3a6a", "#9a7a2a"];
  for (let k = 0; k < 14; k++) {
    for (const p of [[240, 340, 90], [380, 350, 80]]) {
      wash(random(cols), 200, 0.5, 0.8, pearShape(p[0] + random(-20, 20), p[1] + random(-20, 20), p[2] * random(0.8, 1.2), random(-30, 30)), 0.6);
    }
  }
  for (let k = 0; k < 8; k++) wash(random(cols), 180, 0.5, 0.8, blob(300 + random(-120, 120), 430, 120, 40, 10, 0.4), 0.6);
}
