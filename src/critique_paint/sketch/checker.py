"""The gate's rule pass: the sketch contract, stated as clear feedback.

The security boundary is the renderer (each sketch runs in a fresh compartment of a locked-down page and
sees only facades), so the gate bans no member names: a sketch may call its own fields `top`, `style`,
`parent` or `canvas`, index with any key and use `this`. It checks what the contract says: which brush and
p5 names exist, no text, primitives, loaders, network, timers or browser globals, and every free name known.
"""

from __future__ import annotations

import re
from collections import Counter

from tree_sitter import Node

from .parse import text
from .rules import (
    BRUSH_METHODS,
    BRUSH_PAINTING_METHODS,
    BUILTIN_NAMES,
    NAME_CODES,
    P5_ALLOWED,
    REFUSED_TEXT,
    REFUSED_TEXT_MESSAGE,
    RESERVED_PREFIX,
    SAFE_BUILTINS,
)
from .scopes import FUNCTION_TYPES, SCOPE_TYPES, collect_scopes
from .violation import Violation

__all__ = ["Checker", "PROTECTED"]

PROTECTED = BUILTIN_NAMES | P5_ALLOWED | SAFE_BUILTINS
_MUTATORS = {
    "Object": frozenset({"defineProperty", "defineProperties", "assign", "setPrototypeOf"}),
    "Reflect": frozenset({"set", "defineProperty", "setPrototypeOf", "deleteProperty"}),
}
_IMPORT_PARTS = frozenset({"import_clause", "import_specifier", "namespace_import", "export_specifier"})
_CHAIN = frozenset({"member_expression", "subscript_expression", "parenthesized_expression"})
_REFUSED = tuple(re.compile(p.encode()) for p in REFUSED_TEXT)

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
    "reflection": "`{n}` is a reflection API; use plain objects, arrays and functions.",
    "unknown_global": "`{n}` is not declared by the sketch and is not an allowed p5 function, constant or "
    "safe builtin (Math, Array, Object, Number, String, JSON, Map...); declare it or remove it.",
    "undeclared_assignment": "`{n}` is assigned but never declared; sketches run in strict mode, so declare it "
    "first (`let {n} = ...;`).",
    "escaped_identifier": "`{n}` is written with escapes; spell names out in plain letters.",
    "reserved_name": f"`{{n}}` starts with {RESERVED_PREFIX}, which the renderer keeps for itself; rename it.",
}


class Checker:
    """Apply every rule while tracking which names are in scope."""

    def __init__(self, root: Node, allowlist: frozenset[str], canvas_size: int) -> None:
        self.root = root
        self.allowlist = allowlist
        self.canvas_size = canvas_size
        self.scopes = collect_scopes(root)
        self.visible: Counter[str] = Counter()
        self.found: list[Violation] = []
        self.brush_calls: set[str] = set()
        self.canvas_calls = 0

    # -- reporting -------------------------------------------------------
    def add(self, code: str, message: str, node: Node | None) -> None:
        self.found.append(Violation(code, message, node.start_point[0] + 1 if node is not None else None))

    def add_name(self, code: str, name: str, node: Node) -> None:
        self.add(code, _MESSAGES[code].format(n=name[:40]), node)

    # -- traversal -------------------------------------------------------
    def run(self) -> None:
        self._check_bindings()
        stack: list[tuple[bool, Node]] = [(False, self.root)]
        while stack:
            leaving, node = stack.pop()
            if leaving:
                self.visible.subtract(self.scopes.names.get(node.id, ()))
                continue
            if node.type in SCOPE_TYPES:
                self.visible.update(self.scopes.names.get(node.id, ()))
                stack.append((True, node))
            handler = getattr(self, "_on_" + node.type, None)
            if handler is not None:
                handler(node)
            stack.extend((False, child) for child in reversed(node.children))

    def in_scope(self, name: str) -> bool:
        """Whether the sketch declares ``name`` in a scope visible here."""
        return self.visible[name] > 0

    # -- names -----------------------------------------------------------
    def _check_bindings(self) -> None:
        for ident, _scope in self.scopes.bindings:
            name = text(ident)
            if "\\" in name:
                self.add_name("escaped_identifier", name, ident)
            elif name.startswith(RESERVED_PREFIX):
                self.add_name("reserved_name", name, ident)
            elif name in ("brush", "p5"):
                self.add_name("builtin_assignment", name, ident)

    def _free_name(self, name: str, node: Node) -> None:
        """Deny by default: a name the sketch does not declare must be on an allowlist."""
        if self.in_scope(name) or (name == "arguments" and _in_function(node)):
            return
        if name in NAME_CODES:
            for code in NAME_CODES[name]:
                self.add_name("dynamic_code" if code == "timer" and _string_timer(node) else code, name, node)
        elif name.startswith(RESERVED_PREFIX):
            self.add_name("reserved_name", name, node)
        elif name not in SAFE_BUILTINS and name not in P5_ALLOWED:
            self.add_name("unknown_global", name, node)

    def _on_identifier(self, node: Node) -> None:
        name = text(node)
        if node.id in self.scopes.binding_ids or (node.parent is not None and node.parent.type in _IMPORT_PARTS):
            return
        if "\\" in name:
            self.add_name("escaped_identifier", name, node)
        elif name == "brush":
            parent = node.parent
            if not (parent is not None and parent.type in ("member_expression", "subscript_expression")
                    and parent.child_by_field_name("object") == node):
                self.add("dynamic_access",
                         "Use brush only as brush.method(...); do not alias, pass or destructure it.", node)
        elif name == "p5":
            self.add("p5_not_allowed", "The p5 namespace is not allowed; use the global-mode functions.", node)
        elif _assigned_name(node) and not self.in_scope(name) and name not in PROTECTED and name not in NAME_CODES:
            self.add_name("undeclared_assignment", name, node)
        else:
            self._free_name(name, node)

    _on_shorthand_property_identifier = _on_identifier

    def _on_property_identifier(self, node: Node) -> None:
        if "\\" in text(node):
            self.add_name("escaped_identifier", text(node), node)

    # -- members ---------------------------------------------------------
    def _on_member_expression(self, node: Node) -> None:
        obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
        if obj is None or prop is None or obj.type != "identifier" or text(obj) != "brush":
            return
        name, allowed = text(prop), ", ".join(sorted(self.allowlist))
        if name not in BRUSH_METHODS:
            self.add("brush_unknown", f"brush.{name} does not exist in p5.brush; use one of: {allowed}.", prop)
        elif name not in self.allowlist:
            self.add("brush_not_allowed", f"brush.{name} is not allowed; use one of: {allowed}.", prop)

    def _on_subscript_expression(self, node: Node) -> None:
        obj = node.child_by_field_name("object")
        if obj is not None and obj.type == "identifier" and text(obj) == "brush":
            self.add("dynamic_access", "`brush[...]` computed access is not allowed; call brush.method(...) by name.",
                     node)

    # -- strings ---------------------------------------------------------
    def _on_string(self, node: Node) -> None:
        if "data:image" in text(node).lower():
            self.add("loader", "data:image URIs embed external images; paint with brush.* calls instead.", node)

    _on_template_string = _on_string

    # -- calls -----------------------------------------------------------
    def _on_call_expression(self, node: Node) -> None:
        fn = node.child_by_field_name("function")
        if fn is None:
            return
        if fn.type == "import":
            self.add("network", "Dynamic import() is not allowed; sketches must be self-contained.", node)
        elif fn.type == "identifier" and text(fn) == "createCanvas":
            self._check_canvas(node)
        elif fn.type == "member_expression":
            obj, prop = fn.child_by_field_name("object"), fn.child_by_field_name("property")
            if obj is None or obj.type != "identifier" or prop is None:
                return
            owner, method = text(obj), text(prop)
            if owner == "brush":
                self.brush_calls.add(method)
            elif method in _MUTATORS.get(owner, ()) and not self.in_scope(owner):
                args = _args(node)
                if args and self._protected_target(args[0]):
                    self.add_name("builtin_assignment", text(args[0]), node)

    def _check_canvas(self, node: Node) -> None:
        self.canvas_calls += 1
        args = _args(node)
        size = self.canvas_size
        if len(args) < 3 or args[2].type != "identifier" or text(args[2]) != "WEBGL":
            self.add("canvas_not_webgl",
                     f"createCanvas needs WEBGL as its third argument: createCanvas({size}, {size}, WEBGL).", node)
        sizes = [_number_value(a) for a in args[:2]]
        if any(s is not None and s != size for s in sizes):
            self.add("canvas_size", f"The canvas must be {size}x{size}: createCanvas({size}, {size}, WEBGL).", node)

    # -- writes ----------------------------------------------------------
    def _protected_target(self, target: Node) -> bool:
        """Whether writing to ``target`` changes a builtin, p5, brush or an allowed p5 global the sketch does
        not declare itself (``Math.sin = ...``, ``random = ...``, ``brush.fill = ...``)."""
        node: Node | None = target
        while node is not None and node.type in _CHAIN:
            node = node.child_by_field_name("object") or (node.named_children[0] if node.named_children else None)
        if node is None or node.type != "identifier":
            return False
        return text(node) in PROTECTED and not self.in_scope(text(node))

    def _assignment(self, target: Node | None, node: Node) -> None:
        if target is not None and self._protected_target(target):
            self.add_name("builtin_assignment", text(target), node)

    def _on_assignment_expression(self, node: Node) -> None:
        self._assignment(node.child_by_field_name("left"), node)

    _on_augmented_assignment_expression = _on_assignment_expression

    def _on_update_expression(self, node: Node) -> None:
        self._assignment(node.child_by_field_name("argument"), node)

    def _on_unary_expression(self, node: Node) -> None:
        if text(node.child_by_field_name("operator")) == "delete":
            self._assignment(node.child_by_field_name("argument"), node)

    # -- statements ------------------------------------------------------
    def _on_import_statement(self, node: Node) -> None:
        self.add("network", "import statements are not allowed; sketches must be self-contained.", node)

    def _on_meta_property(self, node: Node) -> None:
        if text(node).startswith("import"):
            self.add("network", "import.meta is not allowed; sketches must be self-contained.", node)

    def _on_using_declaration(self, node: Node) -> None:
        if any(c.type == "await" for c in node.children):
            self.add("unsupported_syntax", "await using is not supported; dispose of the resource in a finally block.",
                     node)

    def _on_with_statement(self, node: Node) -> None:
        self.add("dynamic_access", "with statements are not allowed; call functions by name.", node)

    # -- whole sketch ----------------------------------------------------
    def finish(self, data: bytes) -> None:
        """Rules about the whole source (only run on a clean parse)."""
        self._refused_text(data)
        if not _has_setup(self.root):
            self.add("no_setup", "Define a top-level `function setup() { ... }`.", None)
        if not self.canvas_calls:
            self.add("no_canvas", f"Call createCanvas({self.canvas_size}, {self.canvas_size}, WEBGL) in setup().",
                     None)
        calls = self.brush_calls
        shape = {"beginShape", "vertex", "endShape"} <= calls
        stroke = {"beginStroke", "endStroke"} <= calls
        if not (calls & BRUSH_PAINTING_METHODS or shape or stroke):
            self.add("no_painting",
                     "The sketch never paints: add brush.circle(...) or brush.beginShape/vertex/endShape calls.", None)

    def _refused_text(self, data: bytes) -> None:
        """Text outside comments that the sandbox refuses (code-level eval( and import( have their own codes)."""
        blanked = bytearray(data)
        stack = [self.root]
        while stack:
            node = stack.pop()
            if node.type == "comment":
                blanked[node.start_byte:node.end_byte] = b" " * (node.end_byte - node.start_byte)
            stack.extend(node.children)
        for pattern in _REFUSED:
            for found in pattern.finditer(bytes(blanked)):
                at = found.end(1) if pattern.groups else found.start()
                leaf = self.root.descendant_for_byte_range(at, at + 1)
                if leaf is not None and leaf.type in ("identifier", "import"):
                    continue
                what = data[at:found.end()].decode(errors="replace").strip()[:20]
                self.add("refused_text", REFUSED_TEXT_MESSAGE.format(text=what), leaf)
                return


def _in_function(node: Node) -> bool:
    """``node`` sits inside a function that has its own ``arguments`` (any but an arrow at the top level)."""
    parent = node.parent
    while parent is not None:
        if parent.type in FUNCTION_TYPES and parent.type != "arrow_function":
            return True
        parent = parent.parent
    return False


def _assigned_name(node: Node) -> bool:
    """``node`` is the plain name an assignment or ``++``/``--`` writes to."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("assignment_expression", "augmented_assignment_expression"):
        return parent.child_by_field_name("left") == node
    return parent.type == "update_expression" and parent.child_by_field_name("argument") == node


def _args(call: Node) -> list[Node]:
    args = call.child_by_field_name("arguments")
    return [c for c in args.named_children if c.type != "comment"] if args is not None else []


def _number_value(node: Node) -> float | None:
    if node.type != "number":
        return None
    raw = text(node).replace("_", "")
    try:
        return float(int(raw, 0)) if raw[:2].lower() in ("0x", "0o", "0b") else float(raw)
    except ValueError:
        return None


def _string_timer(node: Node) -> bool:
    call = node.parent
    if call is None or call.type != "call_expression" or call.child_by_field_name("function") != node:
        return False
    args = _args(call)
    return bool(args) and args[0].type in ("string", "template_string")


def _has_setup(root: Node) -> bool:
    """A top-level setup function declaration or function-valued declarator."""
    for stmt in root.named_children:
        if stmt.type == "function_declaration":
            if text(stmt.child_by_field_name("name")) == "setup":
                return True
        elif stmt.type in ("lexical_declaration", "variable_declaration"):
            for decl in stmt.named_children:
                value = decl.child_by_field_name("value") if decl.type == "variable_declarator" else None
                if value is not None and text(decl.child_by_field_name("name")) == "setup" and (
                        value.type in FUNCTION_TYPES):
                    return True
    return False
