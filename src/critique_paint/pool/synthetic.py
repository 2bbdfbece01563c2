"""Short procedural watercolour sketches: an SFT corpus a tiny CPU model can learn in minutes.

The reference pool's sketches run to thousands of tokens, more than a 2-layer model can learn on a CPU
in a demo; these follow the same contract in about 600 tokens (a revision about 780). Each is a whole
painting (sky and ground washes, a stem with leaves, a bloom, its centre), so the offline critic grades it
like a painting rather than as a lone mark on bare paper; the revision adds what the critique asks for
(more petals, shadow glazes, a deeper centre, dark stamens), so the multi-turn format is learnt too.
"""

from __future__ import annotations

import random

from critique_paint.sketch import CANVAS_SIZE

BACKGROUNDS = ["#f4efe4", "#f3ede2", "#f6f1e7", "#efe9dd"]
SKIES = ["#b4c7d4", "#bccdd6", "#aebfcc", "#c2d0d2"]
GROUNDS = ["#a9bd95", "#b3c49c", "#a5b99a"]
LEAVES = ["#5d7a44", "#56733f", "#66804a"]
PETALS = ["#e8a07a", "#f0a58a", "#e99478", "#f2b28f", "#e58f7a", "#eeb08e"]
SHADOWS = ["#c8604c", "#c05a48", "#cf6a52"]
CENTRES = ["#7a1c2c", "#6e1828", "#84202f"]
STAMENS = "#2e140f"


def _fill(colour: str, opacity: int, bleed: float, texture: float) -> list[str]:
    return [f'  brush.fill("{colour}", {opacity});', f"  brush.fillBleed({bleed});",
            f"  brush.fillTexture({texture}, 0.4);"]


def _polygon(points: list[tuple[object, object]]) -> list[str]:
    return ["  brush.beginShape(0.6);", *(f"  brush.vertex({x}, {y});" for x, y in points), "  brush.endShape(true);"]


def _ring(count: int, turn: int, distance: str, radius: str, var: str = "i") -> list[str]:
    """A loop of `count` circles round (x, y); the petal loop is the first `i < count` in a sketch."""
    angle = f"{var} * {360 // count}" + (f" + {turn}" if turn else "")
    return [f"  for (let {var} = 0; {var} < {count}; {var}++) {{", f"    const a = {angle};",
            f"    brush.circle(x + cos(a) * {distance}, y + sin(a) * {distance}, {radius}, false);", "  }"]


def flower_sketch(rng: random.Random, *, petals: int, glaze: bool, stamens: bool, centre_opacity: int) -> str:
    """One bloom on a stem, over a sky wash and a ground wash; `glaze` and `stamens` add the revision's detail.

    The composition (the bloom's centre and size, the stem's foot, the horizon and the ground line) is drawn by
    the sketch itself from p5's `random`, which the renderer seeds with the episode's seed: a draft and its
    revision share one composition, and the sketch's text holds no coordinates a tiny model must copy.
    """
    lines = [
        "function setup() {",
        f"  createCanvas({CANVAS_SIZE}, {CANVAS_SIZE}, WEBGL);",
        "  angleMode(DEGREES);",
        "  brush.scaleBrushes(3);",
        "  noLoop();",
        "}",
        "",
        "function draw() {",
        "  translate(-width / 2, -height / 2);",
        f'  background("{rng.choice(BACKGROUNDS)}");',
        "  brush.noStroke();",
        "  const x = random(230, 370), y = random(200, 260), r = random(70, 90);",
        "  const foot = x + random([-70, -50, 50, 70]), sky = random(330, 380), ground = random(400, 440);",
        *_fill(rng.choice(SKIES), 170, 0.5, 0.6),
        *_polygon([(-20, -20), (620, -20), (620, "sky - 40"), (-20, "sky + 20")]),
        *_fill(rng.choice(GROUNDS), 190, 0.5, 0.6),
        *_polygon([(-20, "ground"), (300, "ground - 30"), (620, "ground + 10"), (620, 620), (-20, 620)]),
        *_fill(rng.choice(LEAVES), 230, 0.05, 0.4),
        *_polygon([("x - 4", "y + r / 2"), ("x + 4", "y + r / 2"), ("foot + 6", 600), ("foot - 6", 600)]),
        "  brush.circle((x + foot) / 2 - 30, 450, 22, false);",
        "  brush.circle((x + foot) / 2 + 28, 400, 18, false);",
        *_fill(rng.choice(PETALS), rng.randint(190, 225), rng.choice([0.3, 0.4]), rng.choice([0.5, 0.6])),
        *_ring(petals, 0, "r", "r"),
    ]
    shadow = rng.choice(SHADOWS)  # drawn for drafts too, so a draft and its revision pick the same centre colour
    if glaze:
        lines += [*_fill(shadow, 160, 0.15, 0.5), *_ring(petals, 20, "r / 2", "r / 3")]
    lines += [*_fill(rng.choice(CENTRES), centre_opacity, 0.1, 0.4), "  brush.circle(x, y, r / 3, false);"]
    if stamens:
        lines += [*_fill(STAMENS, 245, 0.02, 0.4), *_ring(7, 0, "16", "4", var="j")]
    lines.append("}")
    return "\n".join(lines)


def draft_and_revision(seed: int) -> tuple[str, str]:
    """A plain first painting and its revision of the same composition (more petals, shadow glazes, a deeper
    centre, dark stamens)."""
    petals = random.Random(seed).randint(4, 5)
    draft = flower_sketch(random.Random(seed), petals=petals, glaze=False, stamens=False, centre_opacity=150)
    revision = flower_sketch(random.Random(seed), petals=petals + 2, glaze=True, stamens=True, centre_opacity=235)
    return draft, revision
