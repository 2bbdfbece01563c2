"""Host memory of a run: transformers loads the checkpoint into CPU memory before it moves to the GPU."""

from __future__ import annotations

import os
from typing import Any

from critique_paint.plan.memory import GIB, Item

RENDER_PAGE_GIB = 0.6  # one warm Chromium page (its V8 heap is capped at 1 GiB)
PROCESS_GIB = 6.0  # Python, torch and CUDA host allocations, datasets, the tokenizer
VLLM_HOST_GIB = {"colocate": 2.0, "server": 4.0}  # vLLM streams shards to the GPU; a server has its own process


def host_items(cfg: Any, weight_bytes: int, vllm_mode: str | None, ranks: int = 1, zero3: bool = False) -> list[Item]:
    """What the host holds while a run loads. Several ranks load at once: under DDP each its own whole checkpoint;
    under ZeRO-3 (zero3_init) each keeps only its partition, about one copy between them."""
    env = cfg.environment
    copies = 1 if zero3 else ranks
    each = f"{ranks} ranks at once, " if ranks > 1 else ""
    items = [Item("checkpoint in CPU memory while loading", weight_bytes * copies, ("loading",), "model.name",
                  f"{each}transformers loads to the CPU, then the trainer moves it to the GPU"
                  + ("; ZeRO-3 keeps each rank's partition" if zero3 and ranks > 1 else "")),
             Item("trainer process" if ranks == 1 else f"trainer processes ({ranks})", int(ranks * PROCESS_GIB * GIB),
                  ("loading",), None)]
    if not env.server_urls:
        pages = env.render.resolved_workers()
        items.append(Item("renderer pages", int(pages * RENDER_PAGE_GIB * GIB), ("loading",),
                          "environment.render.workers", f"{pages} Chromium pages (0: one per core here)"))
    if vllm_mode:
        items.append(Item(f"vLLM {vllm_mode}", int(VLLM_HOST_GIB[vllm_mode] * GIB), ("loading",), None,
                          "own process on this host" if vllm_mode == "server" else "in the trainer's process"))
    return items


def host_memory_gib() -> float | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / GIB
    except (ValueError, OSError, AttributeError):
        return None
