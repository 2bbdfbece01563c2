// heron in reeds: grey heron at right third in misty morning shallows, dark reeds
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#efe6d2");
  brush.noStroke();
  randomSeed(11);

  // misty morning sky, warm at the horizon
  wash("#e8d8b8", 200, 0.4, 0.4, band(-20, 300, 12, 10), 0.7);
  wash("#c8ccd0", 150, 0.45, 0.45, band(-20, 150, 14, 10), 0.7);
  wash("#f0d8a8", 170, 0.4, 0.4, band(200, 300, 10, 10), 0.6);
  // far tree line, two layers of blue-grey, lost in mist
  wash("#a8aebc", 200, 0.35, 0.45, [[-20, 300], [-20, 200], [60, 186], [140, 198], [220, 178], [320, 196], [420, 170], [520, 190], [620, 180], [620, 300]], 0.6);
  // dark wooded bank behind the heron: layered blue-green, darkest at the right
  wash("#4a5e5c", 230, 0.25, 0.45, [[-20, 300], [-20, 236], [90, 222], [200, 232], [300, 206], [400, 196], [500, 190], [620, 200], [620, 300]], 0.6);
  for (let k = 0; k < 3; k++) {
    wash("#2a3a3c", 240, 0.15, 0.45, [[200, 300], [260, 240], [340, 222], [420, 212], [520, 206], [620, 214], [620, 300]], 0.6);
    wash("#16221f", 230, 0.1, 0.45, [[330, 300], [380, 246], [460, 232], [540, 228], [620, 236], [620, 300]], 0.6);
    wash("#16221f", 220, 0.1, 0.4, [[360, 290], [400, 250], [470, 238], [540, 234], [620, 240], [620, 292]], 0.6);
    wash("#22302e", 200, 0.15, 0.4, [[240, 296], [300, 250], [380, 236], [380, 296]], 0.6);
  }
  for (let i = 0; i < 12; i++) { const px = 300 + i * 28 + random(-8, 8), py = 250 + random(-6, 6), ph = random(30, 70), pw = random(8, 14); pine(px, py, ph, pw, "#101a18", 250); pine(px, py, ph, pw, "#101a18", 250); }
  // water: pale band with reflection of the sky, cooler and darker toward us
  wash("#d8d4c4", 220, 0.2, 0.35, band(298, 620, 4, 10), 0.4);
  wash("#9aa8b0", 180, 0.3, 0.45, band(360, 620, 8, 10), 0.5);
  wash("#5e7480", 190, 0.35, 0.5, band(460, 620, 10, 10), 0.6);
  // the dark bank mirrored at the top of the water
  for (let k = 0; k < 3; k++) {
    wash("#3a4a4a", 220, 0.2, 0.45, [[200, 300], [620, 300], [620, 380], [480, 372], [340, 350], [240, 316]], 0.5);
    wash("#1c2826", 220, 0.15, 0.45, [[330, 302], [620, 302], [620, 350], [460, 346], [380, 330]], 0.5);
    wash("#141e1c", 200, 0.1, 0.45, [[380, 302], [620, 302], [620, 330], [470, 326]], 0.5);
  }
  for (let i = 0; i < 14; i++) {
    const yy = random(320, 500);
    wash("#f4ecd8", 190, 0.04, 0.2, leaf(random(-20, 560), yy, random(40, 140), 1.4, 0, 0), 0.8);
  }

  // heron, right third, standing in the shallows, facing left
  const x = 400, y = 430, s = 1.25;
  const body = [[50, -120], [30, -132], [0, -138], [-24, -132], [-36, -118], [-30, -100], [-8, -88], [24, -86], [56, -92], [78, -86], [60, -104]];
  const wing = [[58, -116], [30, -128], [-4, -130], [-18, -118], [4, -100], [34, -94], [78, -86]];
  const neck = [[-24, -124], [-36, -144], [-30, -166], [-20, -184], [-28, -204], [-40, -212]];
  // reflection first, broken by ripples
  for (let i = 0; i < 6; i++) {
    wash("#e8e4d8", 150 - i * 18, 0.05, 0.2, leaf(x - 50 + random(-6, 6), y + 30 + i * 12, 110 - i * 8, 4, 0, 0), 0.8);
  }
  // legs
  wash("#6a5a3a", 250, 0.02, 0.05, ribbon(tr([[4, -90], [2, -46], [-2, 0]], x, y, s), 4, 3), 0.3);
  wash("#5a4a30", 250, 0.02, 0.05, ribbon(tr([[16, -88], [20, -46], [26, 0]], x, y, s), 4, 3), 0.3);
  // body washes: pale, mid, dark wing edge
  wash("#e6e8ea", 255, 0.04, 0.2, tr(body, x, y, s), 0.6);
  wash("#c8ccd2", 250, 0.04, 0.25, tr(body, x, y, s), 0.6);
  wash("#dfe2e6", 250, 0.04, 0.2, tr(body, x, y, s), 0.6);
  wash("#8e98a4", 230, 0.05, 0.35, tr(wing, x, y, s), 0.6);
  wash("#5a6270", 220, 0.04, 0.3, tr([[58, -116], [30, -126], [0, -126], [30, -114], [78, -86]], x, y, s), 0.5);
  for (let k = 0; k < 2; k++) wash("#20242c", 250, 0.02, 0.2, ribbon(tr([[-4, -126], [30, -116], [64, -100], [80, -86]], x, y, s), 6, 2), 0.5);
  wash("#f0f0ec", 170, 0.08, 0.3, tr(blob(-18, -114, 14, 14, 10, 0.1), x, y, s), 0.8);
  // neck: white, grey back line, black streaks down the front
  wash("#f4f4f0", 250, 0.03, 0.1, ribbon(tr(neck, x, y, s), 24 * s, 14 * s), 0.5);
  wash("#f8f8f4", 250, 0.03, 0.1, ribbon(tr(neck, x, y, s), 24 * s, 14 * s), 0.5);
  wash("#b0b8c0", 180, 0.04, 0.15, ribbon(tr(neck.map((p) => [p[0] + 5, p[1]]), x, y, s), 6 * s, 4 * s), 0.5);
  wash("#1c1c24", 230, 0.02, 0.05, ribbon(tr([[-30, -130], [-40, -148], [-34, -168]], x, y, s), 3, 1.5), 0.5);
  // head, black crest stripe, plume, dagger beak
  wash("#f6f6f2", 250, 0.03, 0.1, tr(blob(-40, -214, 12, 9, 10, 0), x, y, s), 0.8);
  wash("#f6f6f2", 250, 0.03, 0.1, tr(blob(-40, -214, 12, 9, 10, 0), x, y, s), 0.8);
  wash("#141418", 245, 0.02, 0.05, ribbon(tr([[-46, -220], [-30, -222], [-10, -216], [12, -206]], x, y, s), 5, 1), 0.4);
  wash("#e0a020", 255, 0.02, 0.05, tr([[-48, -218], [-48, -210], [-98, -212]], x, y, s), 0);
  wash("#a06810", 210, 0.02, 0.05, tr([[-48, -212], [-48, -210], [-98, -212]], x, y, s), 0);
  dots("#f0d040", 255, tr([[-44, -216]], x, y, s), 1.8);
  dots("#101010", 255, tr([[-44.5, -216]], x, y, s), 0.9);
  // ripple rings at the feet
  wash("#2e3a46", 200, 0.05, 0.2, leaf(x - 30, y + 2, 80, 2.2, 0, 0), 0.8);
  wash("#f2ece0", 200, 0.03, 0.1, leaf(x - 40, y - 2, 60, 1.2, 0, 0), 0.8);

  // reed bed, left, crossing the lower sheet: light ochre first, then dark olive, then near-black
  wash("#c8a860", 200, 0.3, 0.45, [[-20, 620], [-20, 330], [80, 360], [170, 450], [230, 620]], 0.6);
  for (let i = 0; i < 40; i++) reed(random(-20, 220), 620, random(180, 360), random(-30, 50), random(3, 5), "#a88a48", 240);
  for (let i = 0; i < 30; i++) reed(random(-20, 200), 620, random(140, 300), random(-20, 60), random(3, 6), "#3e4020", 250);
  for (let i = 0; i < 10; i++) blade(random(0, 200), 620, random(160, 260), random(40, 90), 6, "#2e3018", 245);
  for (let i = 0; i < 18; i++) {
    const rx = random(-20, 160), rh = random(80, 240), rl = random(-10, 40), rw = random(4, 7);
    reed(rx, 620, rh, rl, rw, "#16180e", 250);
    reed(rx, 620, rh, rl, rw, "#0e100a", 250);
  }
  for (let i = 0; i < 5; i++) {
    const cx = random(30, 170), ch = random(220, 320);
    reed(cx, 620, ch, 10, 3, "#2a2414", 250);
    wash("#3a2410", 250, 0.02, 0.1, ribbon([[cx + 9, 620 - ch * 0.9 + 22], [cx + 9.5, 620 - ch * 0.9 - 8]], 8, 7), 0.5);
  }
  wash("#1e200e", 200, 0.3, 0.45, [[-20, 620], [-20, 520], [60, 540], [140, 580], [180, 620]], 0.6);
  for (let i = 0; i < 12; i++) reed(random(-20, 120), 620, random(60, 160), random(-10, 30), random(5, 8), "#0e0f08", 250);
  // a few reeds at the right edge so the heron is framed
  for (let i = 0; i < 14; i++) { const rx = random(540, 620), rh = random(120, 260), rl = random(-30, 10), rw = random(3, 5); reed(rx, 620, rh, rl, rw, i < 8 ? "#6a6a3a" : "#20220e", 250); if (i >= 8) reed(rx, 620, rh, rl, rw, "#14160a", 250); }
}