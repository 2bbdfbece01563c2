// heron-02
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
  background("#eef0ea");
  brush.noStroke();

  // misty morning marsh: pale grey-green bands, heron right of centre among reeds, still water reflection
  wash("#c8d4d0", 230, 0.4, 0.45, band(-20, 330, 12, 8), 0.7);
  wash("#e8e2cc", 170, 0.45, 0.4, blob(420, 170, 220, 110, 14, 0.2), 0.8);
  // far willows in the mist, darkest behind the heron's head so the white neck reads
  wash("#9aaaa4", 200, 0.4, 0.45, blob(330, 250, 250, 70, 16, 0.2), 0.8);
  wash("#7a8c88", 200, 0.35, 0.45, blob(360, 250, 150, 50, 14, 0.2), 0.8);
  wash("#a8b8b4", 200, 0.35, 0.45, [[-20, 300], [120, 286], [260, 296], [420, 280], [620, 292], [620, 340], [-20, 340]], 0.6);
  for (let i = 0; i < 40; i++) reed(random(-10, 610), 336, random(30, 70), random(-8, 8), 3, "#8a9a90", 200);
  // water
  wash("#b4c4c6", 240, 0.2, 0.4, band(336, 620, 4, 8), 0.4);
  wash("#8ea2a8", 190, 0.3, 0.45, band(440, 620, 8, 8), 0.5);
  for (let i = 0; i < 14; i++) {
    const yy = random(350, 600);
    wash("#e8eeee", 170, 0.05, 0.2, leaf(random(-20, 560), yy, random(40, 120), 1.5, 0, 0), 0.8);
  }

  // heron and its broken reflection
  const hx = 380, hy = 430, s = 1.35;
  const refl = [[hx - 60, hy + 10], [hx + 40, hy + 10], [hx + 30, hy + 150], [hx - 40, hy + 150]];
  for (let i = 0; i < 9; i++) {
    const yy = hy + 8 + i * 16, ww = 44 - i * 2;
    wash(i < 3 ? "#7a8490" : "#9aa6b0", 170 - i * 12, 0.05, 0.2, leaf(hx - 20 - ww / 2 + random(-5, 5), yy, ww + 20, 3, 0, 0), 0.8);
  }
  for (let i = 0; i < 5; i++) wash("#eef0f2", 150 - i * 20, 0.05, 0.2, leaf(hx + 20 + random(-4, 4), hy + 120 + i * 14, 24, 2.5, 0, 0), 0.8);
  heron(hx, hy, s, -1, true, null);
  // ripples round the legs
  wash("#5a6a74", 200, 0.03, 0.1, leaf(hx - 30, hy + 2, 60, 2, 0, 0), 0.8);
  wash("#5a6a74", 170, 0.03, 0.1, leaf(hx - 46, hy + 10, 80, 2, 0, 0), 0.8);

  // near reeds: tall, dark, crossing the left and right edges
  for (let i = 0; i < 26; i++) {
    const rx = random() < 0.6 ? random(-10, 200) : random(500, 610);
    const rh = random(220, 420), rl = random(-40, 40), rw = random(4, 7), rc = random(["#3a4a2a", "#4a5a30", "#2a3420", "#6a6a3a"]);
    reed(rx, 620, rh, rl, rw, rc, 250);
    reed(rx, 620, rh * 0.7, rl * 0.7, rw, rc, 200);
  }
  for (let i = 0; i < 4; i++) cattail(random(30, 170), 620, random(260, 360), random(-20, 20), "#3a4a2a", "#4a2a14");
  cattail(560, 620, 300, -18, "#3a4a2a", "#4a2a14");
}