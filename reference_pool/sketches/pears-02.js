// pears-02
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
  const pts = [];
  for (let i = 0; i < 30; i++) {
    const a = (360 * i) / 30;
    const up = -sin(a);
    const s = up > 0 ? lerp(1, 0.42, pow(up, 1.2)) : 1;
    const dy = up > 0 ? -R * 1.35 * pow(up, 1.7) : 0;
    pts.push([cos(a) * R * s, sin(a) * R * (up > 0 ? 0.9 : 1) + dy]);
  }
  return pts.map((p) => [cx + p[0] * cos(tilt) - p[1] * sin(tilt) + random(-3, 3), cy + p[0] * sin(tilt) + p[1] * cos(tilt) + random(-3, 3)]);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0ec");
  brush.noStroke();

  // a single large pear, close up, on a cool blue-grey cloth
  wash("#a9bccb", 170, 0.4, 0.5, band(-20, 620, 20, 6), 0.8);
  wash("#7d94ab", 150, 0.35, 0.5, blob(120, 100, 260, 180, 16, 0.15), 0.8);
  wash("#4b6582", 130, 0.3, 0.5, blob(60, 40, 180, 120, 14, 0.15), 0.8);
  // cloth fold
  wash("#dfe5ea", 190, 0.3, 0.4, leaf(-20, 560, 520, 40, -22, 30), 0.7);

  // cast shadow, cool violet, falling to lower right
  wash("#4e4a72", 190, 0.3, 0.5, blob(370, 470, 170, 50, 16, 0.1), 0.8);
  wash("#353055", 150, 0.2, 0.5, blob(340, 455, 110, 30, 14, 0.1), 0.8);

  const x = 280, y = 360, R = 120, t = 8;
  wash("#e8d070", 240, 0.3, 0.4, pear(x, y, R, t), 0.8);
  wash("#e1b84a", 200, 0.2, 0.4, pear(x + 12, y + 8, R * 0.88, t), 0.8);
  wash("#c98a30", 170, 0.25, 0.5, blob(x + 60, y + 40, 60, 90, 14, 0.15), 0.9);
  wash("#d0603a", 140, 0.35, 0.5, blob(x - 45, y + 20, 60, 55, 14, 0.2), 0.9);
  wash("#6a4a22", 170, 0.15, 0.5, blob(x + 95, y + 50, 22, 60, 12, 0.15), 0.9);
  // reflected cool light at the bottom edge
  wash("#8aa0b8", 120, 0.2, 0.4, blob(x + 10, y + 110, 70, 12, 12, 0.2), 0.9);
  // highlight
  brush.fill("#fffbea", 230);
  brush.fillBleed(0.25);
  brush.fillTexture(0.2, 0.2);
  brush.circle(x - 50, y - 40, 22, false);
  // speckles on the skin
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < 40; i++) {
    const a = random(360), r = random(20, 100);
    brush.fill("#8a6a2a", 150);
    brush.circle(x + cos(a) * r * 0.9, y + sin(a) * r * 0.9, 1.5, false);
  }
  // stem
  wash("#3b2a1a", 250, 0.0, 0.05, [[x + 12, y - 150], [x + 20, y - 150], [x + 32, y - 200], [x + 27, y - 202]], 0.3);
}
