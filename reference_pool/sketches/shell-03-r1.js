// Revision: spiral snail shell from above, deeper umber toward the centre, tapered suture without the stray spike, warmer outer lip, cool ground
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

// log spiral radius at angle th (degrees, growing outward)
function hexMix(a, b, t) {
  let h = "#";
  for (let i = 0; i < 3; i++) {
    let v = round(lerp(a[i], b[i], t));
    h += (v < 16 ? "0" : "") + v.toString(16);
  }
  return h;
}

function rad(th) { return 7 * exp(th * 0.0031); }

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0f0");
  brush.noStroke();
  let cx = 315, cy = 290;

  // cool ground washes
  brush.fill("#a9b8c6", 150);
  brush.fillBleed(0.55);
  brush.fillTexture(0.5, 0.35);
  blob(300, 300, 330, 320, 16, 0.1);
  brush.fill("#8596aa", 120);
  blob(380, 470, 240, 120, 14, 0.18);
  // shadow cast down-right
  brush.fill("#5d6b84", 140);
  brush.fillBleed(0.4);
  blob(cx + 40, cy + 45, 225, 200, 16, 0.06);

  // whole shell body: pale ochre disc
  brush.fill("#e8c48c", 215);
  brush.fillBleed(0.25);
  brush.fillTexture(0.45, 0.4);
  blob(cx, cy, 222, 205, 20, 0.03);

  // chambers along the spiral from outside in, each a quad between two turns
  let steps = 40, thMax = 1260;
  for (let i = steps - 1; i >= 0; i--) {
    let t0 = (i / steps) * thMax, t1 = ((i + 1) / steps) * thMax;
    let pts = [];
    for (let j = 0; j <= 3; j++) {
      let th = lerp(t0, t1, j / 3);
      let r = rad(th);
      pts.push([cx + cos(th) * r, cy + sin(th) * r * 0.93]);
    }
    for (let j = 3; j >= 0; j--) {
      let th = lerp(t0, t1, j / 3);
      let r = rad(th - 360);
      pts.push([cx + cos(th) * r, cy + sin(th) * r * 0.93]);
    }
    let k = i / steps;
    brush.fill(hexMix([70, 36, 22], [226, 160, 88], pow(k, 0.55)), 160 + (1 - k) * 70);
    brush.fillBleed(0.18);
    brush.fillTexture(0.4, 0.55);
    shape(pts, 0.6);
  }
  // spiral suture: thin dark strip along one turn boundary
  brush.fill("#4a2818", 170);
  brush.fillBleed(0.08);
  brush.fillTexture(0.1, 0.4);
  let L = [], R = [];
  for (let th = 200; th <= thMax - 60; th += 20) {
    let r = rad(th - 360), tw = 3 * sin(map(th, 200, thMax - 60, 0, 180));
    L.push([cx + cos(th) * (r - tw), cy + sin(th) * (r - tw) * 0.93]);
    R.push([cx + cos(th) * (r + tw), cy + sin(th) * (r + tw) * 0.93]);
  }
  shape(L.concat(R.reverse()), 0.3);
  // growth-line flecks on the outer whorl
  brush.fill("#a8683c", 130);
  brush.fillBleed(0.12);
  for (let th = 920; th < thMax; th += 22) {
    let r0 = rad(th - 360) + 6, r1 = rad(th) - 8;
    shape([[cx + cos(th) * r0, cy + sin(th) * r0 * 0.93], [cx + cos(th + 3) * r1, cy + sin(th + 3) * r1 * 0.93], [cx + cos(th + 6) * r1, cy + sin(th + 6) * r1 * 0.93], [cx + cos(th + 3) * r0, cy + sin(th + 3) * r0 * 0.93]], 0.5);
  }
  // outer lip glaze along the last half-turn
  brush.fill("#b86a3a", 150);
  brush.fillBleed(0.2);
  let lip = [];
  for (let th = thMax - 200; th <= thMax; th += 20) lip.push([cx + cos(th) * (rad(th) - 2), cy + sin(th) * (rad(th) - 2) * 0.93]);
  for (let th = thMax; th >= thMax - 200; th -= 20) lip.push([cx + cos(th) * (rad(th) - 16), cy + sin(th) * (rad(th) - 16) * 0.93]);
  shape(lip, 0.4);
  // light lifted on the upper-left of the shell
  brush.fill("#fbf0d8", 150);
  brush.fillBleed(0.35);
  shape([[cx - 170, cy - 60], [cx - 120, cy - 150], [cx - 40, cy - 190], [cx - 90, cy - 120]], 0.9);
}
