"""Sketches the test files share."""

# One opaque disc: short enough for a tiny model's reply budget, and it passes the gate and the paint floor.
SHORT_SKETCH = """function setup() {
  createCanvas(600, 600, WEBGL);
  noLoop();
}
function draw() {
  translate(-300, -300);
  background("#f4efe4");
  brush.noStroke();
  brush.fill("#e8a07a", 200);
  brush.circle(300, 300, 150, false);
}"""
