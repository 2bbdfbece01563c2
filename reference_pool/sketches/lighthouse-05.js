// lighthouse-05
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function wash(hex, op, bleed, tex, pts, curv) {
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.4);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}

function blob(cx, cy, rx, ry, n, jit) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (360 * i) / n;
    const k = 1 + random(-jit, jit);
    pts.push([cx + cos(a) * rx * k, cy + sin(a) * ry * k]);
  }
  return pts;
}

function leaf(x, y, len, wid, ang, bend) {
  // a pointed leaf/petal from base (x, y) along angle ang
  const pts = [];
  const n = 8;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, w + bend * t * t]);
  }
  for (let i = n - 1; i > 0; i--) {
    const t = i / n;
    const w = wid * sin(t * 180) * (1 - 0.3 * t);
    pts.push([t * len, -w + bend * t * t]);
  }
  return pts.map((p) => [x + p[0] * cos(ang) - p[1] * sin(ang), y + p[0] * sin(ang) + p[1] * cos(ang)]);
}

function band(y0, y1, wob, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([map(i, 0, steps, -20, 620), y0 + random(-wob, wob)]);
  for (let i = steps; i >= 0; i--) pts.push([map(i, 0, steps, -20, 620), y1 + random(-wob, wob)]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#eef0ea");
  brush.noStroke();

  // sea fog: a small lighthouse at the end of a long pier, everything soft and grey-green
  wash("#c9d2cc", 200, 0.45, 0.5, band(-20, 620, 24, 6), 0.8);
  wash("#aebcb6", 150, 0.4, 0.5, band(-20, 180, 20, 8), 0.8);
  wash("#dfe4dc", 180, 0.45, 0.4, blob(380, 260, 260, 70, 16, 0.2), 0.9);
  // horizon almost lost
  wash("#9fb0aa", 130, 0.4, 0.5, band(300, 330, 8, 10), 0.7);
  // water
  wash("#8ea29e", 170, 0.35, 0.5, band(325, 620, 8, 10), 0.5);
  wash("#6a807e", 150, 0.3, 0.5, band(430, 620, 12, 10), 0.6);
  wash("#4a5e5e", 140, 0.3, 0.5, band(530, 620, 12, 10), 0.6);

  // the pier, converging from bottom left toward the lighthouse, darker near us
  wash("#5a6462", 200, 0.2, 0.45, [[-20, 560], [-20, 500], [380, 318], [400, 322]], 0.2);
  wash("#3a4444", 220, 0.15, 0.45, [[-20, 600], [-20, 540], [150, 450], [170, 462]], 0.2);
  for (let i = 0; i < 10; i++) {
    const t = i / 9;
    const x = lerp(10, 380, t), y = lerp(560, 322, t);
    const h = lerp(50, 6, t);
    wash("#2e3636", lerp(220, 120, t), 0.05, 0.1, [[x - 2, y], [x + 2, y], [x + 2, y + h], [x - 2, y + h]], 0);
  }
  // lighthouse: pale, edges lost in fog, only the lantern crisp
  const bx = 395, by = 318;
  wash("#c8ccc4", 220, 0.3, 0.4, [[bx - 14, by], [bx + 14, by], [bx + 9, by - 90], [bx - 9, by - 90]], 0.1);
  wash("#8a8e88", 120, 0.3, 0.4, [[bx + 2, by], [bx + 14, by], [bx + 9, by - 90], [bx + 2, by - 90]], 0.1);
  wash("#a04a3a", 160, 0.2, 0.4, [[bx - 13, by - 30], [bx + 13, by - 30], [bx + 12, by - 45], [bx - 12, by - 45]], 0.1);
  wash("#2e3636", 240, 0.05, 0.15, [[bx - 10, by - 90], [bx + 10, by - 90], [bx + 9, by - 106], [bx - 9, by - 106]], 0);
  brush.fill("#ffe6a0", 255);
  brush.fillBleed(0);
  brush.fillTexture(0, 0);
  brush.circle(bx, by - 98, 5, false);
  wash("#fff2c8", 120, 0.5, 0.3, blob(bx, by - 98, 40, 30, 14, 0.2), 0.9);
  wash("#2e3636", 240, 0.05, 0.15, [[bx - 12, by - 106], [bx + 12, by - 106], [bx, by - 120]], 0);
  // reflections
  wash("#8a8e88", 100, 0.4, 0.5, blob(bx, by + 40, 10, 34, 10, 0.3), 0.9);
  // gulls
  for (const g of [[180, 140], [220, 120], [470, 170]]) {
    wash("#3a4444", 200, 0.0, 0.05, leaf(g[0], g[1], 14, 2, -160, 2), 0.5);
    wash("#3a4444", 200, 0.0, 0.05, leaf(g[0], g[1], 14, 2, -20, -2), 0.5);
  }
}
