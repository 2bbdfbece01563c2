// Revision: cherry boughs across a sunset sky, boughs moved into the middle and glazed twice to read dark, larger pinker blossoms standing out against the sky
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

function twig(path, w0, w1) {
  let L = [], R = [];
  for (let i = 0; i < path.length; i++) {
    let t = i / (path.length - 1);
    let p = path[i], q = path[min(i + 1, path.length - 1)], o = path[max(i - 1, 0)];
    let ang = atan2(q[1] - o[1], q[0] - o[0]) + 90;
    let w = lerp(w0, w1, t) / 2;
    L.push([p[0] + cos(ang) * w, p[1] + sin(ang) * w]);
    R.push([p[0] - cos(ang) * w, p[1] - sin(ang) * w]);
  }
  shape(L.concat(R.reverse()), 0.7);
}

function bough(x0, y0, ang, len, w0, w1, bendAmt) {
  let path = [];
  for (let i = 0; i <= 10; i++) {
    let t = i / 10, a = ang + sin(t * 180) * bendAmt;
    path.push([x0 + cos(a) * len * t, y0 + sin(a) * len * t + noise(x0, t * 3) * 12]);
  }
  twig(path, w0, w1);
  return path;
}

function flower(x, y, r) {
  let rot = random(360);
  brush.fill("#fbd0da", 235);
  brush.fillBleed(0.25);
  brush.fillTexture(0.4, 0.4);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72, pts = [[x, y]];
    for (let j = 0; j <= 6; j++) {
      let b = a - 30 + j * 10, rr = r * (j == 3 ? 0.85 : 1) * random(0.92, 1.05);
      pts.push([x + cos(b) * rr, y + sin(b) * rr]);
    }
    shape(pts, 0.75);
  }
  brush.fill("#e2577f", 200);
  brush.fillBleed(0.15);
  let h = [];
  for (let i = 0; i < 8; i++) h.push([x + cos(i * 45) * r * 0.35, y + sin(i * 45) * r * 0.35]);
  shape(h, 0.8);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6ede4");
  brush.noStroke();

  // sky: three overlapping horizontal washes, violet top to orange low
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.3);
  brush.fill("#7d6aa3", 170);
  shape([[-40, -40], [640, -40], [640, 250], [300, 220], [-40, 260]], 0.7);
  brush.fill("#e07a6a", 160);
  shape([[-40, 170], [300, 200], [640, 160], [640, 430], [300, 460], [-40, 420]], 0.7);
  brush.fill("#f5b25c", 170);
  shape([[-40, 380], [300, 400], [640, 370], [640, 640], [-40, 640]], 0.7);
  // low sun, a lifted pale disc
  brush.fill("#fde8b0", 190);
  brush.fillBleed(0.4);
  let sun = [];
  for (let i = 0; i < 14; i++) sun.push([190 + cos(i * 25.7) * 70, 430 + sin(i * 25.7) * 70]);
  shape(sun, 0.8);
  // distant hills
  brush.fill("#6a4a6e", 150);
  brush.fillBleed(0.35);
  let hill = [[-40, 640]];
  for (let x = -40; x <= 640; x += 40) hill.push([x, 500 + noise(x * 0.006) * 80 - 40]);
  hill.push([640, 640]);
  shape(hill, 0.7);

  // dark boughs from the right edge
  brush.fill("#2a1a22", 230);
  brush.fillBleed(0.1);
  brush.fillTexture(0.3, 0.5);
  let b1 = bough(640, 210, 188, 560, 34, 6, -16);
  let b2 = bough(640, 380, 205, 360, 22, 4, 16);
  let b3 = bough(b1[4][0], b1[4][1], 230, 160, 10, 3, 20);
  let b4 = bough(b1[6][0], b1[6][1], 140, 130, 9, 3, -15);
  let b5 = bough(b2[5][0], b2[5][1], 160, 110, 8, 3, 12);
  brush.fill("#1b0e16", 200);
  bough(640, 216, 188, 470, 16, 3, -16);
  bough(640, 386, 205, 300, 10, 2, 16);

  // blossoms along the boughs
  randomSeed(3);
  let all = [b1, b2, b3, b4, b5];
  for (let p of all) {
    for (let i = 2; i < p.length; i += 1) {
      if (random() < 0.7) flower(p[i][0] + random(-16, 16), p[i][1] + random(-16, 16), random(22, 36));
    }
  }
  // buds, deep rose
  brush.fill("#c2406a", 210);
  brush.fillBleed(0.1);
  for (let p of all) {
    let q = p[p.length - 1];
    shape([[q[0] - 6, q[1]], [q[0], q[1] - 9], [q[0] + 6, q[1]], [q[0], q[1] + 7]], 0.8);
  }
}
