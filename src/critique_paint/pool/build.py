"""Import, re-render and verify the reference pool."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from critique_paint.errors import ConfigError
from critique_paint.pipeline import PaintingVerdict, paint_sketch
from critique_paint.pool.manifest import (
    TIERS,
    PoolEntry,
    load_manifest,
    sha256_bytes,
    subject_for_id,
    write_manifest,
)
from critique_paint.render.pages import RenderPool
from critique_paint.sketch import check_sketch

Progress = Callable[[], None]


def paths_for(entry_id: str, tier: str) -> tuple[str, str]:
    """Relative (source, render) paths; rejected paintings live under rejected/."""
    base = "rejected/" if tier == "rejected" else ""
    return f"{base}sketches/{entry_id}.js", f"{base}renders/{entry_id}.png"


async def render_sources(pool: RenderPool, items: list[tuple[str, int]],
                         advance: Progress | None = None) -> list[PaintingVerdict]:
    """Gate and render (source, seed) pairs concurrently, in order."""

    async def one(source: str, seed: int) -> PaintingVerdict:
        verdict = await paint_sketch(pool, source, seed=seed)
        if advance:
            advance()
        return verdict

    return list(await asyncio.gather(*(one(s, seed) for s, seed in items)))


@dataclass
class ImportReport:
    added: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


async def import_metadata(pool_dir: Path, metadata_files: list[Path], pool: RenderPool,
                          advance: Progress | None = None) -> ImportReport:
    """Add paintings described by JSONL metadata (id, subject, tier, seed, parent_id, critique, note).

    Each sketch must already sit at its conventional path; it is gated, rendered and hashed, and the
    manifest is rewritten with the new entries (existing ids are replaced).
    """
    report = ImportReport()
    rows = []
    for path in metadata_files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except ValueError as exc:
                    raise ConfigError(f"{path}:{n}: not JSON ({exc})") from None
    existing = {e.id: e for e in load_manifest(pool_dir)} if (pool_dir / "manifest.jsonl").exists() else {}
    todo = []
    for row in rows:
        entry_id, tier = row.get("id"), row.get("tier")
        if not entry_id or tier not in TIERS:
            report.problems.append(f"{entry_id}: missing id or tier not in {TIERS}")
            continue
        source_rel, _ = paths_for(entry_id, tier)
        if not (pool_dir / source_rel).is_file():
            report.problems.append(f"{entry_id}: no sketch at {source_rel}")
            continue
        todo.append((row, (pool_dir / source_rel).read_text(encoding="utf-8")))
    verdicts = await render_sources(pool, [(src, int(row.get("seed", 0))) for row, src in todo], advance)
    for (row, source), verdict in zip(todo, verdicts, strict=True):
        entry = _entry_from(row, source, verdict, pool_dir)
        if entry is None:
            report.problems.append(f"{row['id']}: rejected by the gate: {', '.join(verdict.codes)}")
            continue
        existing[entry.id] = entry
        report.added.append(entry.id)
    write_manifest(pool_dir, list(existing.values()))
    return report


def new_entry(row: dict, tier: str, source: bytes, png: bytes, *, paint_fraction: float, render_ms: float,
              backend: str) -> PoolEntry:
    """A manifest entry for a rated painting; `row` carries id, subject, seed, parent_id, critique, note.

    The subject becomes the canonical one for the id's prefix; a more specific given subject is kept
    as the description.
    """
    source_rel, render_rel = paths_for(row["id"], tier)
    given = row.get("subject")
    subject = subject_for_id(row["id"]) or given or "unknown"
    return PoolEntry(
        id=row["id"], subject=subject, tier=tier, source=source_rel, render=render_rel,
        seed=int(row.get("seed", 0)), paint_fraction=paint_fraction, render_ms=render_ms,
        source_sha256=sha256_bytes(source), png_sha256=sha256_bytes(png), backend=backend,
        description=given if given and given != subject else None,
        parent_id=row.get("parent_id"), critique=row.get("critique"), note=row.get("note"),
    )


def _entry_from(row: dict, source: str, verdict: PaintingVerdict, pool_dir: Path) -> PoolEntry | None:
    tier = row["tier"]
    blank_only = verdict.codes == ["blank"]
    if verdict.png is None or (not verdict.passed and not (tier == "rejected" and blank_only)):
        return None
    _, render_rel = paths_for(row["id"], tier)
    (pool_dir / render_rel).parent.mkdir(parents=True, exist_ok=True)
    (pool_dir / render_rel).write_bytes(verdict.png)
    return new_entry(row, tier, source.encode("utf-8"), verdict.png, paint_fraction=verdict.paint_fraction or 0.0,
                     render_ms=verdict.render_ms or 0.0, backend=verdict.backend)


def check_manifest(pool_dir: Path, entries: list[PoolEntry]) -> list[str]:
    """Problems that need no browser: files, hashes, tiers, parents, static gate, tier jumps between
    near-identical revisions, orphans."""
    problems = []
    counts = Counter(e.id for e in entries)
    problems += [f"{i}: duplicate id" for i in sorted(i for i, n in counts.items() if n > 1)]
    known = set(counts)
    for e in entries:
        if e.tier not in TIERS:
            problems.append(f"{e.id}: unknown tier {e.tier!r}")
        if (e.source, e.render) != paths_for(e.id, e.tier):
            problems.append(f"{e.id}: paths {e.source}, {e.render} do not match its id and tier")
        if e.parent_id and e.parent_id not in known:
            problems.append(f"{e.id}: parent {e.parent_id} is not in the pool")
        if e.parent_id and not e.critique:
            problems.append(f"{e.id}: a revision without the critique that motivated it")
        src, png = pool_dir / e.source, pool_dir / e.render
        if not src.is_file():
            problems.append(f"{e.id}: missing sketch {e.source}")
            continue
        source = src.read_text(encoding="utf-8")
        if sha256_bytes(source.encode("utf-8")) != e.source_sha256:
            problems.append(f"{e.id}: sketch changed since it was rated (source sha256 drift)")
        if not png.is_file():
            problems.append(f"{e.id}: missing render {e.render}")
        elif sha256_bytes(png.read_bytes()) != e.png_sha256:
            problems.append(f"{e.id}: {e.render} differs from the manifest (png sha256 drift)")
        verdict = check_sketch(source)
        if not verdict.passed:
            problems.append(f"{e.id}: fails the static gate: {', '.join(v.code for v in verdict.violations)}")
        if e.is_reference and e.paint_fraction < 0.005:
            problems.append(f"{e.id}: a reference below the paint floor")
    from critique_paint.pool.judging import tier_jumps

    problems += tier_jumps(entries, pool_dir)
    listed = {e.source for e in entries}
    for folder in ("sketches", "rejected/sketches"):
        for path in sorted((pool_dir / folder).glob("*.js")):
            rel = f"{folder}/{path.name}"
            if rel not in listed:
                problems.append(f"{rel}: sketch not in the manifest")
    return problems


async def rerender_drift(pool_dir: Path, entries: list[PoolEntry], pool: RenderPool,
                         advance: Progress | None = None, update: bool = False,
                         out_dir: Path | None = None) -> list[str]:
    """Re-render entries; report PNGs that differ from their recorded hash (and rewrite them with update)."""
    items = [(e.source_text(pool_dir), e.seed) for e in entries]
    verdicts = await render_sources(pool, items, advance)
    problems = []
    for e, (source, _), v in zip(entries, items, verdicts, strict=True):
        if v.png is None:
            problems.append(f"{e.id}: no longer renders: {', '.join(v.codes)}")
            continue
        if e.is_reference and not v.passed:
            problems.append(f"{e.id}: a reference that now fails the gate: {', '.join(v.codes)}")
        if out_dir is not None:
            out_dir.mkdir(parents=True, exist_ok=True)
            (out_dir / f"{e.id}.png").write_bytes(v.png)
        digest = sha256_bytes(v.png)
        if update:
            (pool_dir / e.render).write_bytes(v.png)
            e.png_sha256, e.paint_fraction, e.render_ms = digest, v.paint_fraction or 0.0, v.render_ms or 0.0
            e.source_sha256, e.backend = sha256_bytes(source.encode("utf-8")), v.backend
        elif digest != e.png_sha256:
            problems.append(f"{e.id}: render differs from the recorded hash ({e.backend} recorded, "
                            f"{v.backend} now)")
    return problems


def move_to_tier(pool_dir: Path, entry: PoolEntry, tier: str) -> None:
    """Give `entry` a new tier, moving its sketch and render to that tier's folders."""
    source_rel, render_rel = paths_for(entry.id, tier)
    for old, new in ((entry.source, source_rel), (entry.render, render_rel)):
        if old != new:
            (pool_dir / new).parent.mkdir(parents=True, exist_ok=True)
            (pool_dir / old).replace(pool_dir / new)
    entry.tier, entry.source, entry.render = tier, source_rel, render_rel


def apply_judging(pool_dir: Path, entries: list[PoolEntry], dry_run: bool = False) -> list[str]:
    """Re-derive every tier and improving step from `<pool>/judging/` (pool.judging.derive_tiers), move files
    whose tier changed and set `note` to the judge's note. Returns one line per change."""
    from critique_paint.pool.judging import derive_tiers, load_choices, load_grades

    grades, choices = load_grades(pool_dir), load_choices(pool_dir)
    decisions = derive_tiers(entries, pool_dir, grades, choices)
    changes = []
    for e in sorted(entries, key=lambda e: e.id):
        d = decisions[e.id]
        if d.tier != e.tier:
            changes.append(f"{e.id}: {e.tier} -> {d.tier} ({'; '.join(d.reasons)})")
            if not dry_run:
                move_to_tier(pool_dir, e, d.tier)
        if not dry_run:
            e.improves = d.improves if e.parent_id else None
            if e.id in grades and grades[e.id].note:
                e.note = grades[e.id].note
    if not dry_run:
        write_manifest(pool_dir, entries)
    return changes


def sheet_rows(sheet: Path, prefix: str, known: set[str]) -> list[dict]:
    """A painter's sheet (JSONL: file, subject, parent_file, critique) as candidate rows with pool ids, parents
    first: a draft becomes `<prefix>-NN` (after the highest NN in use), a revision of X becomes X-r1 (of X-rK,
    X-r(K+1)). Other fields of the sheet (the painter's intent or description) are not carried over."""
    import re

    lines = [json.loads(line) for line in sheet.read_text(encoding="utf-8").splitlines() if line.strip()]
    by_file = {r["file"]: r for r in lines}
    for r in lines:
        if r.get("parent_file") and r["parent_file"] not in by_file:
            raise ConfigError(f"{sheet}: {r['file']} revises {r['parent_file']}, which the sheet does not list")
        if r.get("parent_file") and not r.get("critique"):
            raise ConfigError(f"{sheet}: {r['file']} is a revision without the critique that motivated it")
    numbers = [int(m.group(1)) for i in known if (m := re.fullmatch(rf"{re.escape(prefix)}-(\d+)", i))]
    n = max(numbers, default=0)
    used, out = set(known), []
    ids: dict[str, str] = {}

    def depth(r: dict) -> int:
        k = 0
        while r.get("parent_file") and k <= len(lines):
            r, k = by_file[r["parent_file"]], k + 1
        return k

    for r in sorted(lines, key=lambda r: (depth(r), r["file"])):
        parent = ids.get(r.get("parent_file"))
        if parent is None:
            n += 1
            cid = f"{prefix}-{n:02d}"
        else:
            m = re.fullmatch(r"(.*)-r(\d+)", parent)
            cid = f"{m.group(1)}-r{int(m.group(2)) + 1}" if m else f"{parent}-r1"
        base, k = cid, 1
        while cid in used:
            k += 1
            cid = f"{base}{chr(ord('a') + k - 1)}"
        used.add(cid)
        ids[r["file"]] = cid
        out.append({"id": cid, "file": str(sheet.parent / r["file"]), "subject": r["subject"], "parent_id": parent,
                    "critique": r.get("critique") if parent else None})
    return out
