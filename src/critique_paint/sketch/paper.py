"""A guess at a sketch's paper from its text: the colour its first ``background()`` call gives, when evident.

A hint for the offline critic only. Verdicts (the paint floor, ``blank``) use the colour the executed
``background()`` painted, which the renderer records (``RenderResult.paper``): text can hold a call that never
runs.
"""

from __future__ import annotations

from tree_sitter import Node

from .parse import parse, string_value, text

__all__ = ["paper_colour_from_source"]

RGB = tuple[int, int, int]


def _clamp(value: float) -> int:
    return max(0, min(255, round(value)))


def _css_colour(value: str) -> tuple[RGB, float] | None:
    """A CSS colour string (hex, rgb(), name) as (rgb, alpha 0..255)."""
    from PIL import ImageColor

    try:
        parsed = ImageColor.getrgb(value.strip())
    except ValueError:
        return None
    alpha = parsed[3] if len(parsed) == 4 else 255
    return (parsed[0], parsed[1], parsed[2]), float(alpha)


def _number(node: Node, consts: dict[str, Node]) -> float | None:
    if node.type == "identifier" and text(node) in consts:
        node = consts[text(node)]
    if node.type == "parenthesized_expression" and node.named_children:
        return _number(node.named_children[0], consts)
    if node.type == "number":
        try:
            return float(text(node).replace("_", ""))
        except ValueError:
            return None
    return None


def _colour_args(args: list[Node], consts: dict[str, Node], depth: int = 0) -> tuple[RGB, float] | None:
    """The colour p5 (RGB mode) builds from these arguments, with its alpha."""
    if depth > 3 or not args:
        return None
    first = consts.get(text(args[0]), args[0]) if args[0].type == "identifier" else args[0]
    if len(args) <= 2:
        if first.type == "string":
            found = _css_colour(string_value(first) or "")
            if found is None:
                return None
            alpha = _number(args[1], consts) if len(args) == 2 else found[1]
            return (found[0], alpha) if alpha is not None else None
        is_color = first.type == "call_expression" and text(first.child_by_field_name("function")) == "color"
        if is_color and len(args) == 1:
            return _colour_args(_call_args(first), consts, depth + 1)
    numbers = [_number(a, consts) for a in args]
    if any(n is None for n in numbers) or len(numbers) > 4:
        return None
    values = [float(n) for n in numbers if n is not None]
    if len(values) in (1, 2):
        grey = _clamp(values[0])
        return (grey, grey, grey), values[1] if len(values) == 2 else 255.0
    rgb = (_clamp(values[0]), _clamp(values[1]), _clamp(values[2]))
    return rgb, values[3] if len(values) == 4 else 255.0


def _call_args(call: Node) -> list[Node]:
    args = call.child_by_field_name("arguments")
    return [c for c in args.named_children if c.type != "comment"] if args is not None else []


def _constants(root: Node) -> dict[str, Node]:
    """Top-level ``const NAME = literal`` declarations (string, number or color(...))."""
    found: dict[str, Node] = {}
    for stmt in root.named_children:
        if stmt.type != "lexical_declaration" or not text(stmt).startswith("const"):
            continue
        for decl in stmt.named_children:
            name, value = decl.child_by_field_name("name"), decl.child_by_field_name("value")
            if decl.type == "variable_declarator" and name is not None and name.type == "identifier" and value:
                found[text(name)] = value
    return found


def _background_calls(root: Node) -> list[Node]:
    calls, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            if fn is not None and fn.type == "identifier" and text(fn) == "background":
                calls.append(node)
        stack.extend(node.children)
    return sorted(calls, key=lambda n: n.start_byte)


def paper_colour_from_source(source: str) -> RGB | None:
    """RGB of the sketch's first ``background()`` call, or None when it is not evident or not opaque.

    Understands hex and CSS strings, grey and r,g,b numbers, top-level constants and ``color(...)``.
    """
    try:
        root = parse(source)
        calls = _background_calls(root)
        if not calls:
            return None
        found = _colour_args(_call_args(calls[0]), _constants(root))
    except Exception:  # noqa: BLE001 - any odd input simply has no evident paper
        return None
    if found is None or found[1] < 255:
        return None
    return found[0]
