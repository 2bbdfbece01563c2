// Second revision: yellow-orange tulip close-up, soft shadow under the cup instead of a hard base, deeper overlap glazes
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

// petal from a base point upward: rounded cup at the bottom, pointed tip
function petal(bx, by, w, h, lean, n) {
  let pts = [];
  for (let i = 0; i <= n; i++) {
    let t = i / n;
    let prof = (0.55 + 0.45 * sin(t * 180)) * (1 - pow(t, 3));
    pts.push([bx - w * prof + lean * t * h + random(-3, 3), by - h * t]);
  }
  for (let i = n; i >= 0; i--) {
    let t = i / n;
    let prof = (0.55 + 0.45 * sin(t * 180)) * (1 - pow(t, 3));
    pts.push([bx + w * prof + lean * t * h + random(-3, 3), by - h * t]);
  }
  for (let i = 1; i < 5; i++) {
    let a = i * 36;
    pts.push([bx + cos(a) * w * 0.55, by + sin(a) * w * 0.35]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0ee");
  brush.noStroke();

  // cool background washes
  brush.fill("#9fb7c9", 150);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.35);
  let bg = [];
  for (let i = 0; i < 18; i++) {
    let a = i * 20;
    bg.push([330 + cos(a) * 320 * (1 + random(-0.12, 0.12)), 230 + sin(a) * 230 * (1 + random(-0.12, 0.12))]);
  }
  shape(bg, 0.7);
  brush.fill("#c9cfa3", 120);
  let bg2 = [];
  for (let i = 0; i < 14; i++) {
    let a = i * (360 / 14);
    bg2.push([140 + cos(a) * 190 * (1 + random(-0.15, 0.15)), 500 + sin(a) * 140]);
  }
  shape(bg2, 0.7);

  // stem
  brush.fill("#5f8a3e", 210);
  brush.fillBleed(0.12);
  brush.fillTexture(0.1, 0.3);
  shape([[262, 430], [292, 430], [306, 520], [318, 610], [278, 610], [270, 520]], 0.8);

  // broad leaf sweeping up on the right, away from the bloom
  brush.fill("#86ad5b", 170);
  brush.fillBleed(0.35);
  brush.fillTexture(0.4, 0.4);
  let lf = [];
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    lf.push([330 + t * 200, 610 - t * 420 + sin(t * 180) * 30]);
  }
  for (let i = 12; i >= 0; i--) {
    let t = i / 12;
    lf.push([330 + t * 200 + sin(t * 180) * 95, 610 - t * 420 + sin(t * 180) * 50]);
  }
  shape(lf, 0.8);
  brush.fill("#3b6632", 170);
  brush.fillBleed(0.18);
  shape([[335, 605], [420, 470], [528, 195], [470, 420], [390, 560]], 0.8);

  let cx = 278, cy = 440;
  // back petal, pale
  brush.fill("#f6d571", 175);
  brush.fillBleed(0.4);
  brush.fillTexture(0.45, 0.35);
  shape(petal(cx, cy, 150, 330, 0.02, 14), 0.8);
  // two side petals
  brush.fill("#f3ad3e", 180);
  brush.fillBleed(0.28);
  brush.fillTexture(0.5, 0.5);
  shape(petal(cx - 55, cy, 95, 290, -0.18, 12), 0.8);
  shape(petal(cx + 58, cy, 92, 300, 0.16, 12), 0.8);
  // front petal, deepest orange
  brush.fill("#e56a2b", 175);
  brush.fillBleed(0.2);
  brush.fillTexture(0.4, 0.6);
  shape(petal(cx + 5, cy + 8, 80, 270, 0.01, 12), 0.8);
  // shadow glazes along the overlaps and at the cup base
  brush.fill("#a8351e", 140);
  brush.fillBleed(0.3);
  brush.fillTexture(0.3, 0.6);
  shape([[cx - 40, cy - 200], [cx - 18, cy - 90], [cx - 28, cy + 10], [cx - 75, cy - 40], [cx - 60, cy - 130]], 0.9);
  shape([[cx + 50, cy - 210], [cx + 78, cy - 100], [cx + 50, cy + 10], [cx + 30, cy - 100]], 0.9);
  // soft dark under the cup, bleeding into the stem
  brush.fill("#7a2a16", 140);
  brush.fillBleed(0.35);
  brush.fillTexture(0.5, 0.4);
  let base = [];
  for (let i = 0; i < 14; i++) {
    let a = i * (360 / 14);
    base.push([cx + cos(a) * 70 * (1 + random(-0.2, 0.2)), cy - 10 + sin(a) * 40 * (1 + random(-0.2, 0.2))]);
  }
  shape(base, 0.8);
  // violet-grey shade on the right side of the whole bloom
  brush.fill("#8a6f96", 90);
  brush.fillBleed(0.4);
  shape([[cx + 80, cy - 250], [cx + 150, cy - 120], [cx + 120, cy + 10], [cx + 60, cy + 20], [cx + 90, cy - 120]], 0.9);
  // light lifted on the left petal
  brush.fill("#fcefc0", 160);
  brush.fillBleed(0.3);
  shape([[cx - 120, cy - 130], [cx - 95, cy - 230], [cx - 78, cy - 120], [cx - 100, cy - 50]], 0.9);
}
