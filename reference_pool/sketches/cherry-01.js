// Cherry blossom branch crossing diagonally from the upper left, clusters of pink five-petal flowers on a pale sky wash
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

function limb(x0, y0, x1, y1, w0, w1, wig) {
  let L = [], Rr = [], n = 10;
  let ang = atan2(y1 - y0, x1 - x0) + 90;
  for (let i = 0; i <= n; i++) {
    let t = i / n;
    let off = sin(t * 360 + x0) * wig;
    let x = lerp(x0, x1, t) + cos(ang) * off, y = lerp(y0, y1, t) + sin(ang) * off;
    let w = lerp(w0, w1, t) / 2;
    L.push([x + cos(ang) * w, y + sin(ang) * w]);
    Rr.push([x - cos(ang) * w, y - sin(ang) * w]);
  }
  shape(L.concat(Rr.reverse()), 0.8);
}

function flower(x, y, r, rot, col, op) {
  brush.fill(col, op);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72;
    let pts = [];
    for (let j = 0; j <= 8; j++) {
      let b = -38 + j * (76 / 8);
      let rr = r * (j == 4 ? 0.88 : 1) * (0.92 + random(0, 0.12));
      pts.push([x + cos(a + b) * rr, y + sin(a + b) * rr]);
    }
    pts.push([x + cos(a) * r * 0.15, y + sin(a) * r * 0.15]);
    shape(pts, 0.7);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f3ee");
  brush.noStroke();

  // pale blue sky wash with a warm glow low right
  brush.fill("#b9cde0", 130);
  brush.fillBleed(0.55);
  brush.fillTexture(0.45, 0.3);
  let sky = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5;
    sky.push([260 + cos(a) * 320 * (1 + random(-0.1, 0.1)), 240 + sin(a) * 260 * (1 + random(-0.1, 0.1))]);
  }
  shape(sky, 0.7);
  brush.fill("#f0d3c6", 110);
  let glow = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    glow.push([460 + cos(a) * 170, 470 + sin(a) * 140 * (1 + random(-0.15, 0.15))]);
  }
  shape(glow, 0.7);

  // branch: dark warm brown, main limb and twigs
  brush.fill("#5a4034", 210);
  brush.fillBleed(0.12);
  brush.fillTexture(0.25, 0.5);
  limb(-10, 90, 330, 300, 34, 16, 6);
  limb(330, 300, 560, 470, 16, 6, 5);
  limb(200, 220, 290, 110, 12, 5, 4);
  limb(330, 300, 360, 410, 10, 4, 3);
  limb(450, 390, 540, 340, 8, 3, 3);

  // blossoms: pale first, then pinker smaller ones on top
  randomSeed(7);
  let spots = [[120, 125, 40], [185, 175, 34], [250, 120, 30], [292, 95, 24], [300, 255, 42], [370, 300, 36], [350, 405, 30], [440, 370, 34], [520, 340, 26], [505, 440, 30], [565, 480, 22], [240, 235, 26], [90, 175, 28]];
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.45);
  for (let s of spots) flower(s[0], s[1], s[2], random(360), "#f6c9d3", 170);
  brush.fillBleed(0.2);
  brush.fillTexture(0.35, 0.55);
  for (let s of spots) {
    if (random() < 0.6) flower(s[0] + random(-6, 6), s[1] + random(-6, 6), s[2] * 0.65, random(360), "#ec98ad", 150);
  }
  // flower centres: crimson dots
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.fill("#a3284a", 220);
  for (let s of spots) brush.circle(s[0], s[1], max(4, s[2] * 0.14), false);
  // buds along the twigs
  brush.fill("#d9607e", 200);
  brush.fillBleed(0.08);
  let buds = [[278, 130], [545, 350], [360, 395], [555, 458], [160, 150]];
  for (let b of buds) brush.circle(b[0], b[1], 9, false);
}
