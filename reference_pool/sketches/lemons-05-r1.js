// Lemons in low light (revision): a glowing whole lemon, a cut half showing its segments and a leaf on a dark slate table, a warm light falling from the upper left
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
  background("#1d2230");
  brush.noStroke();
  randomSeed(51);
  noiseSeed(51);

  // dark wall, a slanting beam of warm light crossing wall and table
  wash("#262c3e", 210, 0.4, 0.5, 0.35, [[-20, -20], [620, -20], [620, 370], [-20, 350]], 0.3);
  wash("#6a5a48", 170, 0.45, 0.5, 0.3, [[-20, 60], [120, -20], [560, 420], [520, 560], [-20, 420]], 0.7);
  wash("#8a6e50", 130, 0.45, 0.5, 0.3, [[-20, 180], [60, 120], [420, 430], [380, 520], [-20, 400]], 0.7);
  wash("#343848", 190, 0.3, 0.5, 0.4, [[-20, 352], [620, 372], [620, 620], [-20, 620]], 0.3);
  wash("#a08a70", 150, 0.06, 0.3, 0.3, [[-20, 348], [620, 368], [620, 375], [-20, 356]], 0.2);
  wash("#0e1018", 200, 0.35, 0.5, 0.4, [[-20, 530], [620, 545], [620, 620], [-20, 620]], 0.4);
  wash("#10121c", 190, 0.4, 0.5, 0.4, [[620, -20], [620, 300], [400, 60], [380, -20]], 0.6);

  // cast shadows to the lower right
  wash("#0a0c12", 220, 0.3, 0.4, 0.4, lemon(300, 445, 140, 32, 4, 1), 0.6);
  wash("#0a0c12", 200, 0.3, 0.4, 0.4, lemon(470, 490, 90, 24, 6, 1), 0.6);

  // leaf behind, light catching its upper half
  leaf(230, 330, 190, 40, -150, "#6e8c3e", "#1e2c18");
  wash("#a8c060", 140, 0.06, 0.2, 0.3, leafPts(230, 330, 190, 40, -150).slice(0, 11), 0.5);

  glowLemon([230, 392, 120, 80, -8]);

  // cut half, lower right
  const cx = 420, cy = 462;
  const disc = (r, ry) => { const p = []; for (let a = 0; a < 360; a += 15) p.push([cx + cos(a) * r, cy + sin(a) * ry]); return p; };
  wash("#e8b020", 250, 0.06, 0.4, 0.4, [[cx - 84, cy], [cx - 70, cy + 40], [cx, cy + 62], [cx + 70, cy + 40], [cx + 84, cy], [cx, cy + 20]], 0.6);
  wash("#7a4a1a", 160, 0.1, 0.4, 0.4, [[cx - 30, cy + 50], [cx, cy + 62], [cx + 70, cy + 40], [cx + 84, cy], [cx + 40, cy + 40]], 0.6);
  for (let g = 0; g < 2; g++) wash("#fff6d0", 255, 0.04, 0.2, 0.3, disc(84, 44), 0.5);
  wash("#f5cf3a", 250, 0.04, 0.3, 0.3, disc(84, 44), 0.5);
  wash("#fdf6dc", 250, 0.03, 0.2, 0.3, disc(74, 38), 0.5);
  for (let i = 0; i < 9; i++) {
    const a0 = i * 40 + 4, a1 = a0 + 32, pts = [[cx + cos(a0 + 16) * 8, cy + sin(a0 + 16) * 4]];
    for (let a = a0; a <= a1; a += 8) pts.push([cx + cos(a) * 66, cy + sin(a) * 33]);
    wash(i % 2 ? "#f8dc60" : "#f4cc40", 250, 0.03, 0.3, 0.3, pts, 0.4);
  }
  wash("#fffbe8", 240, 0.03, 0.1, 0.2, disc(9, 5), 0.5);
  for (let i = 0; i < 4; i++) {
    brush.fill("#f3e6a0", 220);
    brush.fillBleed(0);
    brush.fillTexture(0, 0);
    brush.circle(350 + i * 18, 528 + (i % 2) * 8, 2.5, false);
  }
}