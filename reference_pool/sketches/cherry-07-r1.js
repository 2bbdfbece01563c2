// Revision: cherry branch rising from the lower left, mid-pink petals so whole blossoms read, bark glazed dark underneath, stronger leaves, peach and grey washes
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
    let w = lerp(w0, w1, t) / 2 * (1 + random(-0.12, 0.12));
    L.push([p[0] + cos(ang) * w, p[1] + sin(ang) * w]);
    R.push([p[0] - cos(ang) * w, p[1] - sin(ang) * w]);
  }
  shape(L.concat(R.reverse()), 0.6);
}

function path(x0, y0, ang, len, bend, n) {
  let p = [];
  for (let i = 0; i <= n; i++) {
    let t = i / n, a = ang + bend * t;
    p.push([x0 + cos(a) * len * t, y0 + sin(a) * len * t]);
  }
  return p;
}

function flower(x, y, r, rot) {
  brush.fillTexture(0.45, 0.4);
  brush.fill("#f2b2c3", 225);
  brush.fillBleed(0.28);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72 + random(-5, 5), pts = [[x + cos(a) * r * 0.1, y + sin(a) * r * 0.1]];
    for (let j = 0; j <= 8; j++) {
      let b = a - 33 + j * 8.25, rr = r * (1 - 0.15 * exp(-sq(j - 4))) * random(0.94, 1.04);
      pts.push([x + cos(b) * rr, y + sin(b) * rr]);
    }
    shape(pts, 0.8);
  }
  brush.fill("#e17998", 175);
  brush.fillBleed(0.18);
  brush.fillTexture(0.4, 0.55);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72, pts = [[x, y]];
    for (let j = 0; j <= 4; j++) pts.push([x + cos(a - 20 + j * 10) * r * 0.58, y + sin(a - 20 + j * 10) * r * 0.58]);
    shape(pts, 0.8);
  }
  brush.fill("#9e2a4e", 210);
  brush.fillBleed(0.06);
  brush.fillTexture(0.2, 0.4);
  let h = [];
  for (let i = 0; i < 8; i++) h.push([x + cos(i * 45) * r * 0.17, y + sin(i * 45) * r * 0.17]);
  shape(h, 0.8);
  brush.fill("#6a1a2c", 220);
  for (let k = 0; k < 7; k++) {
    let a = random(360), d = r * random(0.3, 0.42), tx = x + cos(a) * d, ty = y + sin(a) * d;
    shape([[tx - 3, ty - 2], [tx + 3, ty - 3], [tx + 3, ty + 2], [tx - 2, ty + 3]], 0.5);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f2ec");
  brush.noStroke();

  brush.fill("#eebf98", 175);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.3);
  let w1 = [];
  for (let i = 0; i < 14; i++) {
    let a = i * (360 / 14);
    w1.push([380 + cos(a) * 260 * (1 + random(-0.15, 0.15)), 230 + sin(a) * 220 * (1 + random(-0.15, 0.15))]);
  }
  shape(w1, 0.7);
  brush.fill("#b9bcc8", 150);
  let w2 = [];
  for (let i = 0; i < 14; i++) {
    let a = i * (360 / 14);
    w2.push([150 + cos(a) * 220 * (1 + random(-0.15, 0.15)), 460 + sin(a) * 170 * (1 + random(-0.15, 0.15))]);
  }
  shape(w2, 0.7);

  // branch and twigs, two glazes
  let main = path(-20, 600, -52, 640, 14, 12);
  let t1 = path(main[5][0], main[5][1], -5, 230, -20, 6);
  let t2 = path(main[8][0], main[8][1], -110, 150, 25, 5);
  let t3 = path(main[3][0], main[3][1], -130, 120, 20, 5);
  brush.fill("#4a3026", 240);
  brush.fillBleed(0.12);
  brush.fillTexture(0.3, 0.5);
  twig(main, 40, 8);
  twig(t1, 14, 4);
  twig(t2, 11, 3);
  twig(t3, 10, 3);
  brush.fill("#1c0f0a", 225);
  brush.fillBleed(0.08);
  twig(main.slice(0, 11).map((p) => [p[0] + 5, p[1] + 4]), 22, 4);
  twig(t2.map((p) => [p[0] + 2, p[1] + 2]), 5, 2);
  twig(t1.map((p) => [p[0] + 2, p[1] + 3]), 6, 2);

  // young leaves
  brush.fill("#7aa653", 210);
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.4);
  let lv = [[t1[2], -40], [main[7], 20], [t3[3], -150], [t2[2], -60]];
  for (let l of lv) {
    let p = l[0], a = l[1];
    shape([[p[0], p[1]], [p[0] + cos(a - 15) * 40, p[1] + sin(a - 15) * 40], [p[0] + cos(a) * 70, p[1] + sin(a) * 70], [p[0] + cos(a + 15) * 40, p[1] + sin(a + 15) * 40]], 0.8);
  }

  // clusters of three blossoms at nodes
  randomSeed(21);
  let nodes = [main[4], main[7], main[10], t1[3], t1[6], t2[3], t3[4]];
  for (let n of nodes) {
    for (let k = 0; k < 3; k++) {
      let a = k * 120 + random(360), d = random(22, 40);
      flower(n[0] + cos(a) * d, n[1] + sin(a) * d, random(34, 50), random(360));
    }
  }
  // buds at the tips
  brush.fill("#d4577a", 215);
  brush.fillBleed(0.12);
  brush.fillTexture(0.3, 0.5);
  for (let p of [main[12], t2[5], t3[5]]) shape([[p[0] - 7, p[1] + 4], [p[0], p[1] - 12], [p[0] + 7, p[1] + 4], [p[0], p[1] + 9]], 0.8);
}
