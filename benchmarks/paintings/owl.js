// an owl on a branch at dusk
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.35);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function oval(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function limb(pts, w0, w1) {
  const left = [], right = [];
  for (let i = 0; i < pts.length; i++) {
    const j = min(i + 1, pts.length - 1), h = max(i - 1, 0);
    const dx = pts[j][0] - pts[h][0], dy = pts[j][1] - pts[h][1], l = sqrt(dx * dx + dy * dy);
    const w = lerp(w0, w1, i / (pts.length - 1));
    left.push([pts[i][0] - (dy / l) * w, pts[i][1] + (dx / l) * w]);
    right.unshift([pts[i][0] + (dy / l) * w, pts[i][1] - (dx / l) * w]);
  }
  return left.concat(right);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#2a2d44");
  brush.noStroke();
  randomSeed(5);

  // dusk: a violet sky with a pale moon glow, dark foliage shapes
  wash("#4d4f78", 200, 0.45, 0.45, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.5);
  wash("#8a7fa8", 150, 0.5, 0.4, oval(430, 150, 190, 150, 16, 0.15), 0.8);
  wash("#d9cfc0", 200, 0.4, 0.3, oval(450, 140, 48, 48, 16, 0.03), 0.8);
  wash("#f3ead8", 210, 0.2, 0.2, oval(450, 140, 34, 34, 14, 0.02), 0.8);
  wash("#1e2235", 170, 0.4, 0.5, oval(60, 80, 160, 130, 14, 0.25), 0.8);
  wash("#1b2030", 170, 0.4, 0.5, oval(560, 520, 170, 120, 14, 0.25), 0.8);

  // the branch, with a twig and two leaves
  wash("#3b2a22", 240, 0.1, 0.4, limb([[-20, 470], [150, 452], [300, 446], [450, 430], [620, 400]], 16, 8), 0.5);
  wash("#5e4636", 170, 0.08, 0.4, limb([[-20, 462], [150, 446], [300, 440], [450, 424], [620, 396]], 6, 3), 0.5);
  wash("#3b2a22", 230, 0.08, 0.3, limb([[470, 428], [520, 380], [560, 350]], 6, 2), 0.5);
  wash("#3f5a3c", 200, 0.2, 0.4, oval(560, 345, 28, 12, 10, 0.1), 0.7);

  // the owl: body, wing, face disc, ear tufts
  wash("#a8815c", 230, 0.2, 0.4, oval(300, 350, 80, 105, 18, 0.04), 0.7);
  wash("#7b5a3e", 190, 0.2, 0.45, oval(340, 360, 50, 90, 14, 0.08), 0.7);
  wash("#5d412c", 150, 0.2, 0.45, oval(352, 380, 30, 65, 12, 0.1), 0.8);
  wash("#d8c3a0", 220, 0.25, 0.3, oval(292, 380, 44, 60, 14, 0.08), 0.7);
  for (let i = 0; i < 14; i++) {
    const x = 270 + (i % 4) * 16 + random(-3, 3), y = 345 + floor(i / 4) * 22 + random(-3, 3);
    wash("#5a3a24", 220, 0.05, 0.1, [[x - 5, y], [x, y + 6], [x + 5, y]], 0.3);
  }
  // barred wing feathers and a lit edge on the moon side
  for (let i = 0; i < 6; i++) {
    wash("#e2c9a0", 170, 0.08, 0.3, oval(356 + random(-4, 4), 318 + i * 20, 16, 3, 8, 0.2), 0.6);
  }
  wash("#d9b98a", 140, 0.2, 0.4, oval(372, 300, 10, 60, 10, 0.2), 0.8);
  wash("#b48c66", 240, 0.15, 0.35, oval(300, 268, 66, 56, 16, 0.04), 0.7);
  wash("#e4d6bc", 220, 0.2, 0.25, oval(274, 268, 28, 27, 14, 0.04), 0.7);
  wash("#e4d6bc", 220, 0.2, 0.25, oval(326, 268, 28, 27, 14, 0.04), 0.7);
  wash("#6b4c34", 240, 0.05, 0.2, [[246, 230], [240, 198], [266, 222]], 0.2);
  wash("#6b4c34", 240, 0.05, 0.2, [[354, 230], [360, 198], [334, 222]], 0.2);
  // eyes: amber ring, black pupil, a catch-light; beak
  wash("#e3a22a", 250, 0.05, 0.1, oval(276, 268, 13, 13, 12, 0.02), 0.6);
  wash("#e3a22a", 250, 0.05, 0.1, oval(324, 268, 13, 13, 12, 0.02), 0.6);
  wash("#15110e", 255, 0.02, 0.05, oval(277, 269, 7, 7, 10, 0.02), 0.6);
  wash("#15110e", 255, 0.02, 0.05, oval(323, 269, 7, 7, 10, 0.02), 0.6);
  wash("#f7f1e2", 240, 0.02, 0.05, oval(279, 266, 2, 2, 6, 0.02), 0.6);
  wash("#f7f1e2", 240, 0.02, 0.05, oval(325, 266, 2, 2, 6, 0.02), 0.6);
  wash("#4a3220", 240, 0.02, 0.1, [[294, 282], [306, 282], [300, 300]], 0.2);
  // talons over the branch, a shadow under the owl
  wash("#c9a050", 230, 0.05, 0.15, oval(282, 450, 14, 7, 10, 0.1), 0.6);
  wash("#c9a050", 230, 0.05, 0.15, oval(318, 449, 14, 7, 10, 0.1), 0.6);
  wash("#22160f", 150, 0.2, 0.4, oval(310, 462, 70, 8, 12, 0.15), 0.8);
}
