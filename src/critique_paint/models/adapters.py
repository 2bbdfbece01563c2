"""LoRA adapter folders: which base they name, loading one to go on training it, and where LoRA landed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def load_trainable_adapter(model: Any, folder: str | Path) -> Any:
    """The base `model` with the adapter in `folder` applied and left trainable."""
    from peft import PeftModel

    return PeftModel.from_pretrained(model, str(folder), is_trainable=True)


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
