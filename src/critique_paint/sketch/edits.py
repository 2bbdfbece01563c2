"""Edits of a standing sketch: exact text replacements whose `old` occurs exactly once, applied in order to one copy;
and the smallest such set that turns one sketch into another (checked by applying it).

A failed edit is an `EditError` with a stable code (`EDIT_CODES`) and a message the policy can act on.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .rules import MAX_SOURCE_CHARS

__all__ = ["EDIT_CODES", "AppliedEdits", "Edit", "EditError", "apply_edits", "minimal_edits"]

EDIT_CODES: dict[str, str] = {
    "edit_not_found": "an edit's old text does not occur in the sketch it edits",
    "edit_ambiguous": "an edit's old text occurs more than once in the sketch it edits",
    "edit_noop": "the reply's edits leave the sketch unchanged",
    "edit_no_base": "there is no painted sketch to edit yet",
}
QUOTE_CHARS = 160  # a quoted line of the sketch is cut here
LISTED_LINES = 5  # an ambiguous edit lists at most this many matching lines


@dataclass(frozen=True)
class Edit:
    """Replace `old` (which must occur exactly once) with `new`."""

    old: str
    new: str

    def to_dict(self) -> dict[str, str]:
        return {"old": self.old, "new": self.new}


class EditError(ValueError):
    """An edit that cannot apply: `code` (an EDIT_CODES key, `bad_call` or `too_large`) and what to do about it."""

    def __init__(self, code: str, message: str, line: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line


@dataclass(frozen=True)
class AppliedEdits:
    """The edited source and, per edit, the 1-based line where its `old` started in the copy it edited."""

    source: str
    lines: tuple[int, ...]


def apply_edits(base: str, edits: Sequence[Edit], max_chars: int = MAX_SOURCE_CHARS) -> AppliedEdits:
    """Apply `edits` in order to one copy of `base`; EditError on the first that cannot apply, or when the result
    is unchanged or longer than `max_chars`."""
    if not edits:
        raise EditError("bad_call", "no edit was given")
    source, lines = base, []
    for k, edit in enumerate(edits, 1):
        where = f"edit {k} of {len(edits)}" if len(edits) > 1 else "the edit"
        if not edit.old:
            raise EditError("bad_call", f"{where} has an empty `old`: quote the exact text to replace")
        if edit.old == edit.new:
            raise EditError("edit_noop", f"{where} replaces its text with the same text: nothing would change")
        count = len(starts(source, edit.old))
        if count == 0:
            number, text = closest_line(source, edit.old)
            raise EditError("edit_not_found", f"{where}: `old` does not occur in the sketch (copy it exactly, "
                                              f"spaces included); the closest line is {number}: {quote(text)}",
                            number)
        if count > 1:
            listed = "; ".join(f"line {n}: {quote(t)}" for n, t in matching_lines(source, edit.old)[:LISTED_LINES])
            raise EditError("edit_ambiguous", f"{where}: `old` occurs {count} times ({listed}); quote more of the "
                                              f"line so that it matches once")
        at = source.index(edit.old)
        lines.append(source.count("\n", 0, at) + 1)
        source = source[:at] + edit.new + source[at + len(edit.old):]
        if len(source) > max_chars:
            raise EditError("too_large", f"{where} makes the sketch {len(source):,} characters, over the limit of "
                                         f"{max_chars:,}", lines[-1])
    if source == base:
        raise EditError("edit_noop", "the edits together leave the sketch unchanged")
    return AppliedEdits(source, tuple(lines))


def quote(text: str) -> str:
    text = text.strip()
    return f"`{text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + '...'}`"


def closest_line(source: str, old: str) -> tuple[int, str]:
    """The 1-based number and text of the line of `source` most like `old`'s first non-blank line: the one that
    holds most of its characters in order, then the most similar overall."""
    target = next((s.strip() for s in old.splitlines() if s.strip()), old.strip())
    best: tuple[float, float] = (-1.0, -1.0)
    number, text = 1, ""
    for n, line in enumerate(source.split("\n"), 1):
        if not line.strip():
            continue
        matcher = difflib.SequenceMatcher(None, target, line.strip(), autojunk=False)
        covered = sum(block.size for block in matcher.get_matching_blocks()) / max(1, len(target))
        score = (covered, matcher.ratio())
        if score > best:
            best, number, text = score, n, line
    return number, text


def starts(source: str, old: str) -> list[int]:
    """Every offset where `old` occurs in `source`, overlapping ones too (in "aaa", "aa" occurs twice)."""
    out, at = [], source.find(old)
    while at >= 0:
        out.append(at)
        at = source.find(old, at + 1)
    return out


def matching_lines(source: str, old: str) -> list[tuple[int, str]]:
    """The lines where `old` starts in `source`: (1-based line number, that line), in order, each line once."""
    rows = source.split("\n")
    numbers = dict.fromkeys(source.count("\n", 0, at) + 1 for at in starts(source, old))
    return [(n, rows[n - 1]) for n in numbers]


def minimal_edits(before: str, after: str) -> list[Edit]:
    """The fewest, shortest unique-match edits (in order) that turn `before` into `after`: each changed run of lines
    with as little context as makes its `old` unique in the copy it edits, trimmed to the changed words where that
    stays unique. Every `old` and `new` is free of leading and trailing whitespace, which a tool call's XML
    arguments do not keep. Raises ValueError when the sketches are equal or `before` is blank; the result is
    checked by applying it."""
    if before == after:
        raise ValueError("the sketches are the same: there is nothing to edit")
    if not before.strip():
        raise ValueError("the first sketch is blank: paint the second whole")
    a, b = before.split("\n"), after.split("\n")
    hunks = [op for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
    edits: list[Edit] = []
    current = list(a)  # the copy the next edit applies to, in lines
    shift = 0  # lines added so far (current index = a index + shift)
    k = 0
    while k < len(hunks):
        _, i1, i2, j1, j2 = hunks[k]
        lo, hi = i1 + shift, i2 + shift  # the hunk's old lines in `current`
        if lo == hi or j1 == j2:  # an insertion or a deletion is anchored on a line it keeps
            lo, hi = _widen(lo, hi, len(current))
        joined = "\n".join(current)
        while True:
            # the window reached the next hunk (at the sketch's end: every hunk left, insertions at the end too)
            while k + 1 < len(hunks) and (hunks[k + 1][1] + shift < hi or hi == len(current)):
                k += 1
                hi = max(hi, hunks[k][2] + shift)
                j2 = hunks[k][4]
            start, end = i1 + shift, hunks[k][2] + shift
            replacement = current[lo:start] + b[j1:j2] + current[end:hi]
            at = sum(len(line) + 1 for line in current[:lo])
            edit = _fitted(joined, at, "\n".join(current[lo:hi]), "\n".join(replacement))
            if edit is not None or (lo == 0 and hi == len(current)):
                break
            lo, hi = _widen(lo, hi, len(current))
        if edit is None:  # the whole sketch, less its outer whitespace
            raise ValueError("no unique edit turns the first sketch into the second: paint it whole")
        edits.append(edit)
        current[lo:hi] = replacement
        shift += len(replacement) - (hi - lo)
        k += 1
    if apply_edits(before, edits, max_chars=max(MAX_SOURCE_CHARS, len(after))).source != after:
        raise AssertionError("minimal_edits did not reproduce the second sketch")  # pragma: no cover - a bug
    return edits


def _widen(lo: int, hi: int, size: int) -> tuple[int, int]:
    """One more line of context: above when there is one, else below."""
    if lo > 0:
        return lo - 1, hi
    if hi < size:
        return lo, hi + 1
    return lo, hi


_BOUNDARY = re.compile(r"\W")


def _fitted(source: str, at: int, old: str, new: str) -> Edit | None:
    """The shortest form of replacing `old` (at offset `at` of `source`) by `new` that occurs exactly once, there,
    and carries no outer whitespace: their common head and tail cut at word boundaries, else only their common
    outer whitespace; None when neither form is unique and clean."""
    for head, tail in (_common_cut(old, new), _common_cut(old, new, words=False)):
        cut_old, cut_new = old[head:len(old) - tail], new[head:len(new) - tail]
        clean = cut_old.strip() == cut_old != "" and cut_new.strip() == cut_new
        if clean and source.find(cut_old) == at + head and source.find(cut_old, at + head + 1) < 0:
            return Edit(cut_old, cut_new)
    return None


def _common_cut(old: str, new: str, words: bool = True) -> tuple[int, int]:
    """How much common head and tail `old` and `new` can lose: with `words`, their whole common head and tail cut
    back to word boundaries; else only their common leading and trailing whitespace."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head] and (words or old[head].isspace()):
        head += 1
    tail = 0
    while (tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]
           and (words or old[-1 - tail].isspace())):
        tail += 1
    if words:
        while head > 0 and not _BOUNDARY.match(old[head - 1]):  # cut after a non-word character only
            head -= 1
        while tail > 0 and not _BOUNDARY.match(old[len(old) - tail]):  # and before one
            tail -= 1
    return head, tail
