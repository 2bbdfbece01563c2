"""The demo task's channel check: how often a revision repairs the fault the first painting's critique names.

The named fault is measured again from the first painting (the offline critic's claims on its PNG, as many as the
critique reads out), so the check does not trust any label; the repair is read from the revision's switch line
(`pool.synthetic.repaired`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from critique_paint.evaluate.stats import episode_key


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float | None, float | None]:
    """The Wilson score interval of a binomial rate (95 % by default); (None, None) without trials."""
    if n == 0:
        return None, None
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def repair_rates(rows: Iterable[Mapping[str, Any]], out_dir: Path) -> dict[str, dict[str, Any]]:
    """Per policy label (a policy under one critique source): episodes whose first painting's critique names a
    fault and that painted a revision, the share whose revision repairs it, and its 95 % Wilson interval.
    Chance (repairing one fault at random) is 1/3."""
    from critique_paint.pool.synthetic import repaired, shown_fault
    from critique_paint.reward.offline import OfflineCritic, critique_claims

    critic = OfflineCritic()
    episodes: dict[tuple, dict[int, Mapping[str, Any]]] = {}
    for row in rows:
        if row.get("painted", True):
            episodes.setdefault((row["policy"], *episode_key(row)), {})[int(row["turn"])] = row
    out: dict[str, dict[str, Any]] = {}
    for (label, *_), turns in episodes.items():
        stats = out.setdefault(label, {"episodes": 0, "repaired": 0, "exactly": 0})
        first, second = turns.get(1), turns.get(2)
        if first is None or second is None or not first.get("png"):
            continue
        png = (out_dir / first["png"]).read_bytes()
        named = shown_fault(critique_claims(critic.features(png, first["sketch"]), first["subject"], first["sketch"]))
        done = repaired(second.get("sketch") or "")
        if named is None or done is None:
            continue
        stats["episodes"] += 1
        stats["repaired"] += named in done
        stats["exactly"] += done == {named}
    for stats in out.values():
        n = stats["episodes"]
        stats["rate"] = stats["repaired"] / n if n else None
        stats["ci95"] = wilson(stats["repaired"], n)
    return out

