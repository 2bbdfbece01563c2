"""Deterministic reference sampling for the pairwise judge."""

from __future__ import annotations

import random

from critique_paint.pool.manifest import PoolEntry


def sample_references(entries: list[PoolEntry], n: int = 4, seed: int = 0,
                      subject: str | None = None) -> list[PoolEntry]:
    """Half `love`, half `okay` (love gets the odd one), the same for the same seed.

    Rejected paintings are never sampled. With `subject`, references come from that subject when it
    has enough of each tier, otherwise from the whole pool.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    n_love, n_okay = (n + 1) // 2, n // 2
    pick_from = entries
    if subject is not None:
        same = [e for e in entries if e.subject == subject]
        if _count(same, "love") >= n_love and _count(same, "okay") >= n_okay:
            pick_from = same
    love = sorted((e for e in pick_from if e.tier == "love"), key=lambda e: e.id)
    okay = sorted((e for e in pick_from if e.tier == "okay"), key=lambda e: e.id)
    if len(love) < n_love or len(okay) < n_okay:
        raise ValueError(f"pool has {len(love)} love and {len(okay)} okay paintings; {n} references need "
                         f"{n_love} and {n_okay}")
    rng = random.Random(f"critique-paint-references:{seed}")
    chosen = rng.sample(love, n_love) + rng.sample(okay, n_okay)
    return chosen


def _count(entries: list[PoolEntry], tier: str) -> int:
    return sum(1 for e in entries if e.tier == tier)
