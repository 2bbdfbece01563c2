// Loose wet-in-wet: a peach hibiscus dissolving into warm sunset washes, lost edges on one side, crisp on the other
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(col, op, bleed, tex, border, pts, curv) {
  brush.fill(col, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (let p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(x, y, r, seed) {
  let pts = [];
  for (let i = 0; i < 14; i++) {
    let a = i * 360 / 14, rr = r * (0.75 + noise(seed, i * 0.5) * 0.5);
    pts.push([x + cos(a) * rr, y + sin(a) * rr]);
  }
  return pts;
}

function petal(cx, cy, a, len, wid, seed) {
  let pts = [[cx, cy]];
  for (let i = 0; i <= 16; i++) {
    let t = map(i, 0, 16, -wid, wid);
    let r = len * (0.74 + 0.26 * cos(t * 90 / wid) + (noise(seed, i * 0.5) - 0.5) * 0.3);
    pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f8f0e3");
  brush.noStroke();
  randomSeed(44);
  noiseSeed(44);

  // very wet background blooms of colour, light to dark
  wash("#f7d9a6", 200, 0.6, 0.5, 0.2, blob(420, 160, 260, 1), 0.9);
  wash("#f2b38e", 170, 0.6, 0.5, 0.2, blob(520, 330, 200, 2), 0.9);
  wash("#d98aa0", 150, 0.6, 0.55, 0.25, blob(560, 520, 170, 3), 0.9);
  wash("#9a7fae", 150, 0.55, 0.55, 0.3, blob(80, 560, 200, 4), 0.9);
  wash("#6a5a8c", 170, 0.45, 0.55, 0.35, blob(30, 600, 120, 5), 0.9);

  let cx = 250, cy = 280;
  let angles = [-100, -25, 45, 120, 190];
  // right-hand petals melt into the background (high bleed); left-hand petals stay crisper
  for (let k = 0; k < 5; k++) {
    let wet = (k == 1 || k == 2) ? 0.6 : 0.22;
    wash("#fbcfab", 245, wet, 0.45, 0.3, petal(cx, cy, angles[k], 210, 42, k), 0.55);
  }
  for (let k = 0; k < 5; k++) {
    let wet = (k == 1 || k == 2) ? 0.55 : 0.2;
    wash("#f29b73", 210, wet, 0.5, 0.4, petal(cx, cy, angles[k] + 9, 165, 28, k + 9), 0.6);
  }
  for (let k = 0; k < 5; k++) wash("#dc6d5c", 180, 0.25, 0.5, 0.45, petal(cx, cy, angles[k] - 18, 130, 12, k + 17), 0.7);

  // throat
  wash("#c2365a", 230, 0.35, 0.5, 0.4, blob(cx, cy, 60, 20), 0.8);
  wash("#71112d", 245, 0.18, 0.45, 0.45, blob(cx + 4, cy + 2, 30, 21), 0.8);

  // stamen
  wash("#f2c36c", 250, 0.06, 0.05, 0.2, [[cx - 3, cy], [cx - 80, cy - 150], [cx - 74, cy - 153], [cx + 4, cy + 2]], 0.3);
  for (let i = 0; i < 10; i++) {
    let x = cx - 80 + random(-16, 16), y = cy - 158 + random(-14, 12);
    wash(i % 3 ? "#eba031" : "#b8451a", 250, 0.05, 0.1, 0.2, [[x - 4, y - 3], [x + 4, y - 4], [x + 4, y + 4], [x - 3, y + 3]], 0.5);
  }

  // a deeper violet shadow glaze pooled under the lower petals
  wash("#8c6fa3", 130, 0.5, 0.55, 0.3, [[120, 420], [260, 470], [330, 560], [180, 610], [60, 520]], 0.9);
}
