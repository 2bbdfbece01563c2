"""Sketch source -> the text a page evaluates: refusals, blanked comments and stack accounting.

Every function the sketch writes adds its weight (a bound on its stack frame) to a counter on entry and
takes it off on exit; past the budget the render fails with ``recursion_limit``. So whether a deep recursion
is refused depends on the source alone, not on how far the JIT lets it run before V8 overflows (a depth probe
would otherwise paint differently on a warm page). Generators and async functions leave the count while
suspended and re-enter it on resuming, in a catch or finally block too; ``yield*`` is refused, since the
delegate's steps resume without passing through the delegating function. Parameters with defaults or
patterns move into the body (``(...$cp_a)``), so their evaluation is counted as well.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tree_sitter import Node

from critique_paint.sketch.gate import syntax_violation
from critique_paint.sketch.parse import parser
from critique_paint.sketch.rules import REFUSED_TEXT, REFUSED_TEXT_MESSAGE, RESERVED_PREFIX

__all__ = ["DEPTH_BUDGET", "DEPTH_HOOK", "Prepared", "prepare_sketch"]

DEPTH_BUDGET = 262_144  # bytes of counted frames; V8's own stack is about 1 MB
FRAME_BASE = 1024  # a frame's fixed part plus the native frames a call may pass through
FRAME_PER_NODE = 16  # interpreter registers and spill slots per syntax node, with room to spare
MAX_NESTING = 200

# the depth counter, a frame's base, its "counted" flag, a temporary, the moved parameters
D, BASE, IN, V, A = (RESERVED_PREFIX + s for s in ("d", "o", "in", "v", "a"))
DEPTH_HOOK = RESERVED_PREFIX + "over"

_FUNCTIONS = frozenset({"function_declaration", "function_expression", "function", "generator_function_declaration",
                        "generator_function", "arrow_function", "method_definition"})
_NAMES = frozenset({"identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern"})
_REFUSED = tuple(re.compile(p) for p in REFUSED_TEXT)


@dataclass(frozen=True)
class Prepared:
    """The text to evaluate, or why the sketch is refused before it reaches the page."""

    body: str | None = None
    code: str | None = None
    message: str | None = None
    line: int | None = None


@dataclass
class _Edit:
    start: int
    end: int
    render: Callable[[Callable[[int, int], bytes]], bytes]
    rank: int = 0  # among edits of one range, the lower rank encloses the others
    children: list[_Edit] = field(default_factory=list)


@dataclass
class _Function:
    node: Node
    suspends: bool  # a generator or async function
    nodes: int = 0
    pauses: list[Node] = field(default_factory=list)  # await / yield it owns
    handlers: list[Node] = field(default_factory=list)  # catch and finally blocks it owns


def _line(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _suspends(node: Node) -> bool:
    return node.type in ("generator_function_declaration", "generator_function") or any(
        c.type in ("async", "*") for c in node.children if c.type != "statement_block")


def _delimited(node: Node, opener: str, closer: str) -> tuple[int, int]:
    """Byte range between a node's first opener and last closer (tree-sitter may attach trailing comments)."""
    first = next(c for c in node.children if c.type == opener)
    last = next(c for c in reversed(node.children) if c.type == closer)
    return first.end_byte, last.start_byte


def _simple(params: Node | None) -> bool:
    """Parameters that bind plain names only (no defaults, no patterns): nothing runs while they bind."""
    if params is None or params.type == "identifier":
        return True
    for p in params.named_children:
        if p.type == "rest_pattern" and all(c.type == "identifier" for c in p.named_children):
            continue
        if p.type not in ("identifier", "comment"):
            return False
    return True


class _Rewriter:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.edits: list[_Edit] = []

    def emit(self, start: int, end: int, edits: list[_Edit]) -> bytes:
        out, pos = [], start
        for e in edits:
            if e.start >= start and e.end <= end:
                out.append(self.data[pos:e.start])
                out.append(e.render(lambda s, t, e=e: self.emit(s, t, e.children)))
                pos = e.end
        out.append(self.data[pos:end])
        return b"".join(out)

    def nest(self) -> int:
        """Arrange the edits as a tree (they nest or are disjoint); returns the deepest nesting."""
        roots: list[_Edit] = []
        stack: list[_Edit] = []
        deepest = 0
        for e in sorted(self.edits, key=lambda e: (e.start, -e.end, e.rank)):
            while stack and stack[-1].end <= e.start:
                stack.pop()
            (stack[-1].children if stack else roots).append(e)
            stack.append(e)
            deepest = max(deepest, len(stack))
        self.edits = roots
        return deepest

    def blank(self, node: Node) -> None:
        text = self.data[node.start_byte:node.end_byte]
        blanked = bytes(b if b in b"\r\n" else 32 for b in text)
        self.edits.append(_Edit(node.start_byte, node.end_byte, lambda _emit, b=blanked: b, rank=3))

    def function(self, fn: _Function) -> None:
        node = fn.node
        body = node.child_by_field_name("body")
        params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        if body is None:
            return
        weight = FRAME_BASE + FRAME_PER_NODE * fn.nodes
        enter = f"if (({D} = {BASE} + {weight}) > {DEPTH_BUDGET}) {DEPTH_HOOK}();"
        if fn.suspends:
            pre, post = f"let {BASE} = {D}, {IN} = true, {V}; {enter} ", f"if ({IN}) {D} = {BASE};"
        else:
            pre, post = f"const {BASE} = {D}; {enter} ", f"{D} = {BASE};"
        moved = not _simple(params)
        setter = node.type == "method_definition" and any(c.type == "set" for c in node.children)
        start = params.start_byte if moved and params is not None else body.start_byte

        def render(emit: Callable[[int, int], bytes]) -> bytes:
            head, bind = b"", b""
            if moved and params is not None:
                inner = emit(*_delimited(params, "(", ")"))
                head = f"({A})".encode() if setter else f"(...{A})".encode()
                source = f"[{A}]" if setter else A
                bind = b"var [" + inner + b"] = " + source.encode() + b"; "
                head += emit(params.end_byte, body.start_byte)
            tail = b""
            if body.type == "statement_block":
                opened, closed = _delimited(body, "{", "}")
                inside = emit(opened, closed)
                tail = emit(closed + 1, body.end_byte)
            else:
                inside = b"return (" + emit(body.start_byte, body.end_byte) + b");"
            return (head + b"{" + pre.encode() + b"try { " + bind + inside + b" } finally { " + post.encode()
                    + b" } }" + tail)

        self.edits.append(_Edit(start, body.end_byte, render))
        if fn.suspends:
            resume = f"{IN} = true, {BASE} = {D}, ({D} = {BASE} + {weight}) > {DEPTH_BUDGET} && {DEPTH_HOOK}()"
            for pause in fn.pauses:
                self._pause(pause, resume)
            reenter = f"if (!{IN}) {{ {IN} = true; {BASE} = {D}; {enter} }} ".encode()
            for block in fn.handlers:
                opened, closed = _delimited(block, "{", "}")
                self.edits.append(_Edit(block.start_byte, block.end_byte, lambda emit, o=opened, c=closed, end=(
                    block.end_byte): b"{" + reenter + emit(o, c) + b"}" + emit(c + 1, end), rank=1))

    def _pause(self, node: Node, resume: str) -> None:
        """``await x`` / ``yield x`` -> leave the count, suspend, re-enter it on resuming."""
        keyword = "await" if node.type == "await_expression" else "yield"
        arg = node.named_children[-1] if node.named_children else None

        def render(emit: Callable[[int, int], bytes]) -> bytes:
            value = emit(arg.start_byte, arg.end_byte) if arg is not None else b"undefined"
            return (f"({V} = (".encode() + value + f"), {IN} = false, {D} = {BASE}, {V} = {keyword} {V}, {resume}, "
                    f"{V})".encode())

        self.edits.append(_Edit(node.start_byte, node.end_byte, render, rank=2))


def _refuse(code: str, message: str, line: int | None) -> Prepared:
    return Prepared(code=code, message=message, line=line)


def prepare_sketch(source: str) -> Prepared:
    """Refuse what the page must not evaluate, else return the rewritten body (same lines as ``source``)."""
    data = source.encode("utf-8", errors="replace")
    root = parser().parse(data).root_node
    if root.has_error:
        v = syntax_violation(root, data)
        return _refuse(v.code if v else "syntax_error", v.message if v else "the sketch does not parse", v and v.line)
    rw = _Rewriter(data)
    functions: list[_Function] = []
    stack: list[tuple[Node, _Function | None]] = [(root, None)]
    while stack:
        node, owner = stack.pop()
        kind = node.type
        if kind == "comment":
            rw.blank(node)
            continue
        if kind in _NAMES:
            name = data[node.start_byte:node.end_byte]
            if b"\\" in name:
                return _refuse("escaped_identifier", "names written with escapes are not run; spell them out",
                               _line(data, node.start_byte))
            if name.startswith(RESERVED_PREFIX.encode()):
                return _refuse("reserved_name", f"names starting with {RESERVED_PREFIX} are reserved for the "
                               "renderer; rename it", _line(data, node.start_byte))
        if kind in _FUNCTIONS:
            owner = _Function(node, _suspends(node))
            functions.append(owner)
        elif owner is not None:
            if node.is_named:
                owner.nodes += 1
            if kind == "yield_expression" and any(c.type == "*" for c in node.children):
                return _refuse("unsupported_syntax", "yield* is not supported (its steps would run uncounted); "
                               "loop over the values and yield each one", _line(data, node.start_byte))
            if owner.suspends and kind in ("await_expression", "yield_expression"):
                owner.pauses.append(node)
            elif owner.suspends and kind == "statement_block" and node.parent is not None and node.parent.type in (
                    "catch_clause", "finally_clause"):
                owner.handlers.append(node)
        stack.extend((child, owner) for child in node.children)
    for fn in functions:
        rw.function(fn)
    if rw.nest() > MAX_NESTING:
        return _refuse("sketch_error", f"the sketch nests functions more than {MAX_NESTING} deep", None)
    body = rw.emit(0, len(data), rw.edits).decode("utf-8", errors="replace")
    for pattern in _REFUSED:
        found = pattern.search(body)
        if found:
            at = found.end(1) if pattern.groups else found.start()
            return _refuse("refused_text", REFUSED_TEXT_MESSAGE.format(text=body[at:found.end()].strip()[:20]),
                           body.count("\n", 0, at) + 1)
    return Prepared(body=f"let {D} = 0; " + body)
