// Two open peach hibiscus and a bud held up against a dusk sky, dark leaves below (second revision)
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function band(y0, y1, col, op) {
  brush.fill(col, op);
  brush.beginShape(0.7);
  for (let x = -20; x <= 620; x += 40) brush.vertex(x, y0 + random(-18, 18));
  for (let x = 620; x >= -20; x -= 40) brush.vertex(x, y1 + random(-18, 18));
  brush.endShape(true);
}

function leaf(x, y, ang, len, wid) {
  brush.beginShape(0.6);
  for (let i = 0; i <= 20; i++) {
    let t = i <= 10 ? i / 10 : (20 - i) / 10;
    let off = (i <= 10 ? 1 : -1) * wid * pow(sin(t * 180), 0.9) * (1 - 0.3 * t);
    brush.vertex(x + cos(ang) * len * t - sin(ang) * off, y + sin(ang) * len * t + cos(ang) * off);
  }
  brush.endShape(true);
}

function petal(cx, cy, ang, len, spread, sy) {
  brush.beginShape(0.5);
  brush.vertex(cx + cos(ang) * 6, cy + sin(ang) * 6 * sy);
  for (let i = 0; i <= 14; i++) {
    let t = i / 14;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.72 + 0.28 * sin(t * 180)) + (noise(cx * 0.01 + t * 4, ang * 0.04) - 0.5) * len * 0.22;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r * sy);
  }
  brush.endShape(true);
}

function bloom(cx, cy, s, sy, rot) {
  let L = [["#fbd2b0", 235, 1.0, 80, 0.4], ["#f6ab80", 215, 0.85, 70, 0.32], ["#ef8a60", 180, 0.55, 60, 0.25], ["#c8434a", 200, 0.28, 50, 0.15]];
  for (let l of L) {
    brush.fill(l[0], l[1]);
    brush.fillBleed(l[4]);
    brush.fillTexture(0.3, 0.65);
    for (let k = 0; k < 5; k++) petal(cx, cy, rot + k * 72 + random(-5, 5), s * l[2], l[3], sy);
  }
  brush.fill("#4e1022", 235);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, s * 0.09, false);
  brush.fill("#f2c451", 235);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.3);
  brush.vertex(cx - 4, cy); brush.vertex(cx + 4, cy); brush.vertex(cx + s * 0.5, cy - s * 0.55); brush.vertex(cx + s * 0.45, cy - s * 0.58);
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7e9da");
  brush.noStroke();
  randomSeed(31);
  noiseSeed(31);

  // dusk sky: deep indigo top through violet and rose to a warm glow low down
  brush.fillBleed(0.5);
  brush.fillTexture(0.55, 0.25);
  band(-30, 170, "#3e3f6e", 190);
  band(100, 250, "#76609a", 160);
  band(210, 400, "#e9a48f", 110);
  band(340, 600, "#f5cf9e", 120);
  band(-30, 70, "#23254a", 180);

  // dark pointed leaves rising from below, two values
  brush.fillBleed(0.25);
  brush.fillTexture(0.45, 0.5);
  brush.fill("#2f4d3b", 215);
  let L1 = [[40, 620, -55, 250, 34], [120, 640, -95, 210, 30], [160, 630, -130, 180, 28], [380, 640, -70, 230, 32], [470, 630, -105, 250, 34], [560, 640, -125, 200, 30], [320, 650, -50, 170, 26]];
  for (let l of L1) leaf(l[0], l[1], l[2], l[3], l[4]);
  brush.fill("#17261e", 210);
  brush.fillBleed(0.15);
  for (let l of L1) leaf(l[0], l[1], l[2] + 4, l[3] * 0.8, l[4] * 0.35);

  // stems
  brush.fill("#1f3026", 225);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.7);
  brush.vertex(280, 610); brush.vertex(250, 440); brush.vertex(215, 340); brush.vertex(223, 338);
  brush.vertex(260, 420); brush.vertex(292, 610);
  brush.endShape(true);
  brush.beginShape(0.7);
  brush.vertex(262, 490); brush.vertex(360, 420); brush.vertex(430, 385); brush.vertex(434, 393);
  brush.vertex(366, 430); brush.vertex(270, 500);
  brush.endShape(true);
  brush.beginShape(0.7);
  brush.vertex(258, 500); brush.vertex(140, 440); brush.vertex(96, 400); brush.vertex(102, 394);
  brush.vertex(146, 432); brush.vertex(264, 490);
  brush.endShape(true);

  bloom(215, 300, 150, 0.75, -100);
  bloom(432, 370, 110, 0.6, -60);

  // bud
  brush.fill("#f29f76", 225);
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.5);
  leaf(100, 398, -115, 85, 20);
  brush.fill("#c8514a", 170);
  brush.fillBleed(0.12);
  leaf(102, 398, -117, 75, 7);
  brush.fill("#1f3026", 225);
  leaf(100, 400, -115, 30, 16);
}
