"""`critique-paint eval`: how much each revision turn gains, for a policy and optionally a baseline."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from critique_paint.cli import UsageError, out
from critique_paint.commands.policy_options import POLICY_HELP, add_policy_options, policy_options
from critique_paint.commands.score import add_reward_options


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("eval", help="measure revision gains: episodes per subject, per-turn table, plot, gallery",
                       description="Runs every subject's episodes concurrently and writes results.jsonl (one row per "
                                   "episode per turn), summary.md, revision_gains.png and gallery.html.")
    p.add_argument("--policy", required=True, help=POLICY_HELP)
    p.add_argument("--baseline", help="a second policy, run on the same subjects and seeds")
    p.add_argument("--subjects", help="one subject per line (default prompts/eval_subjects.txt; for a replay "
                                      "policy, the subjects it recorded)")
    p.add_argument("--turns", type=int, default=4, help="paintings per episode (default 4)")
    p.add_argument("--episodes", type=int, default=1, help="episodes per subject (default 1)")
    p.add_argument("--seed", type=int, default=0, help="episode k of each subject uses seed S+k")
    p.add_argument("--concurrency", type=int, default=8, help="episodes in flight (default 8)")
    p.add_argument("--out", help="output folder (default runs/eval/<time>)")
    p.add_argument("--render-workers", type=int, default=0, help="warm render pages (default: one per core)")
    add_policy_options(p)
    add_reward_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from critique_paint.commands.serve import runtime_config
    from critique_paint.env.runtime import PaintRuntime
    from critique_paint.evaluate.runner import EVAL_SUBJECTS, EvalPlan, read_subjects
    from critique_paint.policy import make_policy

    if args.episodes < 1 or args.concurrency < 1:
        raise UsageError("--episodes and --concurrency must be at least 1")
    options = policy_options(args)
    policies = [make_policy(args.policy, options)]
    if args.baseline:
        policies.append(make_policy(args.baseline, options))
    subjects = read_subjects(Path(args.subjects)) if args.subjects else default_subjects(policies, EVAL_SUBJECTS)
    plan = EvalPlan(subjects=subjects, episodes=args.episodes, turns=args.turns, seed=args.seed,
                    reward_preset=args.reward_preset, concurrency=args.concurrency)
    out_dir = Path(args.out) if args.out else Path("runs") / "eval" / time.strftime("%Y%m%d-%H%M%S")
    runtime = PaintRuntime.configure(runtime_config(args, args.render_workers))
    try:
        evaluate(policies, plan, out_dir, runtime)
    finally:
        for policy in policies:
            policy.close()
        runtime.close()
    return 0


def evaluate(policies: list, plan, out_dir: Path, runtime) -> list[dict]:
    """Run the plan for each policy (the second, if any, is the baseline) and write the outputs."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from critique_paint.evaluate.runner import run_policy

    labels = [p.name for p in policies]
    if len(labels) == 2 and labels[0] == labels[1]:
        labels = [f"{labels[0]} (policy)", f"{labels[1]} (baseline)"]
    out_dir.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=out, transient=False) as progress:
        for policy, label in zip(policies, labels, strict=True):
            task = progress.add_task(label, total=len(plan.keys()))
            rows += run_policy(policy, label, plan, out_dir, runtime=runtime,
                               on_episode=lambda task=task: progress.advance(task))
    write_outputs(rows, labels, plan, out_dir)
    return rows


def default_subjects(policies: list, eval_subjects: Path) -> list[str]:
    from critique_paint.evaluate.runner import read_subjects
    from critique_paint.policy.replay import ReplayPolicy

    if isinstance(policies[0], ReplayPolicy):
        return policies[0].subjects()
    return read_subjects(eval_subjects)


def write_outputs(rows: list[dict], labels: list[str], plan, out_dir: Path) -> None:
    """results.jsonl, summary.md, revision_gains.png, gallery.html; prints the per-turn table."""
    from critique_paint.evaluate.report import (
        gallery_html,
        overall_text,
        plot_revision_gains,
        stats_markdown,
        stats_table,
    )
    from critique_paint.evaluate.stats import baseline_deltas, overall_gain, turn_stats

    with (out_dir / "results.jsonl").open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    if not rows:
        out.print(f"no policy painted anything; wrote an empty {out_dir}/results.jsonl")
        return
    stats = turn_stats(rows)
    overall = overall_gain(rows)
    present = {row["policy"] for row in rows}
    deltas = baseline_deltas(rows, labels[0], labels[1]) if len(labels) == 2 and set(labels) <= present else None
    (out_dir / "summary.md").write_text(stats_markdown(stats, overall, deltas), encoding="utf-8")
    plot_revision_gains(stats, out_dir / "revision_gains.png")
    groups: dict[tuple, dict] = {}
    for row in rows:
        key = (row["subject"], row["episode"], row["seed"], row["policy"])
        groups.setdefault(key, {"policy": row["policy"], "subject": row["subject"], "episode": row["episode"],
                                "seed": row["seed"], "turns": []})["turns"].append(row)
    ordered = sorted(groups.values(), key=lambda g: (plan.subjects.index(g["subject"]) if g["subject"] in
                                                     plan.subjects else 0, g["episode"], labels.index(g["policy"])))
    gallery_html(ordered, out_dir / "gallery.html", f"critique-paint eval · {' vs '.join(labels)}")
    out.print(stats_table(stats))
    for label, gain in overall.items():
        out.print(f"{label}: last − first painting {overall_text(gain)}")
    out.print(f"wrote {out_dir}/results.jsonl, summary.md, revision_gains.png, gallery.html")
