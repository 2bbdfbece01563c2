"""The demo task: a short procedural watercolour whose draft has a hidden fault that only the critique names.

The reference pool's sketches run to thousands of tokens, more than a 2-layer model can learn on a CPU in a
demo; this one follows the same contract in about 630 tokens of fixed text (fixed colours too), so that a tiny
model can learn to write it exactly and what it has to learn is the reading of the critique. It is a whole
painting: a sky wash, a ground wash, a stem with leaves and a bloom with a deep centre.
The draft's `floor(random(3))`, which the renderer seeds with the episode's seed, picks the fault, what it leaves out:
the sky wash (the top third stays bare), the ground wash (the lower third stays empty) or the depth of the bloom
(pale petals, no darks). Nothing in the sketch's text says which: the same draft paints a different fault in each
episode, and the offline critic's critique of the painting names it ("The top third is bare paper", "The lower
third is empty", "Every edge is lost ... There are no darks"). A revision repairs one fault by one edit of the
line that decides them (`fault != "sky"` -> `true`: `repair_edit`, what an `edit` call sends): the right repair
changes the painting, a wrong one leaves it as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from critique_paint.sketch import CANVAS_SIZE
from critique_paint.sketch.edits import Edit

FAULTS = ("sky", "ground", "pale")  # index = the draft's floor(random(3))
FAULT_CLAIMS = {  # the offline critic's claims that name each fault (reward.offline.critique_claims keys)
    "sky": ("top_bare",),
    "ground": ("bottom_bare",),
    "pale": ("lost_edges", "no_darks", "few_values", "narrow_values"),
}
PALE, DEEP = 45, 210  # the bloom's opacity with and without the pale fault
REPAIRS = {"sky": "the sky wash", "ground": "the ground wash", "pale": "the bloom deep"}
READS = {"sky": "the top third is bare", "ground": "the lower third is empty", "pale": "the bloom has no darks"}
SHOWN_CLAIMS = 4  # the critique reads out its first four claims (reward.offline.write_critique)


def _switches(fixed: Iterable[str]) -> str:
    """The line that decides what the painting leaves out; each repaired fault is written as always painted."""
    fixed = set(fixed)
    names = {"sky": "sky", "ground": "ground", "pale": "deep"}
    return "  const " + ", ".join(f"{names[f]} = {'true' if f in fixed else _guard(f)}" for f in FAULTS) + ";"


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(f'"{n}"' for n in names)


def _guard(fault: str) -> str:
    """The draft's switch of `fault`: false in the episodes whose seed drew it."""
    return f'fault != "{fault}"'


def flower_sketch(fixed: Iterable[str] = ()) -> str:
    """The painting with the faults in `fixed` repaired (none: the draft); the composition and the fault come
    from the sketch's own seeded `random()`. Two helpers keep it short: `wash` fills a four-point shape, `ring`
    places `n` circles around the bloom's centre."""
    lines = [
        "function setup() {",
        f"  createCanvas({CANVAS_SIZE}, {CANVAS_SIZE}, WEBGL);",
        "  angleMode(DEGREES);",
        "  brush.scaleBrushes(3);",
        "  noLoop();",
        "}",
        "",
        "function wash(c, a, bleed, grain, v) {",
        "  brush.fill(c, a);",
        "  brush.fillBleed(bleed);",
        "  brush.fillTexture(grain, 0.4);",
        "  brush.beginShape(0.6);",
        "  for (let i = 0; i < 8; i += 2) brush.vertex(v[i], v[i + 1]);",
        "  brush.endShape(true);",
        "}",
        "",
        "function ring(x, y, n, step, turn, d, size) {",
        "  for (let i = 0; i < n; i++) brush.circle(x + cos(i * step + turn) * d, "
        "y + sin(i * step + turn) * d, size, false);",
        "}",
        "",
        "function draw() {",
        "  translate(-width / 2, -height / 2);",
        '  background("#f4efe4");',
        "  brush.noStroke();",
        "  const x = random(250, 350), y = random(280, 295);",
        f"  const fault = [{_quoted(FAULTS)}][floor(random(3))];",
        _switches(fixed),
        f"  const tone = deep ? {DEEP} : {PALE};",
        "  const r = random(46, 52);",
        '  if (sky) wash("#b4c7d4", 200, 0.45, 0.5, [-20, -20, 620, -20, 620, 280, -20, 320]);',
        '  if (ground) wash("#a9bd95", 210, 0.45, 0.5, [-20, 420, 620, 410, 620, 620, -20, 620]);',
        '  wash("#5d7a44", 230, 0.05, 0.05, [x - 4, y, x + 4, y, x + 6, 600, x - 6, 600]);',
        "  brush.circle(x - 26, 385, 18, false);",
        "  brush.circle(x + 24, 360, 15, false);",
        '  brush.fill("#e8a07a", tone);',
        "  brush.fillBleed(0.4);",
        "  brush.fillTexture(0.5, 0.4);",
        "  ring(x, y, 6, 60, 0, r, r);",
        '  brush.fill("#c8604c", tone - 40);',
        "  brush.fillBleed(0.15);",
        "  ring(x, y, 6, 60, 30, r / 2, r / 3);",
        '  brush.fill("#7a1c2c", tone);',
        "  brush.fillBleed(0.1);",
        "  brush.circle(x, y, r / 2, false);",
        '  brush.fill("#2e140f", tone);',
        "  brush.fillBleed(0.02);",
        "  ring(x, y, 7, 51, 0, 12, 3);",
        "}",
    ]
    return "\n".join(lines)


def repair_edit(fault: str) -> Edit:
    """The one-line edit of the draft's switch line that repairs `fault` (applied to the draft it gives
    `flower_sketch([fault])`): its guard becomes `true`."""
    return Edit(_guard(fault), "true")


def draft_and_repairs(seed: int) -> tuple[str, dict[str, str]]:
    """Episode `seed`'s draft and, per fault, the revision that repairs it. The text is the same for every seed:
    the renderer's seed decides the composition and the fault."""
    return flower_sketch(), {fault: flower_sketch([fault]) for fault in FAULTS}


def named_fault(claim_keys: Iterable[str]) -> str | None:
    """The fault a critique names (from the critic's claim keys, first match in FAULTS order: a bare third is
    named before the values, which a pale bloom leaves flat), else None."""
    keys = set(claim_keys)
    return next((f for f in FAULTS if keys & set(FAULT_CLAIMS[f])), None)


def shown_fault(claims: Sequence[Any]) -> str | None:
    """The fault the critique as read out (its first SHOWN_CLAIMS claims, `reward.offline.Claim`) names."""
    return named_fault(c.key for c in list(claims)[:SHOWN_CLAIMS])


def reading(fault: str) -> str:
    """What a revision says before its sketch: the fault it reads in the critique and the repair. One fixed
    sentence per fault, so that what a small model learns from it is which one the critique names."""
    return f"The critique says {READS[fault]}, so I will paint {REPAIRS[fault]}."


def guess(fault: str) -> str:
    """What a revision painted without a critique says before its sketch: the repair it tries."""
    return f"There is no critique to read, so I will paint {REPAIRS[fault]}."


def draft_and_revision(seed: int) -> tuple[str, str]:
    """A draft and a revision that repairs every fault (for sizing a conversation: the longest revision)."""
    return flower_sketch(), flower_sketch(FAULTS)


def repaired(sketch: str) -> frozenset[str] | None:
    """The faults a revision of the demo draft repairs, read from its switch line (None: no such line)."""
    m = re.search(r"const sky = (.+?), ground = (.+?), deep = (.+?);", sketch)
    if m is None:
        return None
    return frozenset(f for f, part in zip(FAULTS, m.groups(), strict=True) if part.strip() == "true")
