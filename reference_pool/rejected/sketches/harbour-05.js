// harbour-05
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
  background("#f5ede0");
  brush.noStroke();

  // a high view over a small bay at dusk: hillside houses wrap round still water
  wash("#f0c08a", 190, 0.4, 0.45, band(-20, 170, 12, 8), 0.7);
  wash("#d07a78", 140, 0.35, 0.5, band(-20, 110, 14, 8), 0.7);
  wash("#6a5a90", 150, 0.3, 0.5, band(-20, 50, 12, 8), 0.7);
  // far hills
  const h1 = [[-20, 200]];
  for (let x = -20; x <= 620; x += 30) h1.push([x, 150 + 30 * sin(x * 0.6 + 40) + random(-5, 5)]);
  h1.push([620, 200]);
  wash("#7a6a98", 210, 0.25, 0.45, h1, 0.6);
  // bay water: a broad oval, glowing in the middle
  wash("#e8b89a", 200, 0.35, 0.45, blob(300, 360, 260, 150, 24, 0.06), 0.8);
  wash("#a894b8", 150, 0.3, 0.5, blob(300, 390, 240, 120, 20, 0.08), 0.8);
  wash("#f6d0a0", 160, 0.3, 0.4, blob(290, 330, 120, 40, 16, 0.15), 0.8);
  // hillsides, dark, framing the bay left and right
  wash("#4a3a5a", 230, 0.25, 0.5, [[-20, 180], [80, 200], [60, 330], [110, 480], [220, 560], [200, 620], [-20, 620]], 0.6);
  wash("#3e3250", 230, 0.25, 0.5, [[620, 170], [520, 200], [560, 320], [500, 460], [400, 560], [420, 620], [620, 620]], 0.6);
  wash("#231a30", 200, 0.2, 0.5, [[-20, 420], [80, 480], [160, 620], [-20, 620]], 0.6);
  wash("#231a30", 200, 0.2, 0.5, [[620, 400], [540, 480], [460, 620], [620, 620]], 0.6);
  // houses on the slopes: small coloured blocks with lit windows
  const hs = [];
  for (let i = 0; i < 26; i++) {
    const left = i % 2 === 0;
    const t = random();
    const x = left ? lerp(40, 150, t) + random(-20, 20) : lerp(560, 450, t) + random(-20, 20);
    const y = lerp(220, 520, t) + random(-15, 15);
    hs.push([x, y]);
  }
  for (const h of hs) {
    const [x, y] = h;
    const w = random(14, 22), hh = random(10, 16);
    wash(random(["#d8a888", "#c08a9a", "#e0c8a0", "#a88ab0"]), 230, 0.05, 0.15, [[x, y], [x + w, y], [x + w, y - hh], [x + w / 2, y - hh - 7], [x, y - hh]], 0);
    brush.fill("#ffd27a", 255);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(x + w * 0.4, y - hh * 0.5, 2, false);
  }
  // boats as small dark marks with soft reflections
  for (const b of [[250, 380], [330, 420], [290, 470], [370, 350]]) {
    wash("#2a203a", 240, 0.05, 0.15, [[b[0] - 14, b[1]], [b[0] + 14, b[1]], [b[0] + 10, b[1] + 5], [b[0] - 10, b[1] + 5]], 0.3);
    wash("#2a203a", 100, 0.3, 0.4, blob(b[0], b[1] + 12, 12, 6, 8, 0.3), 0.8);
    wash("#2a203a", 240, 0.0, 0.05, [[b[0] - 1, b[1]], [b[0] + 1, b[1]], [b[0] + 1, b[1] - 30], [b[0] - 1, b[1] - 30]], 0);
  }
  // harbour arm with a light
  wash("#2a203a", 240, 0.1, 0.3, [[150, 470], [300, 505], [302, 515], [148, 485]], 0.2);
  brush.fill("#ff9a5a", 255);
  brush.fillBleed(0);
  brush.circle(300, 500, 4, false);
}
