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

  // water: pale green ground, then arcs of teal ripple rings, dark depths at the edges
  wash("#b5d3c8", 170, 0.3, 0.5, 0.3, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.2);
  for (let i = 0; i < 6; i++) {
    const cx = 300 + random(-60, 60), cy = 320 + random(-60, 60), r0 = 140 + i * 70;
    const pts = [];
    for (let a = 200 + i * 25; a <= 320 + i * 25; a += 10) pts.push([cx + cos(a) * r0, cy + sin(a) * r0]);
    for (let a = 320 + i * 25; a >= 200 + i * 25; a -= 10) pts.push([cx + cos(a) * (r0 + 28 + noise(a) * 20), cy + sin(a) * (r0 + 28 + noise(a) * 20)]);
    wash(i % 2 ? "#5f9a92" : "#7fb0a6", 110, 0.4, 0.5, 0.3, pts, 0.7);
  }
  // dark depths in the four corners, left as separate soft washes
  wash("#2c5e66", 140, 0.45, 0.5, 0.4, [[-20, -20], [230, -20], [120, 90], [-20, 230]], 0.8);
  wash("#2c5e66", 140, 0.45, 0.5, 0.4, [[380, -20], [620, -20], [620, 240], [500, 110]], 0.8);
  wash("#2c5e66", 140, 0.45, 0.5, 0.4, [[620, 380], [620, 620], [380, 620], [510, 500]], 0.8);
  wash("#2c5e66", 140, 0.45, 0.5, 0.4, [[-20, 380], [100, 500], [230, 620], [-20, 620]], 0.8);
  wash("#173a45", 130, 0.4, 0.5, 0.5, [[-20, 440], [120, 520], [200, 620], [-20, 620]], 0.8);
  wash("#173a45", 120, 0.4, 0.5, 0.5, [[440, -20], [620, -20], [620, 160], [540, 90]], 0.8);

  // koi shadows on the pond floor, offset
  const K = [[360, 230, 200, 230, 34, -2.5], [190, 370, -20, 210, 30, 2], [420, 430, 235, 170, 26, -3]];
  for (const k of K) wash("#1c3d48", 150, 0.35, 0.4, 0.5, koiPts(k[0] + 16, k[1] + 20, k[2], k[3], k[4], k[5], 1), 0.6);

  // koi bodies: pale cream base
  for (const k of K) wash("#f7d5b5", 220, 0.15, 0.3, 0.5, koiPts(k[0], k[1], k[2], k[3], k[4], k[5], 1), 0.6);
  // orange patterns: scaled slimmer body laid down the back
  wash("#e8672a", 190, 0.2, 0.4, 0.5, koiPts(352, 227, 200, 150, 34, -2.5, 0.7), 0.7);
  wash("#d9402a", 180, 0.2, 0.4, 0.5, koiPts(195, 372, -20, 200, 30, 2, 0.75), 0.7);
  wash("#f0a23a", 180, 0.2, 0.4, 0.5, koiPts(420, 430, 235, 120, 26, -3, 0.8), 0.7);
  // second orange glaze on the heads
  wash("#2a2220", 140, 0.12, 0.4, 0.5, koiPts(110, 398, -10, 40, 16, 0, 0.55), 0.7);
  // fins
  for (const k of K) {
    for (const s of [1, -1]) {
      const fx = k[0] - cos(k[2]) * k[3] * 0.22 + cos(k[2] + 90 * s) * k[4] * 0.9;
      const fy = k[1] - sin(k[2]) * k[3] * 0.22 + sin(k[2] + 90 * s) * k[4] * 0.9;
      wash("#f7d9b6", 160, 0.2, 0.3, 0.5, [[fx, fy], [fx + cos(k[2] + 150 * s) * 46, fy + sin(k[2] + 150 * s) * 34],
        [fx + cos(k[2] + 110 * s) * 40, fy + sin(k[2] + 110 * s) * 30]], 0.5);
    }
  }

  for (const k of K) for (const s of [1, -1]) {
    brush.fill("#1a1a1a", 200); brush.fillBleed(0); brush.fillTexture(0, 0);
    brush.circle(k[0] - cos(k[2]) * 14 + cos(k[2] + 90 * s) * k[4] * 0.4, k[1] - sin(k[2]) * 14 + sin(k[2] + 90 * s) * k[4] * 0.4, 3, false);
  }
  // lily pads, layered greens, with darker glaze on one side
  const P = [[100, 110, 78, 30], [215, 40, 44, 200], [545, 300, 70, 150], [520, 555, 62, 300], [70, 560, 48, 60]];
  for (const p of P) wash("#7da655", 200, 0.25, 0.45, 0.4, padPts(p[0], p[1], p[2], p[3]), 0.5);
  for (const p of P) wash("#3f6b35", 140, 0.25, 0.45, 0.5, padPts(p[0] + p[2] * 0.2, p[1] + p[2] * 0.2, p[2] * 0.6, p[3]), 0.6);
  // one pink bloom on the largest pad
  wash("#f2b7c6", 210, 0.2, 0.4, 0.4, padPts(560, 290, 24, 0), 0.7);
  wash("#d9607e", 170, 0.15, 0.4, 0.5, padPts(564, 294, 10, 0), 0.7);
}
