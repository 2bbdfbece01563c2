// Revision: three red tulips, deeper glazes, stronger backdrop and ground shadow, stems and blade leaves, soft backdrop wash
function setup() {
  createCanvas(600, 600, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}

function blob(cx, cy, rx, ry, n, jit, rot) {
  brush.beginShape(0.7);
  for (let i = 0; i < n; i++) {
    let a = (360 / n) * i;
    let r = 1 + random(-jit, jit);
    let x = cos(a) * rx * r, y = sin(a) * ry * r;
    brush.vertex(cx + x * cos(rot) - y * sin(rot), cy + x * sin(rot) + y * cos(rot));
  }
  brush.endShape(true);
}

function petal(cx, cy, w, h, tilt) {
  // cup-shaped petal: wide rounded base, pointed top
  brush.beginShape(0.8);
  let pts = [[-0.5, 0.1], [-0.55, -0.45], [-0.3, -0.9], [0, -1.05], [0.3, -0.9], [0.55, -0.45], [0.5, 0.1], [0.2, 0.35], [-0.2, 0.35]];
  for (let p of pts) {
    let x = p[0] * w + random(-3, 3), y = p[1] * h + random(-3, 3);
    brush.vertex(cx + x * cos(tilt) - y * sin(tilt), cy + x * sin(tilt) + y * cos(tilt));
  }
  brush.endShape(true);
}

function stem(x0, y0, x1, y1, bend, w) {
  brush.beginShape(0.9);
  let n = 8;
  for (let i = 0; i <= n; i++) {
    let t = i / n;
    let x = lerp(x0, x1, t) + sin(t * 180) * bend;
    brush.vertex(x - w / 2, lerp(y0, y1, t));
  }
  for (let i = n; i >= 0; i--) {
    let t = i / n;
    let x = lerp(x0, x1, t) + sin(t * 180) * bend;
    brush.vertex(x + w / 2, lerp(y0, y1, t));
  }
  brush.endShape(true);
}

function leaf(bx, by, len, w, ang) {
  brush.beginShape(0.8);
  for (let i = 0; i <= 10; i++) {
    let t = i / 10;
    let x = sin(t * 180) * w * (1 - t * 0.4), y = -t * len;
    brush.vertex(bx + x * cos(ang) - y * sin(ang), by + x * sin(ang) + y * cos(ang));
  }
  for (let i = 10; i >= 0; i--) {
    let t = i / 10;
    let x = -sin(t * 180) * w * 0.3, y = -t * len;
    brush.vertex(bx + x * cos(ang) - y * sin(ang), by + x * sin(ang) + y * cos(ang));
  }
  brush.endShape(true);
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#f4eee3");
  brush.noStroke();

  // backdrop: pale ochre and soft violet washes
  brush.fill("#e8c58e", 150);
  brush.fillBleed(0.5);
  brush.fillTexture(0.4, 0.3);
  blob(230, 220, 260, 190, 14, 0.15, 10);
  brush.fill("#a9a3cf", 130);
  blob(430, 420, 220, 200, 14, 0.18, -20);

  // cool ground shadow pooling under the stems
  brush.fill("#8fa6b8", 120);
  brush.fillBleed(0.45);
  brush.fillTexture(0.5, 0.4);
  blob(310, 575, 230, 45, 16, 0.2, 0);
  // warm glow behind the tallest bloom
  brush.fill("#f2b48a", 110);
  blob(335, 190, 120, 110, 12, 0.2, 0);

  // stems
  brush.fill("#5d8a42", 210);
  brush.fillBleed(0.1);
  brush.fillTexture(0.05, 0.2);
  stem(215, 255, 260, 560, 14, 9);
  stem(330, 200, 305, 565, -10, 9);
  stem(445, 300, 350, 565, 18, 8);

  // leaves, two glazes
  brush.fill("#7fae5c", 170);
  brush.fillBleed(0.3);
  brush.fillTexture(0.35, 0.35);
  leaf(250, 580, 240, 48, -18);
  leaf(330, 585, 200, 40, 22);
  leaf(370, 590, 150, 36, 40);
  brush.fill("#2f5a32", 170);
  brush.fillBleed(0.2);
  leaf(262, 585, 170, 26, -14);
  leaf(338, 588, 140, 22, 26);

  // tulip heads: pale rose underlayer, then crimson, then dark bases
  let heads = [[215, 250, 92, 118, -8], [330, 195, 100, 128, 4], [445, 298, 82, 104, 14]];
  for (let h of heads) {
    brush.fill("#f0a48f", 150);
    brush.fillBleed(0.45);
    brush.fillTexture(0.4, 0.4);
    petal(h[0], h[1], h[2] * 1.15, h[3] * 1.05, h[4]);
    brush.fill("#d23a35", 190);
    brush.fillBleed(0.3);
    brush.fillTexture(0.5, 0.5);
    petal(h[0] - h[2] * 0.18, h[1], h[2] * 0.62, h[3] * 0.92, h[4] - 8);
    petal(h[0] + h[2] * 0.18, h[1], h[2] * 0.62, h[3] * 0.95, h[4] + 8);
    brush.fill("#8a1a2c", 190);
    brush.fillBleed(0.18);
    brush.fillTexture(0.3, 0.6);
    petal(h[0], h[1] + h[3] * 0.05, h[2] * 0.42, h[3] * 0.72, h[4]);
  }

  // a few darker accents at the petal bases
  brush.fill("#4a0f20", 200);
  brush.fillBleed(0.12);
  for (let h of heads) {
    blob(h[0], h[1] + h[3] * 0.22, h[2] * 0.2, h[3] * 0.08, 9, 0.2, h[4]);
  }
}
