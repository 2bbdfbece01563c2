// Close-up of one cherry blossom cluster: three large open flowers and two buds on a short twig, pastel pink on a warm grey wash
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
    let b = -30 + j * 6;
    let notch = 1 - 0.14 * exp(-sq(j - 5) / 1.5);
    let rr = r * notch * (0.95 + random(0, 0.08)) * (1 - 0.12 * abs(b) / 30);
    pts.push([x + cos(a + b) * rr, y + sin(a + b) * rr]);
  }
  shape(pts, 0.8);
}

function flower(x, y, r, rot) {
  brush.fillTexture(0.45, 0.4);
  for (let k = 0; k < 5; k++) petal(x, y, r, rot + k * 72 + random(-5, 5), "#f7d2db", 200, 0.3);
  brush.fillTexture(0.4, 0.55);
  for (let k = 0; k < 5; k++) petal(x, y, r * 0.62, rot + k * 72 + random(-5, 5), "#ef9db3", 150, 0.22);
  // pink vein glaze at each petal base
  for (let k = 0; k < 5; k++) petal(x, y, r * 0.32, rot + k * 72, "#c94c72", 170, 0.12);
  // stamens: thin radiating strokes with dark tips
  brush.fillTexture(0.05, 0.3);
  for (let k = 0; k < 14; k++) {
    let a = random(360), d = r * random(0.33, 0.5);
    let tx = x + cos(a) * d, ty = y + sin(a) * d;
    brush.fill("#d86a86", 160);
    brush.fillBleed(0);
    shape([[x + cos(a + 90) * 1.5, y + sin(a + 90) * 1.5], [tx, ty], [x - cos(a + 90) * 1.5, y - sin(a + 90) * 1.5]], 0.2);
    brush.fill("#7a2236", 220);
    shape([[tx - 4, ty - 3], [tx + 3, ty - 4], [tx + 4, ty + 3], [tx - 3, ty + 4]], 0.5);
  }
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4f1ec");
  brush.noStroke();

  // warm grey and faint green backdrop, lost edges
  brush.fill("#cfc6bf", 150);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.3);
  let bg = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5;
    bg.push([330 + cos(a) * 300 * (1 + random(-0.12, 0.12)), 300 + sin(a) * 280 * (1 + random(-0.12, 0.12))]);
  }
  shape(bg, 0.7);
  brush.fill("#c5d3b5", 120);
  let bg2 = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    bg2.push([130 + cos(a) * 170, 130 + sin(a) * 150 * (1 + random(-0.2, 0.2))]);
  }
  shape(bg2, 0.7);

  // twig from lower left
  brush.fill("#5b3f33", 210);
  brush.fillBleed(0.12);
  brush.fillTexture(0.3, 0.5);
  shape([[-20, 560], [80, 500], [200, 430], [290, 360], [300, 372], [210, 450], [95, 525], [-20, 600]], 0.7);
  shape([[250, 395], [330, 380], [430, 395], [430, 405], [330, 392], [258, 408]], 0.7);
  // small leaves, fresh green
  brush.fill("#8fb56a", 170);
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.4);
  shape([[300, 370], [350, 330], [400, 320], [360, 350]], 0.8);
  shape([[205, 440], [160, 470], [120, 510], [175, 490]], 0.8);

  flower(300, 250, 120, 10);
  flower(455, 420, 95, 40);
  flower(170, 360, 80, -20);
  // buds
  brush.fill("#e07b96", 200);
  brush.fillBleed(0.18);
  brush.fillTexture(0.35, 0.5);
  shape([[430, 400], [470, 350], [492, 330], [488, 360], [450, 402]], 0.8);
  shape([[80, 505], [55, 460], [50, 430], [75, 455], [92, 500]], 0.8);
}
