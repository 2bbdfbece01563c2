// Three red and coral tulips leaning in from the lower left, backlit against a deep olive ground with a warm glow, long leaves crossing the sheet
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

function rot(cx, cy, ang, x, y) {
  return [cx + x * cos(ang) - y * sin(ang), cy + x * sin(ang) + y * cos(ang)];
}

// one petal: base at (bx, by), grows upward (local -y) by h, half width w, shifted sideways by off
function petal(bx, by, w, h, ang, off, k) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const hw = w * k * sqrt(sin(t * 160 + 10)) * (1 - 0.35 * t);
    pts.push(rot(bx, by, ang, off - hw, -t * h * k));
  }
  pts.push(rot(bx, by, ang, off, -h * k * 1.12));
  for (let t = 1; t >= -0.0001; t -= 0.1) {
    const hw = w * k * sqrt(sin(t * 160 + 10)) * (1 - 0.35 * t);
    pts.push(rot(bx, by, ang, off + hw, -t * h * k));
  }
  return pts;
}

function tulip(bx, by, w, h, ang, c) {
  // back petals (darker, seen through), then the glowing front petals
  wash(c[2], 220, 0.12, 0.35, 0.4, petal(bx, by, w * 0.7, h * 0.95, ang, -w * 0.5, 1), 0.5);
  wash(c[2], 220, 0.12, 0.35, 0.4, petal(bx, by, w * 0.7, h * 0.95, ang, w * 0.5, 1), 0.5);
  wash(c[0], 245, 0.08, 0.35, 0.4, petal(bx, by, w * 0.75, h, ang, -w * 0.35, 1), 0.5);
  wash(c[0], 245, 0.08, 0.35, 0.4, petal(bx, by, w * 0.75, h, ang, w * 0.35, 1), 0.5);
  wash(c[1], 235, 0.06, 0.35, 0.45, petal(bx, by, w * 0.8, h * 1.02, ang, 0, 1), 0.5);
  wash(c[3], 170, 0.15, 0.4, 0.4, petal(bx, by, w * 0.9, h * 0.5, ang, 0, 1), 0.6);
  wash(c[4], 160, 0.05, 0.15, 0.3, petal(bx, by, w * 0.25, h * 0.8, ang, -w * 0.3, 1), 0.5);
  wash("#1a0c0c", 120, 0.1, 0.3, 0.4, petal(bx, by, w * 0.55, h * 0.22, ang, 0, 1), 0.6);
}

function stem(x0, y0, x1, y1, bow, wd, col) {
  const pts = [];
  for (let t = 0; t <= 1.0001; t += 0.1) pts.push([lerp(x0, x1, t) + sin(t * 180) * bow - wd, lerp(y0, y1, t)]);
  for (let t = 1; t >= -0.0001; t -= 0.1) pts.push([lerp(x0, x1, t) + sin(t * 180) * bow + wd * (1 + t * 0.3), lerp(y0, y1, t)]);
  wash(col, 235, 0.03, 0.05, 0.2, pts, 0.4);
}

function leaf(x, y, len, w, ang, bend, c1, c2, c3) {
  const a = [], b = [];
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const hw = w * sin(t * 170 + 5) * (1 - 0.6 * t), cy = bend * t * t * len;
    a.push(rot(x, y, ang, t * len, cy - hw));
    b.push(rot(x, y, ang, t * len, cy + hw * 0.8));
  }
  const mid = [];
  for (let t = 0; t <= 1.0001; t += 0.1) mid.push(rot(x, y, ang, t * len, bend * t * t * len));
  wash(c1, 245, 0.08, 0.35, 0.4, a.concat(b.slice().reverse()), 0.5);
  wash(c2, 230, 0.05, 0.3, 0.4, a.concat(mid.slice().reverse()), 0.5);
  wash(c3, 150, 0.1, 0.3, 0.4, b.slice(0, 7).concat(mid.slice(0, 7).reverse()), 0.5);
}

function blob(cx, cy, rx, ry, i) {
  const pts = [];
  for (let a = 0; a < 360; a += 24) pts.push([cx + cos(a) * rx * (0.7 + noise(i, a * 0.03) * 0.6), cy + sin(a) * ry * (0.7 + noise(a * 0.03, i) * 0.6)]);
  return pts;
}

function draw() {
  translate(-width / 2, -height / 2);
  background("#1c2116");
  brush.noStroke();
  randomSeed(14);
  noiseSeed(14);

  // ground: warm glow upper right through ochre to deep olive and near black at the lower left
  for (let i = 0; i < 7; i++) wash("#6b5a32", 200, 0.5, 0.5, 0.3, blob(random(300, 620), random(-20, 260), random(100, 150), random(80, 120), i), 0.8);
  for (let i = 0; i < 5; i++) wash("#b89a5a", 200, 0.5, 0.45, 0.3, blob(random(400, 600), random(20, 180), random(60, 100), random(50, 80), 10 + i), 0.8);
  wash("#e6cf94", 170, 0.5, 0.4, 0.3, blob(500, 90, 70, 60, 30), 0.8);
  for (let i = 0; i < 6; i++) wash("#34402a", 190, 0.5, 0.5, 0.35, blob(random(-20, 300), random(250, 640), random(90, 140), random(80, 120), 40 + i), 0.8);
  for (let i = 0; i < 6; i++) wash("#0c0f0a", 210, 0.45, 0.5, 0.4, blob(random(-20, 200), random(380, 640), random(60, 100), random(50, 90), 60 + i), 0.8);

  // leaves behind
  leaf(120, 640, 420, 58, -62, 0.12, "#4f6a34", "#33492a", "#16200f");
  leaf(40, 600, 330, 52, -35, -0.1, "#5f7a3a", "#3c5428", "#16200f");
  // stems
  stem(150, 640, 262, 250, 24, 5, "#5a7436");
  stem(110, 640, 372, 345, -30, 5, "#6a843e");
  stem(200, 640, 420, 160, 30, 5, "#4e6a30");
  // tulips: [light, front, back, base shade, highlight]
  tulip(420, 165, 58, 122, 28, ["#e8553c", "#f07a4e", "#9a1c20", "#a8202a", "#ffd0a8"]);
  tulip(262, 255, 54, 112, 8, ["#d8343a", "#ec5a4a", "#7a1420", "#8a1020", "#ffc0b0"]);
  tulip(372, 350, 46, 96, 40, ["#f08a5a", "#f6a674", "#b8402a", "#c04a30", "#fff0d0"]);
  stem(320, 640, 470, 430, 20, 4, "#5a7436");
  tulip(470, 430, 34, 74, 22, ["#c8283a", "#de4a4a", "#6a1020", "#7a0c1c", "#ffb0a0"]);
  // a front leaf crossing, crisp
  leaf(260, 640, 360, 62, -78, -0.22, "#6e8c40", "#44602c", "#16200f");
  // fallen petal
  wash("#d83a3a", 230, 0.05, 0.3, 0.4, petal(500, 560, 20, 60, 100, 0, 1), 0.5);
  wash("#7a1420", 150, 0.05, 0.3, 0.4, petal(500, 560, 12, 30, 100, 0, 1), 0.5);
}