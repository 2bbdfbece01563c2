// A single slender cherry twig hanging down from the top edge with a few pale blossoms, no background, plain and sparse
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

  // twig
  let path = [];
  for (let i = 0; i <= 10; i++) {
    let t = i / 10;
    path.push([260 + sin(t * 200) * 60 + t * 40, -10 + t * 470]);
  }
  brush.fill("#6b4e40", 200);
  brush.fillBleed(0.1);
  brush.fillTexture(0.15, 0.4);
  let L = [], R = [];
  for (let i = 0; i < path.length; i++) {
    let w = lerp(14, 4, i / 10);
    L.push([path[i][0] - w / 2, path[i][1]]);
    R.push([path[i][0] + w / 2, path[i][1]]);
  }
  shape(L.concat(R.reverse()), 0.8);

  // blossoms
  brush.fillBleed(0.25);
  brush.fillTexture(0.35, 0.4);
  for (let s = 2; s <= 10; s++) {
    if (s == 3 || s == 6 || s == 8) continue;
    let x = path[s][0] + random(-25, 25), y = path[s][1] + random(-10, 10), r = random(24, 36);
    brush.fill("#f4c1cf", 190);
    for (let k = 0; k < 5; k++) {
      let a = k * 72 + random(360), pts = [[x, y]];
      for (let j = 0; j <= 6; j++) {
        let b = a - 30 + j * 10;
        pts.push([x + cos(b) * r, y + sin(b) * r]);
      }
      shape(pts, 0.75);
    }
    brush.fill("#c8557a", 200);
    let h = [];
    for (let i = 0; i < 7; i++) h.push([x + cos(i * 51) * 6, y + sin(i * 51) * 6]);
    shape(h, 0.8);
  }
}
