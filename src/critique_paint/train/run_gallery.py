"""`gallery.html` of a training run: every rollout's paintings turn by turn with sketch, critique and reward
components; sortable by step and reward, filterable by turn and gate verdict. One self-contained file that works
from the file system (no server): the data is embedded, the paintings are relative links into `rollouts/`."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

SKETCH_BUDGET = 8_000_000  # characters of sketch source embedded; past it a sketch is a link to its file

PAGE = Path(__file__).with_name("run_gallery.html")  # the page: styles, controls and the script that builds it


def write_run_gallery(archive: Any, path: Path) -> Path:
    """Write the gallery of every archived rollout of `archive` (a report.RunArchive) to `path`."""
    budget = SKETCH_BUDGET
    data = []
    for step in sorted(archive.rollouts):
        folder = Path("rollouts") / f"step-{step:04d}"
        for record in archive.rollouts[step]:
            turns = []
            for t in record.get("turns", []):
                sketch = None
                source = archive.run_dir / folder / t.get("sketch_file", "")
                if t.get("sketch_file") and source.is_file():
                    text = source.read_text(encoding="utf-8", errors="replace")
                    if len(text) <= budget:
                        sketch, budget = text, budget - len(text)
                turns.append({"turn": t.get("turn"), "total": t.get("total"), "gate_passed": t.get("gate_passed"),
                              "codes": t.get("codes") or [], "components": t.get("components") or {},
                              "paint_fraction": t.get("paint_fraction"), "shapes": t.get("shapes"),
                              "observation": t.get("observation"), "policy_text": t.get("policy_text"),
                              "png": (folder / t["png"]).as_posix() if t.get("png") else None,
                              "sketch_file": (folder / t.get("sketch_file", "")).as_posix(), "sketch": sketch})
            data.append({"id": record.get("id"), "step": record.get("step", step), "rollout": record.get("rollout"),
                         "subject": record.get("subject"), "seed": record.get("seed"), "reward": record.get("reward"),
                         "ended": record.get("ended"), "turns": turns})
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    title = html.escape(f"critique-paint run · {archive.run_dir.name} · {len(data)} rollouts")
    page = PAGE.read_text(encoding="utf-8")
    path.write_text(page.replace("__TITLE__", title).replace("__DATA__", payload), encoding="utf-8")
    return path
