"""`critique-paint plan`: the memory and time budget of a training run, without loading weights."""

from __future__ import annotations

import argparse
import json
import sys

from critique_paint.cli import out
from critique_paint.paths import CONFIGS_DIR


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("plan", help="memory per GPU, margin, tokens and steps of a training run (no weights loaded)")
    p.add_argument("--config", action="append", default=None, metavar="YAML",
                   help="training YAML; repeat to stack overlays (later override earlier)")
    p.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                   help="override any config field, e.g. grpo.vllm_gpu_memory_utilization=0.5 (repeatable)")
    p.add_argument("--stage", choices=["grpo", "sft"], default="grpo", help="which training stage to plan")
    p.add_argument("--gpus", type=int, help="GPUs on the machine (overrides hardware.gpus)")
    p.add_argument("--gpu-memory", type=float, metavar="GIB", help="usable memory per GPU (hardware.gpu_memory_gib)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    p.set_defaults(func=run_plan_cmd)


def run_plan_cmd(args: argparse.Namespace) -> int:
    from critique_paint.config.training import load_train_config
    from critique_paint.plan import plan_run
    from critique_paint.plan.table import plan_json, print_plan

    cfg = load_train_config(args.config or [str(CONFIGS_DIR / "qwen3.5-35b-a3b.yaml")], list(args.set))
    plan = plan_run(cfg, args.stage, gpus=args.gpus, gpu_memory_gib=args.gpu_memory)
    if args.json:
        sys.stdout.write(json.dumps(plan_json(plan)) + "\n")  # one line: easy to grep and pipe
    else:
        print_plan(plan, out)
    return 0 if plan.fits else 1
