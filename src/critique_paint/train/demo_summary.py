"""What the demo shows, in its own measured numbers: the GRPO run's reward trend, the GRPO model against its SFT
start on held-out episodes, and the critique ablation (reward, image and blind) on the demo task."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class DemoFigures:
    """The numbers the demo's paragraph reports."""

    steps: int
    first_step: float | None
    last_step: float | None
    slope_t: float | None
    slope_p: float | None
    versus_sft: Mapping[str, Any]
    contrasts: Mapping[str, Mapping[str, Any]]
    repairs: Mapping[str, Mapping[str, Any]]
    episodes: int
    reading: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # "sft reward", ...


def demo_figures(grpo_dir: Path, rows: Sequence[Mapping[str, Any]], eval_dir: Path, grpo: str, sft: str,
                 sources: Sequence[str], label: Any) -> DemoFigures:
    """`label(policy, source)` names a policy's rows under one critique source (EvalSettings.label)."""
    from critique_paint.evaluate.repairs import repair_rates
    from critique_paint.evaluate.stats import reward_deltas, source_contrasts
    from critique_paint.train.report import RunArchive, slope_t

    archive = RunArchive.read(grpo_dir)
    means = [s.get("reward_mean") for s in archive.steps]
    _, t, p = slope_t([s["step"] for s in archive.steps], means)
    contrasts = {c["source"]: c for c in source_contrasts(rows, {s: label(grpo, s) for s in sources})}
    repairs = repair_rates(rows, eval_dir)
    episodes = len({(r["subject"], r["episode"], r["seed"]) for r in rows})
    return DemoFigures(steps=len(archive.steps), first_step=means[0] if means else None,
                       last_step=means[-1] if means else None, slope_t=t, slope_p=p,
                       versus_sft=reward_deltas(rows, label(grpo, sources[0]), label(sft, sources[0])),
                       contrasts=contrasts, repairs={s: repairs.get(label(grpo, s), {}) for s in sources}
                       | {f"sft {s}": repairs.get(label(sft, s), {}) for s in sources}, episodes=episodes)


def _pm(mean: float | None, ci: float | None) -> str:
    if mean is None:
        return "n/a"
    return f"{mean:+.3f} ± {ci:.3f}" if ci is not None else f"{mean:+.3f}"


def _excludes_zero(mean: float | None, ci: float | None) -> str:
    if mean is None or ci is None:
        return "no interval"
    if mean - ci > 0:
        return "above 0"
    if mean + ci < 0:
        return "below 0"
    return "the interval contains 0"


def _rate(r: Mapping[str, Any]) -> str:
    if not r or r.get("rate") is None:
        return "n/a"
    lo, hi = r["ci95"]
    return f"{r['repaired']}/{r['episodes']} ({r['rate']:.0%}, 95 % {lo:.0%}-{hi:.0%})"


def demo_paragraph(f: DemoFigures) -> str:
    """One paragraph: what was learned, with 95 % intervals, and whether each excludes 0."""
    trend = (f"GRPO's training reward went {f.first_step:.3f} -> {f.last_step:.3f} from its first to its last "
             f"step ({f.steps} steps; per-step slope t {f.slope_t:+.2f}, p {f.slope_p:.3f})"
             if f.first_step is not None and f.slope_t is not None else "GRPO logged no trend")
    vs = f.versus_sft
    reward = f.contrasts.get("reward", {})
    image = f.contrasts.get("image", {})
    parts = [
        f"{trend}.",
        f"On {f.episodes} held-out episodes (subjects and seeds the SFT corpus did not use), the GRPO model's episode "
        f"reward minus its SFT start's is {_pm(vs.get('mean'), vs.get('ci95'))} (95 % interval, n = {vs.get('n')}; "
        f"{_excludes_zero(vs.get('mean'), vs.get('ci95'))}).",
        f"Reading the critique: the revision's last - first gain minus blind's on the same episode is "
        f"{_pm(reward.get('vs_reference'), reward.get('vs_reference_ci95'))} with the reward's critique "
        f"({_excludes_zero(reward.get('vs_reference'), reward.get('vs_reference_ci95'))}) and "
        f"{_pm(image.get('vs_reference'), image.get('vs_reference_ci95'))} with the image alone "
        f"({_excludes_zero(image.get('vs_reference'), image.get('vs_reference_ci95'))}).",
        f"The revision repaired the fault the critique named in {_rate(f.repairs.get('reward', {}))} of episodes "
        f"with the critique, {_rate(f.repairs.get('blind', {}))} blind (chance 33 %); the SFT start "
        f"{_rate(f.repairs.get('sft reward', {}))} with it and {_rate(f.repairs.get('sft blind', {}))} blind.",
    ]
    if f.reading:
        n = f.reading.get("sft reward", {}).get("episodes")
        parts.append(
            f"Which repair each model's most likely opening sentence names after the draft's answer ({n} held-out "
            f"drafts, no sampling): the SFT start the named one in {_rate(f.reading.get('sft reward', {}))} with the "
            f"critique and {_rate(f.reading.get('sft blind', {}))} blind (chance 33 %), the GRPO model in "
            f"{_rate(f.reading.get('grpo reward', {}))} and {_rate(f.reading.get('grpo blind', {}))}.")
    return " ".join(parts)
