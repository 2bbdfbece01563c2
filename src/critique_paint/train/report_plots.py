"""The run report's plots: reward spread per step, bad and blank shares, coverage and shapes, per-turn means."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any


def write_plots(archive: Any, adjusted: dict[str, float | None], run_dir: Path) -> dict[str, Path]:
    """report_reward.png, report_bad.png, report_paint.png and report_turns.png; returns them by title."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = archive.steps
    xs = [s["step"] for s in steps]
    out: dict[str, Path] = {}

    def save(fig: Any, name: str, title: str) -> None:
        fig.tight_layout()
        path = run_dir / name
        fig.savefig(path, dpi=110)
        plt.close(fig)
        out[title] = path

    def series(key: str) -> list[float]:
        return [float("nan") if s.get(key) is None else float(s[key]) for s in steps]

    fig, ax = plt.subplots(figsize=(7.5, 4))
    ax.fill_between(xs, series("reward_p10"), series("reward_p90"), alpha=0.2, label="p10-p90")
    ax.plot(xs, series("reward_mean"), marker="o", label="mean")
    ax.plot(xs, series("reward_median"), marker=".", label="median")
    ax.plot(xs, series("reward_best"), linestyle=":", label="best")
    adj = []
    for s in steps:
        vals = [v for r in archive.rollouts.get(s["step"], []) if (v := adjusted.get(r["id"])) is not None]
        adj.append(statistics.fmean(vals) if vals else float("nan"))
    ax.plot(xs, adj, linestyle="--", label="mean, draw-adjusted")
    ax.set(xlabel="step", ylabel="reward", title="reward per step")
    ax.legend(fontsize=8)
    save(fig, "report_reward.png", "reward per step")

    fig, ax = plt.subplots(figsize=(7.5, 3.5))
    ax.plot(xs, series("bad_share"), marker="o", label=f"share under {archive.bad_reward:g}")
    ax.plot(xs, series("blank_share"), marker=".", label="blank share")
    ax.plot(xs, series("zero_spread_share"), linestyle=":", label="groups with zero spread")
    ax.set(xlabel="step", ylabel="share", ylim=(-0.05, 1.05), title="bad paintings and flat groups")
    ax.legend(fontsize=8)
    save(fig, "report_bad.png", "bad paintings and flat groups")

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(9, 3.5))
    a1.plot(xs, series("coverage"), marker="o")
    a1.set(xlabel="step", ylabel="paint share of the sheet", title="coverage")
    a2.plot(xs, series("shapes"), marker="o", label="filled shapes")
    a2.set(xlabel="step", ylabel="shapes per final painting", title="filled shapes")
    save(fig, "report_paint.png", "coverage and shapes")

    fig, ax = plt.subplots(figsize=(7.5, 3.5))
    turns = sorted({int(k) for s in steps for k in s.get("per_turn", {})})
    for k in turns:
        ax.plot(xs, [s.get("per_turn", {}).get(str(k), float("nan")) for s in steps], marker=".", label=f"turn {k}")
    ax.plot(xs, series("revision_gain"), linestyle="--", label="last - first")
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set(xlabel="step", ylabel="mean total", title="paintings by turn")
    ax.legend(fontsize=8)
    save(fig, "report_turns.png", "paintings by turn")
    return out
