"""`critique-paint eval`: how much each revision turn gains, for a policy and optionally a baseline."""

from __future__ import annotations

import time
from pathlib import Path

import rich_click as click

from critique_paint.base.console import out
from critique_paint.commands.options import (
    CritiqueList,
    IntRange,
    actions_option,
    brush_methods_option,
    max_turns_option,
    option_from,
    policy_option,
    policy_options,
    render_cache_option,
    render_workers_option,
    reward_options,
    system_prompt_option,
    with_render_workers,
)
from critique_paint.env.protocol import DEFAULT_CRITIQUE, SystemPrompt
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import UsageError
from critique_paint.evaluate.settings import EvalSettings
from critique_paint.policy import PolicyOptions


@click.command("eval", short_help="measure revision gains: episodes per subject, per-turn table, plot, gallery")
@policy_option(required=True)
@click.option("--baseline", help="a second policy, run on the same subjects and seeds")
@click.option("--subjects", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="one subject per line (default the packaged eval_subjects.txt; for a replay policy, the subjects "
                   "it recorded)")
@max_turns_option
@option_from(EvalSettings, "episodes", "--episodes", type=IntRange(min=1))
@option_from(EvalSettings, "seed", "--seed")
@option_from(EvalSettings, "concurrency", "--concurrency", type=IntRange(min=1))
@click.option("--critique", "critiques", type=CritiqueList(), default=DEFAULT_CRITIQUE, show_default=True,
              help="critique sources, comma-separated (reward,self,image,blind): each runs on the same subjects, "
                   "episodes and seeds, and summary.md compares their gains with blind's")
@option_from(EvalSettings, "keep_best", "--keep-best", is_flag=True)
@brush_methods_option
@system_prompt_option
@actions_option
@click.option("--drafts", metavar="PATH", help="start every episode from a draft the environment paints first: a .js "
              "file, a folder of them (a `// subject: ...` first line gives a draft its subject; others take every "
              "subject), or `synthetic` (the demo task's draft); the policy revises it")
@click.option("--scorers", metavar="PRESET,...", default="", help="reward presets (names or YAML paths), "
              "comma-separated, that score every painting again: each policy's gain under each, the trained-on one "
              "marked, and their rank correlation")
@option_from(EvalSettings, "trained_on", "--trained-on", metavar="PRESET")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="output folder (default runs/eval/<time>)")
@render_workers_option()
@render_cache_option()
@policy_options
@reward_options
def eval_command(policy: str, baseline: str | None, subjects: Path | None, max_turns: int, episodes: int, seed: int,
                 concurrency: int, critiques: list[str], keep_best: bool, brush_methods: tuple[str, ...] | None,
                 system_prompt: SystemPrompt, actions: tuple[str, ...], drafts: str | None, out_dir: Path | None,
                 render_workers: int, render_cache: str | None, scorers: str,
                 trained_on: str | None, options: PolicyOptions, reward: RuntimeConfig) -> int:
    """Runs every subject's episodes concurrently and writes results.jsonl (one row per episode per turn),
    summary.md, revision_gains.png and gallery.html."""
    from critique_paint.evaluate.outputs import run_evaluation
    from critique_paint.evaluate.settings import read_subjects
    from critique_paint.pool.drafts import load_drafts
    from critique_paint.reward.mix import load_preset

    scorer_list = [s.strip() for s in scorers.split(",") if s.strip()]
    for name in scorer_list:
        load_preset(name)  # a misspelt preset is one line now, not after the episodes

    plan = EvalSettings(subjects=read_subjects(subjects) if subjects else [], episodes=episodes, max_turns=max_turns,
                        seed=seed, reward_preset=reward.reward_preset, concurrency=concurrency, critiques=critiques,
                        keep_best=keep_best, scorers=scorer_list, trained_on=trained_on, brush_methods=brush_methods,
                        system_prompt=system_prompt, actions=actions, drafts=load_drafts(drafts) if drafts else [])
    if plan.drafts and max_turns < 2:
        raise UsageError("--drafts needs --max-turns of at least 2: the draft is painting 1")
    out_dir = out_dir or Path("runs") / "eval" / time.strftime("%Y%m%d-%H%M%S")
    run_evaluation([policy, *([baseline] if baseline else [])], options, plan, out_dir,
                   with_render_workers(reward, render_workers, cache_dir=render_cache), out)
    return 0
