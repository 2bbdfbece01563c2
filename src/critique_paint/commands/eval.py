"""`critique-paint eval`: how much each revision turn gains, for a policy and optionally a baseline."""

from __future__ import annotations

import time
from pathlib import Path

import rich_click as click

from critique_paint.commands.options import (
    IntRange,
    option_from,
    policy_option,
    policy_options,
    render_workers_option,
    reward_options,
    turns_option,
    with_render_workers,
)
from critique_paint.console import out
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.evaluate.plan import EvalPlan
from critique_paint.policy import PolicyOptions


@click.command("eval", short_help="measure revision gains: episodes per subject, per-turn table, plot, gallery")
@policy_option(required=True)
@click.option("--baseline", help="a second policy, run on the same subjects and seeds")
@click.option("--subjects", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="one subject per line (default prompts/eval_subjects.txt; for a replay policy, the subjects it "
                   "recorded)")
@turns_option
@option_from(EvalPlan, "episodes", "--episodes", type=IntRange(min=1))
@option_from(EvalPlan, "seed", "--seed")
@option_from(EvalPlan, "concurrency", "--concurrency", type=IntRange(min=1))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="output folder (default runs/eval/<time>)")
@render_workers_option()
@policy_options
@reward_options
def eval_command(policy: str, baseline: str | None, subjects: Path | None, turns: int, episodes: int, seed: int,
                 concurrency: int, out_dir: Path | None, render_workers: int, options: PolicyOptions,
                 reward: RuntimeConfig) -> int:
    """Runs every subject's episodes concurrently and writes results.jsonl (one row per episode per turn),
    summary.md, revision_gains.png and gallery.html."""
    from critique_paint.env.runtime import PaintRuntime
    from critique_paint.evaluate.outputs import default_subjects, evaluate
    from critique_paint.evaluate.plan import EVAL_SUBJECTS, read_subjects
    from critique_paint.policy import make_policy

    policies = [make_policy(policy, options)]
    if baseline:
        policies.append(make_policy(baseline, options))
    names = read_subjects(subjects) if subjects else default_subjects(policies, EVAL_SUBJECTS)
    plan = EvalPlan(subjects=names, episodes=episodes, turns=turns, seed=seed, reward_preset=reward.reward_preset,
                    concurrency=concurrency)
    out_dir = out_dir or Path("runs") / "eval" / time.strftime("%Y%m%d-%H%M%S")
    runtime = PaintRuntime.configure(with_render_workers(reward, render_workers))
    try:
        evaluate(policies, plan, out_dir, runtime, out)
    finally:
        for p in policies:
            p.close()
        runtime.close()
    return 0
