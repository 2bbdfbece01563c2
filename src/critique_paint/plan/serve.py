"""The vLLM side of a run: the longest request a round can send, and the exact `trl vllm-serve` command."""

from __future__ import annotations

import shlex
from typing import Any
from urllib.parse import urlparse

from critique_paint.plan.timing import ceil_to


def needed_model_len(prompt: int, max_completion: int, round_cap: int) -> int:
    """A round's request: its input (the prompt and at most max_completion_length of completion so far) plus the
    round's max_tokens (at most the per-round cap, one value for the whole batch); rounded up to 256 tokens."""
    return ceil_to(prompt + max_completion + round_cap, 256)


def server_port(grpo: dict[str, Any]) -> int:
    url = grpo.get("vllm_server_base_url")
    if url:
        return urlparse(url).port or 8000
    return int(grpo.get("vllm_server_port") or 8000)


def serve_commands(cfg: Any, model: str, max_model_len: int, utilization: float) -> list[str]:
    """`trl vllm-serve` on the GPUs after the first, then the trainer on GPU 0."""
    gpus = cfg.hardware.gpus
    serve = ["trl", "vllm-serve", "--model", model, "--port", str(server_port(cfg.grpo)),
             "--max_model_len", str(max_model_len), "--gpu_memory_utilization", f"{utilization:g}"]
    if gpus > 2:
        serve += ["--data_parallel_size", str(gpus - 1)]
    devices = ",".join(str(i) for i in range(1, gpus))
    configs = " ".join(f"--config {shlex.quote(p)}" for p in cfg.path.split("+"))
    return [f"CUDA_VISIBLE_DEVICES={devices} {shlex.join(serve)} &",
            f"CUDA_VISIBLE_DEVICES=0 critique-paint grpo {configs}"]
