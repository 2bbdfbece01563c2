// Revision: close-up cherry blossom cluster on one continuous dark twig, larger overlapping flowers, deeper pink hearts, warm grey and sage backdrop
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

function petal(x, y, r, a, col, op, bleed) {
  brush.fill(col, op);
  brush.fillBleed(bleed);
  let pts = [[x + cos(a) * r * 0.08, y + sin(a) * r * 0.08]];
  for (let j = 0; j <= 10; j++) {
    let b = -32 + j * 6.4;
    let notch = 1 - 0.14 * exp(-sq(j - 5) / 1.5);
    let rr = r * notch * (0.95 + random(0, 0.08)) * (1 - 0.1 * abs(b) / 32);
    pts.push([x + cos(a + b) * rr, y + sin(a + b) * rr]);
  }
  shape(pts, 0.8);
}

function flower(x, y, r, rot) {
  brush.fillTexture(0.45, 0.4);
  for (let k = 0; k < 5; k++) petal(x, y, r, rot + k * 72 + random(-5, 5), "#f6cbd6", 215, 0.3);
  brush.fillTexture(0.4, 0.55);
  for (let k = 0; k < 5; k++) petal(x, y, r * 0.66, rot + k * 72 + random(-5, 5), "#eb8fa9", 165, 0.22);
  for (let k = 0; k < 5; k++) petal(x, y, r * 0.34, rot + k * 72, "#b93a62", 185, 0.12);
  brush.fillTexture(0.05, 0.3);
  for (let k = 0; k < 16; k++) {
    let a = random(360), d = r * random(0.35, 0.52);
    let tx = x + cos(a) * d, ty = y + sin(a) * d;
    brush.fill("#d86a86", 170);
    brush.fillBleed(0);
    shape([[x + cos(a + 90) * 1.5, y + sin(a + 90) * 1.5], [tx, ty], [x - cos(a + 90) * 1.5, y - sin(a + 90) * 1.5]], 0.2);
    brush.fill("#6a1a2c", 225);
    shape([[tx - 4, ty - 3], [tx + 3, ty - 4], [tx + 4, ty + 3], [tx - 3, ty + 4]], 0.5);
  }
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4f1ec");
  brush.noStroke();

  brush.fill("#c9beb5", 165);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.3);
  let bg = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5;
    bg.push([320 + cos(a) * 330 * (1 + random(-0.12, 0.12)), 290 + sin(a) * 300 * (1 + random(-0.12, 0.12))]);
  }
  shape(bg, 0.7);
  brush.fill("#aebf99", 140);
  let bg2 = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    bg2.push([110 + cos(a) * 180, 120 + sin(a) * 160 * (1 + random(-0.2, 0.2))]);
  }
  shape(bg2, 0.7);
  brush.fill("#d9b7b8", 120);
  let bg3 = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    bg3.push([500 + cos(a) * 150, 520 + sin(a) * 120 * (1 + random(-0.2, 0.2))]);
  }
  shape(bg3, 0.7);

  // one twig arcing from lower left to the right edge
  let path = [];
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    path.push([-20 + t * 640, 590 - t * 330 - sin(t * 180) * 120 + noise(t * 4) * 20]);
  }
  brush.fill("#4e352b", 230);
  brush.fillBleed(0.12);
  brush.fillTexture(0.3, 0.5);
  twig(path, 30, 9);
  brush.fill("#231510", 200);
  twig(path.slice(0, 9).map((p) => [p[0] + 3, p[1] + 5]), 12, 4);
  // leaves
  brush.fill("#86ad62", 180);
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.4);
  shape([[380, 330], [430, 300], [490, 290], [440, 322]], 0.8);
  shape([[150, 430], [110, 400], [60, 395], [105, 425]], 0.8);
  brush.fill("#4f7a3f", 150);
  brush.fillBleed(0.15);
  shape([[382, 330], [440, 306], [470, 296], [430, 318]], 0.8);

  flower(275, 255, 125, 10);
  flower(460, 380, 100, 40);
  flower(145, 330, 88, -20);
  flower(370, 470, 62, 5);
  brush.fill("#d9607e", 210);
  brush.fillBleed(0.18);
  brush.fillTexture(0.35, 0.5);
  shape([[555, 300], [585, 255], [600, 240], [596, 268], [565, 305]], 0.8);
  shape([[60, 470], [40, 430], [38, 400], [60, 425], [72, 465]], 0.8);
}
