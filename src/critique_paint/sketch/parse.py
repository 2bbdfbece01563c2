"""Shared tree-sitter helpers for the sketch modules."""

from __future__ import annotations

from functools import lru_cache

import tree_sitter_javascript
from tree_sitter import Language, Node, Parser

__all__ = ["parse", "parser", "string_value", "text"]


@lru_cache(maxsize=1)
def parser() -> Parser:
    """The JavaScript parser (built once)."""
    return Parser(Language(tree_sitter_javascript.language()))


def parse(source: str) -> Node:
    """Root node of ``source``."""
    return parser().parse(source.encode("utf-8", errors="replace")).root_node


def text(node: Node | None) -> str:
    """Source text of ``node`` ('' for None)."""
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", errors="replace")


def string_value(node: Node | None) -> str | None:
    """Content of a plain string literal (escapes kept raw), else None."""
    if node is None or node.type != "string":
        return None
    return "".join(text(c) for c in node.named_children)
