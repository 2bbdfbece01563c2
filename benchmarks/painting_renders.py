"""Stored renders, kept as the pool's are: the careful paintings (`paintings/renders/`) and one pattern of each
family at PATTERN_SEED (`pattern_renders/`). Tests read them instead of painting the sketches on every run, and
re-render a sample to check they are what the renderer paints. Each folder's `hashes.json` records every sketch's
source and PNG hashes (render seed 0, 600 px).

    python benchmarks/painting_renders.py      # render both sets again and record their hashes
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAINTINGS = HERE / "paintings"
PATTERN_SEED = 3003  # neither the critic fit's seed nor critic_bench's check seed
REFRESH = "python benchmarks/painting_renders.py"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class StoredRenders:
    """A folder of PNGs, one per named sketch, with the hashes that tie each to the version of its sketch."""

    folder: Path
    sources: Callable[[], dict[str, str]]

    @property
    def record(self) -> Path:
        return self.folder / "hashes.json"

    def stored(self) -> dict[str, tuple[str, bytes]]:
        """(sketch, png) by name; ValueError naming the first whose render is missing or was made from another
        version of its sketch."""
        record = json.loads(self.record.read_text()) if self.record.is_file() else {}
        out = {}
        for name, source in self.sources().items():
            png_path = self.folder / f"{name}.png"
            entry = record.get(name)
            if entry is None or entry["source_sha256"] != sha256(source.encode()) or not png_path.is_file():
                raise ValueError(f"{name} has no render of this version in {self.folder.name}/: run {REFRESH}")
            png = png_path.read_bytes()
            if sha256(png) != entry["png_sha256"]:
                raise ValueError(f"{png_path.name} is not the render hashes.json records: run {REFRESH}")
            out[name] = (source, png)
        return out

    def refresh(self, renderer) -> None:
        found = self.sources()
        results = renderer.render_many(list(found.values()), seed=0)
        self.folder.mkdir(exist_ok=True)
        record = {}
        for (name, source), result in zip(found.items(), results, strict=True):
            if not result.ok or result.png is None:
                sys.exit(f"{name}: {result.code}: {result.message}")
            (self.folder / f"{name}.png").write_bytes(result.png)
            record[name] = {"source_sha256": sha256(source.encode()), "png_sha256": sha256(result.png)}
            print(f"{self.folder.name}/{name}: {len(result.png)} bytes")
        self.record.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


def painting_sources() -> dict[str, str]:
    """Each careful painting's sketch, by name."""
    return {p.stem: p.read_text() for p in sorted(PAINTINGS.glob("*.js"))}


def pattern_sources() -> dict[str, str]:
    """One pattern of each family (`patterns.py`) at PATTERN_SEED, by family."""
    import patterns

    return dict(patterns.generate(PATTERN_SEED, 1))


PAINTING_RENDERS = StoredRenders(PAINTINGS / "renders", painting_sources)
PATTERN_RENDERS = StoredRenders(HERE / "pattern_renders", pattern_sources)


if __name__ == "__main__":
    from critique_paint.render import Renderer, RenderOptions

    with Renderer(RenderOptions(workers=2)) as pool:
        for stored in (PAINTING_RENDERS, PATTERN_RENDERS):
            stored.refresh(pool)
