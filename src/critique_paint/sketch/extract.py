"""Pull the JavaScript sketch out of a model reply.

The reply is usually prose plus one fenced code block. We take the largest
``js`` / ``javascript`` block (or an untagged block whose body looks like
code); a fence left open by a truncated reply runs to the end of the text;
a reply without fences is used as-is when it looks like code, or when it is
too long to search (the gate then says ``too_large``, not ``empty``).
"""

from __future__ import annotations

import re

from .rules import MAX_SOURCE_CHARS

__all__ = ["extract_sketch", "looks_like_code"]

_JS_TAGS = frozenset({"js", "javascript"})
_OPEN_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$")
_CODE_MARKERS = re.compile(
    r"\bfunction\s*\w*\s*\([^)]*\)\s*\{"  # function declarations / expressions
    r"|\bbrush\.\w+\s*\("  # p5.brush calls
    r"|\bcreateCanvas\s*\("
    r"|\b(?:const|let|var)\s+\w+\s*="
    r"|=>\s*\{"
)


def looks_like_code(text: str) -> bool:
    """Cheap heuristic: does ``text`` contain JavaScript-looking constructs?"""
    return bool(_CODE_MARKERS.search(text))


def _is_close(line: str, fence: str) -> bool:
    """True when ``line`` closes a block opened with ``fence``."""
    stripped = line.strip()
    return stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0])


def _fenced_blocks(text: str) -> list[tuple[str, str]]:
    """Return ``(tag, body)`` for every fenced block; an open fence runs to EOF."""
    blocks: list[tuple[str, str]] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = _OPEN_FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        fence, tag = match.group(1), match.group(2).lower()
        body: list[str] = []
        i += 1
        while i < len(lines):
            line = lines[i]
            if _is_close(line, fence):
                break
            if fence[0] == "`" and line.rstrip().endswith("```"):
                body.append(line.rstrip()[:-3])  # "}```" closes the block too
                break
            body.append(line)
            i += 1
        blocks.append((tag, "\n".join(body)))
        i += 1
    return blocks


def extract_sketch(reply: str) -> str:
    """Return the sketch source found in ``reply``, or ``""`` when there is none."""
    if not reply:
        return ""
    if len(reply) > MAX_SOURCE_CHARS:
        head = _fenced_blocks(reply[:MAX_SOURCE_CHARS])
        if not any(tag in _JS_TAGS for tag, _ in head):
            return reply.strip()
    text = reply.replace("\r\n", "\n").replace("\r", "\n")
    candidates = [
        body.strip() for tag, body in _fenced_blocks(text) if tag in _JS_TAGS or (not tag and looks_like_code(body))
    ]
    candidates = [body for body in candidates if body]
    if candidates:
        return max(candidates, key=len)
    stripped = text.strip()
    if "```" not in stripped and looks_like_code(stripped):
        return stripped
    return ""
