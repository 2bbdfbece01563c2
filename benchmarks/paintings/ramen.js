// a bowl of ramen
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

function noodle(x0, y0, len, amp, ph) {
  const pts = [];
  for (let t = 0; t <= len; t += 12) pts.push([x0 + t, y0 + sin(t * 3 + ph) * amp]);
  for (let t = len; t >= 0; t -= 12) pts.push([x0 + t, y0 + sin(t * 3 + ph) * amp + 4]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2ece1");
  brush.noStroke();
  randomSeed(37);

  // a dark wooden table, warm light from the upper left
  wash("#5a3e2e", 230, 0.3, 0.5, [[-20, -20], [620, -20], [620, 620], [-20, 620]], 0.5);
  wash("#7a5a42", 150, 0.45, 0.5, oval(160, 120, 260, 180, 14, 0.2), 0.8);
  wash("#3a271c", 150, 0.4, 0.5, oval(520, 540, 220, 140, 14, 0.2), 0.8);
  // shadow, then the bowl: a deep blue glaze with a white rim
  wash("#22160f", 190, 0.35, 0.45, oval(320, 420, 230, 60, 16, 0.1), 0.8);
  wash("#2f4f7a", 240, 0.12, 0.4, [[90, 300], [510, 300], [470, 400], [400, 448], [200, 448], [130, 400]], 0.7);
  wash("#1f3658", 170, 0.15, 0.45, [[320, 300], [510, 300], [470, 400], [400, 448], [330, 448]], 0.7);
  wash("#e9e4da", 240, 0.08, 0.2, oval(300, 300, 212, 52, 20, 0.02), 0.7);
  // broth, noodles, egg, greens, pork, nori
  wash("#d9a85e", 235, 0.15, 0.4, oval(300, 300, 196, 44, 20, 0.03), 0.7);
  wash("#b9803e", 150, 0.2, 0.45, oval(330, 310, 150, 28, 16, 0.1), 0.8);
  for (let i = 0; i < 6; i++) wash("#f3dfa6", 220, 0.05, 0.2, noodle(150 + i * 12, 288 + i * 5, 170, 6, i * 60), 0.5);
  wash("#f6f1e4", 245, 0.08, 0.15, oval(380, 292, 34, 22, 14, 0.05), 0.6);
  wash("#f0a22a", 250, 0.06, 0.2, oval(384, 294, 16, 11, 12, 0.05), 0.6);
  wash("#c97a5a", 235, 0.1, 0.35, oval(220, 300, 46, 20, 14, 0.1), 0.6);
  wash("#e8b8a0", 180, 0.1, 0.3, oval(214, 296, 30, 10, 12, 0.1), 0.6);
  wash("#1f2a1e", 245, 0.04, 0.3, [[260, 262], [300, 258], [306, 300], [266, 304]], 0.1);
  for (let i = 0; i < 9; i++) {
    wash("#5f9a3e", 230, 0.05, 0.2, oval(300 + random(-40, 60), 318 + random(-10, 10), 7, 4, 8, 0.2), 0.5);
  }
  // chopsticks across the rim and steam
  wash("#a06a3a", 245, 0.04, 0.2, [[370, 236], [590, 170], [592, 176], [374, 244]], 0);
  wash("#8a5a30", 245, 0.04, 0.2, [[380, 250], [596, 196], [597, 202], [382, 258]], 0);
  for (let i = 0; i < 3; i++) wash("#efe8dc", 90, 0.5, 0.2, oval(240 + i * 50, 200 - i * 20, 22, 50, 10, 0.3), 0.9);
}
