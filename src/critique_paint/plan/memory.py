"""The memory arithmetic of a run, per GPU and per phase, from the model's meta-device facts and the run's settings.

Figures and where they come from (TRL 1.16, transformers 5.x, peft 0.21, vLLM v1):

- Trainer weights: meta-device parameter count x the load dtype's bytes (vision tower included).
- LoRA: peft's own LoraConfig applied to a meta copy; adapters are fp32 (peft's ``autocast_adapter_dtype``), so
  parameters 4 B, gradients 4 B, AdamW moments 8 B per parameter (2 B for 8-bit optimizers). Gradients are freed
  after each optimizer step (``zero_grad(set_to_none=True)``), so they are absent while generating.
- Activations with activation checkpointing: every decoder layer's input ([T, hidden]), plus one layer recomputed
  with autograd during its backward (its linear outputs, the routed experts' grouped-mm buffers top_k x (2 hidden +
  3 width), norms, x1.5 for the gradients alive beside them, and fla's chunked Gated DeltaNet states h and dh in
  fp32). Without checkpointing every layer keeps its internals.
- Logits: TRL 1.16 patches the model with ``add_fused_lm_head``: log-probs (and entropy) come from
  ``ChunkedLogProbFunction``, which never materialises [B, L, V]; it holds a [4096, 32768] tile (forward and
  backward), the completion's hidden states and an fp32 [N, hidden] gradient. SFT uses the same fused head.
- HF generate: one prefill of the whole generation batch at prompt + max_completion_length (TRL re-prefills each
  turn), holding one layer's no-grad internals for every token, then the KV cache of the full-attention layers and
  the Gated DeltaNet recurrent (fp32) and conv states per sequence.
- vLLM colocate: its budget ``vllm_gpu_memory_utilization x GPU`` holds a second weight copy, ~2 GiB of runtime
  (profiling activations, CUDA graphs) and the KV cache; it must also be free when vLLM starts (after the trainer
  loaded its model). Without sleep mode it stays resident through the backward pass; with sleep mode (TRL sleeps
  at level 2) only while generating. vLLM server: nothing on the trainer GPU; the server GPU holds weights + KV.
- Overhead: 1.5 GiB of CUDA context, cuBLAS workspaces and NCCL outside PyTorch's allocator, plus 8 % of the
  trainer's tensors for allocator fragmentation.
- Several trainer processes (one per GPU). DDP: each rank holds all of the above for its own micro-batch and
  generation batch, plus DDP's all-reduce buckets, a copy of the gradients (accelerate leaves
  ``gradient_as_bucket_view`` off). ZeRO-3 (DeepSpeed, ``zero3_init_flag``): weights, gradients and optimizer state
  are partitioned over the N ranks; DeepSpeed's bf16 optimizer keeps fp32 master weights and fp32 Adam moments
  (12 B per trainable parameter); a rank gathers the modules it computes, at most ``stage3_max_live_parameters``
  (1e9) or the largest module at a time; TRL gathers the whole model on every rank to generate with HF generate
  (``ds3_gather_for_generation``, on by default) and to sync a LoRA model into vLLM (peft merges it gathered).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any

from critique_paint.plan.model import LoraFacts, ModelFacts

GIB = 2**30
CUDA_CONTEXT_GIB = 1.5
FRAGMENTATION = 0.08
VLLM_RUNTIME_GIB = 2.0
VLLM_SERVE_UTILIZATION = 0.9  # `trl vllm-serve`'s default --gpu_memory_utilization
LOGPROB_TILE = (4096, 32768)  # trl.kernels.chunked_logprob: TOKEN_CHUNK_SIZE x _CHUNKED_LOGPROB_CHUNK_SIZE
BACKWARD_FACTOR = 1.5
# Without flash-linear-attention, transformers' reference Gated DeltaNet kernel keeps about 18 fp32 copies of a
# [T, value heads x value dim] tensor per layer (measured on CPU with saved-tensor hooks: a 35B-A3B Gated DeltaNet +
# MoE layer saves ~500 KB/token under bf16 autocast against ~170 KB/token for its full-attention + MoE layer).
# Without grad (HF generate's prefill) it holds about 9 at once (peak RSS of one 35B-A3B layer at 8192 tokens: ~206
# KB/token); the same measurement gives ~132 KB/token for the MoE block, in line with the formula below.
ZERO3_LIVE_PARAMS = 10**9  # DeepSpeed's stage3_max_live_parameters default
ZERO3_OPTIMIZER_BYTES = 12  # fp32 master weight + two fp32 Adam moments per trainable parameter
REFERENCE_GDN_FP32_COPIES = 18
REFERENCE_GDN_FP32_COPIES_NO_GRAD = 9

GENERATION, TRAINING = "generation", "training"


@dataclass
class Item:
    name: str
    bytes: int
    phases: tuple[str, ...]
    setting: str | None  # the setting that changes it
    note: str = ""

    @property
    def gib(self) -> float:
        return self.bytes / GIB


@dataclass
class GpuPlan:
    name: str
    capacity_gib: float
    items: list[Item]
    problems: list[tuple[str, str, str]] = field(default_factory=list)  # (reason, item name, setting)
    fragmented: bool = True  # whether the fragmentation share applies (not to a vLLM server's own pool)

    def tensor_bytes(self, phase: str) -> int:
        """The phase's items alone: what torch.cuda.max_memory_allocated() would show (plus vLLM's pool)."""
        return sum(i.bytes for i in self.items if phase in i.phases)

    def phase_bytes(self, phase: str) -> int:
        """The phase's items plus the CUDA context and, on PyTorch's own tensors, fragmentation."""
        items = [i for i in self.items if phase in i.phases]
        tensors = sum(i.bytes for i in items if not i.name.startswith("vLLM"))
        frag = FRAGMENTATION * tensors if self.fragmented else 0
        return int(self.tensor_bytes(phase) + frag + CUDA_CONTEXT_GIB * GIB)

    @property
    def phases(self) -> dict[str, float]:
        names = sorted({p for i in self.items for p in i.phases})
        return {p: self.phase_bytes(p) / GIB for p in names}

    @property
    def peak_phase(self) -> str:
        return max(self.phases.items(), key=lambda kv: kv[1])[0]

    @property
    def peak_gib(self) -> float:
        return max(self.phases.values())

    @property
    def margin_gib(self) -> float:
        return self.capacity_gib - self.peak_gib

    def peak_items(self) -> list[Item]:
        return [i for i in self.items if self.peak_phase in i.phases]


@dataclass
class Settings:
    """The run's effective TRL settings (the config's values over TRL's defaults)."""

    stage: str
    batch: int
    grad_accum: int
    checkpointing: bool
    bf16: bool
    max_steps: int
    epochs: float
    optim: str
    max_length: int = 0  # sft
    num_generations: int = 1  # grpo
    generation_batch: int = 0
    max_completion: int = 0
    use_vllm: bool = False
    vllm_mode: str = "colocate"
    vllm_utilization: float = 0.3
    vllm_sleep: bool = False
    vllm_max_len: int | None = None
    beta: float = 0.0
    ds3_gather: bool = True  # grpo.ds3_gather_for_generation


def settings(cfg: Any, stage: str) -> Settings:
    from trl import GRPOConfig, SFTConfig

    cls, raw = (GRPOConfig, cfg.grpo) if stage == "grpo" else (SFTConfig, cfg.sft)
    defaults = {f.name: f.default for f in dataclasses.fields(cls)}

    def get(key: str) -> Any:
        return raw[key] if raw.get(key) is not None else defaults.get(key)

    ckpt = raw.get("activation_checkpointing", raw.get("gradient_checkpointing"))
    s = Settings(
        stage=stage, batch=int(get("per_device_train_batch_size")), grad_accum=int(get("gradient_accumulation_steps")),
        checkpointing=bool(defaults["gradient_checkpointing"] if ckpt is None else ckpt), bf16=bool(get("bf16")),
        max_steps=int(get("max_steps")), epochs=float(get("num_train_epochs")), optim=str(get("optim")),
    )
    if stage == "sft":
        s.max_length = int(get("max_length") or 1024)
        return s
    steps_per_gen = raw.get("steps_per_generation")
    s.num_generations = int(get("num_generations"))
    s.generation_batch = int(raw.get("generation_batch_size") or s.batch * int(steps_per_gen or s.grad_accum))
    s.max_completion = int(get("max_completion_length"))
    s.use_vllm = bool(get("use_vllm"))
    s.vllm_mode = str(get("vllm_mode"))
    s.vllm_utilization = float(get("vllm_gpu_memory_utilization"))
    s.vllm_sleep = bool(get("vllm_enable_sleep_mode"))
    s.vllm_max_len = raw.get("vllm_max_model_length")
    s.beta = float(get("beta"))
    s.ds3_gather = bool(get("ds3_gather_for_generation"))
    return s


def _act_bytes(s: Settings, weight_bytes: int) -> int:
    return 2 if s.bf16 or weight_bytes == 2 else 4


def _gdn_extra(m: ModelFacts, layer: Any, reference: bool, copies: int = REFERENCE_GDN_FP32_COPIES) -> int:
    """Bytes per token the reference PyTorch Gated DeltaNet kernel adds over fla's (its fp32 chunk tensors)."""
    if not reference or layer.kind != "linear_attention":
        return 0
    return copies * m.value_dim * 4


def training_items(m: ModelFacts, lora: LoraFacts | None, s: Settings, weight_bytes: int, tokens: int,
                   scored: int, reference_gdn: bool = False) -> list[Item]:
    """Trainer-side items: weights, trainable state, activations of one micro-batch of `tokens` (`scored` scored)."""
    both, train = (GENERATION, TRAINING), (TRAINING,)
    act = _act_bytes(s, weight_bytes)
    state_bytes = 2 if "8bit" in s.optim else 8
    length_setting = "sft.max_length" if s.stage == "sft" else f"{s.stage}.max_completion_length"
    items = [Item("trainer weights", m.params * weight_bytes, both, "model.name",
                  f"{m.params:,} params x {weight_bytes} B")]
    if lora is not None:
        items += [
            Item("LoRA parameters (fp32)", lora.params * 4, both, "peft.r / peft.target_parameters",
                 f"{lora.params:,} params"),
            Item("LoRA gradients (fp32)", lora.params * 4, train, "peft.r / peft.target_parameters"),
            Item("AdamW states", lora.params * state_bytes, both, f"{s.stage}.optim", f"{state_bytes} B per param"),
        ]
    else:
        items += [
            Item("gradients (full fine-tuning)", m.params * weight_bytes, train, "peft (use LoRA)"),
            Item("AdamW states", m.params * (state_bytes if state_bytes == 2 else 2 * weight_bytes), both,
                 f"{s.stage}.optim"),
        ]
    if s.stage == "grpo" and s.beta > 0 and lora is None:
        items.append(Item("reference model", m.params * weight_bytes, both, "grpo.beta", "beta > 0, no LoRA"))
    hidden = m.hidden
    lora_in = lora.inputs_per_layer if lora is not None else {}
    layer_internal = [(act * (x.attn_out + x.mlp_out + x.experts_out + 4 * hidden + lora_in.get(k, 0))
                       + _gdn_extra(m, x, reference_gdn)) * BACKWARD_FACTOR
                      + (2 * 4 * m.chunk_state_elems_per_token if x.kind == "linear_attention" else 0)
                      for k, x in enumerate(m.layers)]
    if s.checkpointing:
        items.append(Item("checkpointed layer inputs", len(m.layers) * tokens * hidden * act, train, length_setting,
                          f"{len(m.layers)} layers x {tokens:,} tokens x {hidden}"))
        items.append(Item("one layer recomputed", int(max(layer_internal) * tokens), train, length_setting,
                          "its saved tensors (linear outputs, expert buffers, DeltaNet states) and their gradients"))
    else:
        items.append(Item("activations (no checkpointing)", int(sum(layer_internal) * tokens), train,
                          f"{s.stage}.gradient_checkpointing"))
    if lora is not None and lora.fused_params_per_layer:
        items.append(Item("LoRA on fused experts: W+BA and its grad", 2 * lora.fused_params_per_layer * weight_bytes,
                          train, "peft.target_parameters", "one layer at a time (peft folds B@A into the weight)"))
    tile = min(scored, LOGPROB_TILE[0]) * LOGPROB_TILE[1] * act
    items.append(Item("fused LM head (log-probs)", tile + scored * hidden * (act + 4), train, length_setting,
                      f"no [B, L, {m.vocab:,}] logits in TRL 1.16: one {LOGPROB_TILE[0]}x{LOGPROB_TILE[1]} tile"))
    return items


def hf_generate_items(m: ModelFacts, lora: LoraFacts | None, s: Settings, weight_bytes: int, prompt: int,
                      reference_gdn: bool = False) -> list[Item]:
    act = _act_bytes(s, weight_bytes)
    seqs, length = s.generation_batch, prompt + s.max_completion
    tokens = seqs * length
    per_token = max(max(act * x.attn_out + _gdn_extra(m, x, reference_gdn, REFERENCE_GDN_FP32_COPIES_NO_GRAD),
                        act * (x.mlp_out + x.experts_out))
                    + act * 3 * m.hidden
                    + (4 * m.chunk_state_elems_per_token if x.kind == "linear_attention" else 0) for x in m.layers)
    items = [
        Item("HF generate: prefill", per_token * tokens, (GENERATION,), "grpo.max_completion_length",
             f"{seqs} sequences x {length:,} tokens, one layer's internals"),
        Item("HF generate: KV cache + DeltaNet state",
             m.kv_bytes_per_token * tokens + seqs * (4 * m.state_elems_per_seq + act * m.conv_elems_per_seq),
             (GENERATION,), "grpo.gradient_accumulation_steps (generation batch)",
             f"{m.full_attention_layers} full-attention layers; {m.linear_attention_layers} recurrent states fp32"),
    ]
    if lora is not None and lora.fused_params_per_layer:
        items.append(Item("LoRA on fused experts: W+BA", lora.fused_params_per_layer * weight_bytes, (GENERATION,),
                          "peft.target_parameters"))
    return items


@dataclass
class VllmBudget:
    budget: int
    weights: int
    kv: int  # what is left for the KV cache
    per_seq: int  # KV + recurrent state of one max_model_len sequence
    max_len: int

    @property
    def sequences(self) -> float:
        return self.kv / self.per_seq if self.per_seq else math.inf


def vllm_budget(m: ModelFacts, budget_gib: float, max_len: int | None) -> VllmBudget:
    weights = m.params * m.checkpoint_dtype_bytes
    length = int(max_len or m.max_positions)
    per_seq = m.kv_bytes_per_token * length + 2 * (m.state_elems_per_seq + m.conv_elems_per_seq)
    budget = int(budget_gib * GIB)
    return VllmBudget(budget=budget, weights=weights, kv=budget - weights - int(VLLM_RUNTIME_GIB * GIB),
                      per_seq=per_seq, max_len=length)


SHARDED = ("trainer weights", "LoRA parameters (fp32)", "LoRA gradients (fp32)", "gradients (full fine-tuning)",
           "reference model")


def ddp_items(items: list[Item], ranks: int) -> list[Item]:
    """One DDP rank's items: a process's own, plus the all-reduce buckets (a copy of the gradients)."""
    grads = sum(i.bytes for i in items if i.name in ("LoRA gradients (fp32)", "gradients (full fine-tuning)"))
    return [*items, Item("DDP all-reduce buckets", grads, (TRAINING,), None,
                         f"a copy of the gradients, all-reduced over {ranks} ranks")]


def zero3_items(items: list[Item], m: ModelFacts, s: Settings, lora: LoraFacts | None, weight_bytes: int,
                ranks: int) -> list[Item]:
    """One ZeRO-3 rank's items, from a process's own (DDP) items: partitioned state, gathered working set, and the
    whole model where TRL gathers it (HF generate with ds3_gather_for_generation; a LoRA model's sync to vLLM)."""
    out = []
    shard = f"1/{ranks} on each rank"
    for i in items:
        if i.name in SHARDED:
            out.append(dataclasses.replace(i, name=f"{i.name} (ZeRO-3 shard)", bytes=math.ceil(i.bytes / ranks),
                                           note=f"{i.note}; {shard}" if i.note else shard))
        elif i.name == "AdamW states":
            trainable = lora.params if lora is not None else m.params
            out.append(Item("optimizer: fp32 master + Adam (ZeRO-3 shard)",
                            math.ceil(trainable * ZERO3_OPTIMIZER_BYTES / ranks), i.phases, i.setting,
                            f"{ZERO3_OPTIMIZER_BYTES} B per trainable param (DeepSpeed bf16); {shard}"))
        else:
            out.append(i)
    whole = m.params * weight_bytes
    gathers_to_generate = s.stage == "grpo" and not s.use_vllm and s.ds3_gather
    live = min(m.params, max(m.largest_module_params, ZERO3_LIVE_PARAMS)) * weight_bytes
    out.append(Item("ZeRO-3 gathered modules", live, (TRAINING,) if gathers_to_generate else (GENERATION, TRAINING),
                    None, f"stage3_max_live_parameters (1e9) or the largest module ({m.largest_module_params:,})"))
    if gathers_to_generate:
        out.append(Item("ZeRO-3 whole model gathered to generate", whole, (GENERATION,),
                        "grpo.ds3_gather_for_generation", "TRL gathers every weight on every rank for HF generate"))
    elif s.stage == "grpo" and s.use_vllm and lora is not None:
        out.append(Item("ZeRO-3 whole model gathered to sync vLLM", whole, (GENERATION,), "peft",
                        "peft merges the LoRA into the gathered model before vLLM loads it"))
    return out
