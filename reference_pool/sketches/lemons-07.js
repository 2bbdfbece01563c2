// Lemons, simple: three lemons on a pale table with soft shadows
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4efe2");
  brush.noStroke();
  randomSeed(57);
  wash("#cfd8de", 170, 0.4, 0.4, 0.3, [[-20, 330], [620, 320], [620, 620], [-20, 620]], 0.3);
  const L = [[180, 360, 90, 60, -8], [380, 370, 86, 58, 12], [290, 470, 70, 46, -20]];
  for (const l of L) wash("#9a94b0", 140, 0.35, 0.4, 0.4, lemon(l[0] + 30, l[1] + l[3] * 0.8, l[2], l[3] * 0.3, 0, 1), 0.6);
  for (const l of L) paintLemon(l, "#c08a30", null);
}