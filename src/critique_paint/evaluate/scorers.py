"""Every evaluated painting scored again by each of several scorers (reward presets, by name or YAML path): whether a
policy's gain holds under scorers it was not trained on, and how the scorers rank the same paintings.

A scorer that cannot be built (a preset needing a judge or HPSv3 that was not given) or that scores none of the
paintings (its service unreachable after its retries) is reported and skipped, never scored 0.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from critique_paint.errors import ConfigError
from critique_paint.evaluate.stats import episode_records, mean_ci
from critique_paint.reward.judge import JudgeConfig

CONCURRENCY = 8


@dataclass
class ScorerRun:
    """One scorer's totals of the evaluated turns (by row index), or why it was skipped."""

    name: str
    scores: dict[int, float | None] = field(default_factory=dict)
    skipped: str | None = None
    unscored: int = 0


async def rescore(rows: Sequence[dict[str, Any]], root: Path, presets: Sequence[str], *, judge: JudgeConfig | None,
                  hps_url: str | None) -> list[ScorerRun]:
    """Each preset's total for every painted row (a gate-rejected turn scores 0 under every scorer)."""
    from critique_paint.reward.mix import load_preset
    from critique_paint.reward.scorer import Scorer, ScorerConfig

    runs = []
    for name in presets:
        preset = load_preset(name)  # a preset that does not exist is an error, raised before anything runs
        try:
            scorer = Scorer(ScorerConfig(preset=preset, judge=judge, hps_url=hps_url))
        except ConfigError as exc:  # it needs a judge or HPSv3 that was not given
            runs.append(ScorerRun(name, skipped=str(exc)))
            continue
        try:
            found = await _score_all(scorer, rows, root)
        finally:
            await scorer.aclose()
        reasons = [why for _, total, why in found if total is None]
        painted = [total for i, total, _ in found if rows[i].get("png")]
        if painted and all(total is None for total in painted):
            runs.append(ScorerRun(name, skipped=f"scored none of {len(painted)} paintings: "
                                                f"{reasons[0] if reasons else 'no total'}"))
            continue
        runs.append(ScorerRun(name, {i: total for i, total, _ in found}, unscored=len(reasons)))
    return runs


async def _score_all(scorer: Any, rows: Sequence[dict[str, Any]], root: Path
                     ) -> list[tuple[int, float | None, str | None]]:
    """(row index, total, why unscored) for every row with a turn; at most CONCURRENCY scored at once."""
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(index: int, row: dict[str, Any]) -> tuple[int, float | None, str | None]:
        if not row.get("png"):
            return index, 0.0, None
        async with gate:
            result = await scorer.score(png=(root / row["png"]).read_bytes(), source=row.get("sketch"),
                                        gate_passed=True, subject=row.get("subject"), seed=int(row.get("seed", 0)))
        return index, result.total, result.unscored_reason

    return list(await asyncio.gather(*(one(i, r) for i, r in enumerate(rows) if r.get("painted", True))))


def scorer_gains(rows: Sequence[dict[str, Any]], runs: Sequence[ScorerRun], trained_on: str | None
                 ) -> list[dict[str, Any]]:
    """Per policy and reachable scorer: the final painting's mean and the last - first gain, each with its 95 % CI
    half width over episodes, and whether the scorer is the one the policy trained on."""
    index = {id(r): i for i, r in enumerate(rows)}
    out = []
    for policy, records in episode_records(rows).items():
        for run in runs:
            if run.skipped:
                continue
            finals, gains = [], []
            for record in records:
                turns = [run.scores.get(index[id(t)]) for t in record["turns"]]
                if not turns or turns[-1] is None:
                    continue
                finals.append(turns[-1])
                if len(turns) > 1 and turns[0] is not None:
                    gains.append(turns[-1] - turns[0])
            final, final_ci = mean_ci(finals)
            gain, gain_ci = mean_ci(gains)
            out.append({"policy": policy, "scorer": run.name,
                        "role": "trained on" if run.name == trained_on else "held out",
                        "final": final, "final_ci95": final_ci, "gain": gain, "gain_ci95": gain_ci,
                        "episodes": len(finals), "pairs": len(gains)})
    return out


def rank_correlations(rows: Sequence[dict[str, Any]], runs: Sequence[ScorerRun]) -> list[dict[str, Any]]:
    """Spearman's rho between every two reachable scorers over the rendered paintings both scored."""
    from scipy.stats import spearmanr

    rendered = [i for i, r in enumerate(rows) if r.get("png")]
    out = []
    for a, b in itertools.combinations([r for r in runs if not r.skipped], 2):
        both = [(a.scores[i], b.scores[i]) for i in rendered
                if a.scores.get(i) is not None and b.scores.get(i) is not None]
        rho = float(spearmanr([x for x, _ in both], [y for _, y in both]).statistic) if len(both) >= 3 else None
        out.append({"a": a.name, "b": b.name, "rho": None if rho != rho else rho, "n": len(both)})
    return out
