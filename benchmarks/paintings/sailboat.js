// a sailboat at sea
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.35);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function oval(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function band(y0, y1, wob) {
  const pts = [];
  for (let x = -20; x <= 620; x += 80) pts.push([x, y0 + random(-wob, wob)]);
  for (let x = 620; x >= -20; x -= 80) pts.push([x, y1 + random(-wob, wob)]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6f2ea");
  brush.noStroke();
  randomSeed(3);

  // a high grey-blue sky clearing to a warm horizon
  wash("#f2c9a0", 170, 0.5, 0.35, band(160, 360, 10), 0.6);
  wash("#e8a27c", 120, 0.5, 0.35, oval(470, 300, 180, 40, 12, 0.2), 0.8);
  wash("#9fb4c9", 170, 0.45, 0.4, band(-20, 210, 20), 0.6);
  wash("#7d93ad", 120, 0.5, 0.4, oval(420, 60, 230, 70, 14, 0.2), 0.8);
  wash("#c5cfd8", 120, 0.5, 0.35, oval(150, 170, 160, 35, 12, 0.25), 0.8);
  // a far headland
  wash("#7e8a9a", 170, 0.3, 0.4, [[-20, 352], [60, 332], [150, 326], [230, 344], [280, 356], [-20, 358]], 0.6);

  // the sea: a light band, then darker swells towards us
  wash("#6f95a8", 200, 0.3, 0.45, band(352, 620, 3), 0.4);
  wash("#4f7890", 150, 0.3, 0.5, band(420, 620, 8), 0.5);
  wash("#2f5870", 120, 0.3, 0.5, band(510, 620, 10), 0.5);
  for (let i = 0; i < 16; i++) {
    const x = random(-20, 600), y = random(380, 590), w = random(30, 90);
    wash("#28485c", 140, 0.15, 0.3, [[x, y], [x + w / 2, y - 4], [x + w, y], [x + w / 2, y + 2]], 0.6);
  }
  for (let i = 0; i < 10; i++) {
    const x = random(0, 600), y = random(370, 560), w = random(20, 60);
    wash("#f4d7b0", 170, 0.1, 0.2, [[x, y], [x + w / 2, y - 2], [x + w, y], [x + w / 2, y + 1]], 0.6);
  }

  // a darker squall behind the sails
  wash("#5f7590", 150, 0.45, 0.45, oval(330, 300, 120, 60, 14, 0.2), 0.8);
  // the boat: hull, mast, two sails lit from the left
  wash("#1c2430", 250, 0.05, 0.2, [[250, 432], [410, 432], [390, 452], [272, 452]], 0.2);
  wash("#8a3a2e", 220, 0.04, 0.15, [[252, 430], [408, 430], [406, 436], [254, 436]], 0);
  wash("#4a3a30", 250, 0.02, 0.05, [[326, 432], [330, 432], [330, 230], [326, 230]], 0);
  wash("#f5f1e8", 230, 0.06, 0.2, [[331, 236], [331, 420], [400, 420]], 0.1);
  wash("#b8b0a2", 200, 0.08, 0.25, [[331, 300], [331, 420], [395, 420]], 0.1);
  wash("#efe7d8", 220, 0.06, 0.2, [[324, 250], [324, 420], [262, 420]], 0.1);
  wash("#a89a86", 180, 0.1, 0.3, [[324, 330], [324, 420], [275, 420]], 0.1);
  // reflection and wake
  wash("#223a4c", 130, 0.3, 0.4, oval(330, 470, 80, 12, 12, 0.25), 0.8);
  wash("#e8eef0", 150, 0.2, 0.2, [[410, 440], [470, 450], [540, 448], [470, 456]], 0.6);
}
