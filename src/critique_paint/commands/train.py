"""`critique-paint sft` and `critique-paint grpo`."""

from __future__ import annotations

from pathlib import Path

import rich_click as click

from critique_paint.base.console import err, out
from critique_paint.commands.options import (
    IntRange,
    option_from,
    reward_preset_option,
    set_option,
    stacked,
    training_configs,
)
from critique_paint.env.protocol import CRITIQUE_SOURCES, MAX_TURNS_LIMIT
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.reward.judge import JudgeConfig

DEFAULT_CONFIG = "tiny-cpu"
TRACKERS = ("none", "trackio", "wandb", "tensorboard")


def run_options(default_out: str):
    return stacked(
        training_configs("training YAML: a path or a packaged config's name (default tiny-cpu); repeat to stack "
                         "overlays, later files overriding earlier ones, e.g. --config qwen3.5-4b --config cpu-smoke"),
        click.option("--out", "run_dir", default=default_out, show_default=True, metavar="DIR",
                     type=click.Path(file_okay=False, path_type=Path), help="run directory"),
        set_option("grpo.learning_rate=1e-5 or environment.judge.base_url=http://host:8001/v1"),
        click.option("--resume", type=click.UNPROCESSED, is_flag=False, flag_value=True, default=None,
                     metavar="[CHECKPOINT]",
                     help="resume from the latest checkpoint in the run directory, or from CHECKPOINT"),
        click.option("--report-to", type=click.Choice(TRACKERS), help="experiment tracker (overrides the config)"),
    )


def load_config(configs: tuple[str, ...], overrides: tuple[str, ...], section: str, report_to: str | None):
    """The stacked training YAMLs with `--set` applied, then the typed flags set on the result."""
    from critique_paint.config.training import load_train_config

    cfg = load_train_config(list(configs) or [DEFAULT_CONFIG], list(overrides))
    if report_to:
        getattr(cfg, section)["report_to"] = report_to
    return cfg


def quiet_libraries() -> None:
    """Library warnings a user cannot act on (deprecations inside TRL and transformers) and library progress bars
    stay out of the run's output; everything else still shows."""
    import logging
    import warnings

    warnings.filterwarnings("ignore", category=FutureWarning, module=r"(transformers|trl|peft|accelerate)\b")
    warnings.filterwarnings("ignore", category=UserWarning, module=r"trl\b")
    for name in ("transformers", "trl", "peft", "accelerate", "datasets", "httpx"):
        logging.getLogger(name).setLevel(logging.ERROR)
    import datasets
    from transformers.utils import logging as transformers_logging

    transformers_logging.disable_progress_bar()  # weight loading and shard writing: the run's own lines say it
    datasets.disable_progress_bars()  # tokenizing the SFT data


@click.command(short_help="supervised warm start on the reference pool's conversations")
@run_options("runs/sft")
@click.option("--model", help="start from this model or adapter folder instead of the config's")
def sft(configs: tuple[str, ...], run_dir: Path, overrides: tuple[str, ...], resume: str | bool | None,
        report_to: str | None, model: str | None) -> int:
    """Supervised warm start (SFT) on the reference pool's painting conversations."""
    from critique_paint.train.model import Interrupted
    from critique_paint.train.progress import RunProgress
    from critique_paint.train.sft import run_sft

    progress = RunProgress(err, "sft")
    progress.stage(f"critique-paint sft: {' + '.join(configs) or DEFAULT_CONFIG} -> {run_dir}")
    cfg = load_config(configs, overrides, "sft", report_to)
    quiet_libraries()
    try:
        final = run_sft(cfg, run_dir, model_path=model, resume=resume, progress=progress, disable_tqdm=True)
    except Interrupted as exc:
        if progress.main:
            err.print(f"interrupted: saved to {exc}")
        return 130
    if progress.main:
        out.print(f"SFT model: {final}")
    return 0


@click.command(short_help="GRPO with the multi-turn painting environment")
@run_options("runs/grpo")
@click.option("--model", help="start from this model (e.g. runs/sft/final) instead of the config's")
@reward_preset_option(default=None, show_default=False)
@click.option("--max-turns", type=IntRange(1, MAX_TURNS_LIMIT), help="paintings per episode (default: the config's)")
@click.option("--critique", type=click.Choice(CRITIQUE_SOURCES),
              help="what the policy gets back after each painting (default: the config's environment.critique)")
@option_from(JudgeConfig, "base_url", "--judge-base-url", help="the pairwise judge (environment.judge.base_url)")
@option_from(JudgeConfig, "model", "--judge-model", help="the judge model (environment.judge.model)")
@option_from(RuntimeConfig, "hps_url", "--hps-url", help="the HPSv3 service (environment.hps_url)")
def grpo(configs: tuple[str, ...], run_dir: Path, overrides: tuple[str, ...], resume: str | bool | None,
         report_to: str | None, model: str | None, reward_preset: str | None, max_turns: int | None,
         critique: str | None, judge_base_url: str | None, judge_model: str | None, hps_url: str | None) -> int:
    """GRPO with the multi-turn painting environment; writes the run's report at the end (launched as several
    processes, the main one prints and writes for all of them)."""
    import dataclasses

    from critique_paint.reward.mix import smoke_test_notice
    from critique_paint.train.grpo import run_grpo
    from critique_paint.train.model import Interrupted
    from critique_paint.train.progress import RunProgress
    from critique_paint.train.report import write_report

    progress = RunProgress(err, "grpo")
    progress.stage(f"critique-paint grpo: {' + '.join(configs) or DEFAULT_CONFIG} -> {run_dir}")
    cfg = load_config(configs, overrides, "grpo", report_to)
    env = cfg.environment
    env.reward_preset = reward_preset or env.reward_preset
    env.episode = env.episode.model_copy(update={"max_turns": max_turns or env.episode.max_turns,
                                                 "critique": critique or env.episode.critique})
    env.hps_url = hps_url or env.hps_url
    if judge_base_url or judge_model:
        judge = env.judge or JudgeConfig()
        env.judge = dataclasses.replace(judge, base_url=judge_base_url or judge.base_url,
                                        model=judge_model or judge.model)
    if (notice := smoke_test_notice(env.reward_preset, cfg.model_spec)) and progress.main:
        err.print(notice, soft_wrap=True)
    quiet_libraries()
    try:
        run_grpo(cfg, run_dir, model_path=model, resume=resume, progress=progress, disable_tqdm=True)
    except Interrupted as exc:
        if progress.main:
            err.print(f"interrupted: saved to {exc}")
        return 130
    if not progress.main:  # the main process wrote the archive and writes the report
        return 0
    report = write_report(run_dir)
    out.print(f"GRPO model: {run_dir / 'final'}\nreport: {report}")
    return 0
