"""LoRA adapter folders: which base they name, loading one to go on training it, and where LoRA landed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from critique_paint.env.replies import use_reply_format
from critique_paint.errors import ConfigError

VISION_MARKERS = ("visual", "vision_tower", "merger")


def adapter_base(path: Path) -> str | None:
    """The base model a LoRA adapter folder was trained on (None if `path` is not an adapter)."""
    config = path / "adapter_config.json"
    if not config.is_file():
        return None
    base = json.loads(config.read_text(encoding="utf-8")).get("base_model_name_or_path")
    if not base:
        raise ConfigError(f"{config} names no base_model_name_or_path; pass hf:BASE --adapter {path}")
    return base


def load_model(spec: str, *, cache_dir: Path, dtype: str | None = None, vision: bool | None = None,
               adapter: str | None = None, trainable: bool = False) -> tuple[Any, Any, bool]:
    """`load_policy` for a model, a checkpoint or a LoRA adapter folder (loaded onto the base it names).

    `adapter` applies a further adapter folder; `trainable` leaves the adapter trainable (GRPO after SFT). When the
    adapter folder holds a tokenizer (SFT saves one), a text policy uses it. The tokenizer parses replies with the
    one reply format (`env.replies`), in training and when the model is a policy.
    """
    from critique_paint.models.loading import load_policy

    local = Path(spec).expanduser()
    base = adapter_base(local) if local.is_dir() else None
    if base is not None:
        if adapter:
            raise ConfigError(f"{spec} is itself a LoRA adapter folder; drop --adapter {adapter}")
        adapter, spec = str(local), base
    model, processing, is_vision = load_policy(spec, cache_dir=cache_dir, dtype=dtype, vision=vision)
    if adapter:
        from peft import PeftModel

        folder = Path(adapter).expanduser()
        if not folder.is_dir():
            raise ConfigError(f"adapter {adapter}: no such folder")
        model = PeftModel.from_pretrained(model, str(folder), is_trainable=trainable)
        if not is_vision and (folder / "tokenizer_config.json").is_file():
            from transformers import AutoTokenizer

            processing = AutoTokenizer.from_pretrained(str(folder))
    return model, use_reply_format(processing), is_vision


def lora_report(model: Any) -> dict[str, Any] | None:
    """Where LoRA sits in a peft model: wrapped module names, trainable count, any vision-tower parameter touched."""
    from peft import PeftModel

    if not isinstance(model, PeftModel):
        return None
    modules = sorted({name.rsplit(".lora_", 1)[0] for name, _ in model.named_parameters() if ".lora_" in name})
    trainable = [(name, p.numel()) for name, p in model.named_parameters() if p.requires_grad]
    total = sum(p.numel() for p in model.parameters())
    return {
        "modules": modules,
        "trainable_parameters": sum(n for _, n in trainable),
        "total_parameters": total,
        "vision_tower_trainable": [n for n, _ in trainable if any(m in n for m in VISION_MARKERS)],
        "non_lora_trainable": [n for n, _ in trainable if ".lora_" not in n],
    }
