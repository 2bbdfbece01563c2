"""GRPO with the multi-turn painting environment: dataset, environment wiring, trainer and archive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from critique_paint.config.training import TrainConfig
from critique_paint.train.archive import RolloutArchive, archiving_function
from critique_paint.train.model import (
    check_plan,
    load_training_model,
    peft_config_for,
    save_final,
    train_or_save,
)


def grpo_dataset(cfg: TrainConfig) -> Any:
    """Rows subject x seed: `environment.prompts` of them, cycling over the subjects."""
    from datasets import Dataset

    from critique_paint.train.datasets import grpo_row

    env = cfg.environment
    rows = [grpo_row(env.subjects[i % len(env.subjects)], i // len(env.subjects), env.max_turns)
            for i in range(env.prompts)]
    return Dataset.from_list(rows)


def tool_env_factory(cfg: TrainConfig, is_vision: bool, runtime: Any = None) -> Any:
    """The run's `environment_factory`: in process on `runtime`, or on `environment.server_urls`."""
    from critique_paint.train.tool_env import ToolEnvFactory

    env = cfg.environment
    return ToolEnvFactory(runtime=runtime, server_urls=list(env.server_urls), vision=is_vision,
                          defaults=env.episode_defaults())


def run_grpo(cfg: TrainConfig, run_dir: Path, *, model_path: str | None = None, dataset: Any = None,
             resume: str | bool | None = None, reward_funcs: list | None = None,
             reward_weights: list[float] | None = None, callbacks: list | None = None, **overrides: Any) -> Any:
    """GRPO with the painting environment, concurrent tool calls and the reward mix; returns the trainer.

    `dataset` defaults to `grpo_dataset(cfg)`. `reward_funcs` (with `reward_weights`) replace the logging functions;
    the environment's reward always counts. The runtime (renderer and scorers) lives as long as the run.
    """
    from critique_paint.env.runtime import PaintRuntime
    from critique_paint.train.concurrent import concurrent_grpo_trainer_class
    from critique_paint.train.rewards import logging_functions

    check_plan(cfg, "grpo", model_path)
    archive = RolloutArchive(run_dir)
    if reward_funcs is None:  # the trained reward is PaintToolEnv.get_reward (TRL adds it with weight 1)
        reward_funcs = [archiving_function(archive), *logging_functions(cfg.environment.max_turns)]
        reward_weights = [0.0] * len(reward_funcs)
    args = cfg.grpo_args(run_dir / "checkpoints", reward_weights=reward_weights, **overrides)  # before the model
    model, processing_class, is_vision = load_training_model(cfg, run_dir, model_path)
    runtime = None if cfg.environment.server_urls else PaintRuntime(cfg.environment.runtime_config())
    factory = tool_env_factory(cfg, is_vision, runtime)
    try:
        trainer = concurrent_grpo_trainer_class()(
            model=model, reward_funcs=reward_funcs, args=args,
            train_dataset=dataset if dataset is not None else grpo_dataset(cfg), processing_class=processing_class,
            peft_config=peft_config_for(cfg, model), environment_factory=factory, callbacks=callbacks)
        trainer.tool_concurrency = cfg.environment.tool_concurrency
        trainer.archive = archive
        train_or_save(trainer, processing_class, run_dir, resume)
        save_final(trainer, processing_class, run_dir)
    finally:
        factory.close()
        if runtime is not None:
            runtime.close()
    return trainer
