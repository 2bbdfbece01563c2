"""Which allowed p5 helpers a sketch calls, read from its source: call sites per helper name."""

from __future__ import annotations

from collections import Counter

from critique_paint.sketch.parse import parse, text
from critique_paint.sketch.rules import P5_ALLOWED
from critique_paint.sketch.scopes import collect_scopes


def p5_calls(source: str) -> dict[str, int]:
    """Call sites (`random(...)`, not runs of a loop) per allowed p5 helper the sketch calls and does not declare
    itself; {} for an empty or unparsable source."""
    if not source.strip():
        return {}
    root = parse(source)
    declared = {text(ident) for ident, _ in collect_scopes(root).bindings}
    found: Counter[str] = Counter()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            callee = node.child_by_field_name("function")
            if callee is not None and callee.type == "identifier":
                name = text(callee)
                if name in P5_ALLOWED and name not in declared:
                    found[name] += 1
        stack.extend(node.children)
    return dict(sorted(found.items()))
