// Revision: purple and magenta tulips at dusk, varied heights and sizes, curved stems, broad overlapping leaves, dark cup bases
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

function band(y0, y1, amp, seed) {
  let pts = [];
  for (let i = 0; i <= 12; i++) pts.push([-30 + i * 55, y0 + noise(i * 0.4, seed) * amp - amp / 2]);
  for (let i = 12; i >= 0; i--) pts.push([-30 + i * 55, y1 + noise(i * 0.4, seed + 5) * amp - amp / 2]);
  shape(pts, 0.7);
}

function bloom(x, y, w, h, tilt, c1, c2, c3) {
  let pet = (ox, sw, sh, lean) => {
    let pts = [];
    for (let i = 0; i <= 10; i++) {
      let t = i / 10, pr = (0.6 + 0.4 * sin(t * 180)) * (1 - pow(t, 3));
      pts.push([-sw * pr + lean * t, -sh * t]);
    }
    for (let i = 10; i >= 0; i--) {
      let t = i / 10, pr = (0.6 + 0.4 * sin(t * 180)) * (1 - pow(t, 3));
      pts.push([sw * pr + lean * t, -sh * t]);
    }
    for (let i = 1; i < 5; i++) pts.push([cos(i * 36) * sw * 0.6, sin(i * 36) * sw * 0.4]);
    shape(pts.map((p) => [x + (p[0] + ox) * cos(tilt) - p[1] * sin(tilt) + random(-2, 2), y + (p[0] + ox) * sin(tilt) + p[1] * cos(tilt) + random(-2, 2)]), 0.8);
  };
  brush.fill(c1, 170);
  brush.fillBleed(0.35);
  brush.fillTexture(0.45, 0.4);
  pet(0, w * 0.5, h, 0);
  brush.fill(c2, 170);
  brush.fillBleed(0.25);
  brush.fillTexture(0.45, 0.5);
  pet(-w * 0.2, w * 0.32, h * 0.9, -w * 0.1);
  pet(w * 0.2, w * 0.32, h * 0.92, w * 0.1);
  brush.fill(c3, 170);
  brush.fillBleed(0.15);
  brush.fillTexture(0.35, 0.6);
  pet(0, w * 0.22, h * 0.75, 0);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f1ece6");
  brush.noStroke();

  // dusk sky: peach low, lilac, then slate blue at top
  brush.fillBleed(0.5);
  brush.fillTexture(0.5, 0.3);
  brush.fill("#6f7fa8", 150);
  band(-40, 170, 60, 1);
  brush.fill("#b59ac4", 140);
  band(120, 300, 70, 2);
  brush.fill("#f2b88f", 150);
  band(250, 420, 60, 3);

  // field: two greens
  brush.fill("#7e9b5a", 170);
  brush.fillBleed(0.35);
  band(380, 640, 40, 4);
  brush.fill("#3e5a36", 160);
  band(520, 640, 60, 6);

  // stems and leaves: bloom positions vary in height and size (front ones bigger)
  let xs = [70, 165, 245, 340, 430, 525];
  let ys = [360, 250, 400, 215, 335, 270];
  let ss = [0.95, 0.85, 1.2, 0.8, 1.1, 0.9];
  for (let i = 0; i < xs.length; i++) {
    let bx = xs[i], by = ys[i] + 20, sway = random(-30, 30);
    brush.fill("#4a7338", 200);
    brush.fillBleed(0.1);
    brush.fillTexture(0.06, 0.2);
    let L = [], R = [];
    for (let j = 0; j <= 8; j++) {
      let t = j / 8, x = bx + sin(t * 120) * sway, y = lerp(by, 625, t);
      L.push([x - 4 - t * 2, y]);
      R.push([x + 4 + t * 2, y]);
    }
    shape(L.concat(R.reverse()), 0.8);
  }
  for (let i = 0; i < xs.length; i++) {
    let bx = xs[i] + random(-10, 10), s = i % 2 ? 1 : -1, top = ys[i] + 110 + random(0, 60);
    brush.fill("#6f9c4e", 170);
    brush.fillBleed(0.28);
    brush.fillTexture(0.4, 0.4);
    let pts = [];
    for (let j = 0; j <= 10; j++) {
      let t = j / 10;
      pts.push([bx + s * (sin(t * 150) * 55 + t * 30), lerp(625, top, t)]);
    }
    for (let j = 10; j >= 0; j--) {
      let t = j / 10;
      pts.push([bx + s * (sin(t * 150) * 10 + t * 30), lerp(625, top, t)]);
    }
    shape(pts, 0.8);
    brush.fill("#2f4f2c", 140);
    brush.fillBleed(0.18);
    shape(pts.slice(10).concat([[bx + s * 20, 600]]), 0.8);
  }

  // blooms alternating purple and magenta
  for (let i = 0; i < xs.length; i++) {
    let k = ss[i];
    if (i % 2 == 0) bloom(xs[i], ys[i], 78 * k, 110 * k, random(-8, 8), "#c9a6dd", "#8a4fb5", "#4d2070");
    else bloom(xs[i], ys[i], 82 * k, 115 * k, random(-8, 8), "#f0a7c8", "#cf3f83", "#7e1547");
    brush.fill("#2a0f2e", 170);
    brush.fillBleed(0.2);
    let cup = [];
    for (let j = 0; j < 10; j++) cup.push([xs[i] + cos(j * 36) * 22 * k, ys[i] - 8 * k + sin(j * 36) * 12 * k]);
    shape(cup, 0.8);
  }
}
