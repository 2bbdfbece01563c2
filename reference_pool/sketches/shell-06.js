// A nautilus shell on its side, large and off-centre left: cream whorl with curved rust tiger stripes, dark aperture, blue-grey ground and shadow
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

function blob(cx, cy, rx, ry, n, jit) {
  let pts = [];
  for (let i = 0; i < n; i++) {
    let a = i * (360 / n);
    let r = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * r, cy + sin(a) * ry * r]);
  }
  shape(pts, 0.7);
}

function rad(th) { return 235 * exp(-0.0019 * (360 - th)); } // th 0..360 around the outer whorl

function draw() {
  translate(-width / 2, -height / 2);
  background("#f0efeb");
  brush.noStroke();
  let cx = 270, cy = 300;

  // ground: soft blue-grey, then a warmer table band
  brush.fill("#b3bfcc", 160);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.35);
  blob(300, 260, 330, 290, 16, 0.1);
  brush.fill("#d9cdb6", 130);
  shape([[-30, 470], [200, 460], [420, 475], [630, 455], [630, 630], [-30, 630]], 0.7);
  // shadow
  brush.fill("#66708c", 150);
  brush.fillBleed(0.45);
  blob(cx + 40, cy + 200, 240, 50, 14, 0.12);

  // shell body
  brush.fill("#f1dfc0", 215);
  brush.fillBleed(0.22);
  brush.fillTexture(0.45, 0.4);
  let body = [];
  for (let th = 0; th < 360; th += 12) body.push([cx + cos(th + 200) * rad(th), cy + sin(th + 200) * rad(th) * 0.92]);
  shape(body, 0.7);

  // tiger stripes: curved bands starting near the umbilicus and sweeping outward, stopping before the aperture side
  for (let k = 0; k < 11; k++) {
    let th0 = k * 22;
    let pts = [];
    for (let j = 0; j <= 8; j++) {
      let t = j / 8, th = th0 + t * 28;
      let r = lerp(40, rad(th) * 0.97, t);
      pts.push([cx + cos(th + 200) * r, cy + sin(th + 200) * r * 0.92]);
    }
    for (let j = 8; j >= 0; j--) {
      let t = j / 8, th = th0 + t * 28 + 7 * (0.3 + t);
      let r = lerp(40, rad(th) * 0.97, t);
      pts.push([cx + cos(th + 200) * r, cy + sin(th + 200) * r * 0.92]);
    }
    brush.fill(k % 2 ? "#b5542e" : "#c46a3a", 165);
    brush.fillBleed(0.15);
    brush.fillTexture(0.4, 0.55);
    shape(pts, 0.6);
  }
  // glaze darkening the inner coil
  brush.fill("#7a3d26", 120);
  brush.fillBleed(0.3);
  blob(cx + 5, cy + 5, 70, 64, 12, 0.08);
  brush.fill("#3a1c14", 200);
  brush.fillBleed(0.12);
  blob(cx + 4, cy + 2, 20, 18, 9, 0.1);

  // aperture: the open mouth on the right, pearly with a dark interior
  let ax = cx + 150, ay = cy + 15;
  brush.fill("#efe3d6", 210);
  brush.fillBleed(0.2);
  brush.fillTexture(0.4, 0.4);
  blob(ax, ay, 95, 200, 16, 0.04);
  brush.fill("#cfa99a", 160);
  blob(ax + 10, ay + 10, 70, 170, 14, 0.05);
  brush.fill("#4a2630", 200);
  brush.fillBleed(0.15);
  blob(ax + 15, ay + 25, 38, 120, 12, 0.08);
  // cool shade along the bottom of the whorl
  brush.fill("#7e7a9a", 130);
  brush.fillBleed(0.3);
  shape([[cx - 200, cy + 90], [cx - 60, cy + 205], [cx + 110, cy + 215], [cx + 40, cy + 185], [cx - 110, cy + 140]], 0.8);
  // highlight
  brush.fill("#fff8ea", 170);
  brush.fillBleed(0.35);
  shape([[cx - 150, cy - 120], [cx - 60, cy - 190], [cx + 20, cy - 205], [cx - 60, cy - 160]], 0.9);
}
