"""What both trainers share: the plan check, loading the model to train, Ctrl-C handling, saving the result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from critique_paint.config.training import TrainConfig


class Interrupted(Exception):
    """Training stopped by Ctrl-C after saving what it had."""


def check_plan(cfg: TrainConfig, stage: str, model_path: str | None = None) -> None:
    """Refuse, before anything is loaded, a run whose memory plan cannot fit its GPUs (see `critique-paint plan`)."""
    from critique_paint.plan import check_fits

    check_fits(cfg, stage, model_name=model_path)


def load_training_model(cfg: TrainConfig, run_dir: Path, model_path: str | None = None) -> tuple[Any, Any, bool]:
    """The policy to train: the config's model, a full checkpoint, or a LoRA adapter folder (e.g. sft/final).

    An adapter folder is loaded onto the base it names and stays trainable: GRPO goes on training the SFT adapter,
    so its output is again one adapter over the original base (no merged copy of the base on disk).
    """
    from critique_paint.models.adapters import load_model

    model, processing_class, is_vision = load_model(model_path or cfg.model_spec, cache_dir=run_dir / "cache",
                                                    dtype=cfg.model.dtype, vision=cfg.model.modality == "vision",
                                                    trainable=True)
    return model, processing_class, is_vision


def describe_model(model: Any) -> str:
    """`Qwen3ForCausalLM, 1.2 M parameters (1.2 M trainable), float32 on cpu`."""
    total = sum(p.numel() for p in model.parameters())
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    first = next(model.parameters())

    def size(n: int) -> str:
        return f"{n / 1e9:.2f} B" if n >= 1e9 else f"{n / 1e6:.1f} M"

    base = model.get_base_model() if hasattr(model, "get_base_model") else model
    return (f"{type(base).__name__}, {size(total)} parameters ({size(trainable)} trainable), "
            f"{str(first.dtype).removeprefix('torch.')} on {first.device}")


def describe_services(cfg: TrainConfig) -> str:
    """What the run's reward and environment reach over the network, in a few words."""
    from critique_paint.env.preflight import needed_services

    env = cfg.environment
    services = [f"{name} {url}" for name, url in needed_services(env.runtime_config()).items()]
    services += [f"environment server {url}" for url in env.server_urls]
    return ", ".join(services) or f"none: the {env.reward_preset} reward runs in process"


def peft_config_for(cfg: TrainConfig, model: Any) -> Any:
    """The config's LoRA, unless the model already carries a trainable adapter (a warm start from sft/final)."""
    from peft import PeftModel

    return None if isinstance(model, PeftModel) else cfg.lora_config()


def train_or_save(trainer: Any, processing_class: Any, run_dir: Path, resume: str | bool | None) -> None:
    """Train; on Ctrl-C save a checkpoint and the model under run_dir/interrupted, then raise Interrupted."""
    try:
        trainer.train(resume_from_checkpoint=resume)
    except KeyboardInterrupt:
        where = run_dir / "interrupted"
        trainer.save_model(str(where))  # every rank: a sharded model is gathered to be saved
        if trainer.is_world_process_zero():
            processing_class.save_pretrained(str(where))
        trainer.save_state()
        raise Interrupted(str(where)) from None


def save_final(trainer: Any, processing_class: Any, run_dir: Path) -> Path:
    """run_dir/final: the model (or adapter), its processor and `lora_modules.json`; `gpu_peak.json` beside.

    Every rank calls it (a sharded model is gathered to be saved); the files are written once, by the main process.
    """
    final = run_dir / "final"
    trainer.save_model(str(final))
    if trainer.is_world_process_zero():
        processing_class.save_pretrained(str(final))
        write_lora_report(trainer.model, final)
    write_gpu_peak(run_dir)
    return final


def write_gpu_peak(run_dir: Path) -> None:
    """`gpu_peak.json`: the peak CUDA memory of the busiest rank (each rank's under `ranks`), to set beside
    `critique-paint plan` (nothing on CPU). Every rank calls it; the main process writes it."""
    import torch

    from critique_paint.train.ranks import Ranks

    if not torch.cuda.is_available():
        return
    peaks = Ranks.current().gather({"max_memory_allocated_gib": torch.cuda.max_memory_allocated() / 2**30,
                                    "max_memory_reserved_gib": torch.cuda.max_memory_reserved() / 2**30})
    if peaks is None:
        return
    peak: dict[str, Any] = {key: max(p[key] for p in peaks) for key in peaks[0]}
    if len(peaks) > 1:
        peak["ranks"] = peaks
    (run_dir / "gpu_peak.json").write_text(json.dumps(peak) + "\n")


def write_lora_report(model: Any, folder: Path) -> None:
    """`lora_modules.json` beside the saved model: where LoRA landed, its size, whether the vision tower is frozen."""
    from critique_paint.models.adapters import lora_report

    report = lora_report(model)
    if report is not None:
        (folder / "lora_modules.json").write_text(json.dumps(report, indent=1) + "\n")
