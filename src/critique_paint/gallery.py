"""The HTML gallery of painted episodes: one section per episode, one row of paintings per policy.

Shared by `paint` sessions (index.html) and `eval` (gallery.html).
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any
from urllib.parse import quote

THUMB = 220

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
"""


def _e(value: Any) -> str:
    return html.escape(str(value))


def page_html(title: str, body_html: str) -> str:
    """The shared self-contained page skeleton; the title is escaped, body_html must already be safe."""
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<h1>{_e(title)}</h1>\n"
            f"{body_html}\n</body>\n</html>\n")


def _figure(index: int, row: Mapping[str, Any], policy: str, subject: str) -> str:
    turn = row.get("turn", index + 1)
    counts = Counter(str(c) for c in row.get("codes") or [])
    codes = ", ".join(c if n == 1 else f"{c} ×{n}" for c, n in counts.items())
    total = row.get("total")
    head = f"turn {turn} · " + ("unscored" if total is None else f"total {float(total):.3f}")
    png = row.get("png")
    if png:
        src = quote(PurePath(png).as_posix(), safe="/")
        picture = (f'<img src="{_e(src)}" width="{THUMB}" loading="lazy" '
                   f'alt="{_e(f"{policy} · {subject} · turn {turn}")}">')
    else:
        picture = '<div class="missing"><span>not rendered</span></div>'
    gate = '<span class="gate ok">✓</span>' if row.get("gate_passed") else '<span class="gate bad">✗</span>'
    caption = f"{_e(head)} {gate}"
    if row.get("unscored_reason"):
        caption += f' <span class="codes">{_e(row["unscored_reason"])}</span>'
    if codes:
        caption += f' <span class="codes">{_e(codes)}</span>'
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
    """One page, a section per (subject, episode, seed) and in it one row of paintings per policy; png paths are
    relative to the page's folder."""
    groups: dict[tuple[str, str, str], list[Mapping[str, Any]]] = {}
    for ep in episodes:
        groups.setdefault((str(ep["subject"]), str(ep["episode"]), str(ep["seed"])), []).append(ep)
    sections = []
    for (subject, episode, seed), eps in groups.items():
        parts = [f'<section class="episode">\n<h2>{_e(subject)} · episode {_e(episode)} · seed {_e(seed)}</h2>']
        for ep in eps:
            policy = str(ep["policy"])
            figures = "".join(_figure(i, row, policy, subject) for i, row in enumerate(ep["turns"]))
            parts.append(f'<div class="policy"><h3>{_e(policy)}</h3><div class="turns">{figures}</div></div>')
        sections.append("\n".join(parts) + "\n</section>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page_html(title, "\n".join(sections)), encoding="utf-8")
    return path
