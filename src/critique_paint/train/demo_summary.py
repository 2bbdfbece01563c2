"""What the demo shows, in its own measured numbers: the GRPO model against its SFT start on held-out episodes, the
revision's gain with the reward's critique against blind's, how the revisions were made, and the training trend."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    versus_sft: Mapping[str, Any]  # GRPO's episode reward minus its SFT start's (`evaluate.stats.reward_deltas`)
    contrasts: Mapping[str, Mapping[str, Any]]  # per model ("grpo", "sft"): the reward source's gain minus blind's
    repairs: Mapping[str, Mapping[str, Any]]  # per "<model> <source>": the named fault repaired (`repair_rates`)
    episodes: int
    revisions: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # per "<model> <source>"
    spread: float | None = None  # share of the run's groups whose rollouts did not all earn one reward
    reading: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # "sft reward", ...


def demo_figures(grpo_dir: Path, rows: Sequence[Mapping[str, Any]], eval_dir: Path, grpo: str, sft: str,
                 sources: Sequence[str], label: Callable[[str, str], str]) -> DemoFigures:
    """`label(policy, source)` names a policy's rows under one critique source (EvalSettings.label); the first
    source is the reward's critique, "blind" the reference."""
    from critique_paint.evaluate.repairs import repair_rates
    from critique_paint.evaluate.rollout_metrics import revision_figures
    from critique_paint.evaluate.stats import episode_key, episode_records, reward_deltas, source_contrasts
    from critique_paint.train.report import RunArchive, slope_t

    archive = RunArchive.read(grpo_dir)
    means = [s.get("reward_mean") for s in archive.steps]
    _, t, p = slope_t([s["step"] for s in archive.steps], means)
    groups = [(s.get("groups") or 0, s.get("zero_spread_share")) for s in archive.steps]
    counted = sum(n for n, z in groups if z is not None)
    spread = 1 - sum(n * z for n, z in groups if z is not None) / counted if counted else None
    models = {"grpo": grpo, "sft": sft}
    contrasts = {m: next((c for c in source_contrasts(rows, {s: label(spec, s) for s in sources})
                          if c["source"] == sources[0]), {}) for m, spec in models.items()}
    repairs = repair_rates(rows, eval_dir)
    records = episode_records(rows)
    return DemoFigures(
        steps=len(archive.steps), first_step=means[0] if means else None, last_step=means[-1] if means else None,
        slope_t=t, slope_p=p, versus_sft=reward_deltas(rows, label(grpo, sources[0]), label(sft, sources[0])),
        contrasts=contrasts,
        repairs={f"{m} {s}": repairs.get(label(spec, s), {}) for m, spec in models.items() for s in sources},
        episodes=len({episode_key(r) for r in rows}),
        revisions={f"{m} {s}": revision_figures(records.get(label(spec, s), [])) for m, spec in models.items()
                   for s in sources},
        spread=spread)


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


def _share(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _revisions(r: Mapping[str, Any]) -> str:
    if not r or not r.get("revisions"):
        return "none"
    tokens = r.get("tokens")
    made = f"{_share(r.get('edit_share'))} by edit"
    return (f"{_share(r.get('gate_pass'))} of {r['revisions']} passed the gate, {made}"
            + (f", {tokens:.0f} generated tokens each" if tokens is not None else ""))


def demo_paragraph(f: DemoFigures) -> str:
    """One paragraph: GRPO minus SFT and the critique minus blind first, each with its 95 % interval and whether it
    excludes 0; then how the revisions were made, what they repaired and the training trend."""
    vs = f.versus_sft
    grpo, sft = f.contrasts.get("grpo", {}), f.contrasts.get("sft", {})
    spread = f"; {_share(f.spread)} of its groups had spread" if f.spread is not None else ""
    trend = (f"GRPO's mean training reward went {f.first_step:.3f} -> {f.last_step:.3f} from its first to its last "
             f"step ({f.steps} steps; per-step slope t {f.slope_t:+.2f}, p {f.slope_p:.3f}{spread})."
             if f.first_step is not None and f.slope_t is not None else "GRPO logged no trend.")
    parts = [
        f"On {f.episodes} held-out episodes (subjects and seeds the SFT corpus did not use), the GRPO model's "
        f"episode reward minus its SFT start's is {_pm(vs.get('mean'), vs.get('ci95'))} (95 % interval, "
        f"n = {vs.get('n')}; {_excludes_zero(vs.get('mean'), vs.get('ci95'))}).",
        f"Reading the critique: the revision's gain with the reward's critique minus its gain blind, on the same "
        f"episode, is {_pm(grpo.get('vs_reference'), grpo.get('vs_reference_ci95'))} for the GRPO model "
        f"({_excludes_zero(grpo.get('vs_reference'), grpo.get('vs_reference_ci95'))}) and "
        f"{_pm(sft.get('vs_reference'), sft.get('vs_reference_ci95'))} for its SFT start "
        f"({_excludes_zero(sft.get('vs_reference'), sft.get('vs_reference_ci95'))}).",
        f"Revisions with the critique: GRPO {_revisions(f.revisions.get('grpo reward', {}))}; SFT "
        f"{_revisions(f.revisions.get('sft reward', {}))}.",
        f"The revision repaired the fault the critique named in {_rate(f.repairs.get('grpo reward', {}))} of "
        f"episodes with the critique and {_rate(f.repairs.get('grpo blind', {}))} blind (chance 33 %); the SFT start "
        f"{_rate(f.repairs.get('sft reward', {}))} and {_rate(f.repairs.get('sft blind', {}))}.",
        trend,
    ]
    if f.reading:
        n = f.reading.get("sft reward", {}).get("episodes")
        parts.append(
            f"Which repair each model's most likely opening sentence names after the draft's answer ({n} held-out "
            f"drafts, no sampling): the SFT start the named one in {_rate(f.reading.get('sft reward', {}))} with the "
            f"critique and {_rate(f.reading.get('sft blind', {}))} blind (chance 33 %), the GRPO model in "
            f"{_rate(f.reading.get('grpo reward', {}))} and {_rate(f.reading.get('grpo blind', {}))}.")
    return " ".join(parts)
