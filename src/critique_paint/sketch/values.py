"""What the gate can prove about a value: is it a number, or a builtin reached through an alias?"""

from __future__ import annotations

from tree_sitter import Node

from .parse import text
from .rules import NUMERIC_FUNCTIONS
from .scopes import Scopes

__all__ = ["ValueFacts"]

MAX_DEPTH = 48
_NUMERIC_NAMES = frozenset("PI TWO_PI HALF_PI QUARTER_PI TAU width height frameCount Infinity NaN".split())
_NUMERIC_LITERALS = frozenset({"number", "true", "false", "null", "undefined", "update_expression", "unary_expression"})
_ITERATORS = frozenset("forEach map filter some every find findIndex findLast findLastIndex flatMap".split())
_WRAPPERS = frozenset({"parenthesized_expression", "sequence_expression", "non_null_expression"})


class ValueFacts:
    """Conservative facts about sketch variables, memoised per name."""

    def __init__(self, scopes: Scopes, protected: frozenset[str]) -> None:
        self.scopes = scopes
        self.protected = protected
        self._index_safe: dict[str, bool] = {}
        self._alias: dict[str, bool] = {}

    # -- numbers ---------------------------------------------------------
    def numeric(self, node: Node | None, depth: int = 0, visiting: frozenset[str] = frozenset()) -> bool:
        """True when ``node`` always evaluates to a number (or a boolean, null or undefined)."""
        if node is None or depth > MAX_DEPTH:
            return False
        kind = node.type
        if kind in _NUMERIC_LITERALS:
            return kind != "unary_expression" or text(node.child_by_field_name("operator")) != "typeof"
        if kind in _WRAPPERS:
            return bool(node.named_children) and self.numeric(node.named_children[-1], depth + 1, visiting)
        if kind == "binary_expression":
            if text(node.child_by_field_name("operator")) not in ("+", "&&", "||", "??"):
                return True
            return all(self.numeric(node.child_by_field_name(f), depth + 1, visiting) for f in ("left", "right"))
        if kind == "ternary_expression":
            return all(self.numeric(node.child_by_field_name(f), depth + 1, visiting)
                       for f in ("consequence", "alternative"))
        if kind == "assignment_expression":
            return self.numeric(node.child_by_field_name("right"), depth + 1, visiting)
        if kind == "augmented_assignment_expression":
            op = text(node.child_by_field_name("operator"))
            return op not in ("+=", "&&=", "||=", "??=") or self.numeric(node.child_by_field_name("right"),
                                                                       depth + 1, visiting)
        if kind == "member_expression":
            return text(node.child_by_field_name("property")) == "length"
        if kind == "call_expression":
            return self._numeric_call(node, depth, visiting)
        if kind == "identifier":
            name = text(node)
            if name in self.scopes.declared:
                return self.index_safe(name, depth + 1, visiting)
            return name in _NUMERIC_NAMES
        return False

    def _numeric_call(self, node: Node, depth: int, visiting: frozenset[str]) -> bool:
        fn = node.child_by_field_name("function")
        if fn is None:
            return False
        if fn.type == "identifier":
            name = text(fn)
            if name in self.scopes.declared:
                return False
        elif fn.type == "member_expression":
            name = text(fn.child_by_field_name("property"))
        else:
            return False
        if name == "random":
            args = node.child_by_field_name("arguments")
            return args is None or all(self.numeric(a, depth + 1, visiting)
                                       for a in args.named_children if a.type != "comment")
        return name in NUMERIC_FUNCTIONS

    def index_safe(self, name: str, depth: int = 0, visiting: frozenset[str] = frozenset()) -> bool:
        """A sketch variable that may index a computed member: never a string, a key or an unknown value."""
        if name in self._index_safe:
            return self._index_safe[name]
        if name in visiting:
            return True  # a cycle (i = i + 1) adds no new kind of value
        s = self.scopes
        inner = visiting | {name}
        if name not in s.declared or name in s.for_in or (name in s.opaque and name not in s.params):
            result = False
        else:
            result = all(v is None or self.numeric(v, depth + 1, inner) for v in s.values.get(name, ()))
            result = result and all(self.numeric_param(fn, pos, depth + 1, inner)
                                    for fn, pos in s.param_sites.get(name, ()))
            result = result and all(self.numeric_array(src, depth + 1, inner) for src in s.for_of.get(name, ()))
        if not visiting:
            self._index_safe[name] = result
        return result

    def numeric_param(self, fn: Node, pos: int, depth: int, visiting: frozenset[str]) -> bool:
        """Whether parameter ``pos`` of ``fn`` only ever receives numbers: the index of an array callback,
        an element of a numeric array, or an argument every call site of a named function gives as a number."""
        parent = fn.parent
        if parent is not None and parent.type == "arguments" and parent.parent is not None:
            return self._callback_param(parent.parent, fn, pos, depth, visiting)
        name = _function_name(fn)
        if name is None:
            return False
        refs = self.scopes.references.get(name, ())
        for ref in refs:
            call = ref.parent
            if call is None or call.type != "call_expression" or call.child_by_field_name("function") != ref:
                return False  # the function escapes as a value: its callers are unknown
            args = [a for a in call.child_by_field_name("arguments").named_children if a.type != "comment"]
            if any(a.type == "spread_element" for a in args[: pos + 1]):
                return False
            if pos < len(args) and not self.numeric(args[pos], depth + 1, visiting):
                return False
        return True

    def _callback_param(self, call: Node, fn: Node, pos: int, depth: int, visiting: frozenset[str]) -> bool:
        callee = call.child_by_field_name("function")
        if callee is None or callee.type != "member_expression":
            return False
        method, obj = text(callee.child_by_field_name("property")), callee.child_by_field_name("object")
        if method == "from" and text(obj) == "Array":
            args = [a for a in call.child_by_field_name("arguments").named_children if a.type != "comment"]
            return pos == 1 or (pos == 0 and bool(args) and args[0].type == "object"
                                and all(p.type == "pair" and text(p.child_by_field_name("key")) == "length"
                                        for p in args[0].named_children))
        index_pos = {"reduce": 2, "reduceRight": 2}.get(method, 1 if method in _ITERATORS else -1)
        element_pos = {"reduce": 1, "reduceRight": 1, "sort": -2}.get(method, 0 if method in _ITERATORS else -1)
        if pos == index_pos:
            return True
        if pos == element_pos or (method == "sort" and pos in (0, 1)):
            return self.numeric_array(obj, depth + 1, visiting)
        return False

    def numeric_array(self, node: Node | None, depth: int = 0, visiting: frozenset[str] = frozenset()) -> bool:
        """An array literal of numbers, or a sketch variable only ever holding such arrays and numbers."""
        if node is None or depth > MAX_DEPTH:
            return False
        if node.type == "array":
            return all(self.numeric(e, depth + 1, visiting) for e in node.named_children if e.type != "comment")
        if node.type != "identifier" or text(node) not in self.scopes.declared:
            return False
        name = text(node)
        if name in self.scopes.opaque or name in visiting:
            return False
        inner = visiting | {name}
        values = self.scopes.values.get(name, ())
        writes = self.scopes.array_writes.get(name, ())
        return bool(values) and all(v is not None and self.numeric_array(v, depth + 1, inner) for v in values) and all(
            self.numeric(w, depth + 1, inner) for w in writes)

    # -- aliases ---------------------------------------------------------
    def root(self, node: Node | None, depth: int = 0) -> Node | None:
        """The identifier a member chain, call-free wrapper or conditional value starts from."""
        while node is not None and depth < MAX_DEPTH:
            depth += 1
            kind = node.type
            if kind in _WRAPPERS:
                node = node.named_children[-1] if node.named_children else None
            elif kind in ("member_expression", "subscript_expression"):
                node = node.child_by_field_name("object")
            elif kind == "assignment_expression":
                node = node.child_by_field_name("right")
            else:
                return node
        return node

    def _alias_value(self, node: Node | None, depth: int, visiting: frozenset[str]) -> bool:
        if node is None:
            return False
        if depth > MAX_DEPTH:
            return True
        if node.type == "ternary_expression":
            return any(self._alias_value(node.child_by_field_name(f), depth + 1, visiting)
                       for f in ("consequence", "alternative"))
        if node.type == "binary_expression" and text(node.child_by_field_name("operator")) in ("&&", "||", "??"):
            return any(self._alias_value(node.child_by_field_name(f), depth + 1, visiting) for f in ("left", "right"))
        base = self.root(node, depth)
        if base is not None and base is not node and base.type in ("ternary_expression", "binary_expression"):
            return self._alias_value(base, depth + 1, visiting)
        if base is None or base.type != "identifier":
            return False
        name = text(base)
        if name in self.protected and (name not in self.scopes.declared or name in ("brush", "p5")):
            return True
        return name in self.scopes.declared and self.alias(name, depth + 1, visiting)

    def alias(self, name: str, depth: int = 0, visiting: frozenset[str] = frozenset()) -> bool:
        """A sketch variable that may hold a builtin, p5 or brush object (or a member of one)."""
        if name in self._alias:
            return self._alias[name]
        if name in visiting:
            return False
        inner = visiting | {name}
        result = any(self._alias_value(v, depth + 1, inner) for v in self.scopes.values.get(name, ()))
        if not visiting:
            self._alias[name] = result
        return result


def _function_name(fn: Node) -> str | None:
    """The name a function is declared or bound under (``function f`` or ``const f = () => ...``)."""
    if fn.type in ("function_declaration", "generator_function_declaration"):
        name = fn.child_by_field_name("name")
        return text(name) if name is not None else None
    parent = fn.parent
    if parent is not None and parent.type == "variable_declarator" and parent.child_by_field_name("value") == fn:
        name = parent.child_by_field_name("name")
        return text(name) if name is not None and name.type == "identifier" else None
    return None
