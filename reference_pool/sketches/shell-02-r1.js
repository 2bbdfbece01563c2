// Revision: spiral conch on its side, solid sand-pink body with banded whorls tapering to a spire, coral aperture, aqua sea behind
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

function blob(cx, cy, rx, ry, n, jit, rot) {
  let pts = [];
  for (let i = 0; i < n; i++) {
    let a = i * (360 / n);
    let r = 1 + random(-jit, jit);
    let x = cos(a) * rx * r, y = sin(a) * ry * r;
    pts.push([cx + x * cos(rot) - y * sin(rot), cy + x * sin(rot) + y * cos(rot)]);
  }
  shape(pts, 0.7);
}

// the shell axis runs from the spire tip (left) to the aperture (right)
function onAxis(t, off) {
  let x = lerp(70, 470, t), y = lerp(330, 300, t);
  return [x - off * 0.08, y + off];
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2f0ea");
  brush.noStroke();

  brush.fill("#8fc3bd", 160);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.35);
  shape([[-30, -30], [630, -30], [630, 200], [450, 225], [250, 205], [60, 230], [-30, 215]], 0.7);
  brush.fill("#e0c89c", 160);
  shape([[-30, 215], [140, 200], [330, 225], [520, 200], [630, 215], [630, 630], [-30, 630]], 0.7);
  brush.fill("#c2a77d", 120);
  blob(160, 530, 240, 60, 14, 0.15, -4);

  // cast shadow
  brush.fill("#6f8796", 150);
  brush.fillBleed(0.4);
  blob(300, 420, 230, 40, 14, 0.12, -5);

  // whorls from spire to body: each an overlapping rounded segment, growing
  let n = 7;
  for (let i = 0; i < n; i++) {
    let t0 = pow(i / n, 0.8), t1 = pow((i + 1.3) / n, 0.8);
    let h = 18 + pow(i / (n - 1), 1.6) * 110;
    let pts = [];
    for (let j = 0; j <= 6; j++) {
      let t = lerp(t0, t1, j / 6);
      pts.push(onAxis(t, -h * (0.7 + 0.3 * sin(j * 30))));
    }
    for (let j = 6; j >= 0; j--) {
      let t = lerp(t0, t1, j / 6);
      pts.push(onAxis(t, h * 0.75 * (0.7 + 0.3 * sin(j * 30))));
    }
    brush.fill(i % 2 ? "#e7b894" : "#dba582", 190);
    brush.fillBleed(0.2);
    brush.fillTexture(0.45, 0.5);
    shape(pts, 0.8);
  }
  // suture lines between whorls: darker slanted strokes
  brush.fill("#9b5a45", 170);
  brush.fillBleed(0.1);
  brush.fillTexture(0.3, 0.5);
  for (let i = 1; i < n; i++) {
    let t = pow(i / n, 0.8) + 0.02;
    let h = 18 + pow(i / (n - 1), 1.6) * 100;
    let a = onAxis(t, -h * 0.9), b = onAxis(t + 0.05, h * 0.6);
    shape([[a[0] - 3, a[1]], [a[0] + 4, a[1]], [b[0] + 4, b[1]], [b[0] - 3, b[1]]], 0.6);
  }
  // brown spiral bands on the body whorl
  brush.fill("#b8704f", 140);
  brush.fillBleed(0.18);
  for (let k = 0; k < 4; k++) {
    let off = -90 + k * 45;
    let pts = [];
    for (let j = 0; j <= 8; j++) { let p = onAxis(0.55 + j * 0.045, off + sin(j * 20) * 8); pts.push(p); }
    for (let j = 8; j >= 0; j--) { let p = onAxis(0.55 + j * 0.045, off + 12 + sin(j * 20) * 8); pts.push(p); }
    shape(pts, 0.8);
  }
  // aperture: flared lip, coral inside, deep centre
  brush.fill("#f6c3b0", 200);
  brush.fillBleed(0.25);
  brush.fillTexture(0.4, 0.4);
  blob(480, 300, 80, 120, 14, 0.06, 12);
  brush.fill("#e07766", 180);
  brush.fillBleed(0.18);
  blob(490, 310, 50, 88, 12, 0.08, 12);
  brush.fill("#6b2a2c", 180);
  brush.fillBleed(0.12);
  blob(498, 322, 22, 52, 10, 0.1, 12);
  // underside shade
  brush.fill("#6f5f83", 130);
  brush.fillBleed(0.3);
  shape([[100, 345], [260, 390], [420, 400], [470, 395], [380, 375], [220, 360]], 0.8);
  // highlight lifted on top of the body
  brush.fill("#fbeee0", 170);
  brush.fillBleed(0.3);
  shape([[300, 235], [380, 215], [430, 225], [370, 245]], 0.8);
}
