"""Statistics of the reference pool: coverage per tier, paintings and revision steps per subject, compositions."""

from __future__ import annotations

import statistics
from pathlib import Path

from critique_paint.pool.manifest import TIERS


def coverage_rows(entries) -> list[tuple[str, int, float, float, float, float]]:
    """(tier, n, min, median, mean, max) of paint fraction per tier."""
    rows = []
    for tier in TIERS:
        pf = [e.paint_fraction for e in entries if e.tier == tier]
        if pf:
            rows.append((tier, len(pf), min(pf), statistics.median(pf), statistics.fmean(pf), max(pf)))
    return rows


def subject_rows(entries) -> list[tuple[str, int, int, int, float, int, int]]:
    """(subject, love, okay, rejected, share of the references, revision steps, improving steps) per subject."""
    refs = sum(1 for e in entries if e.is_reference) or 1
    rows = []
    for subject in sorted({e.subject for e in entries}):
        es = [e for e in entries if e.subject == subject]
        n = {t: sum(1 for e in es if e.tier == t) for t in TIERS}
        steps = [e for e in es if e.parent_id]
        rows.append((subject, n["love"], n["okay"], n["rejected"], (n["love"] + n["okay"]) / refs, len(steps),
                     sum(1 for e in steps if e.improves)))
    return rows


def composition_line(pool_dir: Path, entries) -> str:
    from critique_paint.pool.composition import BANDING, LOW_KEY, OFF_CENTRE, composition

    comps = [composition((pool_dir / e.render).read_bytes()) for e in entries if e.is_reference]
    return (f"Compositions among the {len(comps)} references: low-key (mean luminance < {LOW_KEY}) "
            f"{sum(c.low_key for c in comps)}, off-centre (paint's centre of mass > {OFF_CENTRE:.0%} of the sheet "
            f"from its centre) {sum(c.off_centre for c in comps)}, horizontal (rows vary > {BANDING}x more than "
            f"columns: landscape-format scenes and banded skies) {sum(c.landscape for c in comps)}")
