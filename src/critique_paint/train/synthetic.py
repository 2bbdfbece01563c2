"""Short procedural watercolour sketches: an SFT corpus a tiny CPU model can learn in minutes.

The reference pool's sketches run to thousands of tokens, more than a 2-layer model can learn on a CPU
in a demo; these follow the same contract in a few hundred characters, with a simple revision step
(more petals, a deeper centre, a ground wash) so the multi-turn format is learnt too.
"""

from __future__ import annotations

import random

from critique_paint.sketch import CANVAS_SIZE

BACKGROUNDS = ["#f4efe4", "#f3ede2", "#f6f1e7", "#efe9dd"]
PETALS = ["#e8a07a", "#f0a58a", "#e99478", "#f2b28f", "#e58f7a", "#eeb08e"]
CENTRES = ["#b8404a", "#a8323c", "#c0485a", "#9e2f3e"]
GROUNDS = ["#c9d8c0", "#d5ddc4", "#cfd9d2", "#e0d3bf"]


def flower_sketch(rng: random.Random, *, petals: int, ground: bool, centre_opacity: int) -> str:
    """One bloom: a ring of translucent petal washes, a centre, optionally a ground wash."""
    x, y = rng.randint(250, 350), rng.randint(240, 330)
    radius = rng.randint(70, 100)
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
    ]
    if ground:
        lines += [
            f'  brush.fill("{rng.choice(GROUNDS)}", 210);',
            "  brush.fillBleed(0.5);",
            "  brush.fillTexture(0.5, 0.5);",
            "  brush.circle(300, 560, 260, false);",
        ]
    lines += [
        f'  brush.fill("{rng.choice(PETALS)}", {rng.randint(170, 220)});',
        f"  brush.fillBleed({rng.choice([0.3, 0.4, 0.5])});",
        f"  brush.fillTexture({rng.choice([0.3, 0.4, 0.5])}, 0.4);",
        f"  for (let i = 0; i < {petals}; i++) {{",
        f"    const a = i * {360 // petals};",
        f"    brush.circle({x} + cos(a) * {radius}, {y} + sin(a) * {radius}, {radius}, false);",
        "  }",
        f'  brush.fill("{rng.choice(CENTRES)}", {centre_opacity});',
        "  brush.fillBleed(0.2);",
        f"  brush.circle({x}, {y}, {radius // 3}, false);",
        "}",
    ]
    return "\n".join(lines)


def draft_and_revision(seed: int) -> tuple[str, str]:
    """A plain first painting and its revision (more petals, a ground wash, a deeper centre)."""
    petals = random.Random(seed).randint(4, 5)
    draft = flower_sketch(random.Random(seed), petals=petals, ground=False, centre_opacity=140)
    revision = flower_sketch(random.Random(seed), petals=petals + 2, ground=True, centre_opacity=230)
    return draft, revision
