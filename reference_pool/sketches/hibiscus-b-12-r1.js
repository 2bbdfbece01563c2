// A hibiscus hedge: one large peach bloom lower right among smaller ones, deep leaf shadows between (revision)
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
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.75 + 0.25 * sin(t * 180)) + (noise(cx * 0.02 + t * 3, ang * 0.05) - 0.5) * len * 0.2;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.endShape(true);
}

function bloom(b) {
  let rot = random(360);
  let L = [["#f9c6a0", 235, 1.0, 80, 0.38], ["#f4a57b", 200, 0.75, 66, 0.3], ["#e98560", 170, 0.5, 58, 0.24], ["#b83846", 215, 0.25, 50, 0.12]];
  for (let l of L) {
    brush.fill(l[0], l[1]);
    brush.fillBleed(l[4]);
    brush.fillTexture(0.4, 0.55);
    for (let k = 0; k < 5; k++) petal(b[0], b[1], rot + k * 72 + random(-4, 4), b[2] * l[2], l[3]);
  }
  brush.fill("#5a1224", 230);
  brush.fillBleed(0.08);
  brush.circle(b[0], b[1], max(5, b[2] * 0.08), false);
  brush.fill("#f0c451", 235);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  let sa = rot + 36;
  brush.beginShape(0.3);
  brush.vertex(b[0] - 2, b[1]); brush.vertex(b[0] + 2, b[1]);
  brush.vertex(b[0] + cos(sa) * b[2] * 0.75 + 2, b[1] + sin(sa) * b[2] * 0.75);
  brush.vertex(b[0] + cos(sa) * b[2] * 0.75 - 2, b[1] + sin(sa) * b[2] * 0.75);
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0e6");
  brush.noStroke();
  randomSeed(12);
  noiseSeed(12);

  // blooms: one large focal flower lower right, smaller ones trailing to the upper left
  let blooms = [[400, 400, 165], [150, 150, 70], [310, 110, 55], [110, 360, 60], [520, 150, 50], [230, 540, 45]];

  // leaves in four values, denser and darker toward the focal bloom
  let cols = [["#8fb784", 170, 20], ["#5d8f5a", 195, 22], ["#2f5a3c", 205, 22], ["#142c21", 215, 16]];
  for (let c of cols) {
    brush.fill(c[0], c[1]);
    brush.fillBleed(0.25);
    brush.fillTexture(0.45, 0.5);
    let placed = 0, tries = 0;
    while (placed < c[2] && tries < 400) {
      tries++;
      let x = random(-20, 620), y = random(-20, 620);
      let clear = true;
      for (let b of blooms) if (dist(x, y, b[0], b[1]) < b[2] * 0.95 + 10) clear = false;
      if (!clear) continue;
      let toward = atan2(y - 400, x - 400);
      leaf(x, y, toward + random(-50, 50), random(80, 130), random(20, 30));
      placed++;
    }
  }

  for (let b of blooms) bloom(b);
}
