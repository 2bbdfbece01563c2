"""`critique-paint sft` and `critique-paint grpo`."""

from __future__ import annotations

import os
from pathlib import Path

import rich_click as click

from critique_paint.commands.options import IntRange, reward_preset_option, set_option, stacked, training_configs
from critique_paint.console import err, out
from critique_paint.env.protocol import MAX_TURNS_LIMIT
from critique_paint.paths import CONFIGS_DIR

DEFAULT_CONFIG = CONFIGS_DIR / "tiny-cpu.yaml"
TRACKERS = ("none", "trackio", "wandb", "tensorboard")


def run_options(default_out: str):
    return stacked(
        training_configs("training YAML (configs/*.yaml; default tiny-cpu.yaml); repeat to stack overlays, later "
                         "files overriding earlier ones, e.g. --config configs/qwen3.5-4b.yaml --config "
                         "configs/cpu-smoke.yaml"),
        click.option("--out", "run_dir", default=default_out, show_default=True, metavar="DIR",
                     type=click.Path(file_okay=False, path_type=Path), help="run directory"),
        set_option("grpo.learning_rate=1e-5"),
        click.option("--resume", type=click.UNPROCESSED, is_flag=False, flag_value=True, default=None,
                     metavar="[CHECKPOINT]",
                     help="resume from the latest checkpoint in the run directory, or from CHECKPOINT"),
        click.option("--report-to", type=click.Choice(TRACKERS), help="experiment tracker (overrides the config)"),
    )


def load_config(configs: tuple[str, ...], overrides: tuple[str, ...], section: str, report_to: str | None):
    """The stacked training YAMLs with `--set` applied, then the typed flags set on the result."""
    from critique_paint.config.training import load_train_config

    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    cfg = load_train_config(list(configs) or [DEFAULT_CONFIG], list(overrides))
    if report_to:
        getattr(cfg, section)["report_to"] = report_to
    return cfg


@click.command(short_help="supervised warm start on the reference pool's conversations")
@run_options("runs/sft")
def sft(configs: tuple[str, ...], run_dir: Path, overrides: tuple[str, ...], resume: str | bool | None,
        report_to: str | None) -> int:
    """Supervised warm start (SFT) on the reference pool's painting conversations."""
    from critique_paint.train.run import Interrupted, progress_callbacks, run_sft

    cfg = load_config(configs, overrides, "sft", report_to)
    try:
        final = run_sft(cfg, run_dir, resume=resume, disable_tqdm=True, callbacks=progress_callbacks())
    except Interrupted as exc:
        err.print(f"interrupted: saved to {exc}")
        return 130
    out.print(f"SFT model: {final}")
    return 0


@click.command(short_help="GRPO with the multi-turn painting environment")
@run_options("runs/grpo")
@click.option("--model", help="start from this model (e.g. runs/sft/final) instead of the config's")
@reward_preset_option(default=None, show_default=False)
@click.option("--max-turns", type=IntRange(1, MAX_TURNS_LIMIT), help="paintings per episode (default: the config's)")
def grpo(configs: tuple[str, ...], run_dir: Path, overrides: tuple[str, ...], resume: str | bool | None,
         report_to: str | None, model: str | None, reward_preset: str | None, max_turns: int | None) -> int:
    """GRPO with the multi-turn painting environment; writes the run's report at the end."""
    from critique_paint.reward.mix import smoke_test_notice
    from critique_paint.train.report import write_report
    from critique_paint.train.run import Interrupted, progress_callbacks, run_grpo

    cfg = load_config(configs, overrides, "grpo", report_to)
    if reward_preset:
        cfg.environment.reward_preset = reward_preset
    if max_turns:
        cfg.environment.max_turns = max_turns
    if notice := smoke_test_notice(cfg.environment.reward_preset, cfg.model_spec):
        err.print(notice, soft_wrap=True)
    try:
        run_grpo(cfg, run_dir, model_path=model, resume=resume, callbacks=progress_callbacks(), disable_tqdm=True)
    except Interrupted as exc:
        err.print(f"interrupted: saved to {exc}")
        return 130
    report = write_report(run_dir)
    out.print(f"GRPO model: {run_dir / 'final'}\nreport: {report}")
    return 0
