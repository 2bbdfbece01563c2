// Koi pond seen from above: three koi gliding between lily pads
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

// koi body along a gently curved spine; head at (x, y), heading ang, bend per step
function koiPts(x, y, ang, len, w, bend, scaleW) {
  const left = [], right = [];
  let px = x, py = y, a = ang;
  const n = 12;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const hw = w * scaleW * (t < 0.25 ? sin(map(t, 0, 0.25, 30, 90)) : map(t, 0.25, 1, 1, 0.15));
    left.push([px + cos(a + 90) * hw, py + sin(a + 90) * hw]);
    right.push([px + cos(a - 90) * hw, py + sin(a - 90) * hw]);
    px -= cos(a) * len / n; py -= sin(a) * len / n; a += bend;
  }
  // tail fan
  const tail = [[px + cos(a + 140) * w * 0.9, py + sin(a + 140) * w * 0.9],
                [px - cos(a) * w * 0.9, py - sin(a) * w * 0.9],
                [px + cos(a - 140) * w * 0.9, py + sin(a - 140) * w * 0.9]];
  return left.concat(tail).concat(right.reverse());
}

function padPts(cx, cy, r, notch) {
  const pts = [[cx, cy]];
  for (let a = notch + 18; a <= notch + 342; a += 18) {
    const rr = r * (1 + random(-0.05, 0.05));
    pts.push([cx + cos(a) * rr, cy + sin(a) * rr]);
  }
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0e6");
  brush.noStroke();
  randomSeed(7);

  // water: pale green-teal ground, then deeper teal swirls
  wash("#9fc4bb", 150, 0.3, 0.5, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.2);
  for (let i = 0; i < 5; i++) {
    const pts = [];
    const cy = 60 + i * 130;
    for (let x = -40; x <= 640; x += 40) pts.push([x, cy + noise(x * 0.006, i) * 80 - 40]);
    for (let x = 640; x >= -40; x -= 40) pts.push([x, cy + 55 + noise(x * 0.006, i + 9) * 70]);
    wash(i % 2 ? "#3f7f80" : "#5f9a92", 90, 0.4, 0.5, 0.3, pts, 0.6);
  }
  // deep corner shadow
  wash("#1f4a55", 120, 0.4, 0.5, 0.4, [[-20, 380], [180, 470], [260, 620], [-20, 620]], 0.8);
  wash("#1f4a55", 110, 0.4, 0.5, 0.4, [[420, -20], [620, -20], [620, 200], [520, 130]], 0.8);

  // koi shadows on the pond floor, offset
  const K = [[330, 250, 200, 170, 26, -2.5], [210, 380, -20, 150, 22, 2], [470, 420, 250, 120, 18, -3]];
  for (const k of K) wash("#1c3d48", 100, 0.35, 0.4, 0.4, koiPts(k[0] + 14, k[1] + 18, k[2], k[3], k[4], k[5], 1), 0.6);

  // koi bodies: pale cream base
  for (const k of K) wash("#fbf1df", 230, 0.15, 0.3, 0.4, koiPts(k[0], k[1], k[2], k[3], k[4], k[5], 1), 0.6);
  // orange patterns: scaled slimmer body laid down the back
  wash("#e8672a", 190, 0.2, 0.4, 0.5, koiPts(330, 250, 200, 110, 26, -2.5, 0.7), 0.7);
  wash("#d9402a", 180, 0.2, 0.4, 0.5, koiPts(216, 385, -20, 150, 22, 2, 0.75), 0.7);
  wash("#f0a23a", 180, 0.2, 0.4, 0.5, koiPts(470, 420, 250, 80, 18, -3, 0.8), 0.7);
  // second orange glaze on the heads
  wash("#c43a22", 150, 0.15, 0.4, 0.5, koiPts(330, 250, 200, 40, 22, -2, 0.6), 0.7);
  wash("#2a2220", 140, 0.12, 0.4, 0.5, koiPts(180, 395, -10, 30, 14, 0, 0.6), 0.7);
  // fins
  for (const k of K) {
    for (const s of [1, -1]) {
      const fx = k[0] - cos(k[2]) * k[3] * 0.22 + cos(k[2] + 90 * s) * k[4] * 0.9;
      const fy = k[1] - sin(k[2]) * k[3] * 0.22 + sin(k[2] + 90 * s) * k[4] * 0.9;
      wash("#f7d9b6", 160, 0.2, 0.3, 0.5, [[fx, fy], [fx + cos(k[2] + 150 * s) * 34, fy + sin(k[2] + 150 * s) * 34],
        [fx + cos(k[2] + 110 * s) * 30, fy + sin(k[2] + 110 * s) * 30]], 0.5);
    }
  }

  // lily pads, layered greens, with darker glaze on one side
  const P = [[110, 130, 70, 30], [200, 60, 42, 200], [520, 300, 80, 120], [470, 560, 60, 300], [80, 520, 45, 60]];
  for (const p of P) wash("#7da655", 200, 0.25, 0.45, 0.4, padPts(p[0], p[1], p[2], p[3]), 0.5);
  for (const p of P) wash("#3f6b35", 140, 0.25, 0.45, 0.5, padPts(p[0] + p[2] * 0.2, p[1] + p[2] * 0.2, p[2] * 0.6, p[3]), 0.6);
  // one pink bloom on the largest pad
  wash("#f2b7c6", 210, 0.2, 0.4, 0.4, padPts(540, 290, 26, 0), 0.7);
  wash("#d9607e", 170, 0.15, 0.4, 0.5, padPts(545, 295, 11, 0), 0.7);
}
