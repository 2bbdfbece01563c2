"""What the page needs to count a sketch's stack and work, and how a refusal before painting reads.

The rewrite runs in the page's sandbox realm (``render/js/instrument.js``): the sketch is parsed as V8 reads
strict ECMAScript (acorn), every function entry (functions, arrows, methods, accessors, constructors, class
field initialisers, static blocks, generator and async resumptions) adds its weight to a depth counter and
every entry and loop step its size to a work counter, and the code V8 runs is generated from that tree. So
whether a deep recursion or a long loop is refused depends on the source alone, not on the JIT or the
machine's load.
"""

from __future__ import annotations

from critique_paint.sketch.gate import syntax_violation
from critique_paint.sketch.parse import parser
from critique_paint.sketch.rules import MAX_SOURCE_CHARS, REFUSED_TEXT, REFUSED_TEXT_MESSAGE

__all__ = ["DEPTH_BUDGET", "PAINT_OP_COST", "SUSPEND_COST", "WORK_BUDGET", "instrument_options", "refusal"]

DEPTH_BUDGET = 262_144  # bytes of counted frames; V8's own stack is 2 MB (render.browser.V8_STACK_KB)
SUSPEND_COST = 64  # work units of one await or yield resumption (a microtask costs about as much as 64 steps)
PAINT_OP_COST = 2_000  # work units of one canvas or WebGL operation while painting
FACADE_COST = 64  # work units of one call into p5 or p5.brush
WORK_BUDGET = 6_000_000_000  # work units per render: over twice the heaviest pool painting (sunflowers-03, 2.7e9)


def instrument_options(work_budget: int = WORK_BUDGET) -> dict:
    """The settings ``instrument.js`` and the sandbox's work counter read."""
    return {"depthBudget": DEPTH_BUDGET, "suspendCost": SUSPEND_COST, "paintOpCost": PAINT_OP_COST,
            "facadeCost": FACADE_COST,
            "workBudget": int(work_budget), "refusedText": list(REFUSED_TEXT), "refusedMessage": REFUSED_TEXT_MESSAGE}


def too_large(source: str) -> tuple[str, str, int | None] | None:
    """A source past the gate's size limit is not sent to the page."""
    if len(source) <= MAX_SOURCE_CHARS:
        return None
    return "too_large", f"the sketch is {len(source)} characters; the limit is {MAX_SOURCE_CHARS}", None


def refusal(source: str, code: str, message: str, line: int | None) -> tuple[str, str, int | None]:
    """The page's refusal, with a syntax error that only means the source was cut off called ``truncated``."""
    if code == "syntax_error":
        data = source.encode("utf-8", errors="replace")
        found = syntax_violation(parser().parse(data).root_node, data)
        if found is not None and found.code == "truncated":
            return found.code, found.message, found.line
    return code, message, line
