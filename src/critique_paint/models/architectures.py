"""The real models' architectures, offline: their config.json (configs/models/), meta-device builds, tiny builds.

``architecture_config(name)`` gives the transformers config of a known model (``Qwen/Qwen3.5-35B-A3B``,
``Qwen/Qwen3.5-4B``) without the hub, or of a local checkpoint folder. ``meta_model(config)`` instantiates it with
no memory, for exact parameter counts. ``shrunk_config(config, ...)`` keeps an architecture's structure (the
linear/full attention mix, routed plus shared experts, the vision tower and merger) at test size.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from critique_paint.errors import ConfigError
from critique_paint.paths import CONFIGS_DIR

MODELS_DIR = CONFIGS_DIR / "models"
# Hub id -> its config.json (numbers only) under configs/models/.
KNOWN_MODELS = {
    "Qwen/Qwen3.5-35B-A3B": "qwen3.5-35b-a3b.json",
    "Qwen/Qwen3.5-4B": "qwen3.5-4b.json",
}
# Tiny specs (``tiny:<model_type>``) -> the real model whose architecture they shrink.
TINY_ARCHITECTURES = {
    "qwen3_5_moe": "Qwen/Qwen3.5-35B-A3B",
    "qwen3_5": "Qwen/Qwen3.5-4B",
}


class NoArchitecture(ConfigError):
    """Neither a known model nor a local folder holding config.json: nothing to read the architecture from."""


def config_dict(name: str) -> dict[str, Any]:
    """The raw config.json of a known model or a local checkpoint folder."""
    if name in KNOWN_MODELS:
        return json.loads((MODELS_DIR / KNOWN_MODELS[name]).read_text(encoding="utf-8"))
    local = Path(name).expanduser() / "config.json"
    if local.is_file():
        return json.loads(local.read_text(encoding="utf-8"))
    raise NoArchitecture(f"no architecture for {name!r}: known models are {', '.join(KNOWN_MODELS)}, "
                         "or pass a local folder holding config.json")


def architecture_config(name: str) -> Any:
    """The transformers config object of ``name`` (see ``config_dict``)."""
    from transformers import AutoConfig

    raw = dict(config_dict(name))
    return AutoConfig.for_model(raw.pop("model_type"), **raw)


def model_class(config: Any) -> type:
    """The class a config instantiates: image-text-to-text when it has a vision tower, else causal LM."""
    from transformers import AutoModelForCausalLM, AutoModelForImageTextToText

    auto = AutoModelForImageTextToText if getattr(config, "vision_config", None) is not None else AutoModelForCausalLM
    # transformers types every auto mapping's values as a (slow, fast) tokenizer pair; a model mapping's are classes
    return auto._model_mapping[type(config)]  # type: ignore[return-value]


def meta_model(config: Any) -> Any:
    """The model of ``config`` on the meta device: every parameter shaped, none allocated."""
    import torch

    with torch.device("meta"):
        return model_class(config)(config)


def text_config(config: Any) -> Any:
    return getattr(config, "text_config", None) or config


def tiny_spec_for(name: str) -> str:
    """``tiny:<model_type>`` for a known real model (what ``model.tiny: true`` loads in its place)."""
    model_type = config_dict(name).get("model_type")
    if model_type not in TINY_ARCHITECTURES:
        raise ConfigError(f"model.tiny: no tiny build of {name} ({model_type}); "
                          f"tiny builds exist for {', '.join(TINY_ARCHITECTURES)}")
    return f"tiny:{model_type}"


def shrunk_config(real: Any, *, vocab_size: int, token_ids: dict[str, int], hidden: int = 64) -> Any:
    """The real config at test size: same classes, same layer-type pattern, experts and vision merger kept.

    Two decoder layers, one of each of the real model's layer types in its order (Gated DeltaNet, then full
    attention; without the fused kernels a CPU spends most of its time in DeltaNet's reference code); a MoE keeps
    routed experts (8, 2 active) and its shared expert; the vision tower keeps one block and its merger. Weights
    start at std 0.2 instead of 0.02: LoRA leaves the output head as it is, and at 0.02 the head's logits span too
    little for any adapter to make the next token likely (as a pretrained head does).
    """
    raw = real.to_dict()
    text = dict(raw["text_config"])
    layer_types = list(dict.fromkeys(text["layer_types"]))
    text.update(
        hidden_size=hidden, num_hidden_layers=len(layer_types), layer_types=layer_types,
        num_attention_heads=4, num_key_value_heads=2, head_dim=16,
        linear_num_key_heads=2, linear_num_value_heads=4, linear_key_head_dim=16, linear_value_head_dim=16,
        vocab_size=vocab_size, max_position_embeddings=16384, initializer_range=0.2,
        eos_token_id=token_ids["<|im_end|>"], pad_token_id=token_ids["<|endoftext|>"],
        bos_token_id=token_ids["<|endoftext|>"],
        rope_parameters={**text["rope_parameters"], "mrope_section": [2, 1, 1]},
    )
    if "num_experts" in text:
        text.update(num_experts=8, num_experts_per_tok=2, moe_intermediate_size=32, shared_expert_intermediate_size=32)
    else:
        text.update(intermediate_size=2 * hidden)
    for key in ("dtype", "torch_dtype", "model_type", "transformers_version", "architectures"):
        text.pop(key, None)
    vision = dict(raw["vision_config"])
    vision.update(depth=1, hidden_size=32, intermediate_size=64, num_heads=2, out_hidden_size=hidden,
                  num_position_embeddings=64, initializer_range=0.2)
    for key in ("dtype", "torch_dtype", "model_type", "transformers_version"):
        vision.pop(key, None)
    top = {k: v for k, v in raw.items() if k not in ("text_config", "vision_config", "model_type",
                                                   "transformers_version", "dtype", "torch_dtype")}
    top.update(initializer_range=0.2, image_token_id=token_ids["<|image_pad|>"],
               video_token_id=token_ids["<|video_pad|>"],
               vision_start_token_id=token_ids["<|vision_start|>"], vision_end_token_id=token_ids["<|vision_end|>"])
    return type(real)(text_config=text, vision_config=vision, **top)
