// Lemon branch hanging from the top edge against a pastel sky
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

function lemon(cx, cy, rx, ry, ang) {
  const pts = [];
  for (let a = 0; a < 360; a += 15) {
    const tip = pow(abs(cos(a)), 8) * (cos(a) > 0 ? 0.28 : 0.12);
    const x = cos(a) * rx * (1 + tip), y = sin(a) * ry * (1 - tip * 0.6);
    pts.push([cx + x * cos(ang) - y * sin(ang), cy + x * sin(ang) + y * cos(ang)]);
  }
  return pts;
}

function crescent(cx, cy, rx, ry, ang, depth) {
  const pts = [];
  for (let a = -10; a <= 190; a += 10) {
    const tip = pow(abs(cos(a)), 8) * (cos(a) > 0 ? 0.28 : 0.12);
    const x = cos(a) * rx * (1 + tip) * 0.96, y = sin(a) * ry * (1 - tip * 0.6) * 0.96;
    pts.push([cx + x * cos(ang) - y * sin(ang), cy + x * sin(ang) + y * cos(ang)]);
  }
  for (let a = 190; a >= -10; a -= 10) {
    const k = 1 - depth * sin(map(a, -10, 190, 0, 180));
    const x = cos(a) * rx * 0.96, y = sin(a) * ry * 0.96 * k;
    pts.push([cx + x * cos(ang) - y * sin(ang), cy + x * sin(ang) + y * cos(ang)]);
  }
  return pts;
}

function leaf(x, y, len, w, ang) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const off = sin(pow(t, 0.8) * 180) * w;
    pts.push([x + cos(ang) * len * t - sin(ang) * off, y + sin(ang) * len * t + cos(ang) * off]);
  }
  for (let t = 0.9; t > 0.05; t -= 0.1) {
    const off = -sin(pow(t, 0.8) * 180) * w * 0.9;
    pts.push([x + cos(ang) * len * t - sin(ang) * off, y + sin(ang) * len * t + cos(ang) * off]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f7f2e8");
  brush.noStroke();
  randomSeed(3);

  // sky washes: blue at the top fading, a warm blush lower right
  wash("#b7cfe2", 170, 0.45, 0.4, 0.2, [[-20, -20], [620, -20], [620, 420], [300, 480], [-20, 440]], 0.8);
  wash("#f1c9b0", 170, 0.45, 0.4, 0.2, [[-20, 620], [-20, 470], [300, 430], [620, 380], [620, 620]], 0.7);
  wash("#8fb1cf", 90, 0.45, 0.45, 0.3, [[-20, -20], [400, -20], [200, 140], [-20, 180]], 0.8);

  // branch from the top left corner, sagging
  const br = [];
  for (let t = 0; t <= 1.0001; t += 0.1) br.push([-10 + t * 470, 40 + sin(t * 160) * 120 + t * 40]);
  const brPts = br.map(p => [p[0], p[1] - 5]).concat(br.slice().reverse().map(p => [p[0], p[1] + 5]));
  wash("#6b5138", 190, 0.08, 0.05, 0.3, brPts, 0.5);

  // leaves along the branch, two greens, back leaves paler
  for (let i = 1; i < 10; i++) {
    const p = br[i];
    const side = i % 2 ? 1 : -1;
    const ang = side > 0 ? random(40, 80) : random(-80, -30);
    wash(i % 3 ? "#7fa35c" : "#a8c27d", 170, 0.3, 0.45, 0.4, leaf(p[0], p[1], random(90, 130), random(18, 26), ang), 0.6);
  }
  for (let i = 2; i < 10; i += 2) {
    const p = br[i];
    wash("#3e6236", 150, 0.2, 0.45, 0.5, leaf(p[0], p[1], random(70, 100), random(12, 18), random(95, 150)), 0.6);
  }

  // hanging lemons
  const L = [[195, 360, 92, 64, 82], [330, 420, 100, 70, 98], [460, 320, 78, 56, 72]];
  for (const l of L) wash("#f6dc57", 220, 0.3, 0.4, 0.3, lemon(l[0], l[1], l[2], l[3], l[4]), 0.7);
  // shade on the right side of each hanging lemon (away from the light at upper left)
  for (const l of L) wash("#eeaa22", 160, 0.25, 0.45, 0.45, crescent(l[0], l[1], l[2], l[3], l[4] - 90 + 90, 0.7), 0.6);
  for (const l of L) wash("#b0681c", 130, 0.18, 0.5, 0.55, crescent(l[0], l[1], l[2], l[3], l[4], 0.35), 0.6);
  for (const l of L) { brush.fill("#fff7d6", 150); brush.fillBleed(0.2); brush.fillTexture(0.2, 0.2);
    brush.circle(l[0] - 18, l[1] - 12, l[3] * 0.25, false); }
  // stems to the branch
  for (const l of L) {
    const tx = l[0] + cos(l[4] + 180) * l[2] * 1.15, ty = l[1] + sin(l[4] + 180) * l[2] * 1.15;
    wash("#4d3a26", 200, 0.06, 0.05, 0.3, [[tx - 3, ty], [tx + 3, ty], [tx + 5, ty - 60], [tx - 1, ty - 60]], 0.3);
  }
  // a few dark leaf accents for value
  wash("#22402a", 170, 0.12, 0.4, 0.5, leaf(br[5][0], br[5][1], 80, 10, 130), 0.5);
  wash("#22402a", 170, 0.12, 0.4, 0.5, leaf(br[8][0], br[8][1], 70, 9, 40), 0.5);
}
