"""The demo task: short procedural watercolours whose draft has a hidden fault that only the critique names.

The reference pool's sketches run to thousands of tokens, more than a 2-layer model can learn on a CPU in a
demo; these follow the same contract in a few hundred tokens. Each is a whole painting: a sky wash, a ground
wash, a stem and a bloom with a deep centre. The draft's first `random()` call, which the renderer seeds with
the episode's seed, decides what it leaves out: the sky wash (the top third stays bare), the ground wash (the
lower third stays empty) or the depth of the bloom (pale petals, no darks). Nothing in the sketch's text says
which: the same draft paints a different fault in each episode, and the offline critic's critique of the
painting names it ("The top third is bare paper", "The lower third is empty", "Every edge is lost ... There are
no darks"). A revision repairs one fault by one edit of the line that decides them (`const sky = true, ...`):
the right repair changes the painting, a wrong one leaves it as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from critique_paint.sketch import CANVAS_SIZE

FAULTS = ("sky", "ground", "pale")  # index = the draft's floor(random(3))
FAULT_CLAIMS = {  # the offline critic's claims that name each fault (reward.offline.critique_claims keys)
    "sky": ("top_bare",),
    "ground": ("bottom_bare",),
    "pale": ("lost_edges", "no_darks", "few_values", "narrow_values"),
}
PALE, DEEP = 45, 210  # the bloom's opacity with and without the pale fault
REPAIRS = {"sky": "the sky wash", "ground": "the ground wash", "pale": "the bloom deep"}
SHOWN_CLAIMS = 4  # the critique reads out its first four claims (reward.offline.write_critique)

BACKGROUNDS = ["#f4efe4", "#f3ede2", "#f6f1e7", "#efe9dd"]
SKIES = ["#b4c7d4", "#bccdd6", "#aebfcc", "#c2d0d2"]
GROUNDS = ["#a9bd95", "#b3c49c", "#a5b99a"]
STEMS = ["#5d7a44", "#56733f", "#66804a"]
PETALS = ["#e8a07a", "#f0a58a", "#e99478", "#f2b28f", "#e58f7a", "#eeb08e"]
SHADOWS = ["#c8604c", "#c05a48", "#cf6a52"]
CENTRES = ["#7a1c2c", "#6e1828", "#84202f"]


def _switches(fixed: Iterable[str]) -> str:
    """The line that decides what the painting leaves out; each repaired fault is written as always painted."""
    fixed = set(fixed)
    sky = "true" if "sky" in fixed else "fault != 0"
    ground = "true" if "ground" in fixed else "fault != 1"
    tone = str(DEEP) if "pale" in fixed else f"fault == 2 ? {PALE} : {DEEP}"
    return f"  const sky = {sky}, ground = {ground}, tone = {tone};"


def _wash(colour: str, opacity: int, points: list[tuple[object, object]]) -> list[str]:
    return [f'    brush.fill("{colour}", {opacity});', "    brush.fillBleed(0.45);", "    brush.fillTexture(0.5, 0.4);",
            "    brush.beginShape(0.6);", *(f"    brush.vertex({x}, {y});" for x, y in points),
            "    brush.endShape(true);"]


def flower_sketch(rng: random.Random, fixed: Iterable[str] = ()) -> str:
    """The painting with the faults in `fixed` repaired (none: the draft); colours come from `rng`, the
    composition and the fault from the sketch's own seeded `random()`."""
    background, sky, ground = rng.choice(BACKGROUNDS), rng.choice(SKIES), rng.choice(GROUNDS)
    stem, petal, centre = rng.choice(STEMS), rng.choice(PETALS), rng.choice(CENTRES)
    shadow = rng.choice(SHADOWS)
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
        f'  background("{background}");',
        "  brush.noStroke();",
        "  const x = random(250, 350), y = random(280, 295);",
        "  const fault = floor(random(3));",
        _switches(fixed),
        "  const r = random(46, 52);",
        "  if (sky) {",
        *_wash(sky, 200, [(-20, -20), (620, -20), (620, 280), (-20, 320)]),
        "  }",
        "  if (ground) {",
        *_wash(ground, 210, [(-20, 420), (620, 410), (620, 620), (-20, 620)]),
        "  }",
        f'  brush.fill("{stem}", 230);',
        "  brush.fillBleed(0.05);",
        "  brush.fillTexture(0.05, 0.4);",
        "  brush.beginShape(0.6);",
        "  brush.vertex(x - 4, y);",
        "  brush.vertex(x + 4, y);",
        "  brush.vertex(x + 6, 600);",
        "  brush.vertex(x - 6, 600);",
        "  brush.endShape(true);",
        "  brush.circle(x - 26, 385, 18, false);",
        "  brush.circle(x + 24, 360, 15, false);",
        f'  brush.fill("{petal}", tone);',
        "  brush.fillBleed(0.4);",
        "  brush.fillTexture(0.5, 0.4);",
        "  for (let i = 0; i < 6; i++) {",
        "    brush.circle(x + cos(i * 60) * r, y + sin(i * 60) * r, r, false);",
        "  }",
        f'  brush.fill("{shadow}", tone - 40);',
        "  brush.fillBleed(0.15);",
        "  for (let i = 0; i < 6; i++) {",
        "    brush.circle(x + cos(i * 60 + 30) * r / 2, y + sin(i * 60 + 30) * r / 2, r / 3, false);",
        "  }",
        f'  brush.fill("{centre}", tone);',
        "  brush.fillBleed(0.1);",
        "  brush.circle(x, y, r / 2, false);",
        '  brush.fill("#2e140f", tone);',
        "  brush.fillBleed(0.02);",
        "  for (let j = 0; j < 7; j++) {",
        "    brush.circle(x + cos(j * 51) * 12, y + sin(j * 51) * 12, 3, false);",
        "  }",
        "}",
    ]
    return "\n".join(lines)


def draft_and_repairs(seed: int) -> tuple[str, dict[str, str]]:
    """Episode `seed`'s draft and, per fault, the revision that repairs it (same colours, same composition)."""
    draft = flower_sketch(random.Random(seed))
    return draft, {fault: flower_sketch(random.Random(seed), [fault]) for fault in FAULTS}


def named_fault(claim_keys: Iterable[str]) -> str | None:
    """The fault a critique names (from the critic's claim keys, first match in FAULTS order: a bare third is
    named before the values, which a pale bloom leaves flat), else None."""
    keys = set(claim_keys)
    return next((f for f in FAULTS if keys & set(FAULT_CLAIMS[f])), None)


def repair_note(claims: Sequence[Any]) -> tuple[str, str] | None:
    """(fault, what a revision says before its sketch) for a critique's claims (`reward.offline.Claim`): the
    sentence of the critique that names the fault, quoted, then the repair; None when the critique as read out
    names no fault."""
    shown = list(claims)[:SHOWN_CLAIMS]
    fault = named_fault(c.key for c in shown)
    if fault is None:
        return None
    sentence = next(c.text for c in shown if c.key in FAULT_CLAIMS[fault])
    return fault, f"{sentence} I will paint {REPAIRS[fault]}."


def draft_and_revision(seed: int) -> tuple[str, str]:
    """A draft and a revision that repairs every fault (for sizing a conversation: the longest revision)."""
    return flower_sketch(random.Random(seed)), flower_sketch(random.Random(seed), FAULTS)


def repaired(sketch: str) -> frozenset[str] | None:
    """The faults a revision of the demo draft repairs, read from its switch line (None: no such line)."""
    import re

    m = re.search(r"const sky = (.+?), ground = (.+?), tone = (.+?);", sketch)
    if m is None:
        return None
    sky, ground, tone = (part.strip() for part in m.groups())
    return frozenset(f for f, done in zip(FAULTS, (sky == "true", ground == "true", tone == str(DEEP)),
                                          strict=True) if done)
