// heron in reeds: dawn silhouette, large heron right of centre in a glowing band of water, dark reed bed left
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

function ribbon(path, w0, w1) {
  // a tapering strip along a polyline, width w0 at the start and w1 at the end
  const left = [], right = [];
  const n = path.length;
  for (let i = 0; i < n; i++) {
    const a = path[max(0, i - 1)], b = path[min(n - 1, i + 1)];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const d = max(0.001, sqrt(dx * dx + dy * dy));
    const w = lerp(w0, w1, i / max(1, n - 1)) / 2;
    left.push([path[i][0] - (dy / d) * w, path[i][1] + (dx / d) * w]);
    right.push([path[i][0] + (dy / d) * w, path[i][1] - (dx / d) * w]);
  }
  return left.concat(right.reverse());
}

function curvePath(x0, y0, x1, y1, bow, n) {
  // points from (x0, y0) to (x1, y1) bowed sideways by bow
  const pts = [];
  const dx = x1 - x0, dy = y1 - y0;
  const d = max(0.001, sqrt(dx * dx + dy * dy));
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const b = bow * sin(t * 180);
    pts.push([x0 + dx * t - (dy / d) * b, y0 + dy * t + (dx / d) * b]);
  }
  return pts;
}

function dots(hex, op, pts, r) {
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.fill(hex, op);
  for (const p of pts) brush.circle(p[0], p[1], r, false);
}

function quad(x0, y0, x1, y1, x2, y2, x3, y3) {
  return [[x0, y0], [x1, y1], [x2, y2], [x3, y3]];
}

function pine(x, y, h, w, hex, op) {
  const pts = [[x, y - h]];
  const tiers = 6;
  for (let i = 1; i <= tiers; i++) pts.push([x + (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers], [x + (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4]);
  pts.push([x, y]);
  for (let i = tiers; i >= 1; i--) pts.push([x - (w * i) / tiers * 0.55, y - h + (h * i) / tiers + 4], [x - (w * i) / tiers + random(-3, 3), y - h + (h * i) / tiers]);
  wash(hex, op, 0.06, 0.3, pts, 0.2);
}

function stars(n, y0, y1, op) {
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (let i = 0; i < n; i++) {
    brush.fill(random() < 0.3 ? "#fff6d8" : "#e8ecff", op);
    brush.circle(random(600), random(y0, y1), random(0.8, 2.2), false);
  }
}
function tr(pts, x, y, s) {
  return pts.map((p) => [x + p[0] * s, y + p[1] * s]);
}

function reed(x, y, h, lean, w, hex, op) {
  wash(hex, op, 0.02, 0.05, ribbon(curvePath(x, y, x + lean, y - h, lean * 0.3, 6), w, 0.6), 0.5);
}

function blade(x, y, h, lean, w, hex, op) {
  // a reed leaf that arcs over
  const p = [[x, y], [x + lean * 0.3, y - h * 0.5], [x + lean * 0.8, y - h * 0.85], [x + lean * 1.4, y - h * 0.9]];
  wash(hex, op, 0.02, 0.05, ribbon(p, w, 0.5), 0.6);
}

function heronSil(x, y, s, hex, op) {
  const body = [[50, -120], [30, -132], [0, -138], [-24, -132], [-36, -118], [-30, -100], [-8, -88], [24, -86], [56, -92], [78, -86], [60, -104]];
  const neck = [[-24, -124], [-36, -144], [-30, -166], [-20, -184], [-28, -204], [-40, -212]];
  wash(hex, op, 0.02, 0.05, ribbon(tr([[4, -90], [2, -46], [-2, 0]], x, y, s), 4, 3), 0.3);
  wash(hex, op, 0.02, 0.05, ribbon(tr([[16, -88], [20, -46], [26, 0]], x, y, s), 4, 3), 0.3);
  wash(hex, op, 0.03, 0.15, tr(body, x, y, s), 0.6);
  wash(hex, op, 0.03, 0.1, ribbon(tr(neck, x, y, s), 22 * s, 12 * s), 0.5);
  wash(hex, op, 0.03, 0.1, tr(blob(-40, -214, 12, 9, 10, 0), x, y, s), 0.8);
  wash(hex, op, 0.02, 0.05, tr([[-48, -218], [-48, -209], [-100, -212]], x, y, s), 0);
  wash(hex, op, 0.02, 0.05, ribbon(tr([[-30, -220], [-10, -218], [14, -210]], x, y, s), 3, 1), 0.4);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2dcb8");
  brush.noStroke();
  randomSeed(5);

  // sky: deep slate above, rose, then a burning gold band low at the horizon
  wash("#f0b878", 200, 0.3, 0.4, band(200, 360, 8, 10), 0.6);
  wash("#c07a7a", 200, 0.35, 0.45, band(110, 300, 10, 10), 0.7);
  wash("#4a4a6a", 230, 0.35, 0.5, band(-20, 220, 14, 10), 0.7);
  wash("#2a2c48", 230, 0.35, 0.5, band(-20, 120, 14, 10), 0.7);
  wash("#1a1c34", 200, 0.3, 0.5, band(-20, 50, 10, 10), 0.7);
  for (let i = 0; i < 4; i++) wash("#5a4a64", 170, 0.25, 0.4, leaf(random(-80, 380), 150 + i * 30, random(220, 380), 6, random(-2, 2), 0), 0.8);
  wash("#fff0c8", 220, 0.15, 0.3, leaf(180, 318, 360, 5, 0, 0), 0.8);
  // far shore, a low blue-black line of trees
  wash("#2a2838", 250, 0.08, 0.4, [[-20, 344], [-20, 326], [90, 318], [200, 328], [330, 314], [460, 324], [620, 316], [620, 344]], 0.5);
  wash("#1a1826", 240, 0.05, 0.4, [[-20, 344], [-20, 334], [150, 330], [300, 336], [480, 328], [620, 334], [620, 344]], 0.5);
  // water: gold band under the shore, darkening to slate toward us
  wash("#f0b070", 220, 0.2, 0.4, band(344, 430, 3, 10), 0.4);
  wash("#ffe0a0", 200, 0.15, 0.3, band(346, 372, 3, 10), 0.4);
  wash("#9a6a70", 210, 0.3, 0.45, band(420, 620, 6, 10), 0.5);
  wash("#3a3a58", 220, 0.3, 0.5, band(470, 620, 8, 10), 0.6);
  wash("#22223a", 200, 0.3, 0.5, band(530, 620, 8, 10), 0.6);
  for (let i = 0; i < 16; i++) {
    const yy = random(350, 520);
    wash(yy < 420 ? "#fff0c8" : "#d89070", 200, 0.04, 0.2, leaf(random(-20, 560), yy, random(40, 130), 1.4, 0, 0), 0.8);
  }

  // heron silhouette, right of centre, three passes for a deep dark, and its reflection
  const x = 400, y = 416, s = 1.35;
  for (let k = 0; k < 6; k++) heronSil(x, y, s, "#121018", 250);
  for (let i = 0; i < 7; i++) wash("#1a1622", 200 - i * 22, 0.05, 0.2, leaf(x - 40 + random(-6, 6), y + 10 + i * 10, 110 - i * 8, 3.5, 0, 0), 0.8);
  wash("#fff0c8", 220, 0.03, 0.1, leaf(x - 56, y + 2, 110, 1.4, 0, 0), 0.8);

  // reed bed from the left and along the bottom: warm umber first, then near-black, with cattails
  wash("#5a3a2a", 200, 0.3, 0.45, [[-20, 620], [-20, 300], [60, 330], [150, 430], [260, 560], [620, 580], [620, 620]], 0.6);
  for (let i = 0; i < 40; i++) reed(random(-20, 240), 620, random(160, 360), random(-30, 50), random(3, 5), "#3a2a22", 245);
  for (let i = 0; i < 60; i++) reed(random(-20, 220), 620, random(120, 320), random(-20, 60), random(3, 6), "#141018", 250);
  for (let i = 0; i < 10; i++) blade(random(0, 220), 620, random(160, 280), random(40, 100), 6, "#0e0c12", 250);
  for (let i = 0; i < 20; i++) reed(random(220, 620), 620, random(30, 90), random(-20, 20), random(3, 5), "#100e16", 250);
  for (let i = 0; i < 6; i++) {
    const cx = random(20, 190), ch = random(240, 340);
    reed(cx, 620, ch, 10, 3, "#100e16", 250);
    wash("#0e0a10", 250, 0.02, 0.1, ribbon([[cx + 9, 620 - ch * 0.9 + 22], [cx + 9.5, 620 - ch * 0.9 - 8]], 8, 7), 0.5);
  }
  wash("#0c0a10", 240, 0.2, 0.45, [[-20, 620], [-20, 560], [120, 580], [300, 600], [620, 596], [620, 620]], 0.6);
}