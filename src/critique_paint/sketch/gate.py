"""Static gate for p5.js + p5.brush sketches (the sketch contract: docs/sketch.md).

``check_sketch`` parses the source with tree-sitter, records which names the sketch declares in which
block or function scope, then applies the contract's rules (``checker.Checker``): every free name must be
known, brush and p5 calls must be allowed. The renderer, not this gate, confines what a sketch can reach.
It never raises: any input yields a ``GateVerdict``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tree_sitter import Node

from .checker import Checker
from .parse import parser
from .rules import CANVAS_SIZE, DEFAULT_BRUSH_ALLOWLIST, MAX_SOURCE_CHARS
from .violation import Violation

__all__ = ["GateVerdict", "Violation", "check_sketch", "syntax_violation", "MAX_SOURCE_CHARS", "MAX_VIOLATIONS"]

MAX_VIOLATIONS = 50

_SCOPE_CODES = frozenset({"unknown_global", "undeclared_assignment"})
_OPENERS = frozenset({"{", "(", "[", "${"})
_CLOSERS = frozenset({"}", ")", "]"})


@dataclass(frozen=True)
class GateVerdict:
    """Outcome of the static gate; ``passed`` iff there are no violations."""

    passed: bool
    violations: tuple[Violation, ...] = ()

    def to_dict(self) -> dict:
        """Return a JSON-ready dict."""
        return {"passed": self.passed, "violations": [v.to_dict() for v in self.violations]}

    @property
    def codes(self) -> tuple[str, ...]:
        """The violation codes in report order."""
        return tuple(v.code for v in self.violations)


def _line(node: Node) -> int:
    return node.start_point[0] + 1


def _walk(root: Node) -> Iterator[Node]:
    """Pre-order traversal without recursion (deeply nested input is fine)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def syntax_violation(root: Node, data: bytes) -> Violation | None:
    """``truncated`` or ``syntax_error`` for a tree with parse errors, else None."""
    if not root.has_error:
        return None
    first: Node | None = None
    last_end, depth, last_leaf = 0, 0, None
    for node in _walk(root):
        if node.type == "ERROR" or node.is_missing:
            first = first or node
            last_end = max(last_end, node.end_byte)
        if node.child_count == 0 and not node.is_missing:
            depth += (node.type in _OPENERS) - (node.type in _CLOSERS)
            if node.type != "comment":
                last_leaf = node
    if first is None:
        first = root
    at_eof = last_end >= len(data.rstrip())
    open_string = last_leaf is not None and last_leaf.type in ("string_fragment", "regex_pattern")
    if at_eof and (depth > 0 or open_string):
        end_line = data.rstrip().count(b"\n") + 1
        return Violation(
            "truncated",
            "The sketch ends inside an unclosed block, call or string; finish the code and close every bracket.",
            end_line,
        )
    what = f"missing `{first.type}`" if first.is_missing else "unexpected code"
    return Violation("syntax_error", f"JavaScript syntax error ({what}); fix the code so it parses.", _line(first))


def _finalise(found: Iterable[Violation]) -> GateVerdict:
    """Deduplicate (code, line), order by line and cap the list."""
    seen: set[tuple[str, int | None]] = set()
    unique: list[Violation] = []
    for v in found:
        if (v.code, v.line) not in seen:
            seen.add((v.code, v.line))
            unique.append(v)
    unique.sort(key=lambda v: (v.line is None, v.line or 0))
    capped = tuple(unique[:MAX_VIOLATIONS])
    return GateVerdict(passed=not capped, violations=capped)


def _check(source: str, allowlist: frozenset[str], canvas_size: int) -> list[Violation]:
    if not source.strip():
        return [Violation("empty", "The reply contains no sketch code.", None)]
    if len(source) > MAX_SOURCE_CHARS:
        return [
            Violation("too_large", f"The sketch is over {MAX_SOURCE_CHARS} characters; write a shorter sketch.", None)
        ]
    data = source.encode("utf-8", errors="replace")
    root = parser().parse(data).root_node
    if not any(c.type != "comment" for c in root.children):
        return [Violation("empty", "The sketch contains only comments.", None)]
    checker = Checker(root, allowlist, canvas_size)
    checker.run()
    syntax = syntax_violation(root, data)
    if syntax is None:
        checker.finish(data)
        return checker.found
    # A broken tree loses declarations, so scope-based findings would be noise next to the syntax verdict.
    found = [v for v in checker.found if v.code not in _SCOPE_CODES]
    if syntax.code == "truncated":  # the cut-off last line yields spurious findings
        return [syntax, *(v for v in found if (v.line or 0) < (syntax.line or 0))]
    return [syntax, *found]


def check_sketch(
    source: str,
    *,
    brush_allowlist: Iterable[str] | None = None,
    canvas_size: int = CANVAS_SIZE,
) -> GateVerdict:
    """Statically gate ``source`` against the sketch contract; never raises."""
    allowlist = DEFAULT_BRUSH_ALLOWLIST if brush_allowlist is None else frozenset(brush_allowlist)
    try:
        found = _check(source if isinstance(source, str) else str(source), allowlist, canvas_size)
    except Exception as exc:  # noqa: BLE001 - the gate must always return a verdict
        found = [Violation("syntax_error", f"The sketch could not be checked ({type(exc).__name__}).", None)]
    return _finalise(found)
