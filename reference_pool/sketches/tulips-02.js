// Close-up of a single yellow-orange tulip head, side view, filling the canvas, cool blue-grey ground wash
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

function petalPts(cx, cy, w, h, lean, n) {
  let pts = [];
  for (let i = 0; i <= n; i++) {
    let t = i / n;             // 0..1 along left edge up, then right edge down
    let a = t * 180;
    let x = -cos(a) * w * (0.55 + 0.45 * sin(a));
    let y = -sin(a) * h + pow(abs(cos(a)), 3) * h * 0.15;
    x += lean * (y / h) * w;
    pts.push([cx + x + random(-4, 4), cy + y + random(-4, 4)]);
  }
  // rounded base
  for (let i = 1; i < 6; i++) {
    let a = i * 30;
    pts.push([cx + cos(a) * w * 0.9, cy + sin(a) * h * 0.28]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0ee");
  brush.noStroke();

  // big cool background washes, two overlapping
  brush.fill("#9fb7c9", 140);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.35);
  let bg = [];
  for (let i = 0; i < 18; i++) {
    let a = i * 20;
    bg.push([300 + cos(a) * 330 * (1 + random(-0.12, 0.12)), 260 + sin(a) * 250 * (1 + random(-0.12, 0.12))]);
  }
  shape(bg, 0.7);
  brush.fill("#c9cfa3", 110);
  let bg2 = [];
  for (let i = 0; i < 14; i++) {
    let a = i * (360 / 14);
    bg2.push([150 + cos(a) * 200 * (1 + random(-0.15, 0.15)), 470 + sin(a) * 150]);
  }
  shape(bg2, 0.7);

  // thick stem and a broad leaf curling in from the lower right
  brush.fill("#6d9547", 200);
  brush.fillBleed(0.15);
  brush.fillTexture(0.15, 0.3);
  shape([[285, 420], [318, 420], [330, 520], [338, 610], [296, 610], [292, 520]], 0.8);
  brush.fill("#8bb260", 160);
  brush.fillBleed(0.35);
  brush.fillTexture(0.4, 0.4);
  let lf = [];
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    lf.push([620 - t * 300 + sin(t * 180) * 20, 610 - t * 330 - sin(t * 180) * 90]);
  }
  for (let i = 12; i >= 0; i--) {
    let t = i / 12;
    lf.push([640 - t * 300 + sin(t * 180) * 90, 620 - t * 330 + sin(t * 180) * 10]);
  }
  shape(lf, 0.8);
  brush.fill("#3e6b34", 150);
  brush.fillBleed(0.2);
  shape([[600, 600], [470, 470], [360, 300], [420, 420], [520, 560], [600, 620]], 0.8);

  // tulip: back petals pale, front petals saturated, glazes darker to the base
  let cx = 300, cy = 410;
  brush.fill("#f7d36b", 170);
  brush.fillBleed(0.4);
  brush.fillTexture(0.45, 0.35);
  shape(petalPts(cx, cy, 190, 330, 0, 14), 0.8);
  brush.fill("#f2a93b", 170);
  brush.fillBleed(0.3);
  brush.fillTexture(0.5, 0.5);
  shape(petalPts(cx - 60, cy + 10, 120, 300, -0.15, 12), 0.8);
  shape(petalPts(cx + 65, cy + 10, 115, 290, 0.15, 12), 0.8);
  brush.fill("#e2672a", 170);
  brush.fillBleed(0.22);
  brush.fillTexture(0.4, 0.6);
  shape(petalPts(cx, cy + 20, 95, 280, 0, 12), 0.8);
  // warm shadow glaze down the middle and at the cup base
  brush.fill("#a8341f", 150);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.6);
  shape([[cx - 20, cy - 230], [cx + 10, cy - 120], [cx + 30, cy + 20], [cx - 25, cy + 30], [cx - 35, cy - 90]], 0.9);
  brush.fill("#6e2216", 170);
  brush.fillBleed(0.1);
  let base = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    base.push([cx + cos(a) * 90 * (1 + random(-0.1, 0.1)), cy + 25 + sin(a) * 22]);
  }
  shape(base, 0.7);
  // a light lift on the left petal
  brush.fill("#fbeab0", 150);
  brush.fillBleed(0.3);
  shape([[cx - 130, cy - 160], [cx - 95, cy - 240], [cx - 80, cy - 140], [cx - 110, cy - 60]], 0.9);
}
