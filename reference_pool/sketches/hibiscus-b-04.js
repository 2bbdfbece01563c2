// Three peach hibiscus seen from above at dusk, violet and slate ground washes
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

function petal(cx, cy, ang, len, spread) {
  brush.beginShape(0.5);
  brush.vertex(cx + cos(ang) * 6, cy + sin(ang) * 6);
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    let a = ang - spread / 2 + spread * t;
    let r = len * (0.75 + 0.25 * sin(t * 180)) + (noise(cx * 0.03 + t * 3, ang * 0.02) - 0.5) * len * 0.22;
    brush.vertex(cx + cos(a) * r, cy + sin(a) * r);
  }
  brush.endShape(true);
}

function bloom(cx, cy, s, rot) {
  let L = [["#f6b88e", 215, 1.0, 82, 0.4], ["#f29a72", 170, 0.7, 66, 0.3], ["#d8604f", 170, 0.38, 52, 0.2]];
  for (let l of L) {
    brush.fill(l[0], l[1]);
    brush.fillBleed(l[4]);
    brush.fillTexture(0.45, 0.5);
    for (let k = 0; k < 5; k++) petal(cx, cy, rot + k * 72 + random(-5, 5), s * l[2], l[3]);
  }
  // shadow glaze where petals overlap: a violet tint on one side of each petal
  brush.fill("#8a6a9a", 70);
  brush.fillBleed(0.2);
  brush.fillTexture(0.3, 0.4);
  for (let k = 0; k < 5; k++) petal(cx, cy, rot + k * 72 + 30, s * 0.8, 18);
  brush.fill("#6a1c30", 225);
  brush.fillBleed(0.1);
  brush.circle(cx, cy, s * 0.12, false);
  brush.fill("#eec062", 230);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  for (let i = 0; i < 6; i++) brush.circle(cx + random(-s * 0.12, s * 0.12), cy + random(-s * 0.12, s * 0.12), 4, false);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#e9e2ea");
  brush.noStroke();
  randomSeed(5);
  noiseSeed(5);

  // dusk ground: violet into slate blue, glazed twice
  brush.fillBleed(0.55);
  brush.fillTexture(0.55, 0.3);
  brush.fill("#9c88b4", 150);
  wash(300, 300, 330, 320, 40);
  brush.fill("#5f6f96", 130);
  wash(480, 120, 200, 160, 40);
  wash(90, 520, 180, 150, 40);
  brush.fill("#3d3f66", 130);
  wash(560, 40, 120, 90, 30);
  wash(40, 590, 120, 90, 30);

  // leaves: deep green, half in shadow
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.5);
  let leaves = [[300, 300, 20, 250], [300, 300, 120, 230], [300, 300, 250, 240], [300, 300, 320, 200]];
  for (let lv of leaves) {
    for (let pass = 0; pass < 2; pass++) {
      brush.fill(pass === 0 ? "#4d7a5a" : "#243f35", pass === 0 ? 180 : 160);
      let w = pass === 0 ? 55 : 25;
      brush.beginShape(0.6);
      for (let i = 0; i <= 20; i++) {
        let t = i <= 10 ? i / 10 : (20 - i) / 10;
        let sd = i <= 10 ? 1 : -1;
        let d = lv[3] * t;
        let off = sd * w * sin(t * 180);
        brush.vertex(lv[0] + cos(lv[2]) * d + cos(lv[2] + 90) * off, lv[1] + sin(lv[2]) * d + sin(lv[2] + 90) * off);
      }
      brush.endShape(true);
    }
  }

  bloom(200, 210, 135, 15);
  bloom(410, 330, 120, 50);
  bloom(230, 440, 90, -10);
}
