"""The careful paintings' renders (`paintings/renders/`), stored as the pool's are: tests read them instead of
painting the 14 heavy sketches on every run, and re-render a sample to check they are what the renderer paints.
`hashes.json` records each painting's source and PNG hashes (seed 0, 600 px).

    python benchmarks/painting_renders.py      # render every painting again and record its hashes
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

PAINTINGS = Path(__file__).resolve().parent / "paintings"
RENDERS = PAINTINGS / "renders"
RECORD = RENDERS / "hashes.json"
REFRESH = "python benchmarks/painting_renders.py"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sources() -> dict[str, str]:
    """Each careful painting's sketch, by name."""
    return {p.stem: p.read_text() for p in sorted(PAINTINGS.glob("*.js"))}


def recorded() -> dict[str, dict[str, str]]:
    return json.loads(RECORD.read_text()) if RECORD.is_file() else {}


def stored() -> dict[str, tuple[str, bytes]]:
    """(sketch, png) of every painting; ValueError naming the first whose render is missing or was made from
    another version of its sketch."""
    record = recorded()
    out = {}
    for name, source in sources().items():
        png_path = RENDERS / f"{name}.png"
        entry = record.get(name)
        if entry is None or entry["source_sha256"] != sha256(source.encode()) or not png_path.is_file():
            raise ValueError(f"benchmarks/paintings/{name}.js has no render of this version: run {REFRESH}")
        png = png_path.read_bytes()
        if sha256(png) != entry["png_sha256"]:
            raise ValueError(f"{png_path.name} is not the render hashes.json records: run {REFRESH}")
        out[name] = (source, png)
    return out


def refresh() -> None:
    from critique_paint.render import Renderer, RenderOptions

    found = sources()
    with Renderer(RenderOptions(workers=2)) as renderer:
        results = renderer.render_many(list(found.values()), seed=0)
    RENDERS.mkdir(exist_ok=True)
    record = {}
    for (name, source), result in zip(found.items(), results, strict=True):
        if not result.ok or result.png is None:
            sys.exit(f"{name}: {result.code}: {result.message}")
        (RENDERS / f"{name}.png").write_bytes(result.png)
        record[name] = {"source_sha256": sha256(source.encode()), "png_sha256": sha256(result.png)}
        print(f"{name}: {len(result.png)} bytes")
    RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    refresh()
