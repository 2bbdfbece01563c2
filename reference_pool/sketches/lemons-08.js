// Lemons hanging from a branch against a deep ultramarine evening sky: four glowing fruit clustered off-centre, dark glossy leaves, a few white blossoms
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

function lemon(cx, cy, rx, ry, ang, k) {
  const pts = [];
  for (let a = 0; a < 360; a += 12) {
    const tip = pow(abs(cos(a)), 10) * 0.25;
    pts.push(rot(cx, cy, ang, cos(a) * rx * (1 + tip) * k, sin(a) * ry * (1 - tip * 0.5) * k));
  }
  return pts;
}

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

function glowLemon(x, y, rx, ry, a) {
  for (let g = 0; g < 5; g++) wash(g < 3 ? "#ffffff" : "#fff2c8", 255, 0.04, 0.3, 0.3, lemon(x, y, rx, ry, a, 1 - g * 0.04), 0.5);
  for (let g = 0; g < 3; g++) wash(["#f8e070", "#f6d640", "#f2c82a"][g], 250, 0.07 - g * 0.02, 0.35, 0.3, lemon(x - g * 2, y - g * 3, rx, ry, a, 0.98 - g * 0.09), 0.5);
  wash("#d88a1a", 200, 0.12, 0.45, 0.45, rim(x, y, rx, ry, a, -10, 190, 0.55), 0.5);
  wash("#7a5a2a", 170, 0.1, 0.5, 0.5, rim(x, y, rx, ry, a, 20, 160, 0.28), 0.5);
  wash("#2a3050", 150, 0.1, 0.4, 0.5, rim(x, y, rx, ry, a, 40, 140, 0.12), 0.5);
  wash("#fffcec", 230, 0.05, 0.2, 0.2, lemon(x - rx * 0.3, y - ry * 0.45, rx * 0.28, ry * 0.13, a - 12, 1), 0.6);
  const n = rot(x, y, a, rx * 1.2, 0);
  wash("#8a8a30", 230, 0.03, 0.1, 0.3, lemon(n[0], n[1], 7, 5, a, 1), 0.5);
}

function leafPts(x, y, len, w, ang) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.1) pts.push(rot(x, y, ang, len * t, sin(t * 180) * w * (1 - 0.2 * t)));
  for (let t = 0.9; t > 0.05; t -= 0.1) pts.push(rot(x, y, ang, len * t, -sin(t * 180) * w * 0.85 * (1 - 0.2 * t)));
  return pts;
}

function leaf(x, y, len, w, ang, c1, c2, lit) {
  wash(c1, 240, 0.08, 0.35, 0.4, leafPts(x, y, len, w, ang), 0.5);
  wash(c2, 220, 0.06, 0.3, 0.4, leafPts(x, y, len, w, ang).slice(0, 11).concat([rot(x, y, ang, len * 0.5, 0)]), 0.5);
  if (lit) wash("#9ab860", 150, 0.05, 0.2, 0.3, leafPts(x, y, len, w, ang).slice(11).concat([rot(x, y, ang, len * 0.5, 0)]), 0.5);
  wash("#0c140c", 170, 0.02, 0.05, 0.2, [rot(x, y, ang, 0, -1.5), rot(x, y, ang, len * 0.95, 0), rot(x, y, ang, 0, 1.5)], 0);
}

function branch(pts, w, col) {
  const a = [], b = [];
  for (let i = 0; i < pts.length; i++) {
    const k = w * (1 - 0.6 * i / pts.length);
    a.push([pts[i][0], pts[i][1] - k]);
    b.push([pts[i][0] + k * 0.3, pts[i][1] + k]);
  }
  wash(col, 245, 0.03, 0.3, 0.4, a.concat(b.reverse()), 0.5);
}

function blob(cx, cy, rx, ry, i) {
  const pts = [];
  for (let a = 0; a < 360; a += 24) pts.push([cx + cos(a) * rx * (0.7 + noise(i, a * 0.03) * 0.6), cy + sin(a) * ry * (0.7 + noise(a * 0.03, i) * 0.6)]);
  return pts;
}

function blossom(x, y, r) {
  for (let i = 0; i < 5; i++) {
    const a = i * 72 + 10;
    wash(i % 2 ? "#fbf6ee" : "#efe4f0", 250, 0.03, 0.1, 0.3, [[x, y], [x + cos(a - 25) * r * 0.8, y + sin(a - 25) * r * 0.8], [x + cos(a) * r, y + sin(a) * r], [x + cos(a + 25) * r * 0.8, y + sin(a + 25) * r * 0.8]], 0.7);
  }
  wash("#e0b030", 240, 0.02, 0.1, 0.2, [[x - 3, y - 3], [x + 3, y - 3], [x + 3, y + 3], [x - 3, y + 3]], 0.8);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#141c34");
  brush.noStroke();
  randomSeed(33);
  noiseSeed(33);

  // evening sky: a lighter cobalt opening at the lower left fading to deep indigo at the top right
  for (let i = 0; i < 5; i++) wash("#2c4470", 210, 0.55, 0.5, 0.3, blob(random(-20, 360), random(260, 640), random(170, 220), random(140, 180), i), 0.9);
  for (let i = 0; i < 3; i++) wash("#5a76a4", 200, 0.55, 0.45, 0.3, blob(random(0, 220), random(420, 600), random(110, 150), random(90, 120), 10 + i), 0.9);
  wash("#9aaed0", 170, 0.5, 0.4, 0.3, blob(110, 500, 70, 50, 30), 0.8);
  for (let i = 0; i < 5; i++) wash("#0a0f22", 200, 0.45, 0.5, 0.4, blob(random(380, 640), random(-30, 200), random(70, 110), random(60, 90), 40 + i), 0.8);

  // background leaves, dim
  leaf(560, 60, 150, 36, 150, "#1e3224", "#121e16", false);
  leaf(330, 40, 130, 30, 30, "#24382a", "#121e16", false);
  // branch from the top right, curving down and left
  branch([[640, 20], [560, 70], [470, 110], [400, 160], [340, 200], [300, 260]], 11, "#6a4a34");
  branch([[470, 110], [450, 170], [430, 230]], 6, "#6a4a34");
  // leaves
  leaf(520, 85, 140, 34, 200, "#3e5a30", "#1a2a16", true);
  leaf(400, 160, 140, 36, -75, "#4a6a34", "#1e2e18", true);
  leaf(350, 195, 130, 32, 235, "#3a5a2e", "#16240f", true);
  leaf(300, 255, 120, 30, 215, "#4a6a34", "#1a2a16", true);
  // lemons hanging
  glowLemon(340, 350, 84, 66, 80);
  glowLemon(458, 322, 76, 60, 95);
  glowLemon(248, 312, 62, 50, 62);
  // leaves over the fruit
  leaf(480, 250, 120, 30, 10, "#5a7a3a", "#223418", true);
  leaf(200, 330, 110, 28, 150, "#4e6e34", "#1a2a16", true);
  for (let g = 0; g < 2; g++) {
    blossom(505, 150, 22);
    blossom(540, 185, 16);
    blossom(205, 235, 18);
  }
  // a bud
  wash("#f0d8e0", 240, 0.03, 0.1, 0.3, lemon(235, 222, 8, 5, 60, 1), 0.6);
}