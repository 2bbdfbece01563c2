"""`critique-paint paint`: paint one subject turn by turn in the terminal, with any policy."""

from __future__ import annotations

import time
from pathlib import Path

import rich_click as click

from critique_paint.base.console import err, out
from critique_paint.commands.options import (
    actions_option,
    brush_methods_option,
    critique_option,
    max_turns_option,
    option_from,
    policy_option,
    policy_options,
    render_workers_option,
    reward_options,
    system_prompt_option,
    with_render_workers,
)
from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import UsageError
from critique_paint.policy import PolicyOptions


@click.command(short_help="paint a subject turn by turn: a policy paints, you watch, comment and steer")
@click.argument("subject")
@policy_option(default="human", show_default=True)
@max_turns_option
@click.option("--seed", type=int, default=0, show_default=True, help="render and reference seed")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="session folder (default runs/paint/<time>-<subject>)")
@click.option("--auto", is_flag=True, help="no questions: paint every turn, then save")
@click.option("--open/--no-open", "open_images", default=None,
              help="open each painting in an image viewer (default: when a display is available)")
@click.option("--preview/--no-preview", default=True, show_default=True,
              help="draw a small colour preview in the terminal")
@click.option("--full-sketch", is_flag=True, help="show whole sketches, not the first 40 lines")
@critique_option
@option_from(EpisodeSettings, "keep_best", "--keep-best", is_flag=True)
@brush_methods_option
@system_prompt_option
@actions_option
@click.option("--from", "draft_file", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="SKETCH",
              help="start from this sketch: the environment paints it as painting 1 and the policy revises it")
@render_workers_option(default=1)
@policy_options
@reward_options
def paint(subject: str, policy: str, max_turns: int, seed: int, out_dir: Path | None, auto: bool,
          open_images: bool | None, preview: bool, full_sketch: bool, critique: str, keep_best: bool,
          brush_methods: tuple[str, ...] | None, system_prompt: str, actions: tuple[str, ...],
          draft_file: Path | None, render_workers: int, options: PolicyOptions, reward: RuntimeConfig) -> int:
    """Paint SUBJECT (e.g. "a peach hibiscus"). Each turn shows the sketch and its diff, the gate verdict, the reward
    components, the critique and the painting; then you can go on, add your own critique, undo, accept or stop.
    Everything is saved (transcript.jsonl, PNGs, index.html)."""
    from critique_paint.env.endpoint import LocalEndpoint
    from critique_paint.env.runtime import PaintRuntime
    from critique_paint.policy import make_policy
    from critique_paint.policy.replay import ReplayPolicy
    from critique_paint.pool.drafts import read_draft
    from critique_paint.session.interactive import PaintSession, SessionFiles
    from critique_paint.session.rollout import Rollout, slug
    from critique_paint.show.viewer import can_open_images

    if not subject.strip():
        raise UsageError("the subject is empty")
    draft = read_draft(draft_file) if draft_file else None
    if draft is not None and max_turns < 2:
        raise UsageError("--from needs --max-turns of at least 2: the draft is painting 1")
    painter = make_policy(policy, options)
    if isinstance(painter, ReplayPolicy):
        painter.recording(subject, 0)  # a subject it never recorded: say so before the browsers start
    out_dir = out_dir or Path("runs") / "paint" / f"{time.strftime('%Y%m%d-%H%M%S')}-{slug(subject)}"
    try:
        with PaintRuntime(with_render_workers(reward, render_workers)) as runtime:
            rollout = Rollout(painter, LocalEndpoint(runtime), subject=subject, seed=seed, max_turns=max_turns,
                              reward_preset=reward.reward_preset, critique=critique, keep_best=keep_best,
                              brush_methods=brush_methods, system_prompt=system_prompt, actions=actions,
                              draft=draft.source if draft else None)
            session = PaintSession(rollout, SessionFiles(out_dir), out, errors=err, auto=auto,
                                   open_images=can_open_images() if open_images is None else open_images,
                                   preview=preview, full_sketch=full_sketch,
                                   weights=runtime.preset(reward.reward_preset).weights)
            return session.run()
    finally:
        painter.close()
