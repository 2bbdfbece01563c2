// irises-03
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

function iris(x, y, s) {
  for (const a of [30, 150, 90]) {
    wash("#4a3aa8", 230, 0.2, 0.35, leaf(x, y, 34 * s, 13 * s, a, 5 * s), 0.8);
    wash("#f0b030", 240, 0.05, 0.1, leaf(x, y, 14 * s, 3 * s, a, 1), 0.5);
  }
  for (const a of [-120, -60, -90]) wash("#7e70d0", 220, 0.25, 0.35, leaf(x, y - 2, 30 * s, 10 * s, a, -2 * s), 0.8);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5f0e4");
  brush.noStroke();

  // a field of irises running back to a line of trees under a pale sky
  wash("#cfdcea", 170, 0.4, 0.45, band(-20, 230, 14, 8), 0.7);
  wash("#f2e2b8", 120, 0.35, 0.45, band(150, 240, 10, 8), 0.7);
  // distant trees
  const tr = [[-20, 250]];
  for (let x = -20; x <= 620; x += 25) tr.push([x, 200 + random(-18, 10)]);
  tr.push([620, 250]);
  wash("#5a7a5a", 220, 0.3, 0.5, tr, 0.7);
  wash("#2f4a3a", 170, 0.2, 0.5, band(215, 250, 8, 12), 0.7);
  // meadow: yellow-green lightening into the distance
  wash("#c8cf7a", 200, 0.35, 0.45, band(240, 620, 10, 8), 0.6);
  wash("#7f9e4e", 170, 0.3, 0.5, band(360, 620, 14, 8), 0.6);
  wash("#4a6e38", 150, 0.3, 0.5, band(500, 620, 12, 8), 0.6);

  // blue-violet drift: rows of blooms getting bigger toward us
  for (let row = 0; row < 7; row++) {
    const y = 262 + row * row * 7 + row * 12;
    const s = 0.35 + row * 0.22;
    const n = 16 - row * 1.5;
    for (let i = 0; i < n; i++) {
      const x = random(-10, 610);
      const yy = y + random(-8, 8);
      // leaves
      wash("#3e6a3a", 200, 0.06, 0.1, leaf(x + random(-4, 4), yy + 70 * s, 80 * s, 4 * s, -90 + random(-15, 15), random(-6, 6) * s), 0.5);
      if (row < 2) {
        wash("#6a5cc0", 200, 0.15, 0.3, blob(x, yy, 8 * s + 3, 6 * s + 2, 8, 0.3), 0.8);
      } else {
        iris(x, yy, s);
      }
    }
  }
}
