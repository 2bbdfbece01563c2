// Cherry blossoms and loose petals floating on still water seen from above, teal ripple bands, a dark branch reflection
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

function flower(x, y, r) {
  let rot = random(360);
  brush.fill("#fbe4ea", 240);
  brush.fillBleed(0.2);
  brush.fillTexture(0.35, 0.4);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72, pts = [[x, y]];
    for (let j = 0; j <= 8; j++) {
      let b = a - 32 + j * 8, rr = r * (j == 4 ? 0.84 : 1) * random(0.93, 1.04);
      pts.push([x + cos(b) * rr, y + sin(b) * rr]);
    }
    shape(pts, 0.75);
  }
  brush.fill("#ee9ab2", 190);
  brush.fillBleed(0.15);
  for (let k = 0; k < 5; k++) {
    let a = rot + k * 72 + 36, pts = [[x, y]];
    for (let j = 0; j <= 4; j++) pts.push([x + cos(a - 16 + j * 8) * r * 0.5, y + sin(a - 16 + j * 8) * r * 0.5]);
    shape(pts, 0.75);
  }
  brush.fill("#a82f55", 220);
  brush.fillBleed(0.06);
  let h = [];
  for (let i = 0; i < 8; i++) h.push([x + cos(i * 45) * r * 0.16, y + sin(i * 45) * r * 0.16]);
  shape(h, 0.8);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef2f0");
  brush.noStroke();

  // water: layered horizontal teal bands, lighter toward the top
  brush.fillBleed(0.5);
  brush.fillTexture(0.5, 0.35);
  let cols = ["#a7cfcf", "#86b7bd", "#5f98a6", "#3f7589"];
  for (let b = 0; b < 4; b++) {
    brush.fill(cols[b], 130 + b * 15);
    let y0 = -30 + b * 150, pts = [];
    for (let x = -40; x <= 640; x += 40) pts.push([x, y0 + noise(x * 0.01, b) * 60]);
    for (let x = 640; x >= -40; x -= 40) pts.push([x, y0 + 260 + noise(x * 0.01, b + 9) * 60]);
    shape(pts, 0.7);
  }
  // the reflection of a dark branch, broken by ripples
  brush.fill("#24384a", 160);
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.45);
  for (let s = 0; s < 7; s++) {
    let x0 = 40 + s * 80, y0 = 120 + s * 55;
    shape([[x0, y0], [x0 + 70, y0 + 40 + random(-8, 8)], [x0 + 74, y0 + 54], [x0 + 2, y0 + 16]], 0.7);
  }
  // pale ripple lifts
  brush.fill("#dcecea", 150);
  brush.fillBleed(0.35);
  for (let r = 0; r < 6; r++) {
    let y = 60 + r * 95 + random(-15, 15), x = random(0, 300);
    shape([[x, y], [x + 160, y - 6], [x + 300, y + 4], [x + 160, y + 10]], 0.9);
  }

  // floating blossoms and loose petals
  randomSeed(5);
  let fl = [[190, 170, 44], [250, 215, 36], [420, 300, 50], [350, 420, 40], [130, 420, 34], [480, 140, 30], [520, 470, 38]];
  for (let f of fl) flower(f[0], f[1], f[2]);
  brush.fill("#f6c6d3", 220);
  brush.fillBleed(0.15);
  brush.fillTexture(0.3, 0.4);
  for (let i = 0; i < 16; i++) {
    let x = random(40, 560), y = random(40, 560), a = random(360), r = random(10, 16);
    shape([[x, y], [x + cos(a - 25) * r, y + sin(a - 25) * r], [x + cos(a) * r * 1.2, y + sin(a) * r * 1.2], [x + cos(a + 25) * r, y + sin(a + 25) * r]], 0.8);
  }
}
