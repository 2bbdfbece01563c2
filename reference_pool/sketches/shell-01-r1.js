// Revision: scallop shell from above, solid peach fan with a scalloped rim, ribs running to the edge, soft violet shadow, sand
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f5efe4");
  brush.noStroke();

  // sand washes
  brush.fill("#e3c89a", 150);
  brush.fillBleed(0.5);
  brush.fillTexture(0.55, 0.35);
  blob(300, 330, 340, 280, 16, 0.1);
  brush.fill("#c9a57c", 110);
  blob(110, 520, 170, 95, 12, 0.2);
  blob(520, 120, 130, 80, 12, 0.2);

  let hx = 300, hy = 455, R = 240;
  // cool shadow down-right of the shell
  brush.fill("#8780ab", 140);
  brush.fillBleed(0.45);
  brush.fillTexture(0.4, 0.3);
  let sh = [[hx + 30, hy + 55]];
  for (let a = -160; a <= -5; a += 10) sh.push([hx + 30 + cos(a) * R, hy + 45 + sin(a) * R * 0.92]);
  shape(sh, 0.8);

  // the fan with a scalloped rim, one bump per rib
  let nR = 13;
  let rim = (a) => 1 + 0.045 * cos(((a + 164) / (148 / nR)) * 360);
  brush.fill("#f3c2a2", 210);
  brush.fillBleed(0.22);
  brush.fillTexture(0.45, 0.45);
  let fan = [[hx - 40, hy + 12], [hx + 40, hy + 12]];
  for (let a = -16; a >= -164; a -= 4) fan.push([hx + cos(a) * R * rim(a), hy + sin(a) * R * 0.92 * rim(a)]);
  shape(fan, 0.5);

  // ribs: coral wedges from hinge to rim
  for (let k = 0; k < nR; k++) {
    let a0 = -164 + k * (148 / nR) + 2.5;
    let a1 = a0 + (148 / nR) * 0.5;
    let am = (a0 + a1) / 2;
    brush.fill(k % 2 == 0 ? "#e07b5c" : "#e98c6b", 150);
    brush.fillBleed(0.14);
    brush.fillTexture(0.4, 0.6);
    shape([[hx + cos(am) * 28, hy + sin(am) * 26], [hx + cos(a0) * R * 0.98, hy + sin(a0) * R * 0.9], [hx + cos(am) * R * 1.04, hy + sin(am) * R * 0.96], [hx + cos(a1) * R * 0.98, hy + sin(a1) * R * 0.9]], 0.5);
  }
  // growth bands: two soft glazes, light then darker, nearer the hinge
  brush.fill("#f7e0c9", 120);
  brush.fillBleed(0.3);
  let b1 = [[hx, hy + 5]];
  for (let a = -160; a <= -20; a += 10) b1.push([hx + cos(a) * R * 0.72, hy + sin(a) * R * 0.67]);
  shape(b1, 0.7);
  brush.fill("#b8503a", 130);
  brush.fillBleed(0.28);
  let b2 = [[hx, hy + 8]];
  for (let a = -155; a <= -25; a += 10) b2.push([hx + cos(a) * R * 0.36, hy + sin(a) * R * 0.34]);
  shape(b2, 0.7);
  // ears
  brush.fill("#d46f52", 190);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.5);
  shape([[hx - 78, hy - 12], [hx - 6, hy - 24], [hx - 6, hy + 22], [hx - 80, hy + 20]], 0.4);
  shape([[hx + 6, hy - 24], [hx + 76, hy - 16], [hx + 80, hy + 18], [hx + 6, hy + 22]], 0.4);
  brush.fill("#6e2a20", 200);
  brush.fillBleed(0.12);
  blob(hx, hy + 4, 20, 16, 9, 0.15);
  // pebbles: irregular blobs
  brush.fill("#8e7d6c", 170);
  brush.fillBleed(0.15);
  blob(92, 545, 22, 15, 9, 0.2);
  blob(520, 560, 26, 17, 9, 0.2);
  blob(556, 528, 14, 10, 8, 0.2);
}
