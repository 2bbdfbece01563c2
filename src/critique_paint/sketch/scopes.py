"""Which names a sketch declares, in which block or function scope, and what values they are given."""

from __future__ import annotations

from dataclasses import dataclass, field

from tree_sitter import Node

from .parse import text

__all__ = ["FUNCTION_TYPES", "SCOPE_TYPES", "Scopes", "collect_scopes", "pattern_names"]

FUNCTION_TYPES = frozenset(
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
BLOCK_TYPES = frozenset(
    {"statement_block", "for_statement", "for_in_statement", "switch_body", "catch_clause", "class",
     "class_declaration", "class_static_block"}
)
SCOPE_TYPES = FUNCTION_TYPES | BLOCK_TYPES | {"program"}


def pattern_names(pattern: Node | None) -> list[Node]:
    """Identifier nodes bound by a declaration target or parameter pattern."""
    found: list[Node] = []
    stack = [pattern] if pattern is not None else []
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if node.type in ("identifier", "shorthand_property_identifier_pattern"):
            found.append(node)
        elif node.type == "pair_pattern":
            stack.append(node.child_by_field_name("value"))
        elif node.type in ("assignment_pattern", "object_assignment_pattern"):
            stack.append(node.child_by_field_name("left"))
        elif node.type in ("object_pattern", "array_pattern", "rest_pattern", "formal_parameters"):
            stack.extend(node.named_children)
    return found


@dataclass
class Scopes:
    """Declared names per scope node, binding identifiers, and the values each name is given."""

    names: dict[int, set[str]] = field(default_factory=dict)
    binding_ids: set[int] = field(default_factory=set)
    bindings: list[tuple[Node, int]] = field(default_factory=list)  # (identifier, scope node id)
    declared: set[str] = field(default_factory=set)  # every name declared anywhere
    values: dict[str, list[Node | None]] = field(default_factory=dict)  # initialisers and assigned values
    opaque: set[str] = field(default_factory=set)  # bound by destructuring, for-in or for-of: value unknown
    params: set[str] = field(default_factory=set)
    for_in: set[str] = field(default_factory=set)  # bound to property names by for-in
    consts: dict[str, Node] = field(default_factory=dict)  # first value of each ``const`` name
    for_of: dict[str, list[Node]] = field(default_factory=dict)  # for-of variable -> iterated expressions
    array_writes: dict[str, list[Node]] = field(default_factory=dict)  # name -> values pushed or stored into it
    param_sites: dict[str, list[tuple[Node, int]]] = field(default_factory=dict)  # param -> (function, position)
    references: dict[str, list[Node]] = field(default_factory=dict)  # name -> identifier nodes that read it

    def bind(self, ident: Node, scope: int, value: Node | None = None, *, opaque: bool = False) -> None:
        name = text(ident)
        self.names.setdefault(scope, set()).add(name)
        self.binding_ids.add(ident.id)
        self.bindings.append((ident, scope))
        self.declared.add(name)
        if opaque:
            self.opaque.add(name)
        else:
            self.values.setdefault(name, []).append(value)


def _declarator(scopes: Scopes, decl: Node, scope: int) -> None:
    target, value = decl.child_by_field_name("name"), decl.child_by_field_name("value")
    if target is not None and target.type == "identifier":
        scopes.bind(target, scope, value)
    else:
        for ident in pattern_names(target):
            scopes.bind(ident, scope, opaque=True)


def _bind_node(scopes: Scopes, node: Node, func: int, block: int) -> None:
    """Record what ``node`` declares, given the enclosing function and block scope ids."""
    kind = node.type
    if kind == "variable_declaration":
        for decl in node.named_children:
            if decl.type == "variable_declarator":
                _declarator(scopes, decl, func)
    elif kind == "lexical_declaration" and (node.parent is None or node.parent.type != "for_in_statement"):
        is_const = bool(node.children) and node.children[0].type == "const"
        for decl in node.named_children:
            if decl.type == "variable_declarator":
                _declarator(scopes, decl, block)
                name, value = decl.child_by_field_name("name"), decl.child_by_field_name("value")
                if is_const and name is not None and name.type == "identifier" and value is not None:
                    scopes.consts.setdefault(text(name), value)
    elif kind in ("function_declaration", "generator_function_declaration", "class_declaration"):
        name = node.child_by_field_name("name")
        if name is not None:
            scopes.bind(name, block, node)
    elif kind in ("function_expression", "function", "generator_function", "class"):
        name = node.child_by_field_name("name")
        if name is not None:
            scopes.bind(name, node.id, node)
    elif kind == "formal_parameters" and node.parent is not None:
        for ident in pattern_names(node):
            scopes.bind(ident, node.parent.id, opaque=True)
        for pos, param in enumerate(p for p in node.named_children if p.type != "comment"):
            if param.type == "identifier" or (param.type == "assignment_pattern" and _left_ident(param)):
                name = text(param if param.type == "identifier" else param.child_by_field_name("left"))
                scopes.params.add(name)
                scopes.param_sites.setdefault(name, []).append((node.parent, pos))
    elif kind == "arrow_function":
        param = node.child_by_field_name("parameter")
        if param is not None:
            scopes.bind(param, node.id, opaque=True)
            scopes.params.add(text(param))
            scopes.param_sites.setdefault(text(param), []).append((node, 0))
    elif kind == "catch_clause":
        for ident in pattern_names(node.child_by_field_name("parameter")):
            scopes.bind(ident, node.id, opaque=True)
    elif kind == "for_in_statement":
        _for_in(scopes, node, func)
    elif kind == "call_expression":
        _array_write(scopes, node)
    if kind in ("assignment_expression", "augmented_assignment_expression"):
        _array_write(scopes, node)
        left = node.child_by_field_name("left")
        if left is not None and left.type == "identifier":
            value = node.child_by_field_name("right") if kind == "assignment_expression" else node
            scopes.values.setdefault(text(left), []).append(value)
        elif left is not None and left.type in ("object_pattern", "array_pattern"):
            scopes.opaque.update(text(i) for i in pattern_names(left))


def _left_ident(node: Node) -> bool:
    left = node.child_by_field_name("left")
    return left is not None and left.type == "identifier"


def _for_in(scopes: Scopes, node: Node, func: int) -> None:
    """for-in binds property names (never a safe index); for-of over a plain name records what it iterates."""
    left, kind = node.child_by_field_name("left"), node.child_by_field_name("kind")
    right = node.child_by_field_name("right")
    is_in = text(node.child_by_field_name("operator")) == "in"
    simple = left is not None and left.type == "identifier" and right is not None and not is_in
    scope = func if text(kind) == "var" else node.id
    idents = pattern_names(left) if kind is not None else []
    for ident in idents:
        scopes.bind(ident, scope, opaque=not simple)
    if is_in:
        scopes.for_in.update(text(i) for i in idents)
        if kind is None and left is not None and left.type == "identifier":
            scopes.for_in.add(text(left))
    elif simple and left is not None and right is not None:
        scopes.for_of.setdefault(text(left), []).append(right)
        if kind is None:
            scopes.opaque.add(text(left))


_ARRAY_WRITERS = frozenset({"push", "unshift", "splice", "fill"})


def _array_write(scopes: Scopes, node: Node) -> None:
    """Record values stored into a named array: ``xs.push(v)``, ``xs[i] = v``."""
    if node.type == "call_expression":
        fn = node.child_by_field_name("function")
        if fn is None or fn.type != "member_expression" or text(fn.child_by_field_name("property")) not in (
                _ARRAY_WRITERS):
            return
        obj, args = fn.child_by_field_name("object"), node.child_by_field_name("arguments")
        if obj is not None and obj.type == "identifier" and args is not None:
            scopes.array_writes.setdefault(text(obj), []).extend(a for a in args.named_children if a.type != "comment")
    elif node.type in ("assignment_expression", "augmented_assignment_expression"):
        left = node.child_by_field_name("left")
        obj = left.child_by_field_name("object") if left is not None and left.type == "subscript_expression" else None
        if obj is not None and obj.type == "identifier":
            scopes.array_writes.setdefault(text(obj), []).append(node.child_by_field_name("right"))


def collect_scopes(root: Node) -> Scopes:
    """One pass over the tree: every declared name, bound in the scope where JavaScript binds it."""
    scopes = Scopes(names={root.id: set()})
    stack = [(root, root.id, root.id)]
    while stack:
        node, func, block = stack.pop()
        _bind_node(scopes, node, func, block)
        if node.type in ("identifier", "shorthand_property_identifier") and node.id not in scopes.binding_ids:
            scopes.references.setdefault(text(node), []).append(node)
        inner_func, inner_block = func, block
        if node.type in FUNCTION_TYPES:
            inner_func = inner_block = node.id
        elif node.type in BLOCK_TYPES:
            inner_block = node.id
        if node.type in SCOPE_TYPES:
            scopes.names.setdefault(node.id, set())
        stack.extend((child, inner_func, inner_block) for child in reversed(node.children))
    return scopes
