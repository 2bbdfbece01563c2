"""An evaluation run end to end: each policy's episodes with a progress bar, then results.jsonl, summary.md,
revision_gains.png and gallery.html, and the per-turn table printed."""

from __future__ import annotations

import asyncio
import functools
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.evaluate.diversity import policy_diversity
from critique_paint.evaluate.report import (
    contrasts_markdown,
    diversity_markdown,
    overall_text,
    plot_revision_gains,
    policy_metrics_markdown,
    revisions_text,
    scorers_markdown,
    stats_markdown,
    stats_table,
)
from critique_paint.evaluate.rollout_metrics import BAD_REWARD
from critique_paint.evaluate.runner import run_policy
from critique_paint.evaluate.scorers import rank_correlations, rescore, scorer_gains
from critique_paint.evaluate.settings import EVAL_SUBJECTS, EvalSettings, read_subjects
from critique_paint.evaluate.stats import (
    baseline_deltas,
    episode_key,
    episode_records,
    overall_gain,
    policy_metrics,
    reward_deltas,
    source_contrasts,
    turn_stats,
)
from critique_paint.policy.base import Policy, PolicyOptions
from critique_paint.show.gallery import gallery_html


def evaluate(policies: list[Policy], plan: EvalSettings, out_dir: Path, runtime: PaintRuntime,
             console: Console) -> list[dict]:
    """Run the plan for each policy (the second, if any, is the baseline) and write the outputs. A policy's critique
    sources run at the same time, so a batching policy decodes their turns together."""
    names = [p.name for p in policies]
    if len(names) == 2 and names[0] == names[1]:
        names = [f"{names[0]} (policy)", f"{names[1]} (baseline)"]
    out_dir.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    labels: list[str] = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=False) as progress:
        for policy, name in zip(policies, names, strict=True):
            with ThreadPoolExecutor(max_workers=len(plan.critiques), thread_name_prefix="eval-source") as pool:
                futures = []
                for source in plan.critiques:
                    label = plan.label(name, source)
                    labels.append(label)
                    task = progress.add_task(label, total=len(plan.keys()))
                    futures.append(pool.submit(run_policy, policy, label, plan, out_dir, runtime=runtime,
                                               critique=source, on_episode=functools.partial(progress.advance, task)))
                for future in futures:
                    rows += future.result()
    write_outputs(rows, labels, plan, out_dir, console, names=names, scoring=runtime.config)
    return rows


SMALL_SAMPLE = 5  # scored episodes below which a turn's interval is flagged as rough


def run_evaluation(specs: list[str], options: PolicyOptions, plan: EvalSettings, out_dir: Path,
                   runtime_config: RuntimeConfig, console: Console) -> list[dict]:
    """`critique-paint eval` end to end: make the policies (the second, if any, is the baseline) and a runtime,
    evaluate, and close everything. A plan without subjects takes a replay policy's recorded subjects, else
    the shipped prompts/eval_subjects.txt."""
    import dataclasses

    from critique_paint.policy import make_policy

    policies: list[Policy] = []
    try:
        for spec in specs:
            policies.append(make_policy(spec, options))
        if not plan.subjects:
            plan = dataclasses.replace(plan, subjects=default_subjects(policies, EVAL_SUBJECTS))
        with PaintRuntime(runtime_config) as runtime:
            return evaluate(policies, plan, out_dir, runtime, console)
    finally:
        for policy in policies:
            policy.close()


def held_out_scorers(rows: list[dict], plan: EvalSettings, out_dir: Path, scoring: RuntimeConfig) -> str:
    """Every painting scored by each of `plan.scorers` (the summary's section; scorers.json beside it)."""
    runs = asyncio.run(rescore(rows, out_dir, plan.scorers, judge=scoring.judge, hps_url=scoring.hps_url))
    trained = plan.trained_on or plan.reward_preset
    gains, correlations = scorer_gains(rows, runs, trained), rank_correlations(rows, runs)
    (out_dir / "scorers.json").write_text(json.dumps({
        "trained_on": trained, "skipped": {r.name: r.skipped for r in runs if r.skipped}, "gains": gains,
        "rank_correlations": correlations,
        "scores": {r.name: {str(i): v for i, v in r.scores.items()} for r in runs if not r.skipped}}, indent=1))
    return scorers_markdown(gains, correlations, {r.name: r.skipped for r in runs if r.skipped}, trained)


def default_subjects(policies: list[Policy], eval_subjects: Path) -> list[str]:
    """A replay policy's recorded subjects, else the subjects file's."""
    from critique_paint.policy.replay import ReplayPolicy

    if isinstance(policies[0], ReplayPolicy):
        return policies[0].subjects()
    return read_subjects(eval_subjects)


def write_outputs(rows: list[dict], labels: list[str], plan: EvalSettings, out_dir: Path, console: Console,
                  names: list[str] | None = None, scoring: RuntimeConfig | None = None) -> None:
    """results.jsonl, summary.md, revision_gains.png, gallery.html; prints the per-turn table. `names`: the
    policies (each label is a policy, or a policy under one critique source)."""
    with (out_dir / "results.jsonl").open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    if not rows:
        console.print(f"no policy painted anything; wrote an empty {out_dir}/results.jsonl")
        return
    stats = turn_stats(rows)
    overall = overall_gain(rows)
    present = {row["policy"] for row in rows if row.get("painted", True)}  # a policy that painted nothing has no turns
    names = names or labels
    deltas = None
    if len(names) == 2:
        first, second = plan.label(names[0], plan.critiques[0]), plan.label(names[1], plan.critiques[0])
        if {first, second} <= present:
            deltas = baseline_deltas(rows, first, second)
    summary = stats_markdown(stats, overall, deltas)
    reward_delta = reward_deltas(rows, first, second) if deltas else None
    metrics = policy_metrics(rows, BAD_REWARD)
    summary += policy_metrics_markdown(metrics, reward_delta)
    summary += diversity_markdown(policy_diversity(episode_records(rows), out_dir))
    if plan.scorers:
        summary += held_out_scorers(rows, plan, out_dir, scoring or RuntimeConfig())
    if len(plan.critiques) > 1:
        for name in names:
            contrasts = source_contrasts(rows, {s: plan.label(name, s) for s in plan.critiques})
            summary += f"\n### {name}\n" + contrasts_markdown(contrasts)
    small = [s for s in stats if s.scored and s.scored < SMALL_SAMPLE]
    if small:
        summary += (f"\nNote: {len(small)} of the per-turn rows rest on fewer than {SMALL_SAMPLE} scored episodes; "
                    "their 95 % intervals are wide (Student t) and the means are rough.\n")
    (out_dir / "summary.md").write_text(summary, encoding="utf-8")
    plot_revision_gains(stats, out_dir / "revision_gains.png")
    groups: dict[tuple, dict] = {}
    for row in rows:
        key = (*episode_key(row), row["policy"])
        groups.setdefault(key, {"policy": row["policy"], "subject": row["subject"], "episode": row["episode"],
                                "seed": row["seed"], "draft": row.get("draft"), "turns": []})["turns"].append(row)
    ordered = sorted(groups.values(), key=lambda g: (plan.subjects.index(g["subject"]) if g["subject"] in
                                                     plan.subjects else 0, g["episode"], labels.index(g["policy"])))
    gallery_html(ordered, out_dir / "gallery.html", f"critique-paint eval · {' vs '.join(labels)}")
    console.print(stats_table(stats), width=None if console.is_terminal else 160)  # logs: no cropped columns
    for label, gain in overall.items():
        console.print(f"{label}: last − first painting {overall_text(gain)}")
    for label, m in metrics.items():
        if m["revisions"]["revisions"]:
            console.print(f"{label}: {revisions_text(m['revisions'])}")
    if small:
        console.print(f"[yellow]note:[/] {len(small)} per-turn rows rest on fewer than {SMALL_SAMPLE} scored "
                      "episodes: wide intervals (more --episodes narrow them)")
    console.print(f"wrote {out_dir}/results.jsonl, summary.md, revision_gains.png, gallery.html")
