"""`critique-paint sft` and `critique-paint grpo`."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from critique_paint.cli import err, out
from critique_paint.paths import CONFIGS_DIR


def _common(p: argparse.ArgumentParser, default_out: str) -> None:
    p.add_argument("--config", action="append", default=None, metavar="YAML",
                   help="training YAML (configs/*.yaml; default tiny-cpu.yaml); repeat to stack overlays, later "
                        "files overriding earlier ones, e.g. --config configs/qwen3.5-4b.yaml --config "
                        "configs/cpu-smoke.yaml")
    p.add_argument("--out", default=default_out, metavar="DIR", help="run directory")
    p.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                   help="override any config field, e.g. grpo.learning_rate=1e-5 (repeatable)")
    p.add_argument("--resume", nargs="?", const=True, default=None, metavar="CHECKPOINT",
                   help="resume from the latest checkpoint in the run directory, or from CHECKPOINT")
    p.add_argument("--report-to", choices=["none", "trackio", "wandb", "tensorboard"],
                   help="experiment tracker (overrides the config)")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sft", help="supervised warm start on the reference pool's conversations")
    _common(p, "runs/sft")
    p.set_defaults(func=run_sft_cmd)
    p = sub.add_parser("grpo", help="GRPO with the multi-turn painting environment")
    _common(p, "runs/grpo")
    p.add_argument("--model", help="start from this model (e.g. runs/sft/final) instead of the config's")
    p.add_argument("--reward-preset", help="judge-led, hps-led, hps-only or offline")
    p.add_argument("--max-turns", type=int, help="paintings per episode")
    p.set_defaults(func=run_grpo_cmd)


def _config(args: argparse.Namespace, section: str):
    from critique_paint.config.training import load_train_config

    overrides = list(args.set)
    if args.report_to:
        overrides.append(f"{section}.report_to={args.report_to}")
    if getattr(args, "reward_preset", None):
        overrides.append(f"environment.reward_preset={args.reward_preset}")
    if getattr(args, "max_turns", None):
        overrides.append(f"environment.max_turns={args.max_turns}")
    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    return load_train_config(args.config or [CONFIGS_DIR / "tiny-cpu.yaml"], overrides)


def run_sft_cmd(args: argparse.Namespace) -> int:
    from critique_paint.train.run import Interrupted, progress_callbacks, run_sft

    cfg = _config(args, "sft")
    try:
        final = run_sft(cfg, Path(args.out), resume=args.resume, disable_tqdm=True, callbacks=progress_callbacks())
    except Interrupted as exc:
        err.print(f"interrupted: saved to {exc}")
        return 130
    out.print(f"SFT model: {final}")
    return 0


def run_grpo_cmd(args: argparse.Namespace) -> int:
    from critique_paint.train.report import write_report
    from critique_paint.train.run import Interrupted, progress_callbacks, run_grpo

    cfg = _config(args, "grpo")
    run_dir = Path(args.out)
    try:
        run_grpo(cfg, run_dir, model_path=args.model, resume=args.resume, callbacks=progress_callbacks(),
                 disable_tqdm=True)
    except Interrupted as exc:
        err.print(f"interrupted: saved to {exc}")
        return 130
    report = write_report(run_dir)
    out.print(f"GRPO model: {run_dir / 'final'}\nreport: {report}")
    return 0
