// Koi pond from above in spring: five koi circling, cherry petals floating
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

// koi centred at (cx, cy), heading h, length len: a curved spindle with a forked tail
function koi(cx, cy, h, len, w, bend) {
  const L = [], R = [];
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    const a = h + bend * (t - 0.5);
    const px = cx + cos(a) * len * (0.5 - t), py = cy + sin(a) * len * (0.5 - t);
    const hw = w * (t < 0.2 ? sin(map(t, 0, 0.2, 40, 90)) : map(t, 0.2, 1, 1, 0.2));
    L.push([px + cos(a + 90) * hw, py + sin(a + 90) * hw]);
    R.push([px + cos(a - 90) * hw, py + sin(a - 90) * hw]);
  }
  const a = h + bend * 0.5, tx = cx - cos(a) * len * 0.5, ty = cy - sin(a) * len * 0.5;
  const tail = [[tx - cos(a - 35) * w * 1.5, ty - sin(a - 35) * w * 1.5], [tx - cos(a) * w * 0.6, ty - sin(a) * w * 0.6],
                [tx - cos(a + 35) * w * 1.5, ty - sin(a + 35) * w * 1.5]];
  return L.concat(tail).concat(R.reverse());
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f3f1ea");
  brush.noStroke();
  randomSeed(5);

  // water: soft blue-green ground; deeper teal pooling at the rim, centre left light
  wash("#c5ddd6", 150, 0.4, 0.45, 0.2, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.2);
  for (let i = 0; i < 8; i++) {
    const a0 = i * 45 + random(-10, 10);
    const pts = [];
    for (let a = a0 - 30; a <= a0 + 30; a += 10) pts.push([300 + cos(a) * 470, 300 + sin(a) * 470]);
    for (let a = a0 + 30; a >= a0 - 30; a -= 10) pts.push([300 + cos(a) * (230 + noise(a * 0.03) * 60), 300 + sin(a) * (230 + noise(a * 0.03) * 60)]);
    wash(i % 2 ? "#6aa39d" : "#4f8d8d", 140, 0.45, 0.5, 0.35, pts, 0.7);
  }
  for (const c of [[0, 0], [600, 600], [600, 0]]) {
    wash("#1d4650", 140, 0.4, 0.5, 0.5, [[c[0], c[1]], [c[0] + (c[0] ? -170 : 170), c[1]], [c[0], c[1] + (c[1] ? -170 : 170)]], 0.9);
  }

  // five koi circling the light centre: tangent headings, clockwise
  const F = [[300, 150, 0, 150, 24, ["#f08a3a", "#c9361f"]], [455, 300, 90, 140, 22, ["#f3f0e6", "#d84a2a"]],
             [300, 455, 180, 150, 24, ["#f2c04a", "#e08a1c"]], [150, 300, 270, 130, 20, ["#ef7a33", "#2b2525"]],
             [390, 200, 45, 100, 16, ["#f6a85c", "#d05a24"]]];
  for (const f of F) {
    wash("#2d5f66", 90, 0.35, 0.4, 0.4, koi(f[0] + 10, f[1] + 12, f[2], f[3], f[4], 30), 0.6); // soft floor shadow, offset
  }
  for (const f of F) {
    wash(f[5][0], 230, 0.15, 0.35, 0.5, koi(f[0], f[1], f[2], f[3], f[4], 30), 0.65);
  }
  for (const f of F) {
    // markings: a shorter, slimmer koi-shaped patch on the forward back
    wash(f[5][1], 190, 0.18, 0.45, 0.55, koi(f[0] + cos(f[2]) * f[3] * 0.15, f[1] + sin(f[2]) * f[3] * 0.15, f[2], f[3] * 0.45, f[4] * 0.6, 15), 0.7);
  }
  // pectoral fins
  for (const f of F) for (const s of [1, -1]) {
    const bx = f[0] + cos(f[2]) * f[3] * 0.22, by = f[1] + sin(f[2]) * f[3] * 0.22;
    const ex = bx + cos(f[2] + 140 * s) * f[4] * 1.8, ey = by + sin(f[2] + 140 * s) * f[4] * 1.8;
    wash("#f7e2cc", 160, 0.2, 0.3, 0.5, [[bx + cos(f[2] + 90 * s) * f[4] * 0.8, by + sin(f[2] + 90 * s) * f[4] * 0.8], [ex, ey],
      [ex + cos(f[2]) * 12, ey + sin(f[2]) * 12]], 0.5);
  }

  // floating cherry petals, pink, scattered, with a few darker centres
  for (let i = 0; i < 26; i++) {
    const x = random(20, 580), y = random(20, 580);
    if (dist(x, y, 300, 300) < 200 && dist(x, y, 300, 300) > 130) continue;
    const r = random(7, 12), a = random(360);
    wash(i % 3 ? "#f3b3c4" : "#e98aa3", 200, 0.08, 0.15, 0.4,
      [[x, y], [x + cos(a) * r, y + sin(a) * r], [x + cos(a + 70) * r * 1.4, y + sin(a + 70) * r * 1.4], [x + cos(a + 140) * r, y + sin(a + 140) * r]], 0.6);
  }
}
