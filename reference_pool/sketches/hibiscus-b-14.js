// A peach hibiscus and bud in grey rain, cool wet-in-wet ground and streaks of rain
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(cx, cy, rx, ry, jit) {
  brush.beginShape(0.85);
  for (let a = 0; a < 360; a += 24) brush.vertex(cx + cos(a) * (rx + random(-jit, jit)), cy + sin(a) * (ry + random(-jit, jit)));
  brush.endShape(true);
}

function leaf(x, y, ang, len, wid) {
  brush.beginShape(0.6);
  for (let i = 0; i <= 20; i++) {
    let t = i <= 10 ? i / 10 : (20 - i) / 10;
    let off = (i <= 10 ? 1 : -0.85) * wid * sin(t * 180) * (1 - 0.3 * t);
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
    let r = len * (0.72 + 0.28 * sin(t * 180)) + (noise(ang * 0.05, t * 4) - 0.5) * len * 0.22;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r * sy);
  }
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef1f2");
  brush.noStroke();
  randomSeed(14);
  noiseSeed(14);

  // cool grey-blue sky, darker at the top left, a warm break behind the flower
  brush.fillBleed(0.55);
  brush.fillTexture(0.6, 0.25);
  brush.fill("#a7b7c6", 150);
  wash(200, 150, 320, 220, 50);
  brush.fill("#6e8298", 140);
  wash(80, 60, 200, 150, 40);
  brush.fill("#f1dcc6", 110);
  wash(400, 330, 170, 150, 30);
  brush.fill("#8fa79a", 130);
  wash(300, 590, 330, 120, 30);

  // rain: long thin pale-slate streaks slanting down to the right
  brush.fill("#7d90a6", 70);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  for (let k = 0; k < 34; k++) {
    let x = random(-60, 600), y = random(-40, 560), l = random(60, 140);
    brush.beginShape(0.2);
    brush.vertex(x, y); brush.vertex(x + 2, y); brush.vertex(x + l * 0.32 + 1, y + l); brush.vertex(x + l * 0.32 - 1, y + l);
    brush.endShape(true);
  }

  // stems and leaves, cool deep greens
  brush.fill("#2e4a3c", 215);
  brush.fillBleed(0.06);
  brush.beginShape(0.6);
  brush.vertex(300, 610); brush.vertex(340, 460); brush.vertex(390, 360); brush.vertex(398, 364);
  brush.vertex(352, 462); brush.vertex(312, 610);
  brush.endShape(true);
  brush.beginShape(0.6);
  brush.vertex(340, 480); brush.vertex(230, 330); brush.vertex(170, 250); brush.vertex(177, 245);
  brush.vertex(240, 322); brush.vertex(350, 470);
  brush.endShape(true);
  brush.fillBleed(0.28);
  brush.fillTexture(0.45, 0.5);
  brush.fill("#5b8a72", 195);
  leaf(330, 500, 195, 190, 46);
  leaf(345, 470, -20, 200, 50);
  leaf(250, 360, 210, 130, 32);
  brush.fill("#1e3a30", 190);
  brush.fillBleed(0.15);
  leaf(330, 500, 198, 160, 18);
  leaf(345, 470, -23, 170, 19);

  // the bloom, tilted toward us, petals glazed light to dark
  let cx = 395, cy = 330, sy = 0.8;
  let L = [["#f9c9a6", 235, 190, 80, 0.42], ["#f4a67c", 205, 160, 68, 0.32], ["#e9855f", 170, 100, 58, 0.24], ["#b83b47", 205, 50, 50, 0.14]];
  for (let l of L) {
    brush.fill(l[0], l[1]);
    brush.fillBleed(l[4]);
    brush.fillTexture(0.4, 0.6);
    for (let k = 0; k < 5; k++) petal(cx, cy, -60 + k * 72 + random(-5, 5), l[2], l[3], sy);
  }
  brush.fill("#4e1020", 235);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, 15, false);
  brush.fill("#efc055", 235);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.3);
  brush.vertex(391, 330); brush.vertex(399, 330); brush.vertex(460, 215); brush.vertex(453, 211);
  brush.endShape(true);
  brush.fill("#c9741b", 235);
  for (let i = 0; i < 7; i++) brush.circle(457 + random(-14, 14), 210 + random(-12, 10), 5, false);

  // raindrops resting on the petals: pale cool glazes with a crisp edge
  brush.fill("#c6d3de", 120);
  brush.fillBleed(0.04);
  brush.fillTexture(0.1, 0.8);
  for (let k = 0; k < 5; k++) brush.circle(cx + random(-130, 130), cy + random(-100, 100), random(16, 22), false);

  // closed bud on the left stem
  brush.fill("#f2a27a", 225);
  brush.fillBleed(0.25);
  brush.fillTexture(0.4, 0.5);
  leaf(174, 250, -115, 95, 22);
  brush.fill("#c8524a", 165);
  brush.fillBleed(0.1);
  leaf(176, 250, -117, 85, 8);
  brush.fill("#2e4a3c", 225);
  leaf(174, 252, -115, 32, 17);
}
