"""Which names a sketch declares, and in which block or function scope."""

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
    stack: list[Node | None] = [pattern] if pattern is not None else []
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
    """Declared names per scope node and the identifiers that bind them."""

    names: dict[int, set[str]] = field(default_factory=dict)
    binding_ids: set[int] = field(default_factory=set)
    bindings: list[tuple[Node, int]] = field(default_factory=list)  # (identifier, scope node id)

    def bind(self, ident: Node, scope: int) -> None:
        self.names.setdefault(scope, set()).add(text(ident))
        self.binding_ids.add(ident.id)
        self.bindings.append((ident, scope))


def _bind_node(scopes: Scopes, node: Node, func: int, block: int) -> None:
    """Record what ``node`` declares, given the enclosing function and block scope ids."""
    kind = node.type
    if kind in ("variable_declaration", "lexical_declaration", "using_declaration") and (
            node.parent is None or node.parent.type != "for_in_statement"):
        scope = func if kind == "variable_declaration" else block
        for decl in node.named_children:
            if decl.type == "variable_declarator":
                for ident in pattern_names(decl.child_by_field_name("name")):
                    scopes.bind(ident, scope)
    elif kind in ("function_declaration", "generator_function_declaration", "class_declaration"):
        name = node.child_by_field_name("name")
        if name is not None:
            scopes.bind(name, block)
    elif kind in ("function_expression", "function", "generator_function", "class"):
        name = node.child_by_field_name("name")
        if name is not None:
            scopes.bind(name, node.id)
    elif kind == "formal_parameters" and node.parent is not None:
        for ident in pattern_names(node):
            scopes.bind(ident, node.parent.id)
    elif kind == "arrow_function":
        param = node.child_by_field_name("parameter")
        if param is not None:
            scopes.bind(param, node.id)
    elif kind == "catch_clause":
        for ident in pattern_names(node.child_by_field_name("parameter")):
            scopes.bind(ident, node.id)
    elif kind == "for_in_statement" and node.child_by_field_name("kind") is not None:
        scope = func if text(node.child_by_field_name("kind")) == "var" else node.id
        for ident in pattern_names(node.child_by_field_name("left")):
            scopes.bind(ident, scope)


def collect_scopes(root: Node) -> Scopes:
    """One pass over the tree: every declared name, bound in the scope where JavaScript binds it."""
    scopes = Scopes(names={root.id: set()})
    stack = [(root, root.id, root.id)]
    while stack:
        node, func, block = stack.pop()
        _bind_node(scopes, node, func, block)
        inner_func, inner_block = func, block
        if node.type in FUNCTION_TYPES:
            inner_func = inner_block = node.id
        elif node.type in BLOCK_TYPES:
            inner_block = node.id
        if node.type in SCOPE_TYPES:
            scopes.names.setdefault(node.id, set())
        stack.extend((child, inner_func, inner_block) for child in reversed(node.children))
    return scopes
