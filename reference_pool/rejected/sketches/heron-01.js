// heron-01
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

function hp(pts, x, y, s, dir) {
  // heron-local points (facing right, origin at the feet) to canvas
  return pts.map((p) => [x + dir * p[0] * s, y + p[1] * s]);
}

function heron(x, y, s, dir, rich, sil) {
  // grey heron standing; sil = a single dark hex for a silhouette, else null
  const body = [[-58, -84], [-34, -100], [-5, -118], [22, -126], [36, -114], [30, -92], [8, -72], [-22, -64], [-50, -70]];
  const wing = [[-62, -84], [-36, -104], [-5, -120], [18, -122], [10, -100], [-16, -80], [-44, -72]];
  const neck = [[22, -116], [32, -132], [30, -148], [22, -162], [26, -176], [34, -184]];
  const legA = [[-8, -66], [-9, -34], [-11, 0]];
  const legB = [[2, -66], [4, -34], [8, 0]];
  const beak = [[40, -188], [42, -181], [84, -183]];
  const crest = [[30, -190], [10, -192], [-12, -186]];
  if (sil) {
    for (const l of [legA, legB]) wash(sil, 250, 0.02, 0.05, ribbon(hp(l, x, y, s, dir), 3.2 * s, 2.4 * s), 0.3);
    wash(sil, 250, 0.04, 0.2, hp(body, x, y, s, dir), 0.6);
    wash(sil, 250, 0.03, 0.1, ribbon(hp(neck, x, y, s, dir), 18 * s, 10 * s), 0.5);
    wash(sil, 250, 0.03, 0.1, hp(blob(34, -185, 10, 7, 10, 0), x, y, s, dir), 0.8);
    wash(sil, 250, 0.02, 0.05, hp(beak, x, y, s, dir), 0);
    wash(sil, 240, 0.02, 0.05, ribbon(hp(crest, x, y, s, dir), 3 * s, 1 * s), 0.4);
    return;
  }
  for (const l of [legA, legB]) wash("#8a7a50", 250, 0.02, 0.05, ribbon(hp(l, x, y, s, dir), 3.2 * s, 2.4 * s), 0.3);
  wash("#9aa2aa", 250, 0.05, 0.3, hp(body, x, y, s, dir), 0.6);
  if (rich) wash("#8a929c", 220, 0.05, 0.3, hp(body, x, y, s, dir), 0.6);
  wash("#6a7480", 230, 0.05, 0.35, hp(wing, x, y, s, dir), 0.6);
  if (rich) {
    wash("#3a4048", 220, 0.04, 0.3, hp([[-62, -84], [-44, -74], [-18, -80], [-36, -78]], x, y, s, dir), 0.5);
    wash("#2a2e36", 230, 0.03, 0.2, ribbon(hp([[-58, -88], [-26, -106], [8, -120]], x, y, s, dir), 4 * s, 2 * s), 0.5);
    wash("#d8dce0", 170, 0.1, 0.3, hp(blob(18, -100, 12, 14, 10, 0.1), x, y, s, dir), 0.8);
  }
  wash("#eef0f2", 250, 0.03, 0.15, ribbon(hp(neck, x, y, s, dir), 18 * s, 10 * s), 0.5);
  if (rich) wash("#b8bec6", 170, 0.05, 0.2, ribbon(hp(neck.map((p) => [p[0] - 3, p[1]]), x, y, s, dir), 7 * s, 4 * s), 0.5);
  wash("#2a2a34", 220, 0.02, 0.05, ribbon(hp(neck.slice(0, 4).map((p) => [p[0] + 5, p[1]]), x, y, s, dir), 2.5 * s, 2 * s), 0.5);
  wash("#f2f2f0", 250, 0.03, 0.1, hp(blob(34, -185, 10, 7, 10, 0), x, y, s, dir), 0.8);
  wash("#e0a020", 255, 0.02, 0.05, hp(beak, x, y, s, dir), 0);
  if (rich) wash("#a06a10", 200, 0.02, 0.05, hp([[40, -183], [42, -181], [84, -183]], x, y, s, dir), 0);
  wash("#141418", 245, 0.02, 0.05, ribbon(hp(crest, x, y, s, dir), 4 * s, 1 * s), 0.4);
  wash("#141418", 200, 0.02, 0.05, ribbon(hp([[30, -189], [40, -190]], x, y, s, dir), 3 * s, 2 * s), 0.4);
  dots("#f0d040", 255, hp([[37, -187]], x, y, s, dir), max(1, 1.4 * s));
  dots("#101010", 255, hp([[37.5, -187]], x, y, s, dir), max(0.6, 0.7 * s));
}

function reed(x, y, h, lean, w, hex, op) {
  wash(hex, op, 0.02, 0.05, ribbon(curvePath(x, y, x + lean, y - h, lean * 0.3, 6), w, 0.6), 0.5);
}

function cattail(x, y, h, lean, hex, head) {
  reed(x, y, h, lean, 3, hex, 240);
  const tx = x + lean * 0.85, ty = y - h * 0.85;
  wash(head, 250, 0.02, 0.1, ribbon([[tx, ty + 18], [tx + lean * 0.05, ty - 10]], 7, 6), 0.5);
}
function draw() {
  translate(-width / 2, -height / 2);
  background("#f0f2ec");
  brush.noStroke();

  // plain: pale sky and water, a centred heron, a fringe of even reeds
  wash("#d4dedc", 210, 0.4, 0.4, band(-20, 360, 10, 6), 0.7);
  wash("#bccaca", 210, 0.25, 0.4, band(360, 620, 6, 6), 0.5);
  heron(300, 430, 1.0, -1, false, null);
  for (let i = 0; i < 30; i++) reed(20 + i * 19, 620, 120, 0, 4, "#7a9a5a", 210);
}