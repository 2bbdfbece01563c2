"""Length component: a ramp on the sketch's approximate token count, measured on code only.

The sketch is parsed (tree-sitter); comments are dropped and the remaining tokens are joined with a single
space only where two word-like tokens meet, so comments, blank lines and indentation buy nothing.
"""

from __future__ import annotations

from critique_paint.sketch.parse import parse

MIN_TOKENS, FULL_TOKENS, MAX_TOKENS = 150, 3000, 6000


def _word_like(token: str) -> bool:
    return bool(token) and (token[0].isalnum() or token[0] in "_$")


def code_text(source: str) -> str:
    """The sketch's tokens without comments or layout (a string literal counts whole)."""
    out: list[str] = []
    stack = [parse(source)]
    leaves: list[str] = []
    while stack:
        node = stack.pop()
        if node.type == "comment":
            continue
        if node.child_count == 0 or node.type in ("string", "template_string", "regex"):
            if node.text:
                leaves.append(node.text.decode("utf-8", errors="replace"))
            continue
        stack.extend(reversed(node.children))
    for token in leaves:
        if out and _word_like(out[-1][-1:]) and _word_like(token[:1]):
            out.append(" ")
        out.append(token)
    return "".join(out)


def approx_tokens(source: str) -> float:
    """About four characters of code per token."""
    return len(code_text(source)) / 4


def length_score(source: str) -> float:
    """0 below 150 or above 6000 tokens, linear from 150 to 3000, 1 from 3000 to 6000."""
    tokens = approx_tokens(source)
    if tokens < MIN_TOKENS or tokens > MAX_TOKENS:
        return 0.0
    if tokens >= FULL_TOKENS:
        return 1.0
    return (tokens - MIN_TOKENS) / (FULL_TOKENS - MIN_TOKENS)
