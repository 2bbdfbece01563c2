"""Static gate for p5.js + p5.brush sketches (DESIGN.md section 3).

``check_sketch`` parses the source with tree-sitter and walks the tree twice:
once to record which names the sketch declares (per function scope), once to
apply the rules. It never raises: any input yields a ``GateVerdict``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

import tree_sitter_javascript
from tree_sitter import Language, Node, Parser

from .rules import (
    BRUSH_METHODS,
    BRUSH_PAINTING_METHODS,
    BUILTIN_NAMES,
    DEFAULT_BRUSH_ALLOWLIST,
    HARD_NAMES,
    P5_ALLOWED,
    SOFT_NAMES,
)

__all__ = ["GateVerdict", "Violation", "check_sketch", "MAX_SOURCE_CHARS", "MAX_VIOLATIONS"]

MAX_SOURCE_CHARS = 100_000
MAX_VIOLATIONS = 50

_FUNCTION_TYPES = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
    }
)
_DECLARATION_TYPES = frozenset({"function_declaration", "generator_function_declaration", "class_declaration"})
_OPENERS = frozenset({"{", "(", "[", "${"})
_CLOSERS = frozenset({"}", ")", "]"})
_PROTECTED = BUILTIN_NAMES | P5_ALLOWED
_MUTATORS = {
    "Object": frozenset({"defineProperty", "defineProperties", "assign", "setPrototypeOf"}),
    "Reflect": frozenset({"set", "defineProperty", "setPrototypeOf", "deleteProperty"}),
}
_PROTECTED_PROPS = frozenset({"prototype", "__proto__"})


@dataclass(frozen=True)
class Violation:
    """One broken rule: a stable ``code``, a human ``message`` and a 1-based ``line``."""

    code: str
    message: str
    line: int | None = None

    def to_dict(self) -> dict:
        """Return a JSON-ready dict."""
        return {"code": self.code, "message": self.message, "line": self.line}


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


@lru_cache(maxsize=1)
def _parser() -> Parser:
    return Parser(Language(tree_sitter_javascript.language()))


def _text(node: Node | None) -> str:
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", errors="replace")


def _line(node: Node) -> int:
    return node.start_point[0] + 1


def _args(call: Node) -> list[Node]:
    """Named argument nodes of a call, comments excluded."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    return [c for c in args.named_children if c.type != "comment"]


def _string_value(node: Node | None) -> str | None:
    """Content of a plain string literal, else None."""
    if node is None or node.type != "string":
        return None
    return "".join(_text(c) for c in node.named_children)


def _number_value(node: Node) -> float | None:
    if node.type != "number":
        return None
    raw = _text(node).replace("_", "")
    try:
        return float(int(raw, 0)) if raw[:2].lower() in ("0x", "0o", "0b") else float(raw)
    except ValueError:
        return None


def _walk(root: Node) -> Iterator[Node]:
    """Pre-order traversal without recursion (deeply nested input is fine)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _pattern_names(pattern: Node | None) -> list[Node]:
    """Identifier nodes bound by a declaration target or parameter pattern."""
    found: list[Node] = []
    stack = [pattern] if pattern is not None else []
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_property_identifier_pattern"):
            found.append(node)
        elif node.type in ("pair_pattern",):
            stack.append(node.child_by_field_name("value"))
        elif node.type in ("assignment_pattern", "object_assignment_pattern"):
            stack.append(node.child_by_field_name("left"))
        elif node.type in ("object_pattern", "array_pattern", "rest_pattern", "formal_parameters"):
            stack.extend(node.named_children)
    return [n for n in found if n is not None]


@dataclass
class _Scopes:
    """Names declared by the sketch, grouped by the function scope declaring them."""

    names: dict[int, set[str]] = field(default_factory=dict)
    binding_ids: set[int] = field(default_factory=set)
    bindings: list[tuple[Node, int]] = field(default_factory=list)  # (identifier, scope id)


def _bound_by(node: Node) -> tuple[list[Node], bool]:
    """Identifiers this node binds and whether they bind in the enclosing scope."""
    kind = node.type
    if kind in _DECLARATION_TYPES:
        return _pattern_names(node.child_by_field_name("name")), True
    if kind in ("function_expression", "function", "generator_function"):
        return _pattern_names(node.child_by_field_name("name")), False
    if kind == "variable_declarator":
        return _pattern_names(node.child_by_field_name("name")), True
    if kind == "formal_parameters":
        return _pattern_names(node), True
    if kind == "arrow_function":
        return _pattern_names(node.child_by_field_name("parameter")), False
    if kind == "catch_clause":
        return _pattern_names(node.child_by_field_name("parameter")), True
    if kind == "for_in_statement" and node.child_by_field_name("kind") is not None:
        return _pattern_names(node.child_by_field_name("left")), True
    return [], True


def _collect_scopes(root: Node) -> _Scopes:
    """First pass: record every declared name and the function scope it lives in."""
    scopes = _Scopes(names={root.id: set()})
    stack = [(root, root.id)]
    while stack:
        node, scope = stack.pop()
        inner = scope
        if node.type in _FUNCTION_TYPES:
            inner = node.id
            scopes.names.setdefault(inner, set())
        idents, outer = _bound_by(node)
        for ident in idents:
            target = scope if outer else inner
            scopes.names[target].add(_text(ident))
            scopes.binding_ids.add(ident.id)
            scopes.bindings.append((ident, target))
        stack.extend((child, inner) for child in reversed(node.children))
    return scopes


_MESSAGES = {
    "p5_drawing": "`{n}` is a p5 drawing primitive; paint with brush.* calls "
    "(brush.beginShape/vertex/endShape, brush.circle) instead.",
    "p5_not_allowed": "`{n}` is a p5 function or variable outside the allowed structural/math set; remove it.",
    "text_drawing": "`{n}` renders text; paintings must not contain text.",
    "loader": "`{n}` loads external assets; paint everything with brush.* calls.",
    "network": "`{n}` reaches the network or loads modules; sketches must be self-contained.",
    "dynamic_code": "`{n}` runs dynamically built code; write the code out directly.",
    "timer": "`{n}` schedules work for later, but renders are a single frame; do all painting in setup()/draw().",
    "global_object": "`{n}` touches browser globals; use only p5 and brush.* functions.",
    "builtin_assignment": "`{n}` redefines a builtin, p5, brush or an allowed p5 global; pick another name.",
}


class _Checker:
    """Second pass: apply every rule while tracking which names are in scope."""

    def __init__(self, root: Node, allowlist: frozenset[str], canvas_size: int) -> None:
        self.root = root
        self.allowlist = allowlist
        self.canvas_size = canvas_size
        self.scopes = _collect_scopes(root)
        self.top_names = self.scopes.names[root.id]
        self.local = Counter()  # names declared by enclosing (non-program) functions
        self.class_depth = 0
        self.found: list[Violation] = []
        self.brush_calls: set[str] = set()
        self.canvas_calls = 0

    # -- reporting -------------------------------------------------------
    def add(self, code: str, message: str, line: int | None) -> None:
        self.found.append(Violation(code, message, line))

    def add_name(self, code: str, name: str, node: Node) -> None:
        self.add(code, _MESSAGES[code].format(n=name), _line(node))

    # -- traversal -------------------------------------------------------
    def run(self) -> None:
        self._check_bindings()
        stack: list[tuple[Node | None, Node]] = [(None, self.root)]
        while stack:
            exit_marker, node = stack.pop()
            if exit_marker is not None:
                self._leave(exit_marker)
                continue
            self._enter(node)
            if node.type in _FUNCTION_TYPES or node.type == "class_body":
                stack.append((node, node))
            stack.extend((None, child) for child in reversed(node.children))

    def _enter(self, node: Node) -> None:
        if node.type in _FUNCTION_TYPES:
            self.local.update(self.scopes.names.get(node.id, ()))
        elif node.type == "class_body":
            self.class_depth += 1
        handler = getattr(self, "_on_" + node.type, None)
        if handler is not None:
            handler(node)

    def _leave(self, node: Node) -> None:
        if node.type in _FUNCTION_TYPES:
            self.local.subtract(self.scopes.names.get(node.id, ()))
        else:
            self.class_depth -= 1

    def declared(self, name: str) -> bool:
        """Whether the sketch itself declares ``name`` in a visible scope."""
        return self.local[name] > 0 or name in self.top_names

    # -- rules -----------------------------------------------------------
    def _check_bindings(self) -> None:
        for ident, scope in self.scopes.bindings:
            name = _text(ident)
            if name in ("brush", "p5") or (scope == self.root.id and name in _PROTECTED):
                self.add_name("builtin_assignment", name, ident)

    def _classify(self, name: str, node: Node, *, is_binding: bool = False) -> None:
        """Flag a global-looking reference to ``name``."""
        if name in HARD_NAMES:
            self.add_name(HARD_NAMES[name], name, node)
            return
        if is_binding or self.declared(name):
            return
        for code in SOFT_NAMES.get(name, ()):
            if code == "timer" and self._string_timer(node):
                code = "dynamic_code"
            self.add_name(code, name, node)

    @staticmethod
    def _string_timer(node: Node) -> bool:
        call = node.parent
        if call is None or call.type != "call_expression":
            return False
        if call.child_by_field_name("function") != node:
            return False
        args = _args(call)
        return bool(args) and args[0].type in ("string", "template_string")

    def _on_identifier(self, node: Node) -> None:
        name = _text(node)
        is_binding = node.id in self.scopes.binding_ids
        if name == "brush":
            parent = node.parent
            if not is_binding and not (
                parent is not None
                and parent.type in ("member_expression", "subscript_expression")
                and parent.child_by_field_name("object") == node
            ):
                self.add(
                    "dynamic_access",
                    "Use brush only as brush.method(...); do not alias, pass or destructure it.",
                    _line(node),
                )
        elif name == "p5":
            if not is_binding:
                self.add(
                    "p5_not_allowed", "The p5 namespace is not allowed; use the global-mode functions.", _line(node)
                )
        else:
            self._classify(name, node, is_binding=is_binding)

    _on_shorthand_property_identifier = _on_identifier

    def _brush_member(self, name: str, node: Node) -> None:
        if name not in BRUSH_METHODS:
            self.add(
                "brush_unknown",
                f"brush.{name} does not exist in p5.brush; use one of: {', '.join(sorted(self.allowlist))}.",
                _line(node),
            )
        elif name not in self.allowlist:
            self.add(
                "brush_not_allowed",
                f"brush.{name} is not allowed; use one of: {', '.join(sorted(self.allowlist))}.",
                _line(node),
            )

    def _on_member_expression(self, node: Node) -> None:
        obj = node.child_by_field_name("object")
        prop = node.child_by_field_name("property")
        if obj is None or prop is None:
            return
        name = _text(prop)
        if obj.type == "identifier" and _text(obj) == "brush":
            self._brush_member(name, prop)
        elif name == "constructor":
            self.add(
                "dynamic_code", "`.constructor` access can reach the Function constructor; do not use it.", _line(prop)
            )
        elif name in HARD_NAMES:
            self.add_name(HARD_NAMES[name], name, prop)
        elif obj.type == "this" and self.class_depth == 0:
            self._classify(name, prop)

    def _on_subscript_expression(self, node: Node) -> None:
        obj = node.child_by_field_name("object")
        key = _string_value(node.child_by_field_name("index"))
        if obj is None:
            return
        if (obj.type == "identifier" and _text(obj) == "brush") or (
            obj.type == "this" and self.class_depth == 0 and key is None
        ):
            self.add(
                "dynamic_access",
                f"`{_text(obj)}[...]` computed access is not allowed; call brush.method(...) by name.",
                _line(node),
            )
        elif key == "constructor":
            self.add(
                "dynamic_code",
                "`['constructor']` access can reach the Function constructor; do not use it.",
                _line(node),
            )
        elif key in HARD_NAMES:
            self.add_name(HARD_NAMES[key], key, node)
        elif key is not None and obj.type == "this" and self.class_depth == 0:
            self._classify(key, node)

    def _on_call_expression(self, node: Node) -> None:
        fn = node.child_by_field_name("function")
        if fn is None:
            return
        if fn.type == "import":
            self.add("network", "Dynamic import() is not allowed; sketches must be self-contained.", _line(node))
        elif fn.type == "identifier" and _text(fn) == "createCanvas":
            self._check_canvas(node)
        elif fn.type == "member_expression":
            obj, prop = fn.child_by_field_name("object"), fn.child_by_field_name("property")
            if obj is None or obj.type != "identifier" or prop is None:
                return
            owner, method = _text(obj), _text(prop)
            if owner == "brush":
                self.brush_calls.add(method)
            elif method in _MUTATORS.get(owner, ()):
                args = _args(node)
                if args and self._protected_target(args[0]):
                    self.add_name("builtin_assignment", _text(args[0])[:40], node)

    def _check_canvas(self, node: Node) -> None:
        self.canvas_calls += 1
        args = _args(node)
        if len(args) < 3 or args[2].type != "identifier" or _text(args[2]) != "WEBGL":
            self.add(
                "canvas_not_webgl",
                "createCanvas needs WEBGL as its third argument: "
                f"createCanvas({self.canvas_size}, {self.canvas_size}, WEBGL).",
                _line(node),
            )
        sizes = [_number_value(a) for a in args[:2]]
        if any(s is not None and s != self.canvas_size for s in sizes):
            self.add(
                "canvas_size",
                f"The canvas must be {self.canvas_size}x{self.canvas_size}: "
                f"createCanvas({self.canvas_size}, {self.canvas_size}, WEBGL).",
                _line(node),
            )

    def _protected_target(self, target: Node) -> bool:
        """Whether writing to ``target`` would change a builtin or protected global."""
        node, chain = target, False
        while node is not None and node.type in (
            "member_expression",
            "subscript_expression",
            "parenthesized_expression",
        ):
            if node.type == "member_expression":
                if _text(node.child_by_field_name("property")) in _PROTECTED_PROPS:
                    return True
            elif node.type == "subscript_expression":
                if _string_value(node.child_by_field_name("index")) in _PROTECTED_PROPS:
                    return True
            chain = chain or node.type != "parenthesized_expression"
            node = node.child_by_field_name("object") or (node.named_children[0] if node.named_children else None)
        if node is None or node.type != "identifier":
            return False
        name = _text(node)
        if name in ("brush", "p5"):
            return True
        return name in _PROTECTED and self.local[name] <= 0 and (chain or name not in self.top_names)

    def _assignment(self, target: Node | None, node: Node) -> None:
        if target is not None and self._protected_target(target):
            self.add_name("builtin_assignment", _text(target)[:40], node)

    def _on_assignment_expression(self, node: Node) -> None:
        self._assignment(node.child_by_field_name("left"), node)

    _on_augmented_assignment_expression = _on_assignment_expression

    def _on_update_expression(self, node: Node) -> None:
        self._assignment(node.child_by_field_name("argument"), node)

    def _on_unary_expression(self, node: Node) -> None:
        if _text(node.child_by_field_name("operator")) == "delete":
            self._assignment(node.child_by_field_name("argument"), node)

    def _on_import_statement(self, node: Node) -> None:
        self.add("network", "import statements are not allowed; sketches must be self-contained.", _line(node))

    def _on_with_statement(self, node: Node) -> None:
        self.add("dynamic_access", "with statements are not allowed; call functions by name.", _line(node))

    def _on_string(self, node: Node) -> None:
        if "data:image" in _text(node).lower():
            self.add("loader", "data:image URIs embed external images; paint with brush.* calls instead.", _line(node))

    _on_template_string = _on_string

    # -- whole-sketch rules ----------------------------------------------
    def finish(self) -> None:
        """Rules about what the sketch lacks (only run on a clean parse)."""
        if not _has_setup(self.root):
            self.add("no_setup", "Define a top-level `function setup() { ... }`.", None)
        if not self.canvas_calls:
            self.add("no_canvas", f"Call createCanvas({self.canvas_size}, {self.canvas_size}, WEBGL) in setup().", None)
        calls = self.brush_calls
        shape = {"beginShape", "vertex", "endShape"} <= calls
        stroke = {"beginStroke", "endStroke"} <= calls
        if not (calls & BRUSH_PAINTING_METHODS or shape or stroke):
            self.add(
                "no_painting",
                "The sketch never paints: add brush.circle(...) or brush.beginShape/vertex/endShape calls.",
                None,
            )


def _has_setup(root: Node) -> bool:
    """A top-level setup function declaration or function-valued declarator."""
    for stmt in root.named_children:
        if stmt.type == "function_declaration":
            if _text(stmt.child_by_field_name("name")) == "setup":
                return True
        elif stmt.type in ("lexical_declaration", "variable_declaration"):
            for decl in stmt.named_children:
                value = decl.child_by_field_name("value") if decl.type == "variable_declarator" else None
                if (
                    value is not None
                    and _text(decl.child_by_field_name("name")) == "setup"
                    and value.type in _FUNCTION_TYPES
                ):
                    return True
    return False


def _syntax_violation(root: Node, data: bytes) -> Violation | None:
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
    root = _parser().parse(data).root_node
    if not any(c.type != "comment" for c in root.children):
        return [Violation("empty", "The sketch contains only comments.", None)]
    checker = _Checker(root, allowlist, canvas_size)
    checker.run()
    syntax = _syntax_violation(root, data)
    if syntax is None:
        checker.finish()
        return checker.found
    if syntax.code == "truncated":  # the cut-off last line yields spurious findings
        return [syntax, *(v for v in checker.found if (v.line or 0) < (syntax.line or 0))]
    return [syntax, *checker.found]


def check_sketch(
    source: str,
    *,
    brush_allowlist: Iterable[str] | None = None,
    canvas_size: int = 600,
) -> GateVerdict:
    """Statically gate ``source`` against the sketch contract; never raises."""
    allowlist = DEFAULT_BRUSH_ALLOWLIST if brush_allowlist is None else frozenset(brush_allowlist)
    try:
        found = _check(source if isinstance(source, str) else str(source), allowlist, canvas_size)
    except Exception as exc:  # noqa: BLE001 - the gate must always return a verdict
        found = [Violation("syntax_error", f"The sketch could not be checked ({type(exc).__name__}).", None)]
    return _finalise(found)
