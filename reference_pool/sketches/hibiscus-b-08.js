// Two nodding peach hibiscus and a bud silhouetted against a dusk sky
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function band(y0, y1, col, op) {
  // a horizontal sky band with wavering top and bottom edges
  brush.fill(col, op);
  brush.beginShape(0.7);
  for (let x = -20; x <= 620; x += 40) brush.vertex(x, y0 + random(-18, 18));
  for (let x = 620; x >= -20; x -= 40) brush.vertex(x, y1 + random(-18, 18));
  brush.endShape(true);
}

function fanPetal(bx, by, ang, len, wid, ruff) {
  let ux = cos(ang), uy = sin(ang), px = -uy, py = ux;
  brush.beginShape(0.55);
  for (let i = 0; i <= 8; i++) {
    let t = i / 8;
    let w = wid * pow(t, 0.65) * (1 - 0.25 * t * t);
    brush.vertex(bx + ux * len * t + px * w, by + uy * len * t + py * w);
  }
  for (let i = 1; i < 6; i++) {
    let s = i / 6;
    let w = wid * 0.75 * (1 - 2 * s);
    let r = len + (noise(bx * 0.05 + i * 0.8, ang * 0.03) - 0.5) * ruff;
    brush.vertex(bx + ux * r + px * w, by + uy * r + py * w);
  }
  for (let i = 8; i >= 0; i--) {
    let t = i / 8;
    let w = wid * pow(t, 0.65) * (1 - 0.25 * t * t);
    brush.vertex(bx + ux * len * t - px * w, by + uy * len * t - py * w);
  }
  brush.endShape(true);
}

function nodding(bx, by, dir, s) {
  // a bloom hanging from its calyx, petals flaring downward and out
  let base = 90 + dir * 25;
  let angs = [base - 55, base - 25, base + 5, base + 35, base + 60];
  brush.fill("#f6b084", 225);
  brush.fillBleed(0.38);
  brush.fillTexture(0.4, 0.55);
  for (let a of angs) fanPetal(bx, by, a, s, s * 0.36, s * 0.25);
  brush.fill("#f09268", 190);
  brush.fillBleed(0.28);
  for (let a of [angs[1], angs[2], angs[3]]) fanPetal(bx, by, a + 4, s * 0.8, s * 0.3, s * 0.2);
  brush.fill("#c94a45", 200);
  brush.fillBleed(0.15);
  for (let a of angs) fanPetal(bx, by, a, s * 0.3, s * 0.1, 4);
  brush.fill("#e7b33e", 230);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  fanPetal(bx, by, base, s * 1.25, 4, 2);
  brush.fill("#344a3a", 220);
  brush.fillBleed(0.12);
  brush.fillTexture(0.3, 0.4);
  fanPetal(bx, by, base + 180, s * 0.25, s * 0.12, 4);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7e9da");
  brush.noStroke();
  randomSeed(31);
  noiseSeed(31);

  // dusk sky: deep blue-violet top grading through mauve to a warm glow low down
  brush.fillBleed(0.5);
  brush.fillTexture(0.55, 0.25);
  band(-30, 200, "#3e3f6e", 170);
  band(120, 330, "#7a5f8e", 150);
  band(260, 450, "#d98c7a", 130);
  band(380, 560, "#f3c48e", 130);
  band(-30, 110, "#26284a", 150);

  // dark foliage silhouettes rising from the bottom
  brush.fill("#1f3329", 215);
  brush.fillBleed(0.25);
  brush.fillTexture(0.45, 0.5);
  for (let j = 0; j < 7; j++) {
    let x = 40 + j * 90 + random(-20, 20);
    fanPetal(x, 640, -90 + random(-35, 35), random(160, 260), random(30, 50), 20);
  }
  brush.fill("#2f4b3c", 190);
  for (let j = 0; j < 4; j++) fanPetal(80 + j * 150, 620, -90 + random(-40, 40), random(120, 180), 35, 15);

  // arching stems
  brush.fill("#27382e", 220);
  brush.fillBleed(0.06);
  brush.fillTexture(0.05, 0.2);
  brush.beginShape(0.7);
  brush.vertex(300, 610); brush.vertex(290, 380); brush.vertex(230, 230); brush.vertex(238, 226);
  brush.vertex(300, 380); brush.vertex(312, 610);
  brush.endShape(true);
  brush.beginShape(0.7);
  brush.vertex(296, 420); brush.vertex(380, 280); brush.vertex(440, 250); brush.vertex(444, 258);
  brush.vertex(388, 290); brush.vertex(306, 428);
  brush.endShape(true);
  brush.beginShape(0.7);
  brush.vertex(300, 470); brush.vertex(170, 380); brush.vertex(120, 330); brush.vertex(126, 324);
  brush.vertex(178, 372); brush.vertex(306, 460);
  brush.endShape(true);

  nodding(234, 232, -1, 150);
  nodding(442, 256, 1, 115);

  // bud on the left stem
  brush.fill("#f2a07a", 220);
  brush.fillBleed(0.25);
  brush.fillTexture(0.4, 0.5);
  fanPetal(124, 326, -120, 80, 20, 6);
  brush.fill("#27382e", 220);
  fanPetal(124, 328, -120, 28, 16, 4);
}
