// A single red-and-white koi turning through deep water, close view
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

// body outline around a curved spine from head (t=0) to tail (t=1)
function spine(t) {
  return [470 - t * 360 + sin(t * 180) * 10, 150 + t * 330 - sin(t * 180) * 70];
}
function body(wMax, t0, t1) {
  const L = [], R = [];
  for (let t = t0; t <= t1 + 0.0001; t += 0.05) {
    const p = spine(t), q = spine(min(1, t + 0.01));
    const a = atan2(q[1] - p[1], q[0] - p[0]);
    const w = wMax * (t < 0.2 ? sin(map(t, 0, 0.2, 35, 90)) : map(t, 0.2, 1, 1, 0.18));
    L.push([p[0] + cos(a + 90) * w, p[1] + sin(a + 90) * w]);
    R.push([p[0] + cos(a - 90) * w, p[1] + sin(a - 90) * w]);
  }
  return L.concat(R.reverse());
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef2ec");
  brush.noStroke();
  randomSeed(11);

  // water: pale jade over everything, deeper teal pooled away from the fish
  wash("#a8cfc6", 170, 0.35, 0.5, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.2);
  wash("#3f7e80", 150, 0.45, 0.5, 0.4, [[-20, -20], [330, -20], [260, 120], [120, 260], [-20, 330]], 0.8);
  wash("#3f7e80", 150, 0.45, 0.5, 0.4, [[620, 620], [620, 300], [520, 420], [330, 560], [280, 620]], 0.8);
  wash("#18404a", 150, 0.4, 0.5, 0.5, [[-20, -20], [200, -20], [60, 140], [-20, 190]], 0.8);
  wash("#18404a", 140, 0.4, 0.5, 0.5, [[620, 620], [620, 450], [500, 560], [450, 620]], 0.8);
  // pale ripple rings crossing the water
  for (let i = 0; i < 3; i++) {
    const r = 120 + i * 90, pts = [];
    for (let a = 180; a <= 300; a += 12) pts.push([560 + cos(a) * r, 520 + sin(a) * r]);
    for (let a = 300; a >= 180; a -= 12) pts.push([560 + cos(a) * (r + 10), 520 + sin(a) * (r + 10)]);
    wash("#d8ebe4", 110, 0.3, 0.3, 0.2, pts, 0.8);
  }

  // shadow of the fish on the pond floor
  const sh = body(46, 0, 1).map(p => [p[0] + 22, p[1] + 26]);
  wash("#163840", 140, 0.4, 0.4, 0.4, sh, 0.6);
  // tail fan and fins, translucent peach
  const tp = spine(1);
  wash("#f4c7a2", 170, 0.3, 0.35, 0.5, [[tp[0] + 20, tp[1] - 30], [tp[0] - 60, tp[1] + 10], [tp[0] - 50, tp[1] + 60], [tp[0] - 10, tp[1] + 40], [tp[0] + 30, tp[1] + 15]], 0.6);
  const fp = spine(0.25);
  wash("#f4c7a2", 160, 0.3, 0.35, 0.5, [[fp[0] + 30, fp[1] + 10], [fp[0] + 90, fp[1] + 60], [fp[0] + 50, fp[1] + 20]], 0.6);
  wash("#f4c7a2", 160, 0.3, 0.35, 0.5, [[fp[0] - 35, fp[1] - 5], [fp[0] - 95, fp[1] - 30], [fp[0] - 50, fp[1] + 15]], 0.6);
  // body base, then red markings, then deeper red glazes
  wash("#fbe6d2", 230, 0.15, 0.3, 0.5, body(46, 0, 1), 0.6);
  wash("#e2502f", 200, 0.2, 0.4, 0.5, body(34, 0.04, 0.32), 0.7);
  wash("#e2502f", 190, 0.2, 0.4, 0.5, body(30, 0.45, 0.72), 0.7);
  wash("#b22a20", 150, 0.15, 0.45, 0.55, body(18, 0.08, 0.26), 0.7);
  wash("#b22a20", 140, 0.15, 0.45, 0.55, body(16, 0.5, 0.66), 0.7);
  // eyes
  for (const s of [1, -1]) {
    const p = spine(0.05);
    brush.fill("#1b1b1b", 220); brush.fillBleed(0); brush.fillTexture(0, 0);
    brush.circle(p[0] + s * 20, p[1] + s * 12, 4, false);
  }
  // a fallen leaf floating in the deep corner for scale
  wash("#c99a3a", 180, 0.2, 0.4, 0.5, [[80, 470], [150, 440], [190, 480], [130, 520]], 0.7);
  wash("#8a5a22", 140, 0.15, 0.4, 0.5, [[90, 480], [150, 455], [175, 482], [135, 505]], 0.7);
}
