"""Measured GPU memory against `critique-paint plan`, on random weights of the real architectures (no downloads).

1. 35B: the shipped config's longest sequence (prompt + max_completion_length) through one forward and backward
   with the shipped LoRA and activation checkpointing; peak memory beside the planner's trainer figures.
2. 4B: the shipped config (vLLM colocate) for 2 GRPO steps from a random-weight checkpoint saved locally, with
   the offline critic (no judge or HPSv3 service here); peak memory and step time beside the plan.

Needs one GPU with `pip install -e '.[gpu]'` already done. Prints one table; exit 1 when a measured peak is more
than 15 % away from the plan.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE = 0.15


def random_model(name: str, cfg):
    import torch

    from critique_paint.models.architectures import architecture_config, model_class
    from critique_paint.train.run import set_router_aux_loss

    config = architecture_config(name)
    with torch.device("cuda"):
        model = model_class(config)._from_config(config, dtype=torch.bfloat16)
    set_router_aux_loss(model, cfg.model.router_aux_loss_coef)
    return model


def check_35b(config: str) -> dict:
    import torch
    from peft import get_peft_model

    from critique_paint.config.training import load_train_config
    from critique_paint.plan import check_fits

    cfg = load_train_config(ROOT / "configs" / config)
    plan = check_fits(cfg, "grpo")
    model = random_model(cfg.model.name, cfg)
    model = get_peft_model(model, cfg.lora_config())
    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model.enable_input_require_grads()
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-5)
    length = 2048 + int(cfg.grpo["max_completion_length"])
    vocab = model.config.text_config.vocab_size
    ids = torch.randint(0, vocab, (1, length), device="cuda")
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    start = time.perf_counter()
    hidden = model.base_model.model.model(input_ids=ids).last_hidden_state  # the decoder, without the LM head
    head = model.base_model.model.lm_head
    logps = torch.zeros((), device="cuda")
    for lo in range(0, length - 1, 4096):  # log-probs tile by tile, as TRL's fused LM head does
        hi = min(lo + 4096, length - 1)
        chunk = torch.utils.checkpoint.checkpoint(
            lambda h, t: torch.log_softmax(head(h).float(), -1).gather(-1, t[..., None]).sum(),
            hidden[:, lo:hi], ids[:, lo + 1:hi + 1], use_reentrant=False)
        logps = logps + chunk
    (-logps / length).backward()
    optimizer.step()
    torch.cuda.synchronize()
    trainer_gpu = plan.gpus[0]
    return {"check": f"35B forward+backward, {length} tokens", "seconds": time.perf_counter() - start,
            "measured_gib": torch.cuda.max_memory_allocated() / 2**30,
            "planned_gib": trainer_gpu.tensor_bytes("training") / 2**30}


def check_4b(config: str, workdir: Path) -> dict:
    import torch

    from critique_paint.config.training import load_train_config
    from critique_paint.models.loading import build_tokenizer
    from critique_paint.plan import check_fits

    cfg = load_train_config(ROOT / "configs" / config)
    plan = check_fits(cfg, "grpo")
    checkpoint = workdir / "random-4b"
    if not (checkpoint / "config.json").is_file():
        model = random_model(cfg.model.name, cfg)
        model.save_pretrained(checkpoint)
        build_tokenizer(workdir / "cache").save_pretrained(checkpoint)  # a local BPE: ids stay within the vocab
        del model
        torch.cuda.empty_cache()
    start = time.perf_counter()
    config_path = str(ROOT / "configs" / config)
    proc = subprocess.run([sys.executable, "-m", "critique_paint.cli", "grpo", "--config", config_path,
                           "--model", str(checkpoint), "--out", str(workdir / "grpo-4b"),
                           "--set", "grpo.max_steps=2", "--set", "grpo.report_to=none", "--set", "grpo.save_steps=100",
                           "--set", "environment.reward_preset=offline", "--set", "environment.prompts=16"],
                          capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        print(proc.stderr[-3000:], file=sys.stderr)
    stats = workdir / "grpo-4b" / "gpu_peak.json"  # written by run_grpo on a CUDA machine
    peak = json.loads(stats.read_text())["max_memory_reserved_gib"] if stats.is_file() else None
    return {"check": "4B GRPO, 2 steps (vLLM colocate)", "measured_gib": peak, "seconds": seconds,
            "planned_gib": plan.gpus[0].peak_gib, "rc": proc.returncode}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workdir", default="/tmp/critique-paint-gpu-check")
    parser.add_argument("--only", choices=["35b", "4b"])
    args = parser.parse_args()
    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    rows = []
    if args.only in (None, "35b"):
        rows.append(check_35b("qwen3.5-35b-a3b.yaml"))
    if args.only in (None, "4b"):
        rows.append(check_4b("qwen3.5-4b.yaml", workdir))
    print(f"{'check':44} {'measured GiB':>13} {'planned GiB':>12} {'off by':>8} {'seconds':>8}")
    bad = False
    for r in rows:
        measured = r["measured_gib"]
        off = None if measured is None else (measured - r["planned_gib"]) / r["planned_gib"]
        bad |= off is None or abs(off) > TOLERANCE or r.get("rc", 0) != 0
        print(f"{r['check']:44} {measured if measured is not None else float('nan'):13.1f} {r['planned_gib']:12.1f} "
              f"{'n/a' if off is None else f'{off:+.0%}':>8} {r['seconds']:8.1f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
