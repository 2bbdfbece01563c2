"""Pigment is measured after compositing over the sketch's paper: what its executed background() painted."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from critique_paint.render.pigment import (
    composite_rgb,
    modal_colour,
    paint_fraction,
    paint_mask,
    paper_colour,
    paper_colour_from_source,
)


def _png(rgba: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(rgba.astype(np.uint8), "RGBA" if rgba.shape[-1] == 4 else "RGB").save(buf, "PNG")
    return buf.getvalue()


def _disc(size: int, radius: int) -> np.ndarray:
    yy, xx = np.mgrid[:size, :size]
    return (yy - size / 2) ** 2 + (xx - size / 2) ** 2 < radius**2


def test_paper_hint_from_source_forms() -> None:
    """The text's guess, kept for the offline critic; verdicts use the renderer's record (tests below)."""
    assert paper_colour_from_source('function setup(){ background("#f5efe4"); }') == (245, 239, 228)
    assert paper_colour_from_source("function setup(){ background(20, 24, 40); }") == (20, 24, 40)
    assert paper_colour_from_source("function setup(){ background(230); }") == (230, 230, 230)
    assert paper_colour_from_source('const PAPER = "#fff";\nfunction draw(){ background(PAPER); }') == (255, 255, 255)
    assert paper_colour_from_source("function draw(){ background(color(10, 20, 30)); }") == (10, 20, 30)
    assert paper_colour_from_source('function draw(){ background("ivory"); }') == (255, 255, 240)


def test_paper_from_source_unknown() -> None:
    assert paper_colour_from_source("function setup(){ brush.circle(1, 2, 3); }") is None
    assert paper_colour_from_source("function setup(){ background(255, 10); }") is None  # translucent
    assert paper_colour_from_source("function setup(){ background(pick()); }") is None
    assert paper_colour_from_source("function setup( {{{") is None


def test_invisible_wash_on_transparent_canvas_is_not_paint() -> None:
    rgba = np.zeros((100, 100, 4), np.uint8)
    rgba[..., :3] = (120, 40, 30)
    rgba[..., 3] = 12  # an almost invisible wash over a canvas never given a background()
    png = _png(rgba)
    assert paint_fraction(png) < 0.01
    assert composite_rgb(png).min() >= 255 - 12
    rgba[_disc(100, 20), 3] = 255  # an opaque motif on the same canvas is paint
    assert 0.1 < paint_fraction(_png(rgba)) < 0.14


def test_full_wash_over_known_paper() -> None:
    """background() is the wash colour: only the motif is paint. A wash over white paper is itself paint."""
    rgb = np.zeros((100, 100, 3), np.uint8)
    rgb[...] = (200, 180, 140)
    rgb[_disc(100, 20)] = (60, 40, 90)
    png = _png(rgb)
    motif = float(_disc(100, 20).mean())
    assert abs(paint_fraction(png, paper=(200, 180, 140)) - motif) < 0.01
    assert paint_fraction(png, paper=(255, 255, 255)) > 0.99


def test_paper_is_lightest_large_region_not_mode() -> None:
    rgb = np.zeros((100, 100, 3), np.uint8)
    rgb[...] = (90, 110, 150)  # a wash over 70% of the sheet, the modal colour
    rgb[:30] = (246, 240, 228)  # paper left bare along the top
    rgb[60:64, 40:44] = (255, 255, 255)  # a tiny highlight is lighter but not large
    assert np.allclose(paper_colour(rgb), (246, 240, 228))
    assert abs(paint_fraction(_png(rgb)) - 0.7) < 0.01


WASH = """function setup() {
  createCanvas(600, 600, WEBGL);
  brush.scaleBrushes(3);
  noLoop();
}
function draw() {
  translate(-width / 2, -height / 2);
  BACKGROUND
  brush.noStroke();
  brush.fill("COLOUR", ALPHA);
  brush.circle(300, 300, 260, false);
}
"""


def _wash(alpha: int, background: str = "", colour: str = "#3a4a7a") -> str:
    return WASH.replace("ALPHA", str(alpha)).replace("BACKGROUND", background).replace("COLOUR", colour)


def test_rendered_faint_wash_without_background_is_not_paint(renderer):
    faint = renderer.render(_wash(12), seed=1)
    assert faint.ok, faint.message
    with Image.open(io.BytesIO(faint.png)) as img:
        assert img.mode == "RGBA" and img.getextrema()[3][0] == 0  # the canvas really is transparent
        uncomposited = np.asarray(img.convert("RGB"))
    assert paint_mask(uncomposited, paper=modal_colour(uncomposited)).mean() > 0.3  # what was measured before
    assert faint.paper is None  # no background() ran
    assert paint_fraction(faint.png, paper=faint.paper) < 0.005
    strong = renderer.render(_wash(255), seed=1)
    assert paint_fraction(strong.png, paper=strong.paper) > 0.1


def test_rendered_paper_from_background_call(renderer):
    dark = _wash(255, 'background("#141820");', "#f0e0a0")
    result = renderer.render(dark, seed=1)
    assert result.paper == (20, 24, 32)
    rgb = composite_rgb(result.png, result.paper)
    assert np.allclose(rgb[5, 5], (20, 24, 32), atol=2)
    fraction = paint_fraction(result.png, paper=result.paper)  # a pale wash on dark paper
    print(f"pale wash on dark paper: {fraction:.3f}")
    assert 0.2 < fraction < 0.9


def test_paper_is_what_ran_not_what_the_text_holds(renderer):
    """A background() that never runs (or is painted over by a later one) is not the paper."""
    faint = _wash(10, 'background("#fbf8f2");', "#e8e0d0")
    decoy = faint.replace("function draw() {", 'function unused() { background("#101418"); }\nfunction draw() {')
    for source in (faint, decoy):
        result = renderer.render(source, seed=1)
        assert result.paper == (251, 248, 242)
        assert paint_fraction(result.png, paper=result.paper) < 0.005
    assert paper_colour_from_source(decoy) == (16, 20, 24)  # what the text alone suggests
    later = faint.replace('background("#fbf8f2");', 'background("#101418"); background(251, 248, 242);')
    assert renderer.render(later, seed=1).paper == (251, 248, 242)
    grey = faint.replace('background("#fbf8f2");', "background(color(250));")
    assert renderer.render(grey, seed=1).paper == (250, 250, 250)
    clear = faint.replace('background("#fbf8f2");', 'background("rgba(250, 250, 250, 0.5)");')
    assert renderer.render(clear, seed=1).paper is None  # translucent: the image decides


def test_a_background_before_the_canvas_is_not_the_paper(renderer):
    """background() before createCanvas() paints p5's default canvas, which the painting discards: a sheet covered
    by one cream wash over it is blank, not a cream painting on black paper."""
    cream = WASH.replace("brush.circle(300, 300, 260, false);", "brush.circle(300, 300, 600, false);")
    cream = cream.replace("ALPHA", "255").replace("BACKGROUND", "").replace("COLOUR", "#f6f1e7")
    forged = cream.replace("function setup() {\n", 'function setup() {\n  background("#000000");\n')
    result = renderer.render(forged, seed=1)
    assert result.ok, result.message
    assert result.paper is None
    assert paint_fraction(result.png, paper=result.paper) < 0.05
    after = forged.replace("noLoop();", 'noLoop();\n  background("#000000");')
    assert renderer.render(after, seed=1).paper == (0, 0, 0)  # on the render's canvas it is the paper
