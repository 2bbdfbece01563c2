"""Reward presets and the weighted mix of judge, HPSv3, gate and length."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.paths import CONFIGS_DIR, shipped
from critique_paint.reward.length import length_score
from critique_paint.reward.types import JudgeResult, Reference

COMPONENTS = ("judge", "hps", "gate", "length")
BACKENDS = {"judge": ("judge", "offline"), "hps": ("hpsv3", "offline")}
DEFAULT_PRESET = "offline"  # needs no service: the CPU default everywhere
SMOKE_TEST_NOTICE = ("note: the offline critic is a smoke-test reward: image statistics alone can be gamed by cheap "
                     "patterns; train a real model with judge-led or hps-led (docs/rewards.md)")


@dataclass
class RewardPreset:
    """Weights per component and which backend fills the judge and HPSv3 slots."""

    name: str
    weights: dict[str, float]
    backends: dict[str, str]
    references: int = 4
    source: str = ""  # what it was loaded from: a built-in name or a YAML path

    def with_weights(self, overrides: dict[str, float]) -> RewardPreset:
        unknown = set(overrides) - set(COMPONENTS)
        if unknown:
            raise ConfigError(f"unknown reward component(s) {sorted(unknown)}; use {', '.join(COMPONENTS)}")
        return RewardPreset(self.name, {**self.weights, **overrides}, dict(self.backends), self.references, self.source)


def preset_names() -> list[str]:
    return sorted(p.stem for p in (CONFIGS_DIR / "rewards").glob("*.yaml"))


def load_preset(name_or_path: str) -> RewardPreset:
    """A preset by name (configs/rewards/NAME.yaml) or by path; errors are one line."""
    path = Path(name_or_path)
    if not path.suffix:
        path = shipped(CONFIGS_DIR / "rewards") / f"{name_or_path}.yaml"
    if not path.is_file():
        raise ConfigError(f"unknown reward preset {name_or_path!r}; choose one of {', '.join(preset_names())}")
    try:
        raw = yaml.safe_load(path.read_text()) or {}
        weights = {k: float(raw["weights"].get(k, 0.0)) for k in COMPONENTS}
        backends = {k: str(raw.get("backends", {}).get(k, BACKENDS[k][0])) for k in BACKENDS}
        references = int(raw.get("references", 4))
    except (yaml.YAMLError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"{path}: malformed reward preset ({exc.__class__.__name__}: {exc})") from None
    for slot, backend in backends.items():
        if backend not in BACKENDS[slot]:
            raise ConfigError(f"{path}: backends.{slot} must be one of {BACKENDS[slot]}, not {backend!r}")
    if any(w < 0 for w in weights.values()):
        raise ConfigError(f"{path}: weights must be non-negative")
    return RewardPreset(str(raw.get("name", path.stem)), weights, backends, references, name_or_path)


def smoke_test_notice(preset: str, model: str) -> str | None:
    """The line to print when a model that is not a tiny local build (`model` does not start with "tiny:") trains
    on a preset that weighs the offline critic; None otherwise."""
    p = load_preset(preset)
    offline = any(p.weights[slot] > 0 and p.backends[slot] == "offline" for slot in BACKENDS)
    return SMOKE_TEST_NOTICE if offline and not model.startswith("tiny:") else None


@dataclass
class RewardResult:
    """Every component, who produced it, and the total (None when a needed component could not be had)."""

    total: float | None
    components: dict[str, float | None]
    backends: dict[str, str]
    preset: str
    judge: JudgeResult | None = None
    critique: str | None = None
    critique_backend: str | None = None
    unscored_reason: str | None = None
    gate_passed: bool = True
    violations: list[dict] = field(default_factory=list)
    paint_fraction: float | None = None
    reference_scores: dict[str, float | None] = field(default_factory=dict)

    def judge_draw(self) -> list[dict]:
        """The judge's references for this painting with each outcome and the reference's own score ([] without
        a judge)."""
        return self.judge.draw(self.reference_scores) if self.judge else []

    def to_dict(self) -> dict[str, Any]:
        judge = self.judge.to_dict() if self.judge else {"score": None, "comparisons": []}
        return {"total": self.total, "components": self.components, "backends": self.backends,
                "preset": self.preset, "judge": judge, "critique": self.critique,
                "critique_backend": self.critique_backend, "unscored_reason": self.unscored_reason,
                "gate": {"passed": self.gate_passed, "violations": self.violations},
                "paint_fraction": self.paint_fraction}


def weighted_total(weights: dict[str, float], components: dict[str, float | None]) -> float | None:
    """Sum of weight x component over weighted components; None if any weighted one is missing.

    A component that does not apply (absent from `components`, e.g. length for a PNG) is left out.
    """
    total = 0.0
    for name, weight in weights.items():
        if weight == 0 or name not in components:
            continue
        value = components[name]
        if value is None:
            return None
        total += weight * value
    return round(total, 6)


def gate_critique(violations: list[dict]) -> str:
    """What the policy sees when its sketch (or its edits) was rejected: the violations, as revision advice."""
    edits = any(str(v.get("code", "")).startswith("edit_") for v in violations)
    lines = ["The edits were not applied, so nothing was painted:" if edits
             else "The sketch was rejected before it could be painted. Fix these and submit it again:"]
    for v in violations[:8]:
        where = f" (line {v['line']})" if v.get("line") else ""
        lines.append(f"- {v['code']}{where}: {v['message']}")
    return "\n".join(lines)


async def gather_components(tasks: dict[str, Any]) -> dict[str, Any]:
    """Await named coroutines concurrently; an InfrastructureError becomes the value (reported, not raised)."""
    names = list(tasks)
    results = await asyncio.gather(*tasks.values(), return_exceptions=True)
    out: dict[str, Any] = {}
    for name, res in zip(names, results, strict=True):
        if isinstance(res, BaseException) and not isinstance(res, InfrastructureError | ConfigError):
            raise res
        out[name] = res
    return out


__all__ = ["COMPONENTS", "SMOKE_TEST_NOTICE", "Reference", "RewardPreset", "RewardResult", "gate_critique",
           "length_score", "load_preset", "preset_names", "smoke_test_notice", "weighted_total"]
