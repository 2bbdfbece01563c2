// Summer alpine lake: turquoise water below a grey snow peak, dark spruce slopes
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

function spruce(x, base, h, hex, op) {
  const pts = [[x, base - h]];
  for (let k = 1; k <= 5; k++) pts.push([x + k * h * 0.045, base - h + k * h * 0.19]);
  pts.push([x, base]);
  for (let k = 5; k >= 1; k--) pts.push([x - k * h * 0.045, base - h + k * h * 0.19]);
  wash(hex, op, 0.12, 0.35, 0.5, pts, 0.15);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f8f4ea");
  brush.noStroke();
  randomSeed(21);

  // sky: clear blue at the top, left open near the peak
  wash("#8fbfe0", 170, 0.4, 0.4, 0.2, [[-20, -20], [620, -20], [620, 120], [420, 90], [250, 150], [-20, 110]], 0.7);
  wash("#c7e0ef", 120, 0.45, 0.4, 0.2, [[-20, 100], [620, 110], [620, 260], [-20, 260]], 0.6);

  // the peak: snow left as paper on top, grey rock faces below, one dark shadow face
  const peak = [[110, 300], [230, 170], [300, 80], [360, 160], [420, 140], [540, 300]];
  wash("#b7b8c2", 150, 0.25, 0.5, 0.4, [[140, 300], [230, 200], [270, 160], [300, 190], [345, 200], [420, 180], [520, 300]], 0.4);
  wash("#6e7386", 170, 0.15, 0.5, 0.6, [[300, 85], [360, 160], [340, 230], [380, 300], [300, 300], [310, 200]], 0.2);
  wash("#42475a", 130, 0.12, 0.5, 0.6, [[320, 140], [350, 190], [340, 300], [318, 300], [322, 210]], 0.2);

  // green slopes coming down to the water from both sides
  wash("#6f9a58", 190, 0.3, 0.5, 0.4, [[-20, 220], [120, 250], [260, 320], [-20, 340]], 0.6);
  wash("#5b8a4f", 190, 0.3, 0.5, 0.4, [[620, 200], [470, 260], [360, 320], [620, 345]], 0.6);

  const W = 330;
  // lake: turquoise, darker toward the near shore, with a pale sky band mid-water
  wash("#5cbcc0", 190, 0.35, 0.45, 0.3, [[-20, W], [620, W], [620, 620], [-20, 620]], 0.2);
  wash("#2f8fa0", 150, 0.4, 0.5, 0.4, [[-20, 460], [620, 440], [620, 620], [-20, 620]], 0.5);
  wash("#d8eef0", 120, 0.5, 0.3, 0.2, [[60, 380], [540, 372], [520, 392], [80, 398]], 0.6);
  // reflection of the peak, broken
  wash("#6e7386", 110, 0.45, 0.4, 0.3, [[200, W], [300, 420], [330, 470], [360, 420], [440, W]], 0.5);

  // spruces on both slopes: back rows mid green, front rows near black
  for (let i = 0; i < 9; i++) spruce(10 + i * 28 + random(-8, 8), 300 + i * 4, random(60, 90), "#3c6a45", 200);
  for (let i = 0; i < 7; i++) spruce(600 - i * 30 + random(-8, 8), 300 + i * 3, random(60, 85), "#3c6a45", 200);
  for (let i = 0; i < 5; i++) spruce(-5 + i * 34 + random(-6, 6), 420 + random(-10, 10), random(150, 230), "#163024", 230);
  for (let i = 0; i < 3; i++) spruce(600 - i * 40 + random(-6, 6), 430 + random(-10, 10), random(170, 240), "#163024", 230);

  // near shore: warm stones and dark water edge
  wash("#b99a6e", 190, 0.25, 0.5, 0.5, [[120, 600], [230, 560], [360, 570], [470, 600], [470, 620], [120, 620]], 0.6);
  for (let i = 0; i < 6; i++) {
    const x = 170 + i * 50 + random(-10, 10), y = 585 + random(-8, 8);
    wash("#6f5a45", 170, 0.15, 0.4, 0.5, [[x - 18, y], [x - 8, y - 12], [x + 12, y - 10], [x + 18, y + 4]], 0.7);
  }
}
