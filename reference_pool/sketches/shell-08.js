// seashell: a spiral whelk on dark wet sand at the tide line, lace of foam, diagonal design
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

function loc(pts, ox, oy, ang) {
  // shell-local points (x along the axis from the apex, y across it) to canvas
  return pts.map((p) => [ox + p[0] * cos(ang) - p[1] * sin(ang), oy + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function halfW(x) {
  // half width of the shell at distance x from the apex: a stepped spire, then the swelling body whorl to the canal
  if (x < 130) return 5 + 52 * (x / 130) + 4 * sin((x / 130) * 720);
  const t = (x - 130) / 250;
  return lerp(56, 7, t) + 72 * sin(180 * min(1, t * 1.15));
}

function outline(n) {
  const a = [], b = [];
  for (let i = 0; i <= n; i++) {
    const x = (380 * i) / n;
    a.push([x, -halfW(x)]);
    b.push([x, halfW(x) * 0.9]);
  }
  return a.concat(b.reverse());
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#3e3430");
  brush.noStroke();
  randomSeed(12);
  // wet sand: warm grey, a cool sheen of retreating water in the upper left, darker at the lower right
  wash("#5a524a", 200, 0.35, 0.45, band(-20, 620, 10, 8), 0.6);
  wash("#4a6070", 170, 0.35, 0.45, [[-20, -20], [460, -20], [380, 80], [200, 170], [-20, 260]], 0.6);
  wash("#8a9aa4", 150, 0.3, 0.4, [[-20, -20], [300, -20], [220, 60], [-20, 150]], 0.6);
  wash("#221e1c", 210, 0.3, 0.5, [[620, 240], [620, 620], [180, 620], [420, 480]], 0.6);
  // foam lace along the water's edge
  // the last wave's edge: a soft wash of foam with a crisp lacy rim
  const edgeP = [];
  for (let i = 0; i <= 14; i++) { const t = i / 14; edgeP.push([lerp(-20, 500, t), 300 - 320 * t + 16 * sin(t * 900) + random(-6, 6)]); }
  wash("#6a8ca0", 190, 0.3, 0.4, [[-20, -20]].concat(edgeP).concat([[500, -20]]), 0.6);
  wash("#a8c4d0", 160, 0.25, 0.4, [[-20, -20]].concat(edgeP.map((p) => [p[0] - 30, p[1] - 30])).concat([[470, -20]]), 0.6);
  wash("#f0f4f4", 230, 0.03, 0.15, ribbon(edgeP, 5, 3), 0.6);
  wash("#f0f4f4", 160, 0.03, 0.15, ribbon(edgeP.map((p) => [p[0] - 14, p[1] - 12]), 2.5, 1.5), 0.6);
  for (let i = 0; i < 30; i++) { const t = random(); dots("#eef2f2", 210, [[lerp(-20, 500, t) + random(-30, 10), 300 - 320 * t + random(-30, 0)]], random(1, 3)); }

  const ox = 470, oy = 110, ang = 128;
  const body = outline(40);
  // cast shadow to the right, deep
  for (let k = 0; k < 3; k++) wash("#14100e", 240, 0.08, 0.3, loc(body.map((p) => [p[0] + 6, p[1] * 0.9 + 22]), ox, oy, ang), 0.4);
  // shell: cream body in passes, then ochre, then the shaded side
  for (let k = 0; k < 4; k++) wash("#f6ecdc", 255, 0.03, 0.2, loc(body, ox, oy, ang), 0.4);
  wash("#e8c898", 190, 0.1, 0.35, loc(body.map((p) => [p[0], p[1] * 0.94]), ox, oy, ang), 0.4);
  const shadeSide = [];
  for (let i = 0; i <= 12; i++) { const x = 20 + (350 * i) / 12; shadeSide.push([x, halfW(x) * 0.9]); }
  for (let i = 12; i >= 0; i--) { const x = 20 + (350 * i) / 12; shadeSide.push([x, halfW(x) * 0.35]); }
  wash("#8a5a3a", 190, 0.2, 0.4, loc(shadeSide, ox, oy, ang), 0.4);
  // form: the side away from the light in warm umber, soft inside, crisp at the rim
  const core = [];
  for (let i = 0; i <= 16; i++) { const x = 10 + (365 * i) / 16; core.push([x, halfW(x) * 0.9]); }
  for (let i = 16; i >= 0; i--) { const x = 10 + (365 * i) / 16; core.push([x, halfW(x) * 0.55]); }
  wash("#7a4a30", 200, 0.1, 0.35, loc(core, ox, oy, ang), 0.4);
  wash("#4a2a1c", 170, 0.05, 0.3, loc(core.map((p) => [p[0], p[1] > 0 ? max(p[1], halfW(p[0]) * 0.78) : p[1]]), ox, oy, ang), 0.4);
  wash("#fffaf0", 200, 0.1, 0.25, loc(blob(200, -50, 60, 22, 12, 0.1), ox, oy, ang), 0.7);
  // spire sutures and spiral brown bands
  for (const sx of [28, 60, 98, 142, 192]) {
    const w = halfW(sx);
    wash("#4a2a1c", 220, 0.02, 0.1, ribbon(loc([[sx - 10, -w * 0.98], [sx + 6, 0], [sx + 16, w * 0.88]], ox, oy, ang), 3, 2), 0.5);
  }
  for (let j = 0; j < 6; j++) {
    const yy = -0.85 + j * 0.3;
    const pts = [];
    for (let i = 0; i <= 6; i++) { const x = 170 + i * 22; pts.push([x, yy * halfW(x) * 0.9]); }
    wash("#a0603a", 130, 0.15, 0.3, ribbon(loc(pts, ox, oy, ang), 9, 5), 0.5);
  }
  // body-whorl knobs along the shoulder
  for (let i = 0; i < 5; i++) {
    const x = 150 + i * 22;
    wash("#fff6e8", 220, 0.04, 0.2, loc(blob(x, -halfW(x) * 0.78, 9, 6, 8, 0.1), ox, oy, ang), 0.8);
    wash("#6a3a24", 200, 0.03, 0.2, loc(blob(x + 4, -halfW(x) * 0.78 + 7, 7, 3, 8, 0.1), ox, oy, ang), 0.8);
  }
  // the aperture: flared pink lip, deep coral throat, glossy highlight
  const ap = [[180, 20], [230, 4], [290, 10], [350, 16], [374, 20], [330, 80], [260, 96], [200, 80]];
  for (let k = 0; k < 2; k++) wash("#f8dcc8", 250, 0.03, 0.2, loc(ap, ox, oy, ang), 0.5);
  wash("#f0a080", 220, 0.08, 0.3, loc(ap.map((p) => [p[0] + (280 - p[0]) * 0.15, p[1] + (60 - p[1]) * 0.2]), ox, oy, ang), 0.5);
  wash("#b8503c", 220, 0.1, 0.3, loc(ap.map((p) => [p[0] + (290 - p[0]) * 0.45, p[1] + (58 - p[1]) * 0.5]), ox, oy, ang), 0.5);
  wash("#5a1c1a", 220, 0.1, 0.3, loc(ap.map((p) => [p[0] + (300 - p[0]) * 0.72, p[1] + (54 - p[1]) * 0.75]), ox, oy, ang), 0.5);
  wash("#ffffff", 220, 0.02, 0.05, ribbon(loc([[215, 30], [250, 16], [300, 22]], ox, oy, ang), 4, 1), 0.5);
  // outline accent on the shaded edge, lost on the lit edge
  const edge = [];
  for (let i = 0; i <= 14; i++) { const x = 8 + (360 * i) / 14; edge.push([x, halfW(x) * 0.9]); }
  wash("#2a1810", 200, 0.02, 0.05, ribbon(loc(edge, ox, oy, ang), 2.5, 2), 0.4);
  // a few shell fragments and pebbles on the sand
  for (const p of [[110, 470, 12], [150, 520, 8], [540, 80, 9], [80, 380, 6]]) {
    for (let k = 0; k < 2; k++) wash("#e8dccc", 250, 0.03, 0.2, blob(p[0], p[1], p[2], p[2] * 0.7, 8, 0.2), 0.6);
    wash("#1a1412", 200, 0.05, 0.2, leaf(p[0] - p[2], p[1] + p[2] * 0.7, p[2] * 2.4, 1.8, 0, 0), 0.8);
  }
}