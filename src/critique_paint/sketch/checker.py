"""The gate's rule pass: deny by default, with every name, member, key and string checked in scope."""

from __future__ import annotations

from collections import Counter

from tree_sitter import Node

from .parse import string_value, text
from .rules import (
    BANNED_MEMBERS,
    BRUSH_METHODS,
    BRUSH_PAINTING_METHODS,
    BUILTIN_NAMES,
    HARD_NAMES,
    NAMESPACE_OBJECTS,
    P5_ALLOWED,
    SAFE_BUILTINS,
    SOFT_NAMES,
)
from .scopes import FUNCTION_TYPES, SCOPE_TYPES, collect_scopes
from .strings import banned_words, decode_js_string, literal_value
from .values import ValueFacts
from .violation import Violation

__all__ = ["Checker", "PROTECTED"]

PROTECTED = BUILTIN_NAMES | P5_ALLOWED | SAFE_BUILTINS
_MUTATORS = {
    "Object": frozenset({"defineProperty", "defineProperties", "assign", "setPrototypeOf"}),
    "Reflect": frozenset({"set", "defineProperty", "setPrototypeOf", "deleteProperty"}),
}
# Methods shared by every array, string, function or namespace: writing a property onto one changes a builtin.
_SHARED_METHODS = frozenset(
    "map forEach push pop shift unshift slice splice concat join sort reverse filter reduce find some every "
    "indexOf includes fill from of keys values entries toString valueOf call apply bind log stringify parse "
    "sin cos tan floor ceil round random sqrt abs min max pow".split()
)
_IMPORT_PARTS = frozenset({"import_clause", "import_specifier", "namespace_import", "export_specifier"})
_VALUE_CONTEXTS = {"member_expression": "object", "call_expression": "function", "new_expression": "constructor"}
_TIMER_MEMBERS = frozenset(
    "setTimeout setInterval requestAnimationFrame setImmediate queueMicrotask requestIdleCallback".split()
)

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
    "safe builtin (Math, Array, Number, String, JSON...); declare it or remove it.",
    "banned_member": "`.{n}` reaches the page, the DOM or reflection; sketches may not use it.",
    "escaped_identifier": "`{n}` is written with escapes; spell names out in plain letters.",
    "builtin_value": "`{n}` may be used only through its members (e.g. Math.sin), not aliased or passed.",
}


class Checker:
    """Apply every rule while tracking which names are in scope."""

    def __init__(self, root: Node, allowlist: frozenset[str], canvas_size: int) -> None:
        self.root = root
        self.allowlist = allowlist
        self.canvas_size = canvas_size
        self.scopes = collect_scopes(root)
        self.facts = ValueFacts(self.scopes, PROTECTED)
        self.consts = self.scopes.consts
        self.visible: Counter[str] = Counter()
        self.class_members: list[frozenset[str]] = []  # names each enclosing class defines, innermost last
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
                self._leave(node)
                continue
            self._enter(node)
            if node.type in SCOPE_TYPES or node.type == "class_body":
                stack.append((True, node))
            stack.extend((False, child) for child in reversed(node.children))

    def _enter(self, node: Node) -> None:
        if node.type in SCOPE_TYPES:
            self.visible.update(self.scopes.names.get(node.id, ()))
        if node.type == "class_body":
            self.class_members.append(_class_members(node))
        handler = getattr(self, "_on_" + node.type, None)
        if handler is not None:
            handler(node)

    def _leave(self, node: Node) -> None:
        if node.type in SCOPE_TYPES:
            self.visible.subtract(self.scopes.names.get(node.id, ()))
        if node.type == "class_body":
            self.class_members.pop()

    def in_scope(self, name: str) -> bool:
        """Whether the sketch declares ``name`` in a scope visible here."""
        return self.visible[name] > 0

    # -- names -----------------------------------------------------------
    def _check_bindings(self) -> None:
        for ident, scope in self.scopes.bindings:
            name = text(ident)
            if "\\" in name:
                self.add_name("escaped_identifier", name, ident)
            elif name in ("brush", "p5") or (scope == self.root.id and name in PROTECTED):
                self.add_name("builtin_assignment", name, ident)

    def _free_name(self, name: str, node: Node) -> None:
        """Deny by default: a name the sketch does not declare must be on an allowlist."""
        if name in HARD_NAMES:
            self.add_name(HARD_NAMES[name], name, node)
        elif self.in_scope(name):
            return
        elif name in SOFT_NAMES:
            for code in SOFT_NAMES[name]:
                self.add_name("dynamic_code" if code == "timer" and _string_timer(node) else code, name, node)
        elif name in SAFE_BUILTINS or name in P5_ALLOWED:
            if name in NAMESPACE_OBJECTS and not _used_through_member(node):
                self.add_name("builtin_value", name, node)
        else:
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
        else:
            self._free_name(name, node)

    _on_shorthand_property_identifier = _on_identifier

    def _on_this(self, node: Node) -> None:
        """``this`` only inside a class, and only to read or write a member that class defines: p5 may call
        a method as draw() with the page's global object as ``this``."""
        if not self.class_members:
            self.add("this_value", "`this` is allowed only inside a class; outside one it can be the page's "
                     "global object. Use your own variables.", node)
            return
        parent = node.parent
        if parent is not None and parent.type == "subscript_expression" and parent.child_by_field_name(
                "object") == node:
            return  # the key is checked by the computed-key rule
        prop = parent.child_by_field_name("property") if parent is not None and (
            parent.type == "member_expression" and parent.child_by_field_name("object") == node) else None
        if prop is None:
            self.add("this_value", "Use `this` only as this.member inside a class, never as a value.", node)
        elif prop.type != "private_property_identifier" and text(prop) not in self.class_members[-1]:
            self.add("this_value", f"`this.{text(prop)[:40]}` is not a member this class defines; define it in "
                     "the class (a field, a method or this.name = ... ) first.", node)

    # -- members ---------------------------------------------------------
    def _member_name(self, name: str, node: Node) -> None:
        """A property read by name on any object (x.name, or the key of a destructuring pattern)."""
        if "\\" in name:
            self.add_name("escaped_identifier", name, node)
        elif name in HARD_NAMES:
            self.add_name(HARD_NAMES[name], name, node)
        elif name in _TIMER_MEMBERS:
            self.add_name("timer", name, node)
        elif name in BANNED_MEMBERS or name.startswith("_"):
            self.add_name("banned_member", name, node)

    def _brush_member(self, name: str, node: Node) -> None:
        allowed = ", ".join(sorted(self.allowlist))
        if name not in BRUSH_METHODS:
            self.add("brush_unknown", f"brush.{name} does not exist in p5.brush; use one of: {allowed}.", node)
        elif name not in self.allowlist:
            self.add("brush_not_allowed", f"brush.{name} is not allowed; use one of: {allowed}.", node)

    def _on_member_expression(self, node: Node) -> None:
        obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
        if obj is None or prop is None or prop.type == "private_property_identifier":
            return
        if obj.type == "identifier" and text(obj) == "brush":
            self._brush_member(text(prop), prop)
        else:
            self._member_name(text(prop), prop)

    def _computed_key(self, key: Node | None, node: Node) -> None:
        if key is None or self.facts.numeric(key):
            return
        folded = literal_value(key, self.consts)
        what = "a string" if folded is not None or key.type in ("string", "template_string") else "that key"
        self.add("computed_key", f"`{text(node)[:40]}` indexes with {what}; computed access [...] takes only a "
                 "number, arithmetic or a numeric loop variable. Use obj.name for named members.", node)

    def _on_subscript_expression(self, node: Node) -> None:
        obj = node.child_by_field_name("object")
        if obj is not None and obj.type == "identifier" and text(obj) == "brush":
            self.add("dynamic_access", "`brush[...]` computed access is not allowed; call brush.method(...) by name.",
                     node)
            return
        self._computed_key(node.child_by_field_name("index"), node)

    def _on_pair_pattern(self, node: Node) -> None:
        key = node.child_by_field_name("key")
        if key is None:
            return
        if key.type == "computed_property_name":
            self._computed_key(key.named_children[0] if key.named_children else None, key)
        elif key.type == "property_identifier":
            self._member_name(text(key), key)
        else:
            value = string_value(key) if key.type == "string" else None
            if value is not None:
                self._member_name(value, key)

    def _on_shorthand_property_identifier_pattern(self, node: Node) -> None:
        if node.parent is not None and node.parent.type in ("object_pattern", "object_assignment_pattern"):
            self._member_name(text(node), node)

    def _on_pair(self, node: Node) -> None:
        key = node.child_by_field_name("key")
        if key is not None and (text(key) == "__proto__" or string_value(key) == "__proto__"):
            self.add_name("banned_member", "__proto__", key)

    # -- strings ---------------------------------------------------------
    def _string_words(self, value: str, node: Node) -> None:
        words = banned_words(value)
        if words:
            self.add("banned_string", f"The string spells `{words[0][:30]}`, which sketches may not reach; "
                     "strings are for colours and brush names.", node)

    def _on_string(self, node: Node) -> None:
        raw = text(node)
        if "data:image" in raw.lower():
            self.add("loader", "data:image URIs embed external images; paint with brush.* calls instead.", node)
        value = literal_value(node)
        if value is not None:
            self._string_words(value, node)

    def _on_template_string(self, node: Node) -> None:
        if "data:image" in text(node).lower():
            self.add("loader", "data:image URIs embed external images; paint with brush.* calls instead.", node)
        self._string_words("".join(_template_piece(c) for c in node.children), node)

    def _on_binary_expression(self, node: Node) -> None:
        if text(node.child_by_field_name("operator")) != "+":
            return
        parent = node.parent
        if parent is not None and parent.type == "binary_expression" and text(
                parent.child_by_field_name("operator")) == "+":
            return  # checked once, at the top of the concatenation
        value = literal_value(node, self.consts)
        if value is not None:
            self._string_words(value, node)

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
            elif method in _MUTATORS.get(owner, ()):
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
        """Whether writing to ``target`` would change a builtin, p5, brush or an alias of one."""
        node, chain = target, False
        for _ in range(256):
            if node is None or node.type not in ("member_expression", "subscript_expression",
                                                 "parenthesized_expression"):
                break
            if node.type == "member_expression":
                obj = node.child_by_field_name("object")
                if text(node.child_by_field_name("property")) in ("prototype", "__proto__"):
                    return True
                if obj is not None and obj.type == "member_expression" and text(
                        obj.child_by_field_name("property")) in _SHARED_METHODS:
                    return True
            chain = chain or node.type != "parenthesized_expression"
            node = node.child_by_field_name("object") or (node.named_children[0] if node.named_children else None)
        if node is None or node.type != "identifier":
            return False
        name = text(node)
        if name in ("brush", "p5"):
            return True
        if name in PROTECTED and not self.in_scope(name):
            return chain or name not in self.scopes.names[self.root.id]
        return chain and self.in_scope(name) and self.facts.alias(name)

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

    def _on_with_statement(self, node: Node) -> None:
        self.add("dynamic_access", "with statements are not allowed; call functions by name.", node)

    # -- whole sketch ----------------------------------------------------
    def finish(self) -> None:
        """Rules about what the sketch lacks (only run on a clean parse)."""
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


def _class_members(body: Node) -> frozenset[str]:
    """Names a class body defines: methods, fields and every ``this.name`` it assigns."""
    names: set[str] = set()
    for member in body.named_children:
        if member.type in ("method_definition", "field_definition"):
            key = member.child_by_field_name("name") or member.child_by_field_name("property")
            if key is not None and key.type == "property_identifier":
                names.add(text(key))
    stack = list(body.children)
    while stack:
        node = stack.pop()
        if node.type in ("assignment_expression", "augmented_assignment_expression"):
            left = node.child_by_field_name("left")
            obj = left.child_by_field_name("object") if left is not None and left.type == "member_expression" else None
            if obj is not None and obj.type == "this":
                names.add(text(left.child_by_field_name("property")))
        stack.extend(node.children)
    return frozenset(names)


def _template_piece(node: Node) -> str:
    """The decoded text of one template-string fragment (a space for substitutions)."""
    return decode_js_string(text(node)) if node.type in ("string_fragment", "escape_sequence") else " "


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


def _used_through_member(node: Node) -> bool:
    """A namespace identifier read as X.member, called as X(...), constructed, or tested with instanceof."""
    parent = node.parent
    if parent is None:
        return False
    field_name = _VALUE_CONTEXTS.get(parent.type)
    if field_name is not None and parent.child_by_field_name(field_name) == node:
        return True
    if parent.type == "class_heritage":
        return True
    return parent.type == "binary_expression" and text(parent.child_by_field_name("operator")) == "instanceof" and (
        parent.child_by_field_name("right") == node)


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
