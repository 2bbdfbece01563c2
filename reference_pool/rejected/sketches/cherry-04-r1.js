// Revision: slender cherry twig hanging from the top edge, whole five-petal blossoms along it, a pale blush wash behind
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

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7f4ef");
  brush.noStroke();

  // blush wash behind the twig
  brush.fill("#e9c4c4", 175);
  brush.fillBleed(0.5);
  brush.fillTexture(0.45, 0.3);
  let bg = [];
  for (let i = 0; i < 14; i++) {
    let a = i * (360 / 14);
    bg.push([300 + cos(a) * 200 * (1 + random(-0.15, 0.15)), 260 + sin(a) * 270 * (1 + random(-0.1, 0.1))]);
  }
  shape(bg, 0.7);

  // twig: thin, tapering, gently curved
  let path = [];
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    path.push([250 + sin(t * 160) * 70 + t * 30, -10 + t * 480]);
  }
  brush.fill("#4e3830", 220);
  brush.fillBleed(0.08);
  brush.fillTexture(0.05, 0.3);
  let L = [], R = [];
  for (let i = 0; i < path.length; i++) {
    let w = lerp(11, 3, i / 12);
    L.push([path[i][0] - w / 2, path[i][1]]);
    R.push([path[i][0] + w / 2, path[i][1]]);
  }
  shape(L.concat(R.reverse()), 0.5);

  // whole blossoms
  for (let s = 2; s <= 12; s += 2) {
    let x = path[s][0] + random(-22, 22), y = path[s][1] + random(-8, 8), r = random(26, 36), rot = random(360);
    brush.fill("#f4c1cf", 200);
    brush.fillBleed(0.25);
    brush.fillTexture(0.35, 0.4);
    for (let k = 0; k < 5; k++) {
      let a = rot + k * 72, pts = [[x, y]];
      for (let j = 0; j <= 6; j++) {
        let b = a - 32 + j * 10.7, rr = r * (j == 3 ? 0.86 : 1);
        pts.push([x + cos(b) * rr, y + sin(b) * rr]);
      }
      shape(pts, 0.75);
    }
    brush.fill("#c8557a", 200);
    brush.fillBleed(0.1);
    let h = [];
    for (let i = 0; i < 7; i++) h.push([x + cos(i * 51) * 7, y + sin(i * 51) * 7]);
    shape(h, 0.8);
  }
}
