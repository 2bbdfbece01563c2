"""The HTML gallery of painted episodes: one section per episode, one row of paintings per policy; an edit turn
shows its edits and a compact diff against the painting it edited, a draft turn is labelled as the draft.

Shared by `paint` sessions (index.html) and `eval` (gallery.html).
"""

from __future__ import annotations

import difflib
import html
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any
from urllib.parse import quote

THUMB = 220
DIFF_LINES = 60  # diff lines shown per edit turn; the rest are counted

_CSS = """
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }
h1 { font-size: 1.5em; }
section.episode { margin: 28px 0; padding-top: 8px; border-top: 1px solid #ddd; }
section.episode h2 { font-size: 1.15em; margin: 0 0 8px; }
.policy h3 { font-size: 0.95em; margin: 12px 0 6px; color: #555; }
.turns { display: flex; gap: 12px; overflow-x: auto; padding-bottom: 6px; }
figure { margin: 0; width: 220px; flex: 0 0 220px; }
figure img { display: block; width: 220px; height: auto; background: #fff; }
.missing { width: 220px; height: 220px; background: #ddd; color: #733; display: flex; flex-direction: column;
  align-items: center; justify-content: center; text-align: center; font-size: 0.85em; word-break: break-word; }
figcaption { font-size: 0.8em; margin-top: 4px; }
.gate.ok { color: #197a2e; font-weight: bold; }
.gate.bad { color: #b3261e; font-weight: bold; }
.codes { color: #733; }
details .critique { white-space: pre-wrap; font-size: 0.95em; max-height: 280px; overflow-y: auto; }
.action { font-weight: bold; color: #5b3a8c; }
ol.edits { margin: 4px 0; padding-left: 18px; font-size: 0.95em; }
ol.edits code, pre.diff { font-family: ui-monospace, monospace; font-size: 0.9em; white-space: pre-wrap;
  word-break: break-all; }
del, .diff .del { background: #fde2e1; color: #8a1c14; text-decoration: none; }
ins, .diff .add { background: #dff3e3; color: #155d27; text-decoration: none; }
pre.diff { margin: 4px 0; max-height: 280px; overflow-y: auto; background: #fff; border: 1px solid #e4e4e4;
  padding: 3px; }
.diff span { display: block; }
.diff .hunk { color: #777; }
"""


def _e(value: Any) -> str:
    return html.escape(str(value))


def page_html(title: str, body_html: str) -> str:
    """The shared self-contained page skeleton; the title is escaped, body_html must already be safe."""
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<h1>{_e(title)}</h1>\n"
            f"{body_html}\n</body>\n</html>\n")


def sketch_diff(before: str, after: str, limit: int = DIFF_LINES) -> tuple[list[str], int, int]:
    """A compact unified diff (one line of context, no file headers) of two sketches: its first `limit` lines
    and the counts of lines added and removed."""
    lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=1))[2:]
    added = sum(1 for d in lines if d.startswith("+"))
    removed = sum(1 for d in lines if d.startswith("-"))
    return lines[:limit] + ([f"… {len(lines) - limit} more diff lines"] if len(lines) > limit else []), added, removed


def _diff_html(lines: Sequence[str]) -> str:
    kinds = {"+": "add", "-": "del", "@": "hunk"}
    return "".join(f'<span class="{kinds.get(d[:1], "ctx")}">{_e(d) or " "}</span>' for d in lines)


def edit_html(row: Mapping[str, Any], base: Mapping[str, Any] | None) -> str:
    """An edit turn's edits (line, old -> new) and, when it painted, its diff against the base painting's sketch."""
    items = []
    for e in row.get("edits") or []:
        where = f"line {e['line']}: " if e.get("line") else ""
        items.append(f"<li>{_e(where)}<del><code>{_e(e.get('old', ''))}</code></del> → "
                     f"<ins><code>{_e(e.get('new', ''))}</code></ins></li>")
    out = f'<ol class="edits">{"".join(items)}</ol>' if items else ""
    after, before = row.get("sketch") or "", (base or {}).get("sketch")
    if after and before is not None:
        lines, added, removed = sketch_diff(str(before), str(after))
        out += (f'<details class="diff" open><summary>diff against painting {_e(row.get("base_turn"))} '
                f'(+{added} −{removed})</summary><pre class="diff">{_diff_html(lines)}</pre></details>')
    return out


def _head(row: Mapping[str, Any], turn: Any) -> str:
    """The caption's first words: the turn, what made it (the draft; an edit of which painting), its total and the
    tokens its reply generated, when counted."""
    total = row.get("total")
    scored = "unscored" if total is None else f"total {float(total):.3f}"
    if row.get("tokens") is not None:
        scored += f" · {row['tokens']} tokens"
    action = row.get("action")
    if action == "draft":
        what = ' · <span class="action">the draft</span>'
    elif action == "edit":
        base = row.get("base_turn")
        what = ' · <span class="action">edit' + (f" of painting {_e(base)}" if base else "") + "</span>"
    else:
        what = ""
    return f"turn {_e(turn)}{what} · {_e(scored)}"


def _figure(index: int, row: Mapping[str, Any], policy: str, subject: str,
            turns: Mapping[Any, Mapping[str, Any]] | None = None) -> str:
    turn = row.get("turn", index + 1)
    counts = Counter(str(c) for c in row.get("codes") or [])
    codes = ", ".join(c if n == 1 else f"{c} ×{n}" for c, n in counts.items())
    png = row.get("png")
    if png:
        src = quote(PurePath(png).as_posix(), safe="/")
        picture = (f'<img src="{_e(src)}" width="{THUMB}" loading="lazy" '
                   f'alt="{_e(f"{policy} · {subject} · turn {turn}")}">')
    else:
        picture = '<div class="missing"><span>not rendered</span></div>'
    gate = '<span class="gate ok">✓</span>' if row.get("gate_passed") else '<span class="gate bad">✗</span>'
    caption = f"{_head(row, turn)} {gate}"
    if row.get("unscored_reason"):
        caption += f' <span class="codes">{_e(row["unscored_reason"])}</span>'
    if codes:
        caption += f' <span class="codes">{_e(codes)}</span>'
    if row.get("action") == "edit":
        caption += edit_html(row, (turns or {}).get(row.get("base_turn")))
    for key, label in (("self_critique", "its own critique"), ("observation", "what the model read"),
                       ("note", "note from the person watching")):
        if row.get(key):
            caption += (f'<details class="{key}"><summary>{label}</summary>'
                        f'<div class="critique">{_e(row[key])}</div></details>')
    if row.get("critique") and row["critique"] not in (row.get("observation") or ""):
        caption += ('<details class="unseen"><summary>the reward\'s critique (not shown to the model)</summary>'
                    f'<div class="critique">{_e(row["critique"])}</div></details>')
    return f"<figure>{picture}<figcaption>{caption}</figcaption></figure>"


def gallery_html(episodes: Sequence[Mapping[str, Any]], path: Path, title: str) -> Path:
    """One page, a section per (subject, episode, seed, draft) and in it one row of paintings per policy; png paths
    are relative to the page's folder. An edit's base painting is looked up among its row's turns, then among the
    section's other rows (a paint session's undone turns edit the kept ones)."""
    groups: dict[tuple[str, str, str, str | None], list[Mapping[str, Any]]] = {}
    for ep in episodes:
        draft = ep.get("draft")
        key = (str(ep["subject"]), str(ep["episode"]), str(ep["seed"]), None if draft is None else str(draft))
        groups.setdefault(key, []).append(ep)
    sections = []
    for (subject, episode, seed, draft), eps in groups.items():
        heading = f"{subject} · episode {episode} · seed {seed}" + (f" · from the draft {draft}" if draft else "")
        parts = [f'<section class="episode">\n<h2>{_e(heading)}</h2>']
        shared = {row.get("turn"): row for ep in reversed(eps) for row in ep["turns"]}
        for ep in eps:
            policy = str(ep["policy"])
            turns = {**shared, **{row.get("turn"): row for row in ep["turns"]}}
            figures = "".join(_figure(i, row, policy, subject, turns) for i, row in enumerate(ep["turns"]))
            parts.append(f'<div class="policy"><h3>{_e(policy)}</h3><div class="turns">{figures}</div></div>')
        sections.append("\n".join(parts) + "\n</section>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page_html(title, "\n".join(sections)), encoding="utf-8")
    return path
