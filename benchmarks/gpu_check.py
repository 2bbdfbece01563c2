"""GPU memory measured item by item against `critique-paint plan`, on random weights of the real architectures.

1. 35B (the qwen3.5-35b-a3b config, one H200): the trainer's weights, LoRA and its AdamW states, the generation
   cache of HF generate (one prefill of the generation batch at the plan's prompt + max_completion_length), and the
   activations of the plan's exact sequence through TRL's own log-probability path (`add_fused_lm_head`, the model
   called with `fused_lm_head=True` as GRPOTrainer does) with the shipped LoRA and checkpointing.
2. 4B (the qwen3.5-4b config, vLLM colocate): a random 4B saved with every file the real model has (its
   processor included), loaded back, and one GRPO step from it with the offline critic; its peak tensors.

Each row prints as soon as it is measured; an item more than 15 % off its plan fails the check. The last line is
`ok: ...` or `FAIL: ...` (an item off, out of memory, a missing package, no CUDA device, a timeout). Needs one GPU
with `pip install -e '.[gpu]' -c constraints/gpu.txt`; no network (HF_HUB_OFFLINE=1).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE = 0.15
GIB = 2**30
PACKAGES = {"vllm": "vllm", "fla": "flash-linear-attention", "peft": "peft", "trl": "trl"}
INSTALL = "pip install -e '.[gpu]' -c constraints/gpu.txt"


class CheckFailed(Exception):
    """A fault that ends the check with one line."""


@dataclass
class Report:
    """Prints a header, then each row the moment it is measured; remembers which were off."""

    out: Callable[[str], None] = print
    off: list[str] = field(default_factory=list)
    rows: int = 0
    where: str = "start"

    def header(self) -> None:
        self.out(f"{'item':52} {'planned GiB':>11} {'measured GiB':>12} {'off by':>7} {'seconds':>8}")

    def row(self, name: str, planned: float, measured: float, seconds: float) -> None:
        off = relative_off(planned, measured)
        bad = off is None or abs(off) > TOLERANCE
        if bad:
            self.off.append(name)
        shown = "n/a" if off is None else f"{off:+.0%}"
        self.out(f"{name:52} {planned:11.2f} {measured:12.2f} {shown:>7} {seconds:8.1f}{'  OFF' if bad else ''}")
        self.rows += 1

    def verdict(self) -> str:
        if self.off:
            return f"FAIL: {len(self.off)} of {self.rows} items more than {TOLERANCE:.0%} off the plan: " + ", ".join(
                self.off)
        return f"ok: all {self.rows} items within {TOLERANCE:.0%} of the plan"


def relative_off(planned: float, measured: float) -> float | None:
    return None if planned <= 0 else (measured - planned) / planned


def _is_oom(exc: BaseException) -> bool:
    text = f"{type(exc).__name__}: {exc}"
    return "OutOfMemoryError" in text or "out of memory" in text or "can't allocate memory" in text


def run_checks(checks: list[tuple[str, Callable[[Report], None]]], timeout_s: float,
               report: Report | None = None) -> int:
    """Runs `checks` in order under one deadline; prints exactly one last line and returns the exit status."""
    report = report or Report()
    start = time.monotonic()

    def expire(*_: object) -> None:
        raise TimeoutError

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, timeout_s)
    report.header()
    try:
        for name, check in checks:
            report.where = name
            check(report)
    except TimeoutError:
        report.out(f"FAIL: timed out after {time.monotonic() - start:.0f} s in {report.where} "
                   f"(limit {timeout_s:g} s); the rows above were measured")
        return 1
    except CheckFailed as exc:
        report.out(f"FAIL: {exc}")
        return 1
    except Exception as exc:  # noqa: BLE001 - every fault ends in one line
        if _is_oom(exc):
            report.out(f"FAIL: out of memory in {report.where}: {str(exc).splitlines()[0][:200]}")
        else:
            report.out(f"FAIL: {type(exc).__name__} in {report.where}: {str(exc).splitlines()[0][:200]}")
        return 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    report.out(report.verdict())
    return 1 if report.off else 0


def check_packages(report: Report) -> None:
    import importlib.util

    missing = [dist for module, dist in PACKAGES.items() if importlib.util.find_spec(module) is None]
    if missing:
        raise CheckFailed(f"missing package(s): {', '.join(missing)} ({INSTALL})")


def check_cuda(report: Report) -> None:
    import torch

    if not torch.cuda.is_available():
        raise CheckFailed("no CUDA device: gpu_check measures GPU memory (`critique-paint doctor --gpu` says why)")


def save_random_checkpoint(name: str, folder: Path, *, tiny: bool, device: str = "cpu") -> Path:
    """A random-weight checkpoint of `name`'s architecture with every file loading it needs: config, weights,
    generation config, tokenizer, chat template and the image processor (the tiny build's local tokenizer, whose
    special-token ids the config is given)."""
    import torch

    from critique_paint.models.architectures import TINY_ARCHITECTURES, architecture_config, model_class
    from critique_paint.models.loading import load_policy

    model_type = next(t for t, real in TINY_ARCHITECTURES.items() if real == name)
    tiny_model, processor, _ = load_policy(f"tiny:{model_type}", cache_dir=folder.parent / "cache", vision=True)
    model = tiny_model
    if not tiny:
        tok = processor.tokenizer
        config = architecture_config(name)
        for key, token in (("image_token_id", "<|image_pad|>"), ("video_token_id", "<|video_pad|>"),
                           ("vision_start_token_id", "<|vision_start|>"), ("vision_end_token_id", "<|vision_end|>")):
            setattr(config, key, tok.convert_tokens_to_ids(token))
        config.text_config.eos_token_id = tok.eos_token_id
        config.text_config.pad_token_id = tok.pad_token_id
        with torch.device(device):
            model = model_class(config)._from_config(config, dtype=torch.bfloat16)
        model.generation_config = tiny_model.generation_config
    model.save_pretrained(folder)
    processor.save_pretrained(folder)
    return folder


def has_image_processor(folder: Path) -> bool:
    """The image processor's settings: preprocessor_config.json, or inside processor_config.json (newer)."""
    if (folder / "preprocessor_config.json").is_file():
        return True
    combined = folder / "processor_config.json"
    return combined.is_file() and "image_processor" in json.loads(combined.read_text())


def reload_checkpoint(folder: Path) -> tuple[object, object]:
    """Loads a saved checkpoint the way `grpo --model DIR` does; the processor must come back whole."""
    from critique_paint.models.loading import load_policy

    model, processor, is_vision = load_policy(str(folder), cache_dir=folder.parent / "cache", vision=True)
    if not is_vision or getattr(processor, "image_processor", None) is None:
        raise CheckFailed(f"{folder} loads without an image processor")
    return model, processor


def trl_logprob_pass(model, input_ids, prompt_len: int, temperature: float = 1.0):
    """Per-token log-probabilities of the completion through TRL's fused LM head, as GRPOTrainer computes them
    (`add_fused_lm_head` on the base model, then `model(..., labels=..., fused_lm_head=True)`); returns the loss."""
    import torch

    labels = input_ids.clone()
    labels[:, :prompt_len] = -100
    out = model(input_ids=input_ids, attention_mask=torch.ones_like(input_ids), labels=labels, fused_lm_head=True)
    return -out.log_probs[:, prompt_len:].mean()


def cache_bytes(cache) -> int:
    """Bytes of every tensor a generation cache holds."""
    import torch

    seen, total = set(), 0
    stack = [cache]
    while stack:
        obj = stack.pop()
        if isinstance(obj, torch.Tensor):
            if obj.data_ptr() not in seen:
                seen.add(obj.data_ptr())
                total += obj.numel() * obj.element_size()
        elif isinstance(obj, (list, tuple)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.values())
        elif hasattr(obj, "__dict__"):
            stack.extend(vars(obj).values())
    return total


def check_35b(report: Report) -> None:
    import torch
    from peft import get_peft_model
    from trl.trainer.utils import add_fused_lm_head

    from critique_paint.config.training import load_train_config
    from critique_paint.models.architectures import architecture_config, model_class
    from critique_paint.plan import check_fits
    from critique_paint.plan.memory import GIB as PLAN_GIB

    cfg = load_train_config("qwen3.5-35b-a3b")
    plan = check_fits(cfg, "grpo")
    items = {i.name: i.bytes / PLAN_GIB for i in plan.gpus[0].items}
    prompt, completion = plan.tokens["prompt_tokens_estimate"], int(cfg.grpo["max_completion_length"])
    length, batch = prompt + completion, plan.tokens["generation_batch"]
    report.where = "35B: building the random model"
    t = time.perf_counter()
    config = architecture_config(cfg.model.name)
    with torch.device("cuda"):
        model = model_class(config)._from_config(config, dtype=torch.bfloat16)
    torch.cuda.synchronize()
    report.row("35B trainer weights", items["trainer weights"], torch.cuda.memory_allocated() / GIB,
               time.perf_counter() - t)
    report.where = "35B: LoRA"
    before = torch.cuda.memory_allocated()
    add_fused_lm_head(model, temperature=float(cfg.grpo.get("temperature", 1.0)), outputs=("log_probs", "entropy"))
    model = get_peft_model(model, cfg.lora_config())
    report.row("35B LoRA parameters (fp32)", items["LoRA parameters (fp32)"],
               (torch.cuda.memory_allocated() - before) / GIB, 0.0)
    vocab = config.text_config.vocab_size
    g = torch.Generator(device="cuda").manual_seed(0)

    report.where = f"35B: HF generate prefill, {batch} x {length:,} tokens"
    base = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    t = time.perf_counter()
    with torch.no_grad():
        ids = torch.randint(0, vocab, (batch, length), device="cuda", generator=g)
        out = model.base_model.model.model(input_ids=ids, use_cache=True)
        cache = out.past_key_values
        del out
    torch.cuda.synchronize()
    held = cache_bytes(cache)
    prefill_peak = (torch.cuda.max_memory_allocated() - base - held) / GIB
    report.row("35B HF generate: KV cache + DeltaNet state", items["HF generate: KV cache + DeltaNet state"],
               held / GIB, time.perf_counter() - t)
    report.row("35B HF generate: prefill (peak beside the cache)", items["HF generate: prefill"], prefill_peak, 0.0)
    del cache, ids
    torch.cuda.empty_cache()

    report.where = f"35B: forward and backward of {length:,} tokens (prompt {prompt:,})"
    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model.enable_input_require_grads()
    model.train()
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-5)
    ids = torch.randint(0, vocab, (1, length), device="cuda", generator=g)
    base = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    t = time.perf_counter()
    with torch.autocast("cuda", dtype=torch.bfloat16):
        loss = trl_logprob_pass(model, ids, prompt)
    torch.cuda.synchronize()
    after_forward = (torch.cuda.memory_allocated() - base) / GIB
    report.row("35B checkpointed layer inputs (after forward)", items["checkpointed layer inputs"], after_forward,
               time.perf_counter() - t)
    loss.backward()
    torch.cuda.synchronize()
    planned_peak = sum(v for k, v in items.items() if k in (
        "checkpointed layer inputs", "one layer recomputed", "fused LM head (log-probs)", "LoRA gradients (fp32)"))
    report.row("35B training peak (activations, LM head, LoRA grads)", planned_peak,
               (torch.cuda.max_memory_allocated() - base) / GIB, time.perf_counter() - t)
    before = torch.cuda.memory_allocated()
    optimizer.step()
    torch.cuda.synchronize()
    report.row("35B AdamW states", items["AdamW states"], (torch.cuda.memory_allocated() - before) / GIB, 0.0)
    del model, optimizer, loss, ids
    torch.cuda.empty_cache()


def check_4b(report: Report, workdir: Path, deadline: float) -> None:
    import torch

    from critique_paint.config.training import load_train_config
    from critique_paint.plan import check_fits
    from critique_paint.plan.memory import TRAINING

    config = "qwen3.5-4b"
    plan = check_fits(load_train_config(config), "grpo")
    checkpoint = workdir / "random-4b"
    report.where = "4B: saving the random checkpoint"
    t = time.perf_counter()
    if not ((checkpoint / "config.json").is_file() and has_image_processor(checkpoint)):
        save_random_checkpoint("Qwen/Qwen3.5-4B", checkpoint, tiny=False, device="cuda")
        torch.cuda.empty_cache()
    report.where = "4B: one GRPO step with vLLM colocate"
    out = workdir / "grpo-4b"
    command = [sys.executable, "-m", "critique_paint.cli", "grpo", "--config", str(config), "--model", str(checkpoint),
               "--out", str(out), "--set", "grpo.max_steps=1", "--set", "grpo.report_to=none",
               "--set", "grpo.save_steps=100", "--set", "grpo.log_completions=false",
               "--set", "environment.reward_preset=offline", "--set", "environment.judge={}",
               "--set", "environment.hps_url=null", "--set", "environment.prompts=16"]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=max(10.0, deadline - time.monotonic()),
                              env={**os.environ, "HF_HUB_OFFLINE": "1"})
    except subprocess.TimeoutExpired:
        raise TimeoutError from None
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["no output"]
        if "OutOfMemoryError" in proc.stderr or "out of memory" in proc.stderr:
            raise CheckFailed(f"out of memory in {report.where}: {tail[0][:200]}")
        raise CheckFailed(f"{report.where} exited {proc.returncode}: {tail[0][:200]}")
    peak = json.loads((out / "gpu_peak.json").read_text())["max_memory_allocated_gib"]
    report.row("4B GRPO step: peak tensors (vLLM budget included)", plan.gpus[0].tensor_bytes(TRAINING) / GIB, peak,
               time.perf_counter() - t)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workdir", default="/tmp/critique-paint-gpu-check")
    parser.add_argument("--only", choices=["35b", "4b"])
    parser.add_argument("--timeout", type=float, default=450.0, help="seconds for everything (default 450)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + args.timeout
    checks: list[tuple[str, Callable[[Report], None]]] = [("packages", check_packages), ("cuda", check_cuda)]
    if args.only in (None, "35b"):
        checks.append(("35B", check_35b))
    if args.only in (None, "4b"):
        checks.append(("4B", lambda r: check_4b(r, workdir, deadline)))
    return run_checks(checks, args.timeout, Report(out=lambda line: print(line, flush=True)))


if __name__ == "__main__":
    sys.exit(main())
