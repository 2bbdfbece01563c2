// A peach hibiscus floating on still blue water, seen from above at an angle, with ripple bands
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(col, op, bleed, tex, border, pts, curv) {
  brush.fill(col, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (let p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2efe8");
  brush.noStroke();
  randomSeed(4);
  noiseSeed(4);

  // water: horizontal bands
  for (let b = 0; b < 6; b++) {
    let y0 = b * 110 - 20;
    let pts = [];
    for (let x = -20; x <= 620; x += 40) pts.push([x, y0 + noise(x * 0.01, b) * 30]);
    for (let x = 620; x >= -20; x -= 40) pts.push([x, y0 + 60 + noise(x * 0.01, b + 9) * 30]);
    wash(b % 2 ? "#a9c6d4" : "#c7dbe2", 170, 0.3, 0.4, 0.3, pts, 0.8);
  }

  let cx = 300, cy = 300;
  // reflection and shadow under the bloom
  let sh = [];
  for (let i = 0; i <= 16; i++) { let a = i * 22.5; sh.push([cx + 20 + cos(a) * 170, cy + 55 + sin(a) * 40]); }
  wash("#7f9fb3", 120, 0.3, 0.4, 0.3, sh, 0.8);

  // the bloom, squashed by perspective
  for (let k = 0; k < 5; k++) {
    let a = k * 72 + 10;
    let pts = [[cx, cy]];
    for (let i = 0; i <= 12; i++) {
      let t = map(i, 0, 12, -34, 34);
      let r = 150 * (0.8 + 0.2 * cos(t * 2.6)) + random(-10, 10);
      pts.push([cx + cos(a + t) * r, cy + sin(a + t) * r * 0.6]);
    }
    wash("#f5b08a", 230, 0.25, 0.4, 0.35, pts, 0.6);
  }
  brush.fill("#b8344c", 220);
  brush.fillBleed(0.2);
  brush.fillTexture(0.3, 0.4);
  brush.circle(cx, cy, 28, false);

}
