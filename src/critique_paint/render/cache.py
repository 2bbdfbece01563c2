"""On-disk render cache keyed by source, seed, size and renderer version."""

from __future__ import annotations

import hashlib
import json
import os
import uuid
from pathlib import Path

from critique_paint.render.result import RenderResult


def cache_key(source: str, seed: int, size: int, version: str, backend: str) -> str:
    h = hashlib.sha256()
    for part in (version, backend, str(seed), str(size), source):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


class RenderCache:
    """Stores successful renders as `<key>.png` plus `<key>.json` (each written whole, so processes may share one
    folder); failures are not cached."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def get(self, key: str) -> RenderResult | None:
        png, meta = self.root / f"{key}.png", self.root / f"{key}.json"
        try:
            info = json.loads(meta.read_text())
            data = png.read_bytes()
        except (OSError, ValueError):
            return None
        paper = info.get("paper")
        return RenderResult(ok=True, png=data, paint_ms=info.get("paint_ms", 0.0), width=info["width"],
                            height=info["height"], backend=info.get("backend", ""), cached=True,
                            meta=info.get("meta", {}), work=info.get("work", 0), brush=info.get("brush", {}),
                            paper=tuple(paper) if isinstance(paper, list) and len(paper) == 3 else None)

    def put(self, key: str, result: RenderResult) -> None:
        if not result.ok or result.png is None:
            return
        tmp = self.root / f".{key}.{uuid.uuid4().hex}.tmp"
        tmp.write_bytes(result.png)
        os.replace(tmp, self.root / f"{key}.png")
        info = {"paint_ms": result.paint_ms, "width": result.width, "height": result.height,
                "backend": result.backend, "meta": result.meta, "work": result.work, "brush": result.brush,
                "paper": list(result.paper) if result.paper else None}
        tmp.write_text(json.dumps(info))
        os.replace(tmp, self.root / f"{key}.json")
