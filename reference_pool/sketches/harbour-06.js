// harbour-06
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3ece0");
  brush.noStroke();

  // fishing boats alongside a stone quay at dusk: teal water, orange sky, side-on
  wash("#f4b070", 200, 0.4, 0.45, band(-20, 300, 14, 8), 0.7);
  wash("#e07a50", 150, 0.35, 0.5, band(120, 260, 16, 8), 0.8);
  wash("#7a5a7a", 150, 0.35, 0.5, band(-20, 110, 14, 8), 0.8);
  // town silhouette on the far quay
  const roofs = [[-20, 300]];
  for (let x = -20; x <= 620; x += 34) {
    const h = random(30, 80);
    roofs.push([x, 290 - h]);
    roofs.push([x + 17, 290 - h - random(8, 20)]);
  }
  roofs.push([620, 300]);
  wash("#5a3e5a", 220, 0.15, 0.4, roofs, 0.1);
  wash("#3a2840", 200, 0.1, 0.4, band(270, 305, 4, 12), 0.3);
  // church spire
  wash("#3a2840", 240, 0.05, 0.15, [[420, 240], [440, 240], [430, 150]], 0);
  // windows
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < 18; i++) {
    brush.fill("#ffc870", 255);
    brush.circle(random(10, 590), random(240, 290), 2.5, false);
  }
  // water: teal deepening toward us, with orange sky reflected near the quay
  wash("#3f8a8a", 210, 0.3, 0.45, band(300, 620, 6, 10), 0.5);
  wash("#e8905a", 140, 0.3, 0.45, band(305, 360, 6, 10), 0.5);
  wash("#1f5a62", 190, 0.3, 0.5, band(420, 620, 10, 10), 0.6);
  wash("#123c48", 170, 0.25, 0.5, band(530, 620, 10, 10), 0.6);

  // three fishing boats, staggered, with wheelhouses, masts and reflections
  const bs = [[150, 420, 170, 36, "#c0402a"], [360, 390, 140, 28, "#2a4a7a"], [500, 450, 150, 34, "#e8d8b0"]];
  for (const b of bs) {
    const [x, y, w, h, c] = b;
    // reflection, broken by ripples
    for (let j = 0; j < 6; j++) {
      const yy = y + h + j * 12;
      wash(c, 150 - j * 18, 0.2, 0.4, [[x - w / 2 + random(-8, 8), yy], [x + w / 2 + random(-8, 8), yy], [x + w / 2 - 10, yy + 8], [x - w / 2 + 10, yy + 8]], 0.4);
    }
    wash(c, 250, 0.08, 0.3, [[x - w / 2, y], [x + w / 2 + 10, y - 8], [x + w * 0.42, y + h], [x - w * 0.4, y + h]], 0.2);
    wash(c, 200, 0.06, 0.3, [[x - w / 2, y], [x + w / 2 + 10, y - 8], [x + w * 0.42, y + h], [x - w * 0.4, y + h]], 0.2);
    wash("#1a1420", 230, 0.05, 0.2, [[x - w * 0.45, y + h * 0.7], [x + w * 0.44, y + h * 0.7], [x + w * 0.42, y + h], [x - w * 0.4, y + h]], 0.1);
    wash("#f0e8d8", 240, 0.05, 0.2, [[x - 20, y - 2], [x + 16, y - 4], [x + 14, y - 34], [x - 18, y - 32]], 0);
    wash("#3a2a30", 180, 0.05, 0.2, [[x - 12, y - 14], [x + 8, y - 15], [x + 8, y - 26], [x - 12, y - 25]], 0);
    wash("#2a1e26", 250, 0.0, 0.05, [[x + 30, y - 6], [x + 34, y - 6], [x + 34, y - 130], [x + 31, y - 130]], 0);
  }
  // quay wall in the foreground, left, with mooring posts
  wash("#5a4a48", 240, 0.2, 0.45, [[-20, 500], [200, 540], [220, 620], [-20, 620]], 0.3);
  wash("#2a2026", 230, 0.15, 0.45, [[-20, 560], [150, 585], [160, 620], [-20, 620]], 0.3);
  wash("#2a2026", 250, 0.05, 0.2, [[60, 505], [76, 508], [76, 470], [60, 468]], 0.1);
}
