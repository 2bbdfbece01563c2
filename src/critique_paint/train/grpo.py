"""GRPO with the multi-turn painting environment: dataset, environment wiring, trainer and archive."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from critique_paint.config.curriculum import check_judged
from critique_paint.config.training import TrainConfig
from critique_paint.train.archive import RolloutArchive, archiving_function
from critique_paint.train.curriculum import CurriculumClock
from critique_paint.train.model import (
    check_plan,
    describe_model,
    describe_services,
    load_training_model,
    peft_config_for,
    save_final,
    train_or_save,
)
from critique_paint.train.progress import RunProgress
from critique_paint.train.ranks import Ranks


def grpo_dataset(cfg: TrainConfig) -> Any:
    """`environment.prompts` rows, each its own seed (0, 1, ...), cycling over the subjects (with
    `environment.drafts`, over the (subject, draft) pairs): a seed decides the composition (and on the demo task the
    fault), so rows that shared seeds would repeat paintings."""
    from datasets import Dataset

    from critique_paint.pool.drafts import draft_subjects, load_drafts
    from critique_paint.train.datasets import grpo_row

    env = cfg.environment
    pairs = draft_subjects(load_drafts(env.drafts), env.subjects) if env.drafts else [(s, None) for s in env.subjects]
    rows = []
    for i in range(env.prompts):
        subject, draft = pairs[i % len(pairs)]
        rows.append(grpo_row(subject, i, env.episode.max_turns, env.episode.brush_methods, env.episode.system_prompt,
                             env.episode.actions, draft.source if draft else None))
    return Dataset.from_list(rows)


def tool_env_factory(cfg: TrainConfig, is_vision: bool, runtime: Any = None,
                     schedule: Callable[[], Mapping[str, Any]] | None = None) -> Any:
    """The run's `environment_factory`: in process on `runtime`, or on `environment.server_urls`; `schedule` gives
    the reset fields that follow the trainer's step (`train.curriculum`)."""
    from critique_paint.train.tool_env import ToolEnvFactory

    env = cfg.environment
    return ToolEnvFactory(runtime=runtime, server_urls=list(env.server_urls), vision=is_vision,
                          defaults=env.episode_defaults(), schedule=schedule)


def run_grpo(cfg: TrainConfig, run_dir: Path, *, model_path: str | None = None, dataset: Any = None,
             resume: str | bool | None = None, reward_funcs: list | None = None,
             reward_weights: list[float] | None = None, callbacks: list | None = None,
             progress: RunProgress | None = None, **overrides: Any) -> Any:
    """GRPO with the painting environment, concurrent tool calls and the reward mix; returns the trainer.

    Before the model loads: the memory plan, then every configured service answers a real request (preflight).
    `dataset` defaults to `grpo_dataset(cfg)`. `reward_funcs` (with `reward_weights`) replace the logging functions;
    the environment's reward always counts. The runtime (renderer and scorers) lives as long as the run.
    `progress` reports stages and steps (default: silent apart from TRL's own logging).

    Launched as several processes (torchrun, `accelerate launch`), each rank runs this: the main process checks the
    services while the others wait (and fail with its error), loads the model first (a cache it builds is then
    read by the others), prints progress and writes the archive and the final model; each rank renders its own
    rollouts on its share of the host's cores (`environment.render.workers` when set).
    """
    from critique_paint.env.preflight import preflight
    from critique_paint.env.runtime import PaintRuntime
    from critique_paint.reward.mix import load_preset
    from critique_paint.train.rewards import logging_functions
    from critique_paint.train.trainer import PaintGRPOTrainer

    say = progress.stage if progress is not None else (lambda _: None)
    check_plan(cfg, "grpo", model_path)
    env = cfg.environment
    preset = load_preset(env.reward_preset).with_weights(env.weights)
    check_judged(env.reference_curriculum, preset.weights["judge"], preset.name)
    archive = RolloutArchive(run_dir, env.episode.critique, bad_reward=env.bad_reward,
                             judge_weight=preset.weights["judge"])
    if reward_funcs is None:  # the trained reward is PaintToolEnv.get_reward (TRL adds it with weight 1)
        reward_funcs = [archiving_function(archive), *logging_functions(env.episode.max_turns)]
        reward_weights = [0.0] * len(reward_funcs)
    # Before the model (ZeRO-3's init reads it) and the services check: the ranks' process group starts here.
    args = cfg.grpo_args(run_dir / "checkpoints", reward_weights=reward_weights, **overrides)
    ranks = Ranks.current()
    archive.ranks = ranks
    if progress is not None:
        progress.join(ranks)
    say(f"checking services ({describe_services(cfg)})")
    ranks.share(lambda: preflight(env.runtime_config(), server_urls=env.server_urls, report=say))
    say(f"loading model {model_path or cfg.model_spec}" + (f" on {ranks.count} ranks" if ranks.count > 1 else ""))
    with ranks.main_first(enabled=not zero3()):  # ZeRO-3 partitions the weights as they load: all ranks at once
        model, processing_class, is_vision = load_training_model(cfg, run_dir, model_path)
    tokenizer = getattr(processing_class, "tokenizer", processing_class)
    archive.end_ids = frozenset(i for i in (tokenizer.eos_token_id, tokenizer.pad_token_id) if i is not None)
    say(f"model loaded: {describe_model(model)}")
    runtime = None
    if not env.server_urls:
        say("starting the renderer")
        runtime = PaintRuntime(rank_runtime_config(cfg, ranks))
        each = f" on each of {ranks.count} ranks" if ranks.count > 1 else ""
        say(f"renderer ready: {runtime.pages.options.resolved_workers()} warm pages{each} ({runtime.pages.backend})")
    clock = CurriculumClock(env.reference_curriculum) if env.reference_curriculum is not None else None
    factory = tool_env_factory(cfg, is_vision, runtime, clock.fields if clock is not None else None)
    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")  # TRL's notice that environment_factory is experimental
    try:
        callbacks = [*(callbacks or []), *([progress.callback()] if progress is not None else []),
                     *([clock.callback()] if clock is not None else [])]
        trainer = PaintGRPOTrainer(
            model=model, reward_funcs=reward_funcs, args=args,
            train_dataset=dataset if dataset is not None else grpo_dataset(cfg), processing_class=processing_class,
            peft_config=peft_config_for(cfg, model), environment_factory=factory, callbacks=callbacks,
            archive=archive, progress=progress)
        train_or_save(trainer, processing_class, run_dir, resume)
        save_final(trainer, processing_class, run_dir)
    finally:
        factory.close()
        if runtime is not None:
            runtime.close()
    return trainer


def rank_runtime_config(cfg: TrainConfig, ranks: Ranks) -> Any:
    """The in-process runtime's config for this rank: its share of the host's cores as warm render pages (cores /
    ranks on this host, at least 1) unless `environment.render.workers` is set."""
    import dataclasses

    config = cfg.environment.runtime_config()
    if config.render.workers > 0:
        return config
    return dataclasses.replace(config, render=dataclasses.replace(config.render, workers=ranks.share_of_cores()))


def zero3() -> bool:
    """Whether the trainer's arguments set DeepSpeed ZeRO-3 (weights partitioned as they load)."""
    from transformers.integrations import is_deepspeed_zero3_enabled

    return is_deepspeed_zero3_enabled()
