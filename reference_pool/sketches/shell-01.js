// Scallop shell seen from above, fan of ribs in coral and cream on a sandy wash with a cool cast shadow
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
  background("#f5efe4");
  brush.noStroke();

  // sand: two broad warm washes
  brush.fill("#e3c89a", 140);
  brush.fillBleed(0.5);
  brush.fillTexture(0.55, 0.35);
  let s1 = [];
  for (let i = 0; i < 16; i++) {
    let a = i * 22.5;
    s1.push([300 + cos(a) * 330 * (1 + random(-0.1, 0.1)), 360 + sin(a) * 240 * (1 + random(-0.1, 0.1))]);
  }
  shape(s1, 0.7);
  brush.fill("#cfae86", 100);
  let s2 = [];
  for (let i = 0; i < 12; i++) {
    let a = i * 30;
    s2.push([120 + cos(a) * 150, 520 + sin(a) * 90 * (1 + random(-0.2, 0.2))]);
  }
  shape(s2, 0.7);

  let hx = 300, hy = 470; // hinge
  let R = 250;
  // cast shadow, cool violet, offset down-right
  brush.fill("#8e88b0", 120);
  brush.fillBleed(0.4);
  brush.fillTexture(0.4, 0.3);
  let sh = [[hx + 20, hy + 40]];
  for (let a = -165; a <= -15; a += 10) sh.push([hx + 25 + cos(a) * R * 1.02, hy + 35 + sin(a) * R * 0.95]);
  shape(sh, 0.8);

  // shell body: pale cream fan
  brush.fill("#f6dcc4", 190);
  brush.fillBleed(0.3);
  brush.fillTexture(0.45, 0.4);
  let fan = [[hx, hy + 10]];
  for (let a = -168; a <= -12; a += 6) {
    let wob = 1 + 0.035 * sin((a + 168) * 9);
    fan.push([hx + cos(a) * R * wob, hy + sin(a) * R * 0.92 * wob]);
  }
  shape(fan, 0.6);

  // ribs: alternating coral wedges, narrow and slightly irregular
  let nR = 13;
  for (let k = 0; k < nR; k++) {
    let a0 = -162 + k * (144 / nR) + 2;
    let a1 = a0 + (144 / nR) * 0.55;
    let c = k % 2 == 0 ? "#e88a6a" : "#f0a47f";
    brush.fill(c, 160);
    brush.fillBleed(0.2);
    brush.fillTexture(0.4, 0.55);
    let rr = R * (0.97 + random(-0.03, 0.02));
    shape([[hx + cos(a0 + 3) * 30, hy + sin(a0 + 3) * 30], [hx + cos(a0) * rr, hy + sin(a0) * rr * 0.92], [hx + cos((a0 + a1) / 2) * rr * 1.02, hy + sin((a0 + a1) / 2) * rr * 0.95], [hx + cos(a1) * rr, hy + sin(a1) * rr * 0.92], [hx + cos(a1 - 3) * 30, hy + sin(a1 - 3) * 30]], 0.5);
  }
  // concentric growth bands, a darker glaze near the hinge
  brush.fill("#c2573f", 120);
  brush.fillBleed(0.25);
  brush.fillTexture(0.4, 0.5);
  let band = [[hx, hy + 6]];
  for (let a = -160; a <= -20; a += 10) band.push([hx + cos(a) * R * 0.45, hy + sin(a) * R * 0.42]);
  shape(band, 0.7);
  // ears at the hinge
  brush.fill("#d9785a", 180);
  brush.fillBleed(0.15);
  shape([[hx - 70, hy - 15], [hx - 5, hy - 25], [hx - 5, hy + 20], [hx - 75, hy + 18]], 0.4);
  shape([[hx + 5, hy - 25], [hx + 68, hy - 18], [hx + 72, hy + 16], [hx + 5, hy + 20]], 0.4);
  brush.fill("#7a2f24", 190);
  brush.fillBleed(0.1);
  brush.fillTexture(0.2, 0.5);
  shape([[hx - 22, hy - 8], [hx + 22, hy - 8], [hx + 16, hy + 18], [hx - 16, hy + 18]], 0.6);
  // small pebbles in the sand
  brush.fill("#9c8b77", 170);
  brush.fillBleed(0.12);
  brush.circle(95, 545, 16, false);
  brush.circle(520, 555, 20, false);
  brush.circle(540, 520, 12, false);
}
