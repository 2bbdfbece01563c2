"""Candidates: paintings added to a pool folder (gated and rendered) and waiting to be rated or judged.

They live in `<pool>/candidates/`: `<id>.js`, `<id>.png` and one `candidates.jsonl` row each. Accepting one moves
its files into the pool under its tier and appends its manifest entry.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

from critique_paint.pipeline import paint_sketch
from critique_paint.pool.build import new_entry, paths_for
from critique_paint.pool.manifest import load_manifest, write_manifest
from critique_paint.render.pages import RenderPool

CANDIDATES = "candidates"


def candidates_dir(pool_dir: Path) -> Path:
    return pool_dir / CANDIDATES


def read_candidates(pool_dir: Path) -> list[dict]:
    path = candidates_dir(pool_dir) / "candidates.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def write_candidates(pool_dir: Path, rows: Iterable[dict]) -> None:
    path = candidates_dir(pool_dir) / "candidates.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def known_ids(pool_dir: Path) -> set[str]:
    """Ids in the manifest (if there is one) and among the candidates."""
    known = {e.id for e in load_manifest(pool_dir)} if (pool_dir / "manifest.jsonl").exists() else set()
    return known | {r["id"] for r in read_candidates(pool_dir)}


def new_ids(stems: Iterable[str], known: Collection[str]) -> list[str]:
    """An unused id per file stem: the stem itself, else `<stem>-2`, `<stem>-3`, ..."""
    taken, ids = set(known), []
    for stem in stems:
        cid, n = stem, 1
        while cid in taken:
            n += 1
            cid = f"{stem}-{n}"
        taken.add(cid)
        ids.append(cid)
    return ids


@dataclass
class Added:
    """What became of one item: added (with its PNG) or refused (with the reason)."""

    id: str
    png: Path | None = None
    paint_fraction: float | None = None
    refused: str | None = None


def add_candidates(pool_dir: Path, items: list[dict], seed: int) -> list[Added]:
    """Gate and render items {id, source, subject, parent_id, critique} into candidates/; a revision whose
    parent did not make it is not added either."""

    async def render_all():
        async with RenderPool() as pool:
            return await asyncio.gather(*(paint_sketch(pool, it["source"], seed=seed) for it in items))

    rows = read_candidates(pool_dir)
    failed: set[str] = set()
    results = []
    folder = candidates_dir(pool_dir)
    for it, verdict in zip(items, asyncio.run(render_all()), strict=True):
        cid = it["id"]
        if it["parent_id"] in failed:
            failed.add(cid)
            results.append(Added(cid, refused=f"its parent {it['parent_id']} was not added"))
            continue
        if verdict.png is None or not (verdict.passed or verdict.codes == ["blank"]):
            failed.add(cid)
            results.append(Added(cid, refused=f"the gate rejected it: {', '.join(verdict.codes)}"))
            continue
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{cid}.js").write_text(it["source"])
        (folder / f"{cid}.png").write_bytes(verdict.png)
        rows.append({"id": cid, "subject": it["subject"], "seed": seed, "parent_id": it["parent_id"],
                     "critique": it["critique"], "paint_fraction": verdict.paint_fraction,
                     "render_ms": verdict.render_ms, "backend": verdict.backend})
        results.append(Added(cid, png=folder / f"{cid}.png", paint_fraction=verdict.paint_fraction))
    write_candidates(pool_dir, rows)
    return results


def accept(pool_dir: Path, row: dict, tier: str) -> None:
    """Move a candidate into the pool under `tier` and append its manifest entry."""
    source_rel, render_rel = paths_for(row["id"], tier)
    for rel, ext in ((source_rel, "js"), (render_rel, "png")):
        (pool_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.move(candidates_dir(pool_dir) / f"{row['id']}.{ext}", pool_dir / rel)
    entries = load_manifest(pool_dir) if (pool_dir / "manifest.jsonl").exists() else []
    entries.append(new_entry(row, tier, (pool_dir / source_rel).read_bytes(), (pool_dir / render_rel).read_bytes(),
                             paint_fraction=row["paint_fraction"], render_ms=row.get("render_ms") or 0.0,
                             backend=row.get("backend", "llvmpipe")))
    write_manifest(pool_dir, entries)


def take_in_judged(pool_dir: Path, graded: Collection[str], *, dry_run: bool = False) -> list[str]:
    """Accept (as okay, until the judging re-derives their tier) the candidates that have a blind grade; their ids."""
    rows = read_candidates(pool_dir)
    judged = [r for r in rows if r["id"] in graded]
    if judged and not dry_run:
        for row in judged:
            accept(pool_dir, row, "okay")
        write_candidates(pool_dir, [r for r in rows if r["id"] not in graded])
    return [r["id"] for r in judged]
