"""What the planner knows of a model without its weights: meta-device parameter counts, layer shapes, LoRA counts."""

from __future__ import annotations

import copy
import functools
import json
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class LayerShape:
    """Per-token widths of one decoder layer (elements), read off the meta model's modules."""

    kind: str  # "linear_attention" or "full_attention"
    attn_out: int  # sum of out_features of the attention part's nn.Linear modules
    mlp_out: int  # the same for the MLP's dense modules (shared expert, router gate, dense MLP)
    experts_out: int  # routed experts per token: top_k x (2 hidden + 3 expert width), 0 for a dense MLP


@dataclass(frozen=True)
class ModelFacts:
    name: str
    params: int  # every parameter of the meta-device model (vision tower included)
    vision_params: int
    hidden: int
    vocab: int
    max_positions: int
    layers: tuple[LayerShape, ...]
    kv_bytes_per_token: int  # full-attention K and V per token, all layers, 2-byte dtype
    state_elems_per_seq: int  # Gated DeltaNet recurrent state per sequence, all layers (elements)
    conv_elems_per_seq: int  # Gated DeltaNet conv state per sequence, all layers (elements)
    chunk_state_elems_per_token: int  # fla's chunked delta-rule states h per token, one layer (fp32 elements)
    checkpoint_dtype_bytes: int  # the checkpoint's own dtype (bf16 for the Qwen3.5 releases)
    value_dim: int  # Gated DeltaNet value heads x value head dim (0 without linear attention)
    model_type: str = ""
    routed_experts: int = 0  # E (0 for a dense MLP)
    experts_per_token: int = 0  # k
    routed_expert_params: int = 0  # all routed experts' fused weights, every layer
    embedding_params: int = 0  # an untied input embedding (a lookup, not a matmul)
    largest_module_params: int = 0  # the biggest decoder layer, embedding or LM head (what ZeRO-3 gathers at once)

    @property
    def active_params(self) -> int:
        """Parameters a text token's matmuls pass through: the language model with k of E routed experts."""
        dense = self.params - self.vision_params - self.routed_expert_params - self.embedding_params
        share = self.experts_per_token / self.routed_experts if self.routed_experts else 0
        return int(dense + share * self.routed_expert_params)

    def decode_bytes(self, batch: int) -> int:
        """Weights one decoding step of `batch` sequences reads: the language model, and each layer's experts
        that at least one of the batch's k x batch routings lands on (uniform routing)."""
        dense = self.params - self.vision_params - self.routed_expert_params - self.embedding_params
        touched = 0.0
        if self.routed_experts:
            e = self.routed_experts
            touched = 1 - (1 - 1 / e) ** (self.experts_per_token * batch)
        return int((dense + touched * self.routed_expert_params) * self.checkpoint_dtype_bytes)

    @property
    def full_attention_layers(self) -> int:
        return sum(1 for s in self.layers if s.kind == "full_attention")

    @property
    def linear_attention_layers(self) -> int:
        return sum(1 for s in self.layers if s.kind == "linear_attention")


@dataclass(frozen=True)
class LoraFacts:
    params: int  # trainable LoRA parameters peft creates
    targets: tuple[tuple[str, int], ...]  # module path with the layer index removed -> how many layers carry it
    fused_params_per_layer: int  # largest per-layer sum of parameters adapted through target_parameters (elements)
    inputs_per_layer: dict[int, int]  # decoder layer -> sum of in_features of its LoRA linears (each keeps a cast copy)


def resolve_architecture(name: str) -> str:
    """A LoRA adapter folder (adapter_config.json, no config.json) stands for its base model."""
    folder = Path(name).expanduser()
    adapter = folder / "adapter_config.json"
    if adapter.is_file() and not (folder / "config.json").is_file():
        base = json.loads(adapter.read_text(encoding="utf-8")).get("base_model_name_or_path")
        if base:
            return str(base)
    return name


@functools.cache
def _meta(name: str) -> Any:
    from critique_paint.models.architectures import architecture_config, meta_model

    return meta_model(architecture_config(name))


def _decoder_layers(model: Any) -> Any:
    for path, module in model.named_modules():
        if path.endswith("layers") and "visual" not in path and type(module).__name__ == "ModuleList":
            return module
    raise ValueError("no decoder layers found")


def _layer_shape(layer: Any, kind: str, text: Any, kernel_out: int) -> LayerShape:
    """``kernel_out``: what the attention kernel itself adds per token (conv output, core output, gated norm)."""
    import torch.nn as nn

    attn, mlp = kernel_out, 0
    for path, m in layer.named_modules():
        if isinstance(m, nn.Linear):
            if path.startswith("mlp"):
                mlp += m.out_features
            elif not path.endswith("norm"):
                attn += m.out_features
    if hasattr(layer.mlp, "gate") and hasattr(layer.mlp.gate, "weight") and not isinstance(layer.mlp.gate, nn.Linear):
        mlp += layer.mlp.gate.weight.shape[0]  # the router's logits
    experts = 0
    if getattr(text, "num_experts", None):
        experts = text.num_experts_per_tok * (2 * text.hidden_size + 3 * text.moe_intermediate_size)
        mlp += 2 * getattr(text, "shared_expert_intermediate_size", 0)  # act(gate) and act(gate) * up
    else:
        mlp += 2 * getattr(text, "intermediate_size", 0)
    return LayerShape(kind=kind, attn_out=attn, mlp_out=mlp, experts_out=experts)


@functools.cache
def model_facts(name: str) -> ModelFacts:
    """Facts of a known model (configs/models/) or a local checkpoint folder, from its meta-device build."""
    from critique_paint.models.architectures import architecture_config, text_config

    config = architecture_config(name)
    text = text_config(config)
    model = _meta(name)
    params = sum(p.numel() for p in model.parameters())
    vision = sum(p.numel() for n, p in model.named_parameters() if "visual" in n)
    routed = sum(p.numel() for n, p in model.named_parameters() if ".mlp.experts." in n and "visual" not in n)
    embedding = model.get_input_embeddings().weight
    tied = model.get_output_embeddings() is not None and model.get_output_embeddings().weight is embedding
    embedding = 0 if tied else embedding.numel()  # tied: the one matrix is also the LM head's matmul
    n_layers = text.num_hidden_layers
    kinds = list(getattr(text, "layer_types", None) or ["full_attention"] * n_layers)
    head_dim = getattr(text, "head_dim", None) or text.hidden_size // text.num_attention_heads
    kernel = {"full_attention": text.num_attention_heads * head_dim, "linear_attention": 0}
    if "linear_attention" in kinds:
        value_dim = text.linear_num_value_heads * text.linear_value_head_dim
        conv_dim = 2 * text.linear_num_key_heads * text.linear_key_head_dim + value_dim
        kernel["linear_attention"] = conv_dim + 2 * value_dim
    layers = tuple(_layer_shape(layer, kinds[i], text, kernel[kinds[i]])
                   for i, layer in enumerate(_decoder_layers(model)))
    n_full = kinds.count("full_attention")
    n_linear = kinds.count("linear_attention")
    kv = n_full * 2 * text.num_key_value_heads * head_dim * 2
    state = conv = chunk = value = 0
    if n_linear:
        k_dim, v_dim = text.linear_key_head_dim, text.linear_value_head_dim
        v_heads, k_heads = text.linear_num_value_heads, text.linear_num_key_heads
        state = n_linear * v_heads * k_dim * v_dim
        conv_dim = 2 * k_heads * k_dim + v_heads * v_dim
        conv = n_linear * conv_dim * (text.linear_conv_kernel_dim - 1)
        chunk = v_heads * k_dim * v_dim // 64  # one [K, V] state per head per 64-token chunk
        value = v_heads * v_dim
    largest = max([sum(p.numel() for p in layer.parameters()) for layer in _decoder_layers(model)]
                  + [model.get_input_embeddings().weight.numel()])
    dtype = str(getattr(text, "dtype", None) or getattr(config, "dtype", None) or "bfloat16")
    return ModelFacts(
        name=name, params=params, vision_params=vision, hidden=text.hidden_size, vocab=text.vocab_size,
        max_positions=getattr(text, "max_position_embeddings", 32768), layers=layers, kv_bytes_per_token=kv,
        state_elems_per_seq=state, conv_elems_per_seq=conv, chunk_state_elems_per_token=chunk,
        checkpoint_dtype_bytes=4 if "32" in dtype else 2, value_dim=value, model_type=config.model_type,
        routed_experts=getattr(text, "num_experts", 0) or 0,
        experts_per_token=getattr(text, "num_experts_per_tok", 0) or 0,
        routed_expert_params=routed, embedding_params=embedding, largest_module_params=largest,
    )


@functools.cache
def _lora_facts(name: str, peft_json: str) -> LoraFacts:
    from peft import LoraConfig, get_peft_model
    from peft.tuners.lora.layer import LoraLayer, ParamWrapper

    model = copy.deepcopy(_meta(name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # transformers' is_gradient_checkpointing rename, via peft
        peft_model = get_peft_model(model, LoraConfig(**{"task_type": "CAUSAL_LM", **json.loads(peft_json)}))
    trainable = sum(p.numel() for p in peft_model.parameters() if p.requires_grad)
    targets: dict[str, int] = {}
    fused: dict[str, int] = {}
    inputs: dict[int, int] = {}
    for path, module in peft_model.named_modules():
        if not isinstance(module, LoraLayer):
            continue
        short = re.sub(r"^.*?layers\.\d+\.", "", path.replace("base_model.model.", "")).replace(".base_layer", "")
        layer = re.search(r"layers\.(\d+)\.", path) if "visual" not in path else None
        if isinstance(module, ParamWrapper):
            short = f"{short}.{module.parameter_name}"
            key = layer.group(1) if layer else path
            fused[key] = fused.get(key, 0) + module.get_param().numel()
        elif layer:
            assert module.in_features is not None  # peft knows the width of the linears LoRA wraps
            inputs[int(layer.group(1))] = inputs.get(int(layer.group(1)), 0) + module.in_features
        targets[short] = targets.get(short, 0) + 1
    return LoraFacts(params=trainable, targets=tuple(sorted(targets.items())),
                     fused_params_per_layer=max(fused.values(), default=0), inputs_per_layer=inputs)


def lora_facts(name: str, peft: dict[str, Any]) -> LoraFacts:
    """Apply the run's LoraConfig to a copy of the meta model with peft itself: exact counts (cached per config)."""
    return _lora_facts(name, json.dumps(peft, sort_keys=True, default=str))
