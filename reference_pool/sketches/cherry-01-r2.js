// Second revision: diagonal cherry branch, near-black bark glazed twice, bigger overlapping blossoms, pale sky and warm glow
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

function limb(path, w0, w1) {
  let L = [], R = [];
  for (let i = 0; i < path.length; i++) {
    let t = i / (path.length - 1);
    let p = path[i], q = path[min(i + 1, path.length - 1)], o = path[max(i - 1, 0)];
    let ang = atan2(q[1] - o[1], q[0] - o[0]) + 90;
    let w = lerp(w0, w1, t) / 2 * (1 + random(-0.15, 0.15));
    L.push([p[0] + cos(ang) * w, p[1] + sin(ang) * w]);
    R.push([p[0] - cos(ang) * w, p[1] - sin(ang) * w]);
  }
  shape(L.concat(R.reverse()), 0.7);
}

function flower(x, y, r, rot, col, op) {
  brush.fill(col, op);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72 + random(-6, 6);
    let pts = [[x + cos(a) * r * 0.1, y + sin(a) * r * 0.1]];
    for (let j = 0; j <= 8; j++) {
      let b = -34 + j * (68 / 8);
      let notch = j == 4 ? 0.84 : 1;
      let rr = r * notch * (0.93 + random(0, 0.1));
      pts.push([x + cos(a + b) * rr, y + sin(a + b) * rr]);
    }
    shape(pts, 0.75);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f3ee");
  brush.noStroke();

  brush.fill("#9fbcd8", 165);
  brush.fillBleed(0.55);
  brush.fillTexture(0.45, 0.3);
  let sky = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5;
    sky.push([250 + cos(a) * 320 * (1 + random(-0.1, 0.1)), 230 + sin(a) * 260 * (1 + random(-0.1, 0.1))]);
  }
  shape(sky, 0.7);
  brush.fill("#efcbbd", 130);
  let glow = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    glow.push([470 + cos(a) * 180, 480 + sin(a) * 150 * (1 + random(-0.15, 0.15))]);
  }
  shape(glow, 0.7);

  // main branch path, one continuous bend
  let main = [];
  for (let i = 0; i <= 14; i++) {
    let t = i / 14;
    main.push([-20 + t * 600, 80 + t * 400 + sin(t * 300) * 30]);
  }
  brush.fill("#4a3128", 235);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.5);
  limb(main, 36, 8);
  let tw1 = [[200, 205], [230, 160], [262, 128], [300, 100]];
  let tw2 = [[370, 330], [390, 370], [400, 420]];
  let tw3 = [[460, 392], [500, 365], [548, 340]];
  limb(tw1, 12, 4);
  limb(tw2, 10, 4);
  limb(tw3, 9, 3);
  // second darker glaze on the main limb's underside
  brush.fill("#24160f", 210);
  brush.fillBleed(0.1);
  let under = main.slice(0, 12).map((p) => [p[0] + 4, p[1] + 6]);
  limb(under, 18, 5);
  limb(tw1.map((p) => [p[0] + 2, p[1] + 3]), 6, 2);

  randomSeed(11);
  let spots = [[110, 118, 58], [180, 190, 52], [258, 128, 44], [310, 88, 34], [305, 258, 62], [390, 300, 52], [400, 428, 44], [462, 355, 48], [545, 328, 38], [525, 450, 42], [235, 252, 38], [62, 196, 40], [350, 205, 30], [150, 60, 30]];
  // pale first wash of every flower
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.4);
  for (let s of spots) flower(s[0], s[1], s[2], random(360), "#f8d3dc", 190);
  // pinker glaze on inner petals
  brush.fillBleed(0.18);
  brush.fillTexture(0.4, 0.55);
  for (let s of spots) flower(s[0], s[1], s[2] * 0.6, random(360), "#e98aa3", 150);
  // deep rose hearts and stamen flecks
  brush.fillBleed(0.1);
  brush.fillTexture(0.2, 0.5);
  for (let s of spots) {
    brush.fill("#b3385c", 190);
    let h = [];
    for (let i = 0; i < 8; i++) h.push([s[0] + cos(i * 45) * s[2] * 0.22, s[1] + sin(i * 45) * s[2] * 0.22]);
    shape(h, 0.8);
    brush.fill("#7a1d3a", 210);
    for (let k = 0; k < 5; k++) {
      let a = random(360), d = s[2] * random(0.3, 0.45);
      let x = s[0] + cos(a) * d, y = s[1] + sin(a) * d;
      shape([[x - 3, y - 3], [x + 3, y - 2], [x + 2, y + 3], [x - 3, y + 2]], 0.5);
    }
  }
  // a few loose falling petals
  brush.fill("#f1b3c3", 170);
  brush.fillBleed(0.2);
  let fp = [[150, 420], [250, 520], [90, 330], [560, 220]];
  for (let p of fp) shape([[p[0], p[1]], [p[0] + 14, p[1] - 6], [p[0] + 20, p[1] + 6], [p[0] + 6, p[1] + 12]], 0.8);
}
