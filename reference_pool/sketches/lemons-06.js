// Lemons in a blue-and-white bowl, set low left, window bars of cool shadow crossing the table, one lemon rolled out with a leaf
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, border, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function rot(cx, cy, ang, x, y) {
  return [cx + x * cos(ang) - y * sin(ang), cy + x * sin(ang) + y * cos(ang)];
}

// lemon outline with pointed nubs at both ends; k scales it (for inner glazes)
function lemon(cx, cy, rx, ry, ang, k) {
  const pts = [];
  for (let a = 0; a < 360; a += 12) {
    const tip = pow(abs(cos(a)), 10) * 0.25;
    pts.push(rot(cx, cy, ang, cos(a) * rx * (1 + tip) * k, sin(a) * ry * (1 - tip * 0.5) * k));
  }
  return pts;
}

// band along the lemon's lower rim between angles a0..a1, depth fraction inward
function rim(cx, cy, rx, ry, ang, a0, a1, depth) {
  const pts = [];
  for (let a = a0; a <= a1; a += 10) {
    const tip = pow(abs(cos(a)), 10) * 0.25;
    pts.push(rot(cx, cy, ang, cos(a) * rx * (1 + tip) * 0.97, sin(a) * ry * (1 - tip * 0.5) * 0.97));
  }
  for (let a = a1; a >= a0; a -= 10) {
    const k = 1 - depth * sin(map(a, a0, a1, 0, 180));
    pts.push(rot(cx, cy, ang, cos(a) * rx * 0.95 * (0.92 + 0.08 * k), sin(a) * ry * 0.95 * k));
  }
  return pts;
}

function paintLemon(l, shade, dark) {
  const [x, y, rx, ry, a] = l;
  wash("#f7dc4e", 235, 0.25, 0.4, 0.3, lemon(x, y, rx, ry, a, 1), 0.5);
  wash("#f5d030", 190, 0.15, 0.35, 0.3, lemon(x + rx * 0.05, y + ry * 0.08, rx, ry, a, 0.85), 0.5);
  wash("#eaa81c", 170, 0.25, 0.45, 0.45, rim(x, y, rx, ry, a, -10, 190, 0.7), 0.5);
  wash(shade, 150, 0.2, 0.5, 0.5, rim(x, y, rx, ry, a, 20, 160, 0.38), 0.5);
  if (dark) wash(dark, 120, 0.15, 0.4, 0.5, rim(x, y, rx, ry, a, 40, 140, 0.16), 0.5);
  wash("#fffbe0", 150, 0.15, 0.2, 0.2, lemon(x - rx * 0.3, y - ry * 0.4, rx * 0.28, ry * 0.16, a - 10, 1), 0.6);
  const n = rot(x, y, a, -rx * 1.22, 0);
  wash("#8a8a2a", 200, 0.04, 0.1, 0.3, lemon(n[0], n[1], 7, 5, a, 1), 0.5);
}

function leafPts(x, y, len, w, ang) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.1) pts.push(rot(x, y, ang, len * t, sin(t * 180) * w * (1 - 0.2 * t)));
  for (let t = 0.9; t > 0.05; t -= 0.1) pts.push(rot(x, y, ang, len * t, -sin(t * 180) * w * 0.85 * (1 - 0.2 * t)));
  return pts;
}

function leaf(x, y, len, w, ang, c1, c2) {
  wash(c1, 225, 0.12, 0.35, 0.4, leafPts(x, y, len, w, ang), 0.5);
  wash(c2, 190, 0.08, 0.3, 0.4, leafPts(x, y, len, w, ang).slice(0, 11).concat([rot(x, y, ang, len * 0.5, 0)]), 0.5);
  wash(c2, 170, 0.03, 0.05, 0.2, [rot(x, y, ang, 0, -1.5), rot(x, y, ang, len * 0.95, 0), rot(x, y, ang, 0, 1.5)], 0);
}

function glowLemon(l) {
  const [x, y, rx, ry, a] = l;
  for (let g = 0; g < 3; g++) wash(g ? "#fbf0c0" : "#fff8e0", 255, 0.06, 0.3, 0.3, lemon(x, y, rx, ry, a, 1 - g * 0.04), 0.5);
  for (let g = 0; g < 3; g++) wash(["#f8e070", "#f6d640", "#f4cc2a"][g], 250, 0.08 - g * 0.02, 0.35, 0.3, lemon(x + g * 3, y + g * 4, rx, ry, a, 0.98 - g * 0.08), 0.5);
  wash("#e39a1a", 200, 0.15, 0.45, 0.45, rim(x, y, rx, ry, a, -10, 190, 0.6), 0.5);
  wash("#b0641a", 170, 0.12, 0.5, 0.5, rim(x, y, rx, ry, a, 20, 160, 0.3), 0.5);
  wash("#5a2e1a", 140, 0.1, 0.4, 0.5, rim(x, y, rx, ry, a, 40, 140, 0.12), 0.5);
  wash("#fffcec", 230, 0.06, 0.2, 0.2, lemon(x - rx * 0.32, y - ry * 0.45, rx * 0.3, ry * 0.14, a - 12, 1), 0.6);
  const n = rot(x, y, a, -rx * 1.2, 0);
  wash("#9a9a30", 230, 0.03, 0.1, 0.3, lemon(n[0], n[1], 8, 6, a, 1), 0.5);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4efe2");
  brush.noStroke();
  randomSeed(53);
  noiseSeed(53);

  // warm table, cool window-bar shadows in parallel diagonals
  wash("#dccdb0", 210, 0.4, 0.5, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.3);
  for (const o of [-260, 40, 330]) {
    wash("#8e9ab8", 150, 0.25, 0.5, 0.35, [[o, -20], [o + 150, -20], [o + 790, 620], [o + 640, 620]], 0.2);
  }
  // bowl seen from above at an angle: outer wall below the rim, inner bowl, cobalt bands
  const bx = 230, by = 320, rw = 190, rh = 110;
  const ell = (k, dx, dy, a0, a1) => { const p = []; for (let a = a0; a <= a1; a += 10) p.push([bx + dx + cos(a) * rw * k, by + dy + sin(a) * rh * k]); return p; };
  wash("#4a4a68", 190, 0.3, 0.45, 0.4, ell(1.02, 50, 70, 0, 350), 0.6);
  wash("#e4e8f0", 245, 0.06, 0.3, 0.3, ell(1, 0, 0, 0, 180).concat(ell(0.8, 0, 70, 180, 360).reverse()), 0.5);
  wash("#f2f4f8", 250, 0.05, 0.25, 0.3, ell(1, 0, 0, 0, 350), 0.5);
  wash("#2a4a9a", 220, 0.05, 0.3, 0.3, ell(0.98, 0, 36, 20, 160).concat(ell(0.9, 0, 54, 20, 160).reverse()), 0.4);
  wash("#2a4a9a", 200, 0.05, 0.3, 0.3, ell(1.0, 0, 4, 0, 180).concat(ell(0.98, 0, 14, 0, 180).reverse()), 0.4);
  wash("#9aa8cc", 200, 0.12, 0.4, 0.4, ell(0.9, 0, 0, 180, 360).concat(ell(0.86, 12, 10, 0, 180)), 0.5);
  wash("#6a7aa8", 150, 0.12, 0.4, 0.4, ell(0.88, 6, 4, 200, 330).concat([[bx + 40, by - 20]]), 0.5);

  // lemons heaped in the bowl, back row first
  const L = [[165, 280, 72, 48, -20], [300, 282, 70, 46, 15], [140, 345, 60, 40, 30], [250, 350, 80, 52, 5]];
  for (const l of L) wash("#5a5a72", 150, 0.3, 0.4, 0.4, lemon(l[0] + 20, l[1] + 26, l[2], l[3] * 0.8, l[4], 1), 0.6);
  for (const l of L) glowLemon(l);
  leaf(320, 320, 150, 28, 10, "#5a8a3a", "#2f5226");
  leaf(150, 262, 120, 24, -130, "#6e9a44", "#2f5226");

  // a lemon rolled out, lower right, with its shadow
  wash("#6a6480", 190, 0.3, 0.4, 0.4, lemon(505, 540, 80, 20, 0, 1), 0.6);
  glowLemon([470, 505, 72, 48, -25]);
  for (const a of [200, 212, 224]) {
    brush.fill("#ffffff", 230);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(bx + cos(a) * rw * 0.99, by + sin(a) * rh * 0.99, 3, false);
  }
}