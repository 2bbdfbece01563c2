// A hibiscus hedge: many small peach blooms scattered through dark glossy leaves
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function leaf(x, y, ang, len, wid) {
  brush.beginShape(0.6);
  for (let i = 0; i <= 16; i++) {
    let t = i <= 8 ? i / 8 : (16 - i) / 8;
    let off = (i <= 8 ? 1 : -1) * wid * sin(t * 180) * (1 - 0.35 * t);
    brush.vertex(x + cos(ang) * len * t - sin(ang) * off, y + sin(ang) * len * t + cos(ang) * off);
  }
  brush.endShape(true);
}

function petal(cx, cy, ang, len, spread) {
  brush.beginShape(0.5);
  brush.vertex(cx + cos(ang) * 4, cy + sin(ang) * 4);
  for (let i = 0; i <= 10; i++) {
    let t = i / 10;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.75 + 0.25 * sin(t * 180)) + random(-len * 0.06, len * 0.06);
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0e6");
  brush.noStroke();
  randomSeed(12);
  noiseSeed(12);

  // first pass: a big loose green underwash over most of the sheet
  brush.fill("#9fbf8f", 150);
  brush.fillBleed(0.55);
  brush.fillTexture(0.6, 0.25);
  brush.beginShape(0.85);
  for (let a = 0; a < 360; a += 20) brush.vertex(300 + cos(a) * (300 + random(-30, 40)), 300 + sin(a) * (290 + random(-30, 40)));
  brush.endShape(true);

  // leaves in three values, laid where no bloom will sit
  let blooms = [];
  for (let j = 0; j < 9; j++) blooms.push([70 + (j % 3) * 220 + random(-40, 40), 90 + floor(j / 3) * 200 + random(-40, 40), random(45, 70)]);
  let cols = [["#5d8f5a", 190], ["#355f3f", 190], ["#1c3a2a", 200]];
  for (let c of cols) {
    brush.fill(c[0], c[1]);
    brush.fillBleed(0.25);
    brush.fillTexture(0.45, 0.5);
    for (let k = 0; k < 16; k++) {
      let x = random(0, 600), y = random(0, 600);
      let clear = true;
      for (let b of blooms) if (dist(x, y, b[0], b[1]) < b[2] + 20) clear = false;
      if (clear) leaf(x, y, random(360), random(70, 120), random(18, 28));
    }
  }

  // the blooms, each with three glazes and a dark eye
  for (let b of blooms) {
    let rot = random(360);
    brush.fill("#f9c6a0", 230);
    brush.fillBleed(0.35);
    brush.fillTexture(0.4, 0.55);
    for (let k = 0; k < 5; k++) petal(b[0], b[1], rot + k * 72, b[2], 80);
    brush.fill("#f0966c", 190);
    brush.fillBleed(0.25);
    for (let k = 0; k < 5; k++) petal(b[0], b[1], rot + 6 + k * 72, b[2] * 0.6, 60);
    brush.fill("#b83846", 210);
    brush.fillBleed(0.12);
    for (let k = 0; k < 5; k++) petal(b[0], b[1], rot + k * 72, b[2] * 0.25, 50);
    brush.fill("#f0c451", 235);
    brush.fillBleed(0.06);
    brush.fillTexture(0.05, 0.2);
    let sa = rot + 36;
    brush.beginShape(0.3);
    brush.vertex(b[0] - 2, b[1]); brush.vertex(b[0] + 2, b[1]);
    brush.vertex(b[0] + cos(sa) * b[2] * 0.7 + 2, b[1] + sin(sa) * b[2] * 0.7);
    brush.vertex(b[0] + cos(sa) * b[2] * 0.7 - 2, b[1] + sin(sa) * b[2] * 0.7);
    brush.endShape(true);
  }
}
