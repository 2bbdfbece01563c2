// Second revision: scallop shell from above built from overlapping coral rib wedges, deep hinge, scalloped rim, violet shadow on sand
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function shape(pts, curv) {
  brush.beginShape(curv);
  for (let p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit) {
  let pts = [];
  for (let i = 0; i < n; i++) {
    let a = i * (360 / n);
    let r = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * r, cy + sin(a) * ry * r]);
  }
  shape(pts, 0.7);
}

function wedge(hx, hy, a0, a1, r0, r1, sq) {
  let pts = [];
  for (let j = 0; j <= 4; j++) {
    let a = lerp(a0, a1, j / 4);
    let bump = 1 + 0.05 * sin((j / 4) * 180);
    pts.push([hx + cos(a) * r1 * bump, hy + sin(a) * r1 * sq * bump]);
  }
  pts.push([hx + cos(a1) * r0, hy + sin(a1) * r0 * sq], [hx + cos(a0) * r0, hy + sin(a0) * r0 * sq]);
  shape(pts, 0.6);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe4");
  brush.noStroke();

  brush.fill("#e0c394", 160);
  brush.fillBleed(0.5);
  brush.fillTexture(0.55, 0.35);
  blob(300, 330, 340, 280, 16, 0.1);
  brush.fill("#c29e74", 120);
  blob(100, 530, 170, 90, 12, 0.2);
  blob(540, 110, 120, 80, 12, 0.2);

  let hx = 290, hy = 450, R = 235, SQ = 0.92;
  brush.fill("#7d76a6", 150);
  brush.fillBleed(0.4);
  brush.fillTexture(0.4, 0.3);
  let sh = [[hx + 40, hy + 60]];
  for (let a = -150; a <= 0; a += 10) sh.push([hx + 35 + cos(a) * R, hy + 50 + sin(a) * R * SQ]);
  shape(sh, 0.8);

  let nR = 14, span = 150, a00 = -165;
  let step = span / nR;
  // first wash: each rib slightly wider than its slot so neighbours overlap
  for (let k = 0; k < nR; k++) {
    let a0 = a00 + k * step - 1.5, a1 = a0 + step + 3;
    brush.fill(k % 2 ? "#f2b08e" : "#eea07e", 190);
    brush.fillBleed(0.22);
    brush.fillTexture(0.45, 0.45);
    wedge(hx, hy, a0, a1, 20, R * (0.98 + random(0, 0.04)), SQ);
  }
  // second glaze: narrower raised ribs, deeper coral
  for (let k = 0; k < nR; k++) {
    let am = a00 + (k + 0.5) * step;
    brush.fill("#d2664a", 150);
    brush.fillBleed(0.12);
    brush.fillTexture(0.4, 0.6);
    wedge(hx, hy, am - step * 0.18, am + step * 0.18, 30, R * 0.96, SQ);
  }
  // growth rings: a pale band and a deeper band near the hinge
  brush.fill("#f8dcc6", 130);
  brush.fillBleed(0.3);
  for (let k = 0; k < nR; k++) wedge(hx, hy, a00 + k * step, a00 + (k + 1) * step, R * 0.55, R * 0.64, SQ);
  brush.fill("#9e3f2f", 130);
  brush.fillBleed(0.25);
  for (let k = 0; k < nR; k++) wedge(hx, hy, a00 + k * step, a00 + (k + 1) * step, 25, R * 0.3, SQ);
  // ears and hinge
  brush.fill("#c95e43", 200);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.5);
  shape([[hx - 80, hy - 10], [hx - 6, hy - 22], [hx - 6, hy + 22], [hx - 82, hy + 18]], 0.4);
  shape([[hx + 6, hy - 22], [hx + 78, hy - 14], [hx + 82, hy + 18], [hx + 6, hy + 22]], 0.4);
  brush.fill("#5a2119", 210);
  brush.fillBleed(0.1);
  blob(hx, hy + 4, 22, 17, 9, 0.15);
  brush.fill("#7d6d5e", 180);
  brush.fillBleed(0.15);
  blob(92, 548, 22, 15, 9, 0.2);
  blob(530, 560, 26, 17, 9, 0.2);
  blob(565, 528, 14, 10, 8, 0.2);
}
