"""`critique-paint plan`: the memory and time budget of a training run, without loading weights."""

from __future__ import annotations

import rich_click as click

from critique_paint.base.console import out, print_json_line
from critique_paint.commands.options import FloatRange, IntRange, set_option, training_configs


@click.command(short_help="memory per GPU, margin, tokens and steps of a training run (no weights loaded)")
@training_configs("training YAML: a path or a packaged config's name (default qwen3.5-35b-a3b); repeat to stack "
                  "overlays (later override earlier)")
@set_option("grpo.vllm_gpu_memory_utilization=0.5")
@click.option("--stage", type=click.Choice(["grpo", "sft"]), default="grpo", show_default=True,
              help="which training stage to plan")
@click.option("--gpus", type=IntRange(min=1),
              help="GPUs on the machine (overrides hardware.gpus): one trainer process on each (all but one serve "
                   "vLLM in vllm_mode server); for a CPU run, processes. Prints the launch line")
@click.option("--sharding", type=click.Choice(["auto", "ddp", "zero3"]), default="auto", show_default=True,
              help="with several trainer processes: DDP (each holds the whole model) or ZeRO-3 (sharded); auto: DDP "
                   "where it fits")
@click.option("--gpu-memory", type=FloatRange(min=0, min_open=True), metavar="GIB",
              help="usable memory per GPU (hardware.gpu_memory_gib)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object instead of the tables")
def plan(configs: tuple[str, ...], overrides: tuple[str, ...], stage: str, gpus: int | None, sharding: str,
         gpu_memory: float | None, as_json: bool) -> int:
    """Plan a training run's memory per GPU, its margin, tokens per step and optimizer steps, on the meta device,
    and with several GPUs the launch line (docs/gpu.md, "Scaling out"). Exit 0 when it fits, 1 when it does not."""
    from critique_paint.config.training import load_train_config
    from critique_paint.plan import plan_run
    from critique_paint.plan.table import plan_json, print_plan

    cfg = load_train_config(list(configs) or ["qwen3.5-35b-a3b"], list(overrides))
    result = plan_run(cfg, stage, gpus=gpus, gpu_memory_gib=gpu_memory, sharding=sharding)
    if as_json:
        print_json_line(plan_json(result))  # one line: easy to grep and pipe
    else:
        print_plan(result, out)
    return 0 if result.fits else 1
