// pears-01
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

function pear(cx, cy, R, tilt) {
  // bulb at bottom, neck at top, as one outline
  const pts = [];
  for (let i = 0; i < 28; i++) {
    const a = (360 * i) / 28;
    const up = -sin(a); // 1 at top
    const s = up > 0 ? lerp(1, 0.48, pow(up, 1.3)) : 1;
    const dy = up > 0 ? -R * 1.25 * pow(up, 1.6) : 0;
    const x = cos(a) * R * s;
    const y = sin(a) * R * (up > 0 ? 0.9 : 1) + dy;
    pts.push([x, y]);
  }
  return pts.map((p) => [cx + p[0] * cos(tilt) - p[1] * sin(tilt) + random(-2, 2), cy + p[0] * sin(tilt) + p[1] * cos(tilt) + random(-2, 2)]);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe3");
  brush.noStroke();

  // dark back wall, warm umber fading down
  wash("#6b5a4a", 180, 0.3, 0.5, band(-20, 330, 14, 8), 0.6);
  wash("#3e3229", 160, 0.3, 0.5, band(-20, 200, 18, 8), 0.7);
  wash("#2a221d", 140, 0.25, 0.5, band(-20, 90, 14, 8), 0.7);
  // table top, pale ochre
  wash("#e8c99a", 150, 0.35, 0.45, band(320, 620, 8, 8), 0.5);
  wash("#d9a86c", 90, 0.3, 0.5, band(470, 620, 10, 8), 0.5);

  // cast shadows to the right
  wash("#6a5560", 120, 0.3, 0.5, blob(240, 445, 95, 22, 14, 0.1), 0.8);
  wash("#6a5560", 110, 0.3, 0.5, blob(420, 430, 80, 20, 14, 0.1), 0.8);
  wash("#5a4652", 120, 0.3, 0.5, blob(330, 485, 90, 24, 14, 0.1), 0.8);

  const pears = [
    [190, 390, 62, -12, "#d9c05a", "#b0722f"],
    [385, 380, 56, 14, "#b9c25c", "#8a9a3c"],
    [300, 440, 66, 4, "#e2b04c", "#c4522e"],
  ];
  for (const p of pears) {
    const [x, y, R, t, base, blush] = p;
    // first light wash
    wash(base, 190, 0.25, 0.4, pear(x, y, R, t), 0.8);
    // mid-tone glaze on the shadow side
    wash(base, 150, 0.2, 0.45, pear(x + R * 0.15, y + R * 0.08, R * 0.82, t), 0.8);
    // blush
    wash(blush, 120, 0.35, 0.5, blob(x - R * 0.25, y + R * 0.1, R * 0.5, R * 0.45, 12, 0.15), 0.9);
    // core shadow, deep
    wash("#5b4a2a", 120, 0.2, 0.5, blob(x + R * 0.5, y + R * 0.3, R * 0.35, R * 0.6, 12, 0.15), 0.9);
    // highlight left as paper: a pale glaze
    brush.fill("#fff6df", 120);
    brush.fillBleed(0.2);
    brush.fillTexture(0.2, 0.2);
    brush.circle(x - R * 0.35, y - R * 0.2, R * 0.18, false);
    // stem
    const sx = x + sin(t) * R * 1.4;
    const sy = y - cos(t) * R * 1.4;
    wash("#3b2a1a", 240, 0.0, 0.05, [[sx - 2, sy], [sx + 2, sy], [sx + 8, sy - 26], [sx + 5, sy - 27]], 0.3);
  }
  // leaf on the front pear
  wash("#5f7a3a", 190, 0.15, 0.3, leaf(308, 372, 70, 18, -30, 6), 0.6);
  wash("#3c5226", 140, 0.1, 0.3, leaf(312, 370, 55, 8, -32, 4), 0.6);
}
