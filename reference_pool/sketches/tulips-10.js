// Pink and white tulips drooping from a glass jar on a wooden ledge, deep slate-teal wall, light from the left, a fallen petal
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

// one petal: base at (bx, by), grows upward (local -y) by h, half width w, shifted sideways by off
function petal(bx, by, w, h, ang, off, k) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const hw = w * k * sqrt(sin(t * 160 + 10)) * (1 - 0.35 * t);
    pts.push(rot(bx, by, ang, off - hw, -t * h * k));
  }
  pts.push(rot(bx, by, ang, off, -h * k * 1.12));
  for (let t = 1; t >= -0.0001; t -= 0.1) {
    const hw = w * k * sqrt(sin(t * 160 + 10)) * (1 - 0.35 * t);
    pts.push(rot(bx, by, ang, off + hw, -t * h * k));
  }
  return pts;
}

function tulip(bx, by, w, h, ang, c) {
  // white underlayer so the petals read solid on the dark wall, then back petals, then glowing front petals
  for (let g = 0; g < 2; g++) wash("#ffffff", 255, 0.04, 0.2, 0.3, petal(bx, by, w * 1.05, h * 0.98, ang, 0, 1), 0.5);
  wash(c[2], 220, 0.12, 0.35, 0.4, petal(bx, by, w * 0.7, h * 0.95, ang, -w * 0.5, 1), 0.5);
  wash(c[2], 220, 0.12, 0.35, 0.4, petal(bx, by, w * 0.7, h * 0.95, ang, w * 0.5, 1), 0.5);
  wash(c[0], 245, 0.08, 0.35, 0.4, petal(bx, by, w * 0.75, h, ang, -w * 0.35, 1), 0.5);
  wash(c[0], 245, 0.08, 0.35, 0.4, petal(bx, by, w * 0.75, h, ang, w * 0.35, 1), 0.5);
  wash(c[1], 235, 0.06, 0.35, 0.45, petal(bx, by, w * 0.8, h * 1.02, ang, 0, 1), 0.5);
  wash(c[3], 170, 0.15, 0.4, 0.4, petal(bx, by, w * 0.9, h * 0.5, ang, 0, 1), 0.6);
  wash(c[4], 160, 0.05, 0.15, 0.3, petal(bx, by, w * 0.25, h * 0.8, ang, -w * 0.3, 1), 0.5);
  wash("#1a0c0c", 120, 0.1, 0.3, 0.4, petal(bx, by, w * 0.55, h * 0.22, ang, 0, 1), 0.6);
}

function stem(x0, y0, x1, y1, bow, wd, col) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.1) pts.push([lerp(x0, x1, t) + sin(t * 180) * bow - wd, lerp(y0, y1, t)]);
  for (let t = 1; t >= -0.0001; t -= 0.1) pts.push([lerp(x0, x1, t) + sin(t * 180) * bow + wd * (1 + t * 0.3), lerp(y0, y1, t)]);
  wash(col, 235, 0.03, 0.05, 0.2, pts, 0.4);
}

function leaf(x, y, len, w, ang, bend, c1, c2, c3) {
  const a = [], b = [];
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const hw = w * sin(t * 170 + 5) * (1 - 0.6 * t), cy = bend * t * t * len;
    a.push(rot(x, y, ang, t * len, cy - hw));
    b.push(rot(x, y, ang, t * len, cy + hw * 0.8));
  }
  const mid = [];
  for (let t = 0; t <= 1.0001; t += 0.1) mid.push(rot(x, y, ang, t * len, bend * t * t * len));
  wash(c1, 245, 0.08, 0.35, 0.4, a.concat(b.slice().reverse()), 0.5);
  wash(c2, 230, 0.05, 0.3, 0.4, a.concat(mid.slice().reverse()), 0.5);
  wash(c3, 150, 0.1, 0.3, 0.4, b.slice(0, 7).concat(mid.slice(0, 7).reverse()), 0.5);
}

function blob(cx, cy, rx, ry, i) {
  const pts = [];
  for (let a = 0; a < 360; a += 24) pts.push([cx + cos(a) * rx * (0.7 + noise(i, a * 0.03) * 0.6), cy + sin(a) * ry * (0.7 + noise(a * 0.03, i) * 0.6)]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#15242a");
  brush.noStroke();
  randomSeed(19);
  noiseSeed(19);

  // wall: light falling from the upper left onto a deep slate-teal wall
  for (let i = 0; i < 6; i++) wash("#2e4a50", 210, 0.5, 0.5, 0.3, blob(random(-20, 300), random(-20, 400), random(130, 180), random(110, 150), i), 0.9);
  for (let i = 0; i < 4; i++) wash("#5a7a78", 190, 0.5, 0.45, 0.3, blob(random(0, 200), random(40, 260), random(80, 120), random(70, 100), 10 + i), 0.9);
  for (let i = 0; i < 4; i++) wash("#0a1418", 210, 0.45, 0.5, 0.4, blob(random(420, 640), random(-20, 420), random(90, 130), random(80, 120), 20 + i), 0.9);
  // ledge: warm wood top, dark front edge
  wash("#6a4a30", 240, 0.1, 0.5, 0.4, [[-20, 450], [620, 440], [620, 500], [-20, 512]], 0.2);
  wash("#a07a50", 200, 0.08, 0.45, 0.4, [[-20, 452], [360, 446], [320, 470], [-20, 480]], 0.4);
  wash("#1e140e", 240, 0.06, 0.5, 0.4, [[-20, 510], [620, 498], [620, 620], [-20, 620]], 0.2);
  wash("#0c0806", 220, 0.2, 0.5, 0.4, [[-20, 560], [620, 550], [620, 620], [-20, 620]], 0.4);
  wash("#d0b080", 200, 0.02, 0.1, 0.3, [[-20, 508], [620, 496], [620, 500], [-20, 513]], 0);
  // jar shadow on the ledge
  wash("#1a100a", 200, 0.25, 0.4, 0.4, [[230, 470], [380, 462], [470, 476], [300, 488]], 0.6);

  // stems arching out of the jar
  stem(230, 460, 120, 175, -30, 5, "#6a8a40");
  stem(240, 460, 230, 120, 20, 5, "#6a8a40");
  stem(250, 460, 340, 160, 30, 5, "#6a8a40");
  stem(255, 460, 450, 250, 60, 5, "#6a8a40");
  stem(245, 460, 470, 360, 80, 5, "#6a8a40");
  leaf(220, 370, 160, 30, -150, 0.2, "#5a7a3a", "#2e4422", "#0a1208");
  leaf(265, 360, 170, 30, -20, -0.2, "#6a8a40", "#324a24", "#0a1208");
  // tulips: [light, front, back, base shade, highlight]
  tulip(120, 175, 44, 96, -28, ["#f2a6be", "#f8c4d4", "#c05078", "#b04070", "#ffffff"]);
  tulip(230, 120, 48, 104, 2, ["#f4efe6", "#fffaf4", "#b8b0c0", "#a0a8b8", "#ffffff"]);
  tulip(340, 160, 46, 100, 24, ["#e0508a", "#ec76a2", "#8a1a4a", "#7a1040", "#ffd0e0"]);
  tulip(450, 250, 42, 92, 62, ["#f2a6be", "#f8c4d4", "#c05078", "#b04070", "#ffffff"]);
  tulip(470, 360, 38, 84, 110, ["#f4efe6", "#fffaf4", "#b8b0c0", "#a0a8b8", "#ffffff"]);

  // glass jar: pale translucent body, water line, crisp highlights
  const jar = [[195, 330], [290, 330], [292, 345], [300, 380], [302, 440], [292, 468], [198, 468], [188, 440], [190, 380], [198, 345]];
  wash("#9ab8b8", 120, 0.08, 0.3, 0.3, jar, 0.6);
  wash("#c8dcd8", 110, 0.05, 0.2, 0.3, jar.slice(2, 9).map((p) => [p[0], max(p[1], 372)]), 0.6);
  wash("#6e9a80", 150, 0.05, 0.3, 0.3, [[200, 375], [298, 375], [300, 440], [290, 464], [200, 464], [190, 440]], 0.6);
  wash("#eef6f2", 230, 0.02, 0.05, 0.2, [[205, 345], [212, 345], [206, 455], [200, 452]], 0.4);
  wash("#eef6f2", 170, 0.02, 0.05, 0.2, [[284, 350], [288, 352], [292, 440], [288, 442]], 0.4);
  wash("#e0ecea", 210, 0.02, 0.05, 0.2, [[195, 328], [290, 328], [290, 334], [195, 334]], 0.3);
  wash("#0e1a18", 170, 0.05, 0.2, 0.2, [[200, 462], [292, 462], [288, 470], [204, 470]], 0.3);

  // fallen petal on the ledge, crisp
  wash("#ec76a2", 245, 0.04, 0.3, 0.4, petal(420, 480, 20, 56, 95, 0, 1), 0.5);
  wash("#8a1a4a", 160, 0.04, 0.3, 0.4, petal(420, 480, 11, 26, 95, 0, 1), 0.5);
}