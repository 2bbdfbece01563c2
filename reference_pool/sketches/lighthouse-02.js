// lighthouse-02
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
  background("#24203a");
  brush.noStroke();

  // night lighthouse on a rock, beam sweeping left over a dark sea
  wash("#3d3a66", 220, 0.35, 0.5, band(-20, 360, 18, 8), 0.7);
  wash("#5a4f80", 160, 0.35, 0.5, band(200, 360, 14, 8), 0.7);
  wash("#c77a5a", 120, 0.3, 0.45, band(310, 370, 8, 8), 0.6);
  // stars
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < 30; i++) {
    brush.fill("#f3e9c8", 200);
    brush.circle(random(600), random(0, 230), random(1, 2), false);
  }
  // beam: pale translucent fan
  wash("#f6e2a0", 150, 0.4, 0.4, [[392, 168], [-20, 80], [-20, 250]], 0.3);
  wash("#fff2c0", 120, 0.3, 0.35, [[392, 168], [-20, 130], [-20, 205]], 0.3);
  wash("#f6e2a0", 90, 0.4, 0.4, [[408, 168], [620, 140], [620, 196]], 0.3);

  // sea
  wash("#1f2f52", 230, 0.3, 0.5, band(360, 620, 6, 10), 0.4);
  wash("#152340", 200, 0.3, 0.5, band(450, 620, 10, 10), 0.5);
  for (let i = 0; i < 16; i++) {
    const y = random(370, 580), x = random(0, 560), w = random(20, 60);
    wash("#6a78a8", 150, 0.15, 0.3, [[x, y], [x + w, y + random(-2, 2)], [x + w * 0.7, y + 4], [x + w * 0.2, y + 4]], 0.4);
  }
  // beam glint on water
  for (let i = 0; i < 8; i++) {
    const y = 380 + i * 24, w = 40 + i * 10;
    wash("#f0d890", 140 - i * 10, 0.2, 0.35, [[400 - w, y], [400 + w * 0.4, y], [400 + w * 0.3, y + 6], [400 - w * 0.9, y + 6]], 0.4);
  }

  // rock island
  const rock = [[290, 420], [330, 360], [380, 330], [440, 330], [500, 350], [560, 410], [520, 440], [330, 445]];
  wash("#2a2230", 240, 0.2, 0.45, rock, 0.5);
  wash("#100c18", 220, 0.15, 0.45, [[420, 340], [500, 350], [560, 410], [520, 440], [440, 440]], 0.5);
  // tower
  const bx = 410, by = 345;
  wash("#e8e0d0", 240, 0.06, 0.2, [[bx - 26, by], [bx + 26, by], [bx + 16, by - 160], [bx - 16, by - 160]], 0);
  wash("#e8e0d0", 200, 0.06, 0.2, [[bx - 26, by], [bx + 26, by], [bx + 16, by - 160], [bx - 16, by - 160]], 0);
  wash("#4a4466", 180, 0.06, 0.3, [[bx + 4, by], [bx + 26, by], [bx + 16, by - 160], [bx + 3, by - 160]], 0);
  wash("#14101e", 250, 0.05, 0.2, [[bx - 18, by - 160], [bx + 18, by - 160], [bx + 16, by - 190], [bx - 16, by - 190]], 0);
  brush.fill("#ffe9a0", 255);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(bx, by - 176, 9, false);
  brush.circle(bx, by - 176, 9, false);
  wash("#14101e", 250, 0.05, 0.2, [[bx - 22, by - 190], [bx + 22, by - 190], [bx, by - 214]], 0);
  // surf
  for (let i = 0; i < 10; i++) {
    wash("#c8d0e8", 150, 0.3, 0.35, blob(300 + i * 27, 440 + random(-6, 6), 26, 6, 10, 0.3), 0.8);
  }
}
