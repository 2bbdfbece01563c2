// Mountain lake at dusk: peaks mirrored in still water, pines on the shore
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

function ridge(base, peaks, amp, step, seed) {
  const pts = [];
  for (let x = -20; x <= 620; x += step) {
    let y = base;
    for (const p of peaks) y -= max(0, p[1] - abs(x - p[0]) * p[2]);
    y += (noise(x * 0.03, seed) - 0.5) * amp;
    pts.push([x, y]);
  }
  return pts;
}

function mirror(pts, waterY, squash) {
  return pts.map(p => [p[0], waterY + (waterY - p[1]) * squash]);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f6efe4");
  brush.noStroke();

  // sky: peach low, violet-blue high
  wash("#f1c6a0", 170, 0.35, 0.4, 0.2, [[-20, 120], [620, 120], [620, 360], [-20, 360]], 0.3);
  wash("#a9b0d6", 130, 0.5, 0.45, 0.15, [[-20, -20], [620, -20], [620, 120], [450, 150], [200, 110], [-20, 140]], 0.9);
  wash("#7f7fb5", 90, 0.5, 0.45, 0.15, [[-20, -20], [620, -20], [620, 50], [300, 80], [-20, 60]], 0.8);

  const W = 350; // waterline
  // far range, pale blue-violet
  const far = ridge(W, [[170, 190, 1.1], [380, 150, 0.9], [520, 120, 1.0]], 14, 20, 1);
  wash("#8d8fbd", 190, 0.3, 0.45, 0.4, far.concat([[620, W], [-20, W]]), 0.3);
  // snow line left pale: paint rock only below each peak's upper quarter with a darker glaze
  const farLow = ridge(W, [[170, 120, 1.1], [380, 95, 0.9], [520, 70, 1.0]], 18, 20, 2);
  wash("#5f6497", 150, 0.3, 0.5, 0.5, farLow.concat([[620, W], [-20, W]]), 0.3);
  wash("#484a80", 150, 0.12, 0.4, 0.6, [[170, 162], [205, 200], [250, 250], [300, 300], [190, 300], [178, 230]], 0.3);
  // near hills, deep blue-green
  const near = ridge(W, [[40, 110, 0.8], [560, 90, 0.7]], 10, 20, 3);
  wash("#2f4b57", 200, 0.25, 0.5, 0.6, near.concat([[620, W], [-20, W]]), 0.4);

  // water: pale sky reflection, then mirrored mountains, softer
  wash("#c9c2d8", 150, 0.35, 0.4, 0.2, [[-20, W], [620, W], [620, 620], [-20, 620]], 0.2);
  wash("#f1c6a0", 110, 0.4, 0.4, 0.2, [[-20, 430], [620, 420], [620, 520], [-20, 530]], 0.4);
  wash("#8d8fbd", 130, 0.45, 0.4, 0.3, mirror(far, W, 0.8).concat([[620, W], [-20, W]]), 0.3);
  wash("#3c5a66", 130, 0.45, 0.4, 0.4, mirror(near, W, 0.8).concat([[620, W], [-20, W]]), 0.4);
  // horizontal light streaks across the water (lost edges)
  for (let i = 0; i < 4; i++) {
    const y = W + 30 + i * 45 + random(-8, 8);
    const x0 = random(40, 300);
    wash("#e9dcee", 120, 0.5, 0.3, 0.2, [[x0, y], [x0 + 220, y - 3], [x0 + 230, y + 6], [x0 - 10, y + 8]], 0.5);
  }

  // foreground pines, darkest value, on both sides
  for (const side of [[-10, 70, 560, 5], [540, 620, 540, 4]]) {
    for (let i = 0; i < side[3]; i++) {
      const x = lerp(side[0], side[1], i / max(1, side[3] - 1)) + random(-10, 10);
      const base = side[2] + random(-20, 30);
      const h = random(170, 260);
      const pts = [[x, base - h]];
      for (let k = 1; k <= 6; k++) {
        const y = base - h + (h * k) / 6;
        pts.push([x + 6 + k * 7, y - 8]); pts.push([x + 3 + k * 3, y]);
      }
      pts.push([x - 25, base + 60 - 0]);
      for (let k = 6; k >= 1; k--) {
        const y = base - h + (h * k) / 6;
        pts.push([x - 3 - k * 3, y]); pts.push([x - 6 - k * 7, y - 8]);
      }
      wash(i % 2 ? "#13262b" : "#1c3330", 230, 0.12, 0.35, 0.6, pts, 0.2);
      wash("#0e1c20", 150, 0.1, 0.3, 0.6, pts.slice(0, 8).concat([[x, base]]), 0.2);
    }
  }
  // dark shore strip
  wash("#243238", 180, 0.3, 0.5, 0.5, [[-20, 560], [200, 575], [420, 590], [620, 565], [620, 620], [-20, 620]], 0.6);
}
