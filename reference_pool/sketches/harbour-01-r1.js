// A harbour at dusk: glowing sky, dark quay, boats and reflections
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.4);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) {
    const x = map(i, 0, steps, -20, 620);
    pts.push([x, y0 + random(-wob, wob)]);
  }
  for (let i = steps; i >= 0; i--) {
    const x = map(i, 0, steps, -20, 620);
    pts.push([x, y1 + random(-wob, wob)]);
  }
  return pts;
}

function boat(x, y, w, h, hex) {
  for (let k = 0; k < 2; k++) boatBody(x, y, w, h, hex);
  boatRefl(x, y, w, h, hex);
}

function boatBody(x, y, w, h, hex) {
  // hull
  wash(hex, 200, 0.08, 0.15, [[x - w / 2, y], [x + w / 2, y], [x + w * 0.4, y + h], [x - w * 0.38, y + h]], 0.2);
  // cabin
  wash(hex, 170, 0.06, 0.1, [[x - w * 0.15, y], [x + w * 0.15, y], [x + w * 0.12, y - h * 0.9], [x - w * 0.12, y - h * 0.9]], 0.1);
  // mast: a thin sliver
  wash(hex, 230, 0.0, 0.05, [[x - 1.5, y - h * 0.8], [x + 1.5, y - h * 0.8], [x + 1, y - h * 4.2], [x - 1, y - h * 4.2]], 0);
}

function boatRefl(x, y, w, h, hex) {
  // reflection
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const t = i / 9;
    pts.push([x - w * 0.4 + random(-6, 6) * t, y + h + t * h * 3]);
  }
  for (let i = 9; i >= 0; i--) {
    const t = i / 9;
    pts.push([x + w * 0.4 + random(-6, 6) * t, y + h + t * h * 3]);
  }
  wash(hex, 120, 0.3, 0.5, pts, 0.5);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4ece0");
  brush.noStroke();

  // sky: warm glow low, violet high
  wash("#f2b27a", 170, 0.35, 0.4, band(150, 330, 10, 8), 0.6);
  wash("#f0a060", 120, 0.3, 0.4, band(230, 320, 10, 8), 0.6);
  wash("#e88a6a", 90, 0.3, 0.45, band(200, 300, 14, 8), 0.6);
  wash("#8a7fb0", 170, 0.35, 0.45, band(-20, 170, 16, 8), 0.7);
  wash("#4d4a80", 150, 0.3, 0.5, band(-20, 80, 12, 8), 0.7);

  // low sun
  brush.fill("#ffe2a8", 255);
  brush.fillBleed(0.25);
  brush.fillTexture(0.3, 0.3);
  brush.circle(400, 285, 26, false);

  // distant headland and town
  const hill = [[-20, 320]];
  for (let x = -20; x <= 320; x += 20) hill.push([x, 300 - 40 * sin(map(x, -20, 320, 0, 180)) + random(-6, 6)]);
  hill.push([330, 320]);
  wash("#6e5f8a", 140, 0.2, 0.35, hill, 0.5);
  for (let i = 0; i < 9; i++) {
    const bx = 30 + i * 32 + random(-6, 6);
    const bh = random(18, 40);
    wash(random(["#4c3f66", "#5b4770", "#3f3558"]), 235, 0.07, 0.2,
      [[bx, 322], [bx + 26, 322], [bx + 26, 322 - bh], [bx + 13, 322 - bh - 12], [bx, 322 - bh]], 0);
  }

  // water bands, pale near horizon, deep toward us
  wash("#e7b08c", 100, 0.3, 0.4, band(320, 400, 6, 10), 0.5);
  wash("#7a78a8", 110, 0.35, 0.45, band(380, 620, 10, 10), 0.6);
  wash("#3e3f70", 170, 0.3, 0.5, band(470, 620, 10, 10), 0.6);
  // sun path on the water
  for (let i = 0; i < 14; i++) {
    const y = 330 + i * 17;
    const w = 10 + i * 4 + random(-4, 4);
    wash("#ffcf96", 130 - i * 6, 0.15, 0.3,
      [[400 - w, y], [400 + w, y + random(-2, 2)], [400 + w * 0.7, y + 5], [400 - w * 0.8, y + 6]], 0.4);
  }

  // quay wall at right, dark accent
  for (let k = 0; k < 3; k++) {
    wash("#2f2a45", 220, 0.1, 0.3, [[470, 300], [620, 290], [620, 620], [530, 620], [500, 420], [470, 400]], 0.3);
  }
  for (let k = 0; k < 2; k++) {
    wash("#1a1730", 230, 0.08, 0.3, [[500, 420], [620, 420], [620, 620], [530, 620]], 0.3);
  }

  // boats
  boat(170, 420, 110, 22, "#2b2540");
  boat(300, 395, 70, 14, "#3a2f4e");
  boat(90, 370, 50, 10, "#4a3c60");

  // harbour lights: small, no bleed so they stay round
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  for (const p of [[60, 300], [120, 296], [205, 305], [250, 298], [495, 310], [540, 305]]) {
    brush.fill("#ffd27a", 255);
    brush.circle(p[0], p[1], 5, false);
    brush.circle(p[0], p[1], 5, false);
  }
}
