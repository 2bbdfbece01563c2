// Three lemons on a linen cloth, warm morning light
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, border, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, border);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function lemonPts(cx, cy, rx, ry, ang, jit) {
  const pts = [];
  for (let a = 0; a < 360; a += 15) {
    // pointed tips at 0 and 180 degrees
    const tip = pow(abs(cos(a)), 8) * 0.22;
    let r = 1 + tip + random(-jit, jit);
    const x = cos(a) * rx * r;
    const y = sin(a) * ry * (1 - tip * 0.6);
    pts.push([cx + x * cos(ang) - y * sin(ang), cy + x * sin(ang) + y * cos(ang)]);
  }
  return pts;
}

function leafPts(x, y, len, w, ang) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.125) {
    const off = sin(t * 180) * w;
    pts.push([x + cos(ang) * len * t - sin(ang) * off, y + sin(ang) * len * t + cos(ang) * off]);
  }
  for (let t = 1; t >= 0; t -= 0.125) {
    const off = -sin(t * 180) * w * 0.8;
    pts.push([x + cos(ang) * len * t - sin(ang) * off, y + sin(ang) * len * t + cos(ang) * off]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4eee1");
  brush.noStroke();

  // background wall wash, pale warm grey, top half
  const wall = [];
  for (let x = -20; x <= 620; x += 40) wall.push([x, -20]);
  for (let x = 620; x >= -20; x -= 40) wall.push([x, 330 + noise(x * 0.01) * 40]);
  wash("#d9cbb4", 70, 0.3, 0.5, 0.3, wall, 0.4);
  // table cloth, cool pale blue
  const cloth = [];
  for (let x = -20; x <= 620; x += 40) cloth.push([x, 360 + noise(x * 0.01, 3) * 30]);
  cloth.push([620, 620]); cloth.push([-20, 620]);
  wash("#b9c7cf", 60, 0.35, 0.5, 0.3, cloth, 0.4);

  // cast shadows, violet-grey, lying to the lower right
  wash("#8f8aa6", 80, 0.4, 0.4, 0.5, lemonPts(285, 440, 150, 45, 4, 0.05), 0.7);
  wash("#8f8aa6", 70, 0.4, 0.4, 0.5, lemonPts(470, 480, 90, 32, 2, 0.05), 0.7);

  // leaves behind the lemons
  wash("#6f8f4e", 120, 0.3, 0.45, 0.4, leafPts(320, 300, 190, 38, -35), 0.6);
  wash("#4f7040", 110, 0.25, 0.4, 0.5, leafPts(210, 330, 150, 30, -150), 0.6);

  // lemon bodies: pale first glaze
  const L = [[220, 380, 105, 72, -8], [360, 395, 100, 68, 12], [460, 440, 70, 50, -20]];
  for (const l of L) wash("#f7dc5c", 150, 0.35, 0.4, 0.3, lemonPts(l[0], l[1], l[2], l[3], l[4], 0.03), 0.7);
  // second glaze: deeper yellow on lower halves
  for (const l of L) wash("#efb526", 110, 0.3, 0.45, 0.45,
    lemonPts(l[0] + 8, l[1] + l[3] * 0.3, l[2] * 0.82, l[3] * 0.6, l[4], 0.05), 0.7);
  // ochre shading on the shadow side
  for (const l of L) wash("#c9861f", 90, 0.25, 0.5, 0.5,
    lemonPts(l[0] + l[2] * 0.3, l[1] + l[3] * 0.45, l[2] * 0.5, l[3] * 0.35, l[4], 0.05), 0.7);
  // highlights left as paper: tiny pale lifts
  for (const l of L) {
    brush.fill("#fff6d0", 120);
    brush.fillBleed(0.15);
    brush.fillTexture(0.2, 0.2);
    brush.circle(l[0] - l[2] * 0.35, l[1] - l[3] * 0.35, l[3] * 0.22, false);
  }
  // small dark accents: stem nubs and leaf veins shadow
  wash("#5b4a2a", 160, 0.08, 0.2, 0.4, lemonPts(118, 372, 10, 7, -8, 0.02), 0.5);
  wash("#2f4a2c", 130, 0.12, 0.3, 0.5, leafPts(330, 292, 120, 6, -35), 0.5);
  wash("#6b5a8a", 120, 0.2, 0.35, 0.5, lemonPts(300, 455, 60, 10, 8, 0.05), 0.6);
}
