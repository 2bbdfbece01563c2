"""`gallery.html` of a training run: every rollout's paintings turn by turn with sketch, critique and reward
components (an edit turn with its edits and a compact diff against the painting it edited, a draft turn labelled
as the draft); sortable by step and reward, filterable by turn and gate verdict. One self-contained file that works
from the file system (no server): the data is embedded, the paintings are relative links into `rollouts/`."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from critique_paint.show.gallery import sketch_diff

SKETCH_BUDGET = 8_000_000  # characters of sketch source embedded; past it a sketch is a link to its file

PAGE = Path(__file__).with_name("run_gallery.html")  # the page: styles, controls and the script that builds it


def write_run_gallery(archive: Any, path: Path) -> Path:
    """Write the gallery of every archived rollout of `archive` (a report.RunArchive) to `path`."""
    budget = SKETCH_BUDGET
    data = []
    for step in sorted(archive.rollouts):
        folder = Path("rollouts") / f"step-{step:04d}"
        for record in archive.rollouts[step]:
            sources = {t.get("turn"): _source(archive.run_dir / folder, t) for t in record.get("turns", [])}
            turns = []
            for t in record.get("turns", []):
                sketch, text = None, sources.get(t.get("turn"))
                if text is not None and len(text) <= budget:
                    sketch, budget = text, budget - len(text)
                turns.append({"turn": t.get("turn"), "total": t.get("total"), "gate_passed": t.get("gate_passed"),
                              "codes": t.get("codes") or [], "components": t.get("components") or {},
                              "paint_fraction": t.get("paint_fraction"), "shapes": t.get("shapes"),
                              "observation": t.get("observation"), "policy_text": t.get("policy_text"),
                              "png": (folder / t["png"]).as_posix() if t.get("png") else None,
                              "sketch_file": (folder / t.get("sketch_file", "")).as_posix(), "sketch": sketch,
                              "action": t.get("action", "paint"), "tokens": t.get("tokens"),
                              **_edit_view(t, text, sources.get(t.get("base_turn")))})
            data.append({"id": record.get("id"), "step": record.get("step", step), "rollout": record.get("rollout"),
                         "subject": record.get("subject"), "seed": record.get("seed"), "reward": record.get("reward"),
                         "ended": record.get("ended"), "turns": turns})
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    title = html.escape(f"critique-paint run · {archive.run_dir.name} · {len(data)} rollouts")
    page = PAGE.read_text(encoding="utf-8")
    path.write_text(page.replace("__TITLE__", title).replace("__DATA__", payload), encoding="utf-8")
    return path


def _source(folder: Path, turn: dict) -> str | None:
    """A turn's archived sketch source (None when it has no file)."""
    path = folder / turn.get("sketch_file", "")
    return path.read_text(encoding="utf-8", errors="replace") if turn.get("sketch_file") and path.is_file() else None


def _edit_view(turn: dict, source: str | None, base: str | None) -> dict[str, Any]:
    """An edit turn's edits, base painting and, when it painted, its diff against the base's sketch."""
    if turn.get("action") != "edit":
        return {}
    view: dict[str, Any] = {"base_turn": turn.get("base_turn"), "edits": turn.get("edits") or []}
    if source and base is not None:
        view["diff"], view["added"], view["removed"] = sketch_diff(base, source)
    return view
