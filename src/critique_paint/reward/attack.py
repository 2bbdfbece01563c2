"""The reward under attack: CMA-ES (the `cma` package) searches each family of `attack_families` for the cheap
painting a reward preset pays most, within a render budget, and sets the best find per subject against the pool's
good (love) paintings of that subject scored by the same preset.

One search per family; each candidate it renders is gated, painted (`pipeline.paint_sketch` on warm pages, through
the render cache when the pool has one) and scored under every tested subject; the search maximises the candidate's
worst ratio (`worst_ratio`): its highest total over the weakest good painting of a subject, the ratio a hole is
judged by, so a preset that pays a cheap painting for one subject only is searched there. Searches advance a
generation each in turn, so the best score's growth with renders is one curve.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from critique_paint.pipeline import paint_sketch
from critique_paint.render.pages import RenderPool
from critique_paint.reward.attack_families import FAMILIES
from critique_paint.reward.scorer import Scorer

POPSIZE = 8  # candidates per generation of each search
SIGMA0 = 0.3  # CMA-ES's first step size, in the unit cube
TOP = 8  # finds kept per family (the contact sheet and the critic's negatives come from them)
SAFE_RATIO = 0.5  # a find over half the weakest good painting of its subject is a hole in the reward


@dataclass
class Find:
    """One evaluated candidate: its point, its sketch and its total per subject (None: a service could not score
    it; `reason` says why)."""

    family: str
    x: list[float]
    source: str
    scores: dict[str, float | None]
    index: int  # which evaluation of the whole attack it was (0-based, in the order candidates were asked)
    png: bytes | None = None
    reason: str | None = None
    objective: float | None = None  # what the search maximises (`worst_ratio`); None when a total is missing

    @property
    def mean(self) -> float | None:
        """The mean total over subjects; None when a subject's total could not be had (never read as 0)."""
        if any(s is None for s in self.scores.values()):
            return None
        return float(np.mean(list(self.scores.values())))


@dataclass
class FamilyRun:
    family: str
    held_out: bool
    renders: int = 0
    top: list[Find] = field(default_factory=list)  # scored finds only, best first, by objective
    best: dict[str, float | None] = field(default_factory=dict)  # per subject, over every candidate

    def keep(self, find: Find) -> None:
        for subject, score in find.scores.items():
            known = self.best.get(subject)
            if score is not None and (known is None or score > known):
                self.best[subject] = score
        if find.objective is not None:
            self.top = sorted([*self.top, find], key=lambda f: (-(f.objective or 0.0), f.index))[:TOP]


@dataclass
class Good:
    """A subject's good pool paintings (love tier) scored by the attacked preset."""

    subject: str
    scores: list[float]

    @property
    def weakest(self) -> float | None:
        return min(self.scores) if self.scores else None

    @property
    def median(self) -> float | None:
        return statistics.median(self.scores) if self.scores else None


@dataclass
class AttackResult:
    preset: str
    subjects: list[Good]
    families: list[FamilyRun]
    renders: int = 0
    fresh: int = 0  # renders that were painted now (the rest came from the render cache)
    rejected: int = 0  # candidates the gate refused (too little paint: the sketches are legal by construction)
    unscored: int = 0  # candidates a service could not score: left out of the search and of every best
    unscored_reason: str | None = None  # the last one's reason
    untold: int = 0  # generations not told to CMA-ES because a candidate of theirs was unscored
    seconds: float = 0.0
    growth: list[tuple[int, float | None, float | None]] = field(default_factory=list)  # (renders, best, held out)

    def rows(self) -> list[dict]:
        """One row per family and subject: best find, the weakest and median good painting, best / weakest."""
        out = []
        for run in self.families:
            for good in self.subjects:
                best = run.best.get(good.subject)
                ratio = None if best is None or not good.weakest else round(best / good.weakest, 4)
                out.append({"family": run.family, "held_out": run.held_out, "subject": good.subject,
                            "best": None if best is None else round(best, 4),
                            "weakest_good": None if good.weakest is None else round(good.weakest, 4),
                            "median_good": None if good.median is None else round(good.median, 4),
                            "ratio": ratio, "renders": run.renders})
        return out

    def holes(self, held_out_only: bool = False) -> list[dict]:
        """Rows whose best find is over half the weakest good painting of the subject."""
        return [r for r in self.rows() if r["ratio"] is not None and r["ratio"] > SAFE_RATIO
                and (r["held_out"] or not held_out_only)]

    def to_dict(self) -> dict:
        return {"preset": self.preset, "renders": self.renders, "fresh_renders": self.fresh,
                "cache_hits": self.renders - self.fresh, "rejected": self.rejected, "unscored": self.unscored,
                "unscored_reason": self.unscored_reason, "untold_generations": self.untold,
                "seconds": round(self.seconds, 1), "safe_ratio": SAFE_RATIO,
                "subjects": [{"subject": g.subject, "good": len(g.scores), "weakest_good": g.weakest,
                              "median_good": g.median} for g in self.subjects],
                "families": self.rows(),
                "growth": [{"renders": n, "best": rounded(b), "best_held_out": rounded(h)} for n, b, h in self.growth],
                "top": [{"family": f.family, "mean": rounded(f.mean), "objective": rounded(f.objective),
                         "scores": f.scores, "x": f.x, "index": f.index} for run in self.families for f in run.top]}


def rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


async def good_scores(scorer: Scorer, subjects: list[str], pool_folder: Path, seed: int = 0) -> list[Good]:
    """The love-tier paintings of each subject, scored by `scorer` under their own subject. InfrastructureError when
    a subject has love paintings and the preset could score none of them (its service is down: nothing to compare
    with)."""
    from critique_paint.errors import InfrastructureError
    from critique_paint.pool import load_manifest

    entries = load_manifest(pool_folder)
    out = []
    for subject in subjects:
        scores = []
        for e in (e for e in entries if e.subject == subject and e.tier == "love"):
            result = await scorer.score(png=(pool_folder / e.render).read_bytes(), source=e.source_text(pool_folder),
                                        gate_passed=True, subject=subject, seed=seed)
            if result.total is not None:
                scores.append(result.total)
            elif not scores:
                raise InfrastructureError(f"the {scorer.preset.name} preset could not score the pool's good "
                                          f"paintings of {subject!r}: {result.unscored_reason}")
        out.append(Good(subject, scores))
    return out


def worst_ratio(scores: dict[str, float | None], good: list[Good]) -> float | None:
    """A candidate's highest total over the weakest good painting of its subject, over the subjects that have one
    (the mean total where none has); None when a total could not be had. A preset that pays every subject alike
    orders candidates by this as by their total."""
    totals = {s: v for s, v in scores.items() if v is not None}
    if len(totals) < len(scores):
        return None
    weakest = {g.subject: g.weakest for g in good if g.weakest}
    ratios = [v / weakest[s] for s, v in totals.items() if s in weakest]
    return max(ratios) if ratios else float(np.mean(list(totals.values())))


def _budgets(renders: int, n: int) -> list[int]:
    return [renders // n + (1 if i < renders % n else 0) for i in range(n)]


class _Search:
    """CMA-ES over one family's unit cube, asked a generation at a time until its budget is spent."""

    def __init__(self, family: str, budget: int, seed: int) -> None:
        import cma  # type: ignore[import-untyped]  # no stubs, no py.typed

        self.family, self.budget, self.used = FAMILIES[family], budget, 0
        dim = len(self.family.genes)
        x0 = np.random.default_rng([seed, len(family), sum(map(ord, family))]).uniform(0.25, 0.75, dim)
        self.es = cma.CMAEvolutionStrategy(x0, SIGMA0, {"bounds": [0.0, 1.0], "popsize": POPSIZE,
                                                        "seed": seed + 1, "verbose": -9})
        self.pending: list[np.ndarray] = []

    def ask(self) -> list[np.ndarray]:
        n = min(POPSIZE, self.budget - self.used)
        if n <= 0:
            return []
        self.pending = list(self.es.ask())
        self.used += n
        return self.pending[:n]

    def tell(self, values: list[float | None]) -> None:
        """Values of the asked candidates (higher is better). A short last generation, or one with an unscored
        candidate, is not told: CMA-ES ranks whole generations, and an unscored candidate is not worth 0."""
        if len(values) == len(self.pending) and None not in values:
            self.es.tell(self.pending, [-v for v in values if v is not None])


async def run_attack(pool: RenderPool, scorer: Scorer, families: list[str], subjects: list[str], renders: int,
                     good: list[Good], *, seed: int = 0,
                     on_eval: Callable[[int, float | None], None] | None = None) -> AttackResult:
    """Spend `renders` evaluations over `families`; `on_eval(done, its mean or None)` after each one. A candidate a
    service could not score is counted (`unscored`) and left out of the search and of every best."""
    t0 = time.perf_counter()
    result = AttackResult(scorer.preset.name, good, [FamilyRun(f, FAMILIES[f].held_out) for f in families])
    searches = [_Search(f, b, seed) for f, b in zip(families, _budgets(renders, len(families)), strict=True)]
    best_all: float | None = None
    best_held: float | None = None
    while True:
        asked = [(run, search, search.ask()) for run, search in zip(result.families, searches, strict=True)]
        jobs = [(run, k, x) for run, _, xs in asked for k, x in enumerate(xs)]
        if not jobs:
            break
        start = result.renders
        result.renders += len(jobs)

        async def one(index: int, run: FamilyRun, x: np.ndarray) -> Find:
            find = await _evaluate(pool, scorer, run.family, x, subjects, index, seed, result)
            find.objective = worst_ratio(find.scores, good)
            if on_eval is not None:
                on_eval(1, find.mean)
            return find

        finds = await asyncio.gather(*(one(start + i, run, x) for i, (run, _, x) in enumerate(jobs)))
        for (run, _, _), find in zip(jobs, finds, strict=True):
            run.renders += 1
            run.keep(find)
            if find.mean is None:
                result.unscored += 1
                result.unscored_reason = find.reason
                continue
            best_all = find.mean if best_all is None else max(best_all, find.mean)
            if run.held_out:
                best_held = find.mean if best_held is None else max(best_held, find.mean)
        for run, search, _ in asked:
            values = [f.objective for (r, _, _), f in zip(jobs, finds, strict=True) if r is run]
            result.untold += None in values
            search.tell(values)
        result.growth.append((result.renders, best_all, best_held))
    result.seconds = time.perf_counter() - t0
    return result


async def _evaluate(pool: RenderPool, scorer: Scorer, family: str, x: np.ndarray, subjects: list[str], index: int,
                    seed: int, result: AttackResult) -> Find:
    source = FAMILIES[family].source(x)
    verdict = await paint_sketch(pool, source, seed=seed)
    if not verdict.cached:
        result.fresh += 1
    if not verdict.passed:
        result.rejected += 1
    scores: dict[str, float | None] = {}
    reason = None
    for subject in subjects:
        r = await scorer.score(png=verdict.png if verdict.passed else None, source=source,
                               gate_passed=verdict.passed, violations=[v.to_dict() for v in verdict.violations],
                               paint_fraction=verdict.paint_fraction, subject=subject, seed=seed)
        scores[subject] = r.total
        reason = reason or r.unscored_reason
    return Find(family, [float(v) for v in x], source, scores, index, verdict.png, reason)
