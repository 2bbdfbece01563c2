"""Score a gated painting with a reward preset: judge or offline critic, HPSv3 or offline, gate, length."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.paths import pool_dir
from critique_paint.pool.sampler import DEFAULT_LOVE_SHARE
from critique_paint.reward.judge import JudgeConfig, PairwiseJudge
from critique_paint.reward.length import length_score
from critique_paint.reward.mix import RewardPreset, RewardResult, gate_critique, gather_components, weighted_total
from critique_paint.reward.types import Reference

if TYPE_CHECKING:
    from critique_paint.pool.manifest import PoolEntry

OFFLINE = "offline-critic"


@dataclass
class ScorerConfig:
    preset: RewardPreset
    judge: JudgeConfig | None = None
    hps_url: str | None = None
    hps_timeout_s: float = 60.0
    pool_dir: Path | None = None  # the references' pool; default `paths.pool_dir()`, read when the judge slot is on


class Scorer:
    """One per process; safe to use from many concurrent episodes on one event loop."""

    def __init__(self, config: ScorerConfig):
        from critique_paint.reward.offline import OfflineCritic

        self.config = config
        self.preset = config.preset
        self.critic = OfflineCritic()
        self.judge: PairwiseJudge | None = None
        self.hps = None
        w, b = self.preset.weights, self.preset.backends
        if config.judge is not None and config.judge.endpoint:
            self.judge = PairwiseJudge(config.judge)
        if w["judge"] > 0 and b["judge"] == "judge" and self.judge is None:
            raise ConfigError(f"reward preset {self.preset.name!r} needs a pairwise judge: pass --judge-base-url "
                              "(or set CRITIQUE_PAINT_JUDGE_BASE_URL), or use --reward-preset offline")
        if w["hps"] > 0 and b["hps"] == "hpsv3":
            if not config.hps_url:
                raise ConfigError(f"reward preset {self.preset.name!r} needs the HPSv3 service: pass --hps-url "
                                  "(see services/hpsv3/README.md), or use --reward-preset offline")
            from critique_paint.reward.hps import HpsClient, HpsConfig

            self.hps = HpsClient(HpsConfig(url=config.hps_url, timeout_s=config.hps_timeout_s))
        # the judge slot compares against pool references: without a pool, fail here with the setting's name
        self._pool = (config.pool_dir or pool_dir()) if w["judge"] > 0 else config.pool_dir
        self._entries: list[PoolEntry] | None = None
        self._png_cache: dict[str, bytes] = {}
        self._ref_scores: dict[str, float] = {}

    def references(self, seed: int, subject: str | None = None,
                   love_share: float = DEFAULT_LOVE_SHARE) -> list[Reference]:
        """The group's references: the same for every rollout that shares `seed`, `subject` and `love_share` (the
        share drawn from `love`, the rest `okay`); of that subject (or the nearest ones) when given, at most one per
        revision chain (see `pool.sampler`)."""
        from critique_paint.pool import load_manifest, sample_references

        if self._pool is None:
            self._pool = pool_dir()
        if self._entries is None:
            self._entries = load_manifest(self._pool)
        chosen = sample_references(self._entries, n=self.preset.references, seed=seed, subject=subject,
                                   love_share=love_share)
        refs = []
        for e in chosen:
            if e.id not in self._png_cache:
                self._png_cache[e.id] = (self._pool / e.render).read_bytes()
            refs.append(Reference(id=e.id, tier=e.tier, png=self._png_cache[e.id], subject=e.subject,
                                  score=self.reference_score(e.id)))
        return refs

    def reference_score(self, ref_id: str) -> float:
        """A reference's own offline-critic score (computed once per reference): the strength of the draw."""
        if ref_id not in self._ref_scores:
            self._ref_scores[ref_id] = round(self.critic.score(self._png_cache[ref_id]), 6)
        return self._ref_scores[ref_id]

    def backends(self) -> dict[str, str]:
        judge = self.judge.backend if self.preset.backends["judge"] == "judge" and self.judge else OFFLINE
        hps = "hpsv3" if self.preset.backends["hps"] == "hpsv3" else OFFLINE
        return {"judge": judge, "hps": hps, "gate": "gate", "length": "length"}

    async def score(self, *, png: bytes | None, source: str | None, gate_passed: bool,
                    violations: list[dict] | None = None, paint_fraction: float | None = None,
                    subject: str | None = None, seed: int = 0, love_share: float = DEFAULT_LOVE_SHARE) -> RewardResult:
        """Score one painting. Gate failure: total 0. A component that could not be had: total None.
        `love_share`: of the judge's references, the share drawn from `love`."""
        violations = violations or []
        components: dict[str, float | None] = {}
        if source is not None:
            components["length"] = round(length_score(source), 6)
        result = RewardResult(total=0.0, components=components, backends=self.backends(), preset=self.preset.name,
                              gate_passed=gate_passed, violations=violations, paint_fraction=paint_fraction)
        if not gate_passed or png is None:
            components.update({"judge": None, "hps": None, "gate": 0.0})
            result.critique, result.critique_backend = gate_critique(violations), "gate"
            return result
        components["gate"] = 1.0
        tasks: dict[str, Coroutine[Any, Any, Any]] = {"critique": self.critique(png, subject, source)}
        if self.preset.weights["judge"] > 0:
            tasks["judge"] = self._judge(png, seed, subject, source, love_share)
        if self.preset.weights["hps"] > 0:
            tasks["hps"] = self._hps(png, subject, source)
        got = await gather_components(tasks)
        reasons = []
        if "judge" in got:
            judge = got["judge"]
            if isinstance(judge, Exception):
                components["judge"] = None
                reasons.append(f"judge: {judge}")
            else:
                result.judge = judge
                result.reference_scores = {c.reference_id: self._ref_scores.get(c.reference_id)
                                           for c in judge.comparisons}
                components["judge"] = None if judge.score is None else round(judge.score, 6)
                if judge.score is None:
                    reasons.append(f"judge: {judge.error}")
        if "hps" in got:
            hps = got["hps"]
            components["hps"] = None if isinstance(hps, Exception) else round(hps, 6)
            if isinstance(hps, Exception):
                reasons.append(f"hps: {hps}")
        result.critique, result.critique_backend = got["critique"]
        result.total = weighted_total(self.preset.weights, components)
        if result.total is None:
            result.unscored_reason = "; ".join(reasons) or "a component could not be obtained"
        return result

    async def _judge(self, png: bytes, seed: int, subject: str | None = None, source: str | None = None,
                     love_share: float = DEFAULT_LOVE_SHARE):
        refs = self.references(seed, subject, love_share)
        if self.preset.backends["judge"] == "judge":
            assert self.judge is not None  # __init__ refuses a preset that weighs a judge it has no endpoint for
            return await self.judge.compare(png, refs, subject)
        return await asyncio.to_thread(self.critic.compare, png, refs, subject, source)

    async def _hps(self, png: bytes, subject: str | None, source: str | None = None) -> float:
        if self.preset.backends["hps"] == "hpsv3":
            assert self.hps is not None  # __init__ refuses a preset that weighs HPSv3 without its URL
            [score] = await self.hps.score([png], subject or "a watercolour painting")
            return score.score
        return await asyncio.to_thread(self.critic.score, png, source)

    async def critique(self, png: bytes, subject: str | None = None, source: str | None = None) -> tuple[str, str]:
        """(critique text, backend): the judge's critique mode when configured, else the offline critic's."""
        if self.judge is not None:
            try:
                return await self.judge.critique(png, subject), f"{self.judge.backend} (critique)"
            except InfrastructureError:
                pass
        return await asyncio.to_thread(self.critic.critique, png, subject, source), OFFLINE

    async def aclose(self) -> None:
        if self.judge is not None:
            await self.judge.aclose()
        if self.hps is not None:
            await self.hps.aclose()
