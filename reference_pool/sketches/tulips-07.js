// A loose bouquet of white and pale-yellow tulips leaning out of a cobalt jug, warm grey wall, blue shadow on the table
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

function petal(bx, by, w, h, lean, tilt) {
  let pts = [];
  for (let i = 0; i <= 10; i++) {
    let t = i / 10, pr = (0.55 + 0.45 * sin(t * 180)) * (1 - pow(t, 3));
    pts.push([-w * pr + lean * t * h, -h * t]);
  }
  for (let i = 10; i >= 0; i--) {
    let t = i / 10, pr = (0.55 + 0.45 * sin(t * 180)) * (1 - pow(t, 3));
    pts.push([w * pr + lean * t * h, -h * t]);
  }
  for (let i = 1; i < 5; i++) pts.push([cos(i * 36) * w * 0.55, sin(i * 36) * w * 0.35]);
  shape(pts.map((p) => [bx + p[0] * cos(tilt) - p[1] * sin(tilt) + random(-2, 2), by + p[0] * sin(tilt) + p[1] * cos(tilt) + random(-2, 2)]), 0.8);
}

function tulip(x, y, s, tilt, base, shade) {
  brush.fill(base, 200);
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.45);
  petal(x, y, 40 * s, 92 * s, 0, tilt);
  petal(x - 16 * s, y, 27 * s, 86 * s, -0.12, tilt);
  petal(x + 16 * s, y, 27 * s, 88 * s, 0.12, tilt);
  // cool grey-violet shade on one side so the pale flower reads
  brush.fill(shade, 150);
  brush.fillBleed(0.22);
  brush.fillTexture(0.35, 0.5);
  petal(x + 14 * s, y + 2, 16 * s, 74 * s, 0.1, tilt);
  brush.fill("#6f7a4a", 170);
  brush.fillBleed(0.12);
  let c = [];
  for (let i = 0; i < 8; i++) c.push([x + cos(i * 45) * 14 * s, y + 4 + sin(i * 45) * 7 * s]);
  shape(c, 0.8);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f2eee7");
  brush.noStroke();

  // wall: warm grey, deeper toward the right
  brush.fill("#c9bfb2", 170);
  brush.fillBleed(0.5);
  brush.fillTexture(0.5, 0.3);
  shape([[-30, -30], [630, -30], [630, 420], [300, 440], [-30, 410]], 0.7);
  brush.fill("#a89c8f", 140);
  shape([[380, -30], [630, -30], [630, 430], [420, 430], [460, 200]], 0.7);
  // table
  brush.fill("#e2cfae", 160);
  shape([[-30, 420], [630, 410], [630, 630], [-30, 630]], 0.6);

  // shadow of the jug and bouquet on the table and wall
  brush.fill("#7c86a8", 150);
  brush.fillBleed(0.45);
  shape([[300, 530], [520, 500], [600, 470], [560, 440], [400, 430], [330, 470]], 0.8);
  shape([[390, 420], [470, 300], [560, 250], [600, 320], [520, 420]], 0.8);

  // stems fanning out of the jug
  brush.fill("#6e9a4c", 200);
  brush.fillBleed(0.1);
  brush.fillTexture(0.06, 0.2);
  let heads = [[150, 200, 1.0, -28], [235, 120, 1.1, -10], [330, 105, 1.15, 6], [420, 175, 1.0, 24], [190, 290, 0.9, -40], [470, 285, 0.85, 40]];
  for (let h of heads) {
    let mx = (h[0] + 300) / 2 + (h[0] < 300 ? -20 : 20), my = (h[1] + 370) / 2;
    shape([[h[0] - 4, h[1] + 10], [mx - 4, my], [298, 380], [306, 380], [mx + 4, my], [h[0] + 4, h[1] + 10]], 0.8);
  }
  // a few drooping leaves
  brush.fill("#7ea85c", 170);
  brush.fillBleed(0.3);
  brush.fillTexture(0.4, 0.4);
  shape([[280, 360], [200, 330], [110, 360], [60, 420], [150, 380], [240, 370]], 0.8);
  shape([[320, 360], [410, 340], [500, 370], [540, 430], [450, 385], [350, 372]], 0.8);
  brush.fill("#3d6336", 150);
  brush.fillBleed(0.18);
  shape([[285, 365], [190, 345], [100, 385], [180, 365]], 0.8);

  // flowers: whites shaded with grey-violet, two pale yellows
  let cols = ["#fbf7ee", "#f8e8a0", "#fbf7ee", "#fbf7ee", "#f8e8a0", "#fbf7ee"];
  for (let i = 0; i < heads.length; i++) tulip(heads[i][0], heads[i][1], heads[i][2], heads[i][3], cols[i], "#a9a3c2");

  // cobalt jug: body, shadow side, rim
  brush.fill("#3f63a8", 200);
  brush.fillBleed(0.2);
  brush.fillTexture(0.45, 0.5);
  let jug = [];
  for (let i = 0; i <= 16; i++) {
    let t = i / 16;
    jug.push([300 - (55 + sin(t * 180) * 45) , 365 + t * 170]);
  }
  for (let i = 16; i >= 0; i--) {
    let t = i / 16;
    jug.push([300 + (55 + sin(t * 180) * 45), 365 + t * 170]);
  }
  shape(jug, 0.8);
  brush.fill("#1f2f66", 170);
  brush.fillBleed(0.15);
  let js = [];
  for (let i = 0; i <= 12; i++) {
    let t = i / 12;
    js.push([300 + 20 + sin(t * 180) * 20, 370 + t * 165]);
  }
  for (let i = 12; i >= 0; i--) {
    let t = i / 12;
    js.push([300 + (55 + sin(t * 180) * 45) - 4, 370 + t * 165]);
  }
  shape(js, 0.8);
  brush.fill("#9fb6e0", 170);
  brush.fillBleed(0.25);
  shape([[250, 400], [262, 395], [258, 480], [242, 470]], 0.8);
  // handle
  brush.fill("#2f4d8c", 200);
  brush.fillBleed(0.12);
  shape([[395, 395], [440, 400], [448, 450], [410, 490], [400, 475], [425, 448], [420, 415], [392, 412]], 0.6);
}
