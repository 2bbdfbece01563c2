"""Tiers from the blind judging records, and the near-identical revision check.

The records live in `<pool>/judging/`: `grades.jsonl` (one blind grade per painting, 1-5, plus the strict
second look for borderline grades) and `pairs.jsonl` (blind side-by-side choices). The README of the pool
says how they were made; this module turns them into tiers with fixed rules.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image

from critique_paint.pool.chains import TIER_RANK, step_improves
from critique_paint.pool.manifest import PoolEntry

JUDGING_DIR = "judging"
NEAR_IDENTICAL = 8.0  # mean absolute RGB difference (0-255) at 64x64 below which two renders are near-identical
THUMB = 64
WEAK_COVERAGE = 0.07  # a weak painting (grade 2) below this paint fraction is rejected


@dataclass
class Grade:
    id: str
    grade: int  # 5 love, 4 borderline love, 3 okay, 2 borderline rejected, 1 rejected
    note: str | None = None
    check: str | None = None  # second look: Y/N for grade 4 (love?), K/R for grade 2 (keep or reject)
    check_note: str | None = None
    settled: str | None = None  # a tier fixed by a settling look at a disagreement
    settled_note: str | None = None


@dataclass
class Choice:
    left: str
    right: str
    winner: str  # "left", "right" or "tie"
    strength: int = 1  # 1 slight, 2 clear
    round: str = "revision"

    def preferred(self) -> str | None:
        return {"left": self.left, "right": self.right}.get(self.winner)


@dataclass
class Decision:
    tier: str
    reasons: list[str] = field(default_factory=list)
    improves: bool | None = None


def _read_jsonl(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_grades(pool_dir: Path) -> dict[str, Grade]:
    names = set(Grade.__dataclass_fields__)
    return {r["id"]: Grade(**{k: v for k, v in r.items() if k in names})
            for r in _read_jsonl(Path(pool_dir) / JUDGING_DIR / "grades.jsonl")}


def load_choices(pool_dir: Path) -> list[Choice]:
    names = set(Choice.__dataclass_fields__)
    return [Choice(**{k: v for k, v in r.items() if k in names})
            for r in _read_jsonl(Path(pool_dir) / JUDGING_DIR / "pairs.jsonl")]


def blind_tier(grade: Grade, paint_fraction: float) -> str:
    """5 love; 4 love only when the strict second look said Y; 3 okay; 2 okay unless the second look said R or
    it covers under WEAK_COVERAGE; 1 rejected."""
    if grade.grade >= 5 or (grade.grade == 4 and grade.check == "Y"):
        return "love"
    if grade.grade >= 3 or (grade.grade == 2 and grade.check != "R" and paint_fraction >= WEAK_COVERAGE):
        return "okay"
    return "rejected"


def pixel_difference(png_a: bytes, png_b: bytes, size: int = THUMB) -> float:
    """Mean absolute RGB difference (0-255) of two images shrunk to size x size (box filter)."""

    def thumb(data: bytes) -> np.ndarray:
        with Image.open(io.BytesIO(data)) as im:
            return np.asarray(im.convert("RGB").resize((size, size), Image.Resampling.BOX), dtype=np.float32)

    return float(np.abs(thumb(png_a) - thumb(png_b)).mean())


def revision_steps(entries: list[PoolEntry]) -> list[tuple[PoolEntry, PoolEntry]]:
    """(parent, child) for every revision whose parent is in the pool."""
    by_id = {e.id: e for e in entries}
    return [(by_id[e.parent_id], e) for e in sorted(entries, key=lambda e: e.id) if e.parent_id in by_id]


def near_identical_steps(entries: list[PoolEntry], pool_dir: Path,
                         threshold: float = NEAR_IDENTICAL) -> list[tuple[PoolEntry, PoolEntry, float]]:
    """Revision steps whose renders differ by less than `threshold` (see pixel_difference)."""
    out = []
    for parent, child in revision_steps(entries):
        a, b = Path(pool_dir) / parent.render, Path(pool_dir) / child.render
        if a.is_file() and b.is_file():
            diff = pixel_difference(a.read_bytes(), b.read_bytes())
            if diff < threshold:
                out.append((parent, child, diff))
    return out


def tier_jumps(entries: list[PoolEntry], pool_dir: Path, threshold: float = NEAR_IDENTICAL) -> list[str]:
    """Problems: near-identical revision steps whose two paintings sit in different tiers."""
    return [f"{child.id}: tier {child.tier} but its parent {parent.id} is {parent.tier}, and the renders differ by "
            f"only {diff:.1f} (< {threshold:g}) at {THUMB} px"
            for parent, child, diff in near_identical_steps(entries, pool_dir, threshold) if parent.tier != child.tier]


def preference(choices: list[Choice], a: str, b: str) -> tuple[str | None, int]:
    """(preferred id or None for a tie or no record, strength) from the last choice between a and b."""
    for c in reversed(choices):
        if {c.left, c.right} == {a, b}:
            return c.preferred(), c.strength
    return None, 0


def group_tier(tiers: list[str]) -> str:
    """The most common tier; a tie goes to the lowest of the tied tiers (no promotion on a split)."""
    counts = {t: tiers.count(t) for t in tiers}
    top = max(counts.values())
    return min((t for t, n in counts.items() if n == top), key=TIER_RANK.__getitem__)


def derive_tiers(entries: list[PoolEntry], pool_dir: Path, grades: dict[str, Grade],
                 choices: list[Choice]) -> dict[str, Decision]:
    """Tiers and improving steps from the records, by these rules in order:

    1. blind_tier of each painting's grade (entries without a grade keep their tier);
    2. near-identical revision steps (pixel_difference < NEAR_IDENTICAL) link paintings into groups that
       share one tier, group_tier of their blind tiers;
    3. a `settled` tier from a settling look at a disagreement replaces the result;
    4. a step improves when step_improves(parent tier, child tier, the last pairwise choice) holds.
    """
    def first(e: PoolEntry) -> Decision:
        g = grades.get(e.id)
        if g is None:
            return Decision(e.tier, ["not re-judged"])
        return Decision(blind_tier(g, e.paint_fraction), [f"blind grade {g.grade}" + (f", check {g.check}"
                                                                                     if g.check else "")])

    decisions = {e.id: first(e) for e in entries}
    group = {e.id: e.id for e in entries}

    def root(i: str) -> str:
        while group[i] != i:
            i = group[i]
        return i

    for parent, child, _ in near_identical_steps(entries, pool_dir):
        group[root(child.id)] = root(parent.id)
    members: dict[str, list[str]] = {}
    for e in entries:
        members.setdefault(root(e.id), []).append(decisions[e.id].tier)
    for e in entries:
        t = group_tier(members[root(e.id)])
        if t != decisions[e.id].tier:
            decisions[e.id].tier = t
            decisions[e.id].reasons.append(f"near-identical revision group: takes the group's tier {t}")
    for e in entries:
        g = grades.get(e.id)
        if g and g.settled:
            decisions[e.id].tier = g.settled
            decisions[e.id].reasons.append(f"settled: {g.settled_note or g.settled}")
    for parent, child in revision_steps(entries):
        winner, _ = preference(choices, parent.id, child.id)
        side = "child" if winner == child.id else "parent" if winner == parent.id else None
        decisions[child.id].improves = step_improves(decisions[parent.id].tier, decisions[child.id].tier, side)
    return decisions
