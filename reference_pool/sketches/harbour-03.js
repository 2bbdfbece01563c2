// harbour-03
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

function hull(x, y, w, h, ang) {
  const pts = [];
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    pts.push([lerp(-w / 2, w / 2, t), -h * 0.15 * sin(t * 180)]);
  }
  for (let i = 10; i >= 0; i--) {
    const t = i / 10;
    pts.push([lerp(-w / 2 + w * 0.12, w / 2 - w * 0.05, t), h * (0.8 + 0.2 * sin(t * 180))]);
  }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6eee2");
  brush.noStroke();

  // close view from the slipway: a peach and rose dusk over still water
  wash("#f3c9a0", 170, 0.4, 0.45, band(-20, 250, 16, 8), 0.7);
  wash("#e79a8a", 130, 0.35, 0.5, band(60, 200, 18, 8), 0.8);
  wash("#9f88b8", 140, 0.35, 0.5, band(-20, 90, 14, 8), 0.8);
  // far hills and harbour wall
  const hills = [[-20, 260]];
  for (let x = -20; x <= 620; x += 40) hills.push([x, 225 + 25 * sin(x * 0.9) + random(-6, 6)]);
  hills.push([620, 260]);
  wash("#8b7aa0", 170, 0.25, 0.45, hills, 0.6);
  wash("#5a4a70", 210, 0.12, 0.3, [[-20, 262], [380, 252], [384, 240], [-20, 246]], 0.2);
  wash("#5a4a70", 230, 0.05, 0.1, [[360, 252], [384, 252], [382, 205], [364, 205]], 0);
  brush.fill("#ffd27a", 255);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(373, 214, 5, false);

  // water with horizontal glints
  wash("#e3b2a4", 150, 0.3, 0.45, band(258, 620, 6, 10), 0.4);
  wash("#8d80b0", 140, 0.3, 0.5, band(340, 620, 8, 10), 0.5);
  wash("#5e5588", 120, 0.3, 0.5, band(470, 620, 10, 10), 0.5);
  for (let i = 0; i < 22; i++) {
    const y = random(270, 560);
    const x = random(0, 560);
    const w = random(20, 70);
    wash(random(["#f8d6b0", "#f3c0a6"]), 160, 0.15, 0.3, [[x, y], [x + w, y + random(-2, 2)], [x + w * 0.8, y + 4], [x + w * 0.1, y + 4]], 0.4);
  }

  // two rowing boats, close, tilted
  const boats = [[210, 430, 230, 50, -8, "#b8452f", "#f2e6d0"], [420, 500, 200, 44, 12, "#2f5f7a", "#e8dcc0"]];
  for (const b of boats) {
    const [x, y, w, h, a, outer, inner] = b;
    // reflection first
    const r = hull(x, y + h * 1.6, w * 0.95, -h * 0.9, a);
    wash(outer, 110, 0.35, 0.5, r, 0.6);
    wash(outer, 230, 0.12, 0.35, hull(x, y, w, h, a), 0.5);
    wash(outer, 160, 0.1, 0.4, hull(x + 10, y + h * 0.3, w * 0.8, h * 0.7, a), 0.5);
    // inside of the hull, pale
    wash(inner, 220, 0.1, 0.3, blob(x, y - 2, w * 0.42, h * 0.22, 14, 0.05).map((p) => [x + (p[0] - x) * cos(a) - (p[1] - y) * sin(a), y + (p[0] - x) * sin(a) + (p[1] - y) * cos(a)]), 0.8);
    // thwart
    wash("#3a2a22", 220, 0.05, 0.1, [[x - 4, y - 10], [x + 6, y - 10], [x + 6, y + 8], [x - 4, y + 8]], 0);
    // dark waterline
    wash("#241a2a", 200, 0.1, 0.3, hull(x, y + h * 0.85, w * 0.9, h * 0.2, a), 0.5);
  }
  // mooring rope: thin curve
  const rope = [];
  for (let i = 0; i <= 10; i++) rope.push([100 + i * 6, 420 - 140 + i * i * 1.3]);
  for (let i = 10; i >= 0; i--) rope.push([103 + i * 6, 420 - 140 + i * i * 1.3]);
  wash("#3a2a22", 200, 0.0, 0.05, rope, 0.5);
}
