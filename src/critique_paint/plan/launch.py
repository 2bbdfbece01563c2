"""How a run starts as several processes: the launch line for each mode from the shipped accelerate configs, and
the mode a launched process runs under (read from what accelerate and torchrun put in its environment)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any

from critique_paint.paths import CONFIGS_DIR

MODE_FILES = {"ddp": "ddp.yaml", "zero3": "zero3.yaml", "cpu": "cpu.yaml"}
MODE_NAMES = {"ddp": "DDP", "zero3": "ZeRO-3", "cpu": "CPU ranks"}


def _configs(cfg: Any) -> str:
    return " ".join(f"--config {shlex.quote(p)}" for p in cfg.path.split("+"))


def accelerate_config(mode: str) -> str:
    """The shipped accelerate config of `mode`: relative to the working directory when under it, else absolute."""
    path = CONFIGS_DIR / "accelerate" / MODE_FILES[mode]
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def launch_commands(cfg: Any, stage: str, processes: int, mode: str) -> list[str]:
    """The command lines that start `processes` ranks of `stage` in `mode` (ddp, zero3 or cpu). CPU: accelerate's
    torchrun launcher (the shipped accelerate/cpu.yaml) or torchrun itself; `accelerate launch --cpu` starts one."""
    command = f"-m critique_paint.cli {stage} {_configs(cfg)}"
    # Without use_cpu in the stage's arguments a rank on a GPU-less machine would not join the gloo group.
    env = "ACCELERATE_USE_CPU=true " if mode == "cpu" and not (cfg.grpo if stage == "grpo" else cfg.sft).get(
        "use_cpu") else ""
    lines = [f"{env}accelerate launch --config_file {shlex.quote(accelerate_config(mode))} --num_processes "
             f"{processes} {command}"]
    if mode == "cpu":
        lines.append(f"{env}torchrun --nproc_per_node {processes} {command}")
    return lines


def launched() -> tuple[int, str | None]:
    """In a launched process: (world size, "zero3" under DeepSpeed ZeRO-3, "ddp" with several ranks, else None)."""
    world = int(os.environ.get("WORLD_SIZE", "1") or 1)
    deepspeed = os.environ.get("ACCELERATE_USE_DEEPSPEED", "").lower() == "true"
    if deepspeed and os.environ.get("ACCELERATE_DEEPSPEED_ZERO_STAGE") == "3":
        return world, "zero3"
    return world, "ddp" if world > 1 else None
