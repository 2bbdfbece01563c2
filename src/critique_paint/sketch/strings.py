"""JavaScript string literals: decode escapes, fold constant concatenations, find banned words."""

from __future__ import annotations

import re

from tree_sitter import Node

from .parse import text
from .rules import BANNED_STRING_WORDS

__all__ = ["banned_words", "decode_js_string", "literal_value"]

_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[0-7]{1,3}|\r\n|.)", re.S)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0", "\n": "", "\r\n": ""}
_WORD = re.compile(r"[A-Za-z0-9_$]+")
_PATTERNS = (re.compile(r"url\s*\(", re.I), re.compile(r"@import", re.I), re.compile(r"javascript\s*:", re.I))
MAX_FOLD_DEPTH = 64


def _unescape(match: re.Match) -> str:
    esc = match.group(1)
    if esc in _SIMPLE:
        return _SIMPLE[esc]
    try:
        if esc.startswith("u{"):
            return chr(int(esc[2:-1], 16))
        if esc[0] in "ux" and len(esc) > 1:
            return chr(int(esc[1:], 16))
        if esc[0] in "01234567":
            return chr(int(esc, 8))
    except (ValueError, OverflowError):
        return ""
    return esc


def decode_js_string(raw: str) -> str:
    """The value of a string literal's source body (between the quotes)."""
    return _ESCAPE.sub(_unescape, raw)


def _literal_body(node: Node) -> str:
    return "".join(text(c) for c in node.children if c.type in ("string_fragment", "escape_sequence"))


def literal_value(node: Node | None, consts: dict[str, Node] | None = None, depth: int = 0) -> str | None:
    """The string a constant expression evaluates to: literals, substitution-free templates, ``+`` of those
    and ``const`` names bound to them; None when it is not a constant string."""
    if node is None or depth > MAX_FOLD_DEPTH:
        return None
    kind = node.type
    if kind == "string":
        return decode_js_string(_literal_body(node))
    if kind == "template_string":
        if any(c.type == "template_substitution" for c in node.children):
            parts = [literal_value(c.named_children[0] if c.named_children else None, consts, depth + 1)
                     if c.type == "template_substitution" else decode_js_string(text(c))
                     for c in node.children if c.type in ("template_substitution", "string_fragment",
                                                          "escape_sequence")]
            return None if any(p is None for p in parts) else "".join(p or "" for p in parts)
        return decode_js_string(_literal_body(node))
    if kind == "parenthesized_expression" and node.named_children:
        return literal_value(node.named_children[-1], consts, depth + 1)
    if kind == "binary_expression" and text(node.child_by_field_name("operator")) == "+":
        left = literal_value(node.child_by_field_name("left"), consts, depth + 1)
        right = literal_value(node.child_by_field_name("right"), consts, depth + 1)
        if left is not None and right is not None:
            return left + right
        return None
    if kind == "number" and depth:
        return text(node)
    if kind == "identifier" and consts is not None and text(node) in consts:
        return literal_value(consts[text(node)], None, depth + 1)
    return None


def banned_words(value: str) -> list[str]:
    """Banned names (whole words, or ``_``-prefixed words) and page-reaching patterns found in ``value``."""
    found = [w for w in _WORD.findall(value) if w in BANNED_STRING_WORDS or (w.startswith("_") and len(w) > 1)]
    found += [p.pattern for p in _PATTERNS if p.search(value)]
    return found
