"""The run report: reward curve, per-turn table and the contact sheets of every step's paintings."""

from __future__ import annotations

import json
import statistics
from pathlib import Path


def _mean(values: list) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.fmean(vals) if vals else None


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.3f}"


def write_report(run_dir: Path) -> Path:
    """Write run_dir/report.md and run_dir/reward_curve.png from rollouts/steps.jsonl; returns the report path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps_file = run_dir / "rollouts" / "steps.jsonl"
    steps = [json.loads(line) for line in steps_file.read_text().splitlines()] if steps_file.exists() else []
    xs = [s["step"] for s in steps]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(xs, [_mean(s["totals"]) for s in steps], marker="o", label="final painting (reward)")
    turns = sorted({int(k) for s in steps for k in s["per_turn"]})
    for k in turns:
        ax.plot(xs, [_mean(s["per_turn"].get(str(k), [])) for s in steps], linestyle="--", alpha=0.7,
                label=f"turn {k}")
    ax.set_xlabel("step")
    ax.set_ylabel("mean total")
    ax.set_title("critique-paint GRPO")
    ax.legend()
    fig.tight_layout()
    fig.savefig(run_dir / "reward_curve.png", dpi=120)
    plt.close(fig)
    source = steps[0].get("critique_source", "reward") if steps else "reward"
    lines = ["# critique-paint run report", "", f"Critique source: **{source}** (what the policy read between "
             "paintings). Gains are per step means of the turn minus the turn before.", "",
             "![reward curve](reward_curve.png)", "",
             "| step | reward | " + " | ".join(f"turn {k}" for k in turns)
             + "".join(f" | gain {k}-{k - 1}" for k in turns[1:])
             + " | gain (last-first) | gate pass | paint | unscored | gate failures |",
             "|---" * (7 + 2 * len(turns) - 1) + "|"]
    for s in steps:
        per = [_mean(s["per_turn"].get(str(k), [])) for k in turns]
        steps_gain = [b - a if None not in (a, b) else None for a, b in zip(per, per[1:], strict=False)]
        gain = per[-1] - per[0] if len(per) > 1 and None not in (per[0], per[-1]) else None
        codes = ", ".join(f"{c}×{n}" for c, n in sorted(s["gate_codes"].items())) or "-"
        gate = s.get("gate_pass")
        lines.append(f"| {s['step']} | {_fmt(_mean(s['totals']))} | " + " | ".join(_fmt(v) for v in per)
                     + "".join(f" | {_fmt(g)}" for g in steps_gain)
                     + f" | {_fmt(gain)} | {'-' if gate is None else f'{100 * gate:.0f}%'} | "
                     f"{_fmt(s.get('paint_fraction'))} | {s['unscored']} | {codes} |")
    lines += ["", "## Paintings", ""]
    for s in steps:
        sheet = Path("rollouts") / f"step-{s['step']:04d}" / "sheet.png"
        if (run_dir / sheet).exists():
            lines += [f"### step {s['step']}", "", f"![step {s['step']}]({sheet})", ""]
    report = run_dir / "report.md"
    report.write_text("\n".join(lines) + "\n")
    return report
