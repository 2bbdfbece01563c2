"""`plan_run(cfg, stage)`: the per-GPU memory budget, tokens, steps and time of a training run; `check_fits`."""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from typing import Any

from critique_paint.errors import ConfigError
from critique_paint.plan.memory import (
    GENERATION,
    GIB,
    REFERENCE_MODEL,
    REFERENCE_STEP_MIN,
    TRAINING,
    VLLM_RUNTIME_GIB,
    VLLM_SERVE_UTILIZATION,
    GpuPlan,
    Item,
    Settings,
    hf_generate_items,
    settings,
    training_items,
    vllm_budget,
)
from critique_paint.plan.model import LoraFacts, lora_facts, model_facts, resolve_architecture

DTYPE_BYTES = {"bfloat16": 2, "bf16": 2, "float16": 2, "fp16": 2, "half": 2, "float32": 4, "fp32": 4, "float": 4}


@dataclass
class Plan:
    config: str
    stage: str
    model: str
    cpu: bool = False
    gpus: list[GpuPlan] = field(default_factory=list)
    params: int = 0
    lora: LoraFacts | None = None
    kernels: str = ""
    tokens: dict[str, int] = field(default_factory=dict)
    optimizer_steps: int | None = None
    steps_basis: str = ""
    minutes_per_step: float | None = None
    time_basis: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def tightest(self) -> GpuPlan | None:
        return min(self.gpus, key=lambda g: g.margin_gib) if self.gpus else None

    @property
    def problems(self) -> list[tuple[str, str, str]]:
        found = [p for g in self.gpus for p in g.problems]
        for g in self.gpus:
            if g.peak_gib > g.capacity_gib:
                item = _culprit(g)
                found.append((f"{g.name} peaks at {g.peak_gib:.1f} GiB in {g.peak_phase} of {g.capacity_gib:g} GiB",
                              item.name, item.setting or "model.name"))
        return found

    @property
    def fits(self) -> bool:
        return not self.problems

    @property
    def peak_gib(self) -> float:
        return self.tightest.peak_gib if self.tightest else 0.0

    @property
    def margin_gib(self) -> float:
        return self.tightest.margin_gib if self.tightest else 0.0

    @property
    def biggest(self) -> Item | None:
        g = self.tightest
        return max(g.peak_items(), key=lambda i: i.bytes) if g else None

    def refusal(self) -> str:
        """One line: why it cannot fit, the biggest item, the setting to change."""
        reason, item, setting = self.problems[0]
        g = self.tightest
        big = self.biggest
        biggest = f"; biggest item on {g.name}: {big.name} {big.gib:.1f} GiB" if g and big else ""
        return f"{self.config}: {self.stage} does not fit: {reason}{biggest}; change {setting} (`critique-paint plan`)"


def _culprit(g: GpuPlan) -> Item:
    """The item to shrink: the weights when they alone nearly fill the GPU, else the biggest adjustable one."""
    items = g.peak_items()
    weights = next((i for i in items if i.name == "trainer weights"), None)
    if weights and weights.gib > 0.9 * g.capacity_gib:
        return weights
    adjustable = [i for i in items if i.name != "trainer weights"] or items
    return max(adjustable, key=lambda i: i.bytes)


def is_cpu_run(cfg: Any, stage: str) -> bool:
    """CPU runs (use_cpu, a tiny model) have no GPU budget to plan."""
    args = cfg.grpo if stage == "grpo" else cfg.sft
    return bool(args.get("use_cpu")) or cfg.model.tiny or cfg.model.name.startswith("tiny:")


def _weight_bytes(cfg: Any, checkpoint_bytes: int) -> int:
    dtype = cfg.model.dtype
    if dtype is None or str(dtype) == "auto":
        return checkpoint_bytes
    if str(dtype).lower() not in DTYPE_BYTES:
        raise ConfigError(f"{cfg.path}: model.dtype {dtype!r}: use bfloat16, float16 or float32")
    return DTYPE_BYTES[str(dtype).lower()]


def prompt_tokens() -> int:
    """The GRPO prompt (system prompt, the paint tool's schema, the task) at 3 characters a token, plus the template."""
    from critique_paint.env.protocol import paint_tool_schema, system_message, task_text

    chars = len(system_message()["content"]) + len(json.dumps(paint_tool_schema())) + len(task_text("x" * 40, 3))
    return math.ceil(chars / 3) + 64


def sft_rows(cfg: Any) -> int | None:
    """Conversations the SFT stage trains on (what train.datasets builds), counted from the pool manifest."""
    if cfg.data.source == "synthetic":
        return cfg.data.synthetic_episodes
    from critique_paint.paths import POOL_DIR
    from critique_paint.pool.chains import improving_chains
    from critique_paint.pool.manifest import load_manifest

    try:
        entries = load_manifest(POOL_DIR)
    except ConfigError:
        return None
    limit = cfg.data.max_sketch_chars

    def fits(es: list) -> bool:
        return limit is None or all(len(e.source_text(POOL_DIR).strip()) <= limit for e in es)

    rows = sum(1 for c in improving_chains(entries) if fits(c)) if cfg.data.chains else 0
    if cfg.data.single_turn:
        rows += sum(1 for e in entries if e.is_reference and fits([e]))
    return rows


def _generation(cfg: Any, s: Settings, m: Any, lora: LoraFacts | None, wb: int, prompt: int,
                trainer: GpuPlan, plan: Plan, reference: bool) -> list[GpuPlan]:
    """Adds the generation engine to the trainer GPU; returns the extra GPUs it uses (a vLLM server)."""
    cap = cfg.hardware.gpu_memory_gib
    if not s.use_vllm:
        trainer.items += hf_generate_items(m, lora, s, wb, prompt, reference)
        return []
    max_len = s.vllm_max_len
    if max_len is None:
        plan.notes.append(f"grpo.vllm_max_model_length unset: vLLM sizes for the model's {m.max_positions:,} "
                          "positions; set it to prompt + max_completion_length")
    if s.vllm_mode == "server":
        if cfg.hardware.gpus < 2:
            trainer.problems.append(("vllm_mode server needs a second GPU (hardware.gpus is 1)", "vLLM server",
                                     "hardware.gpus or grpo.use_vllm false"))
            return []
        v = vllm_budget(m, VLLM_SERVE_UTILIZATION * cap, max_len)
        needed = v.weights + int(VLLM_RUNTIME_GIB * GIB) + min(s.generation_batch, max(1, int(v.sequences))) * v.per_seq
        server = GpuPlan(f"GPU 1 (vLLM server, {cfg.hardware.gpus - 1} GPU)" if cfg.hardware.gpus == 2
                         else f"GPUs 1-{cfg.hardware.gpus - 1} (vLLM server, each)", cap, [], fragmented=False)
        server.items = [
            Item("vLLM weights", v.weights, (GENERATION,), "model.name", "bf16 copy"),
            Item("vLLM runtime", int(VLLM_RUNTIME_GIB * GIB), (GENERATION,), None,
                 "profiling activations, CUDA graphs"),
            Item("vLLM KV cache (needed)", needed - v.weights - int(VLLM_RUNTIME_GIB * GIB), (GENERATION,),
                 "grpo.vllm_max_model_length",
                 f"{s.generation_batch} x {v.max_len:,} tokens; reserves {VLLM_SERVE_UTILIZATION:g} x GPU"),
        ]
        _check_vllm(v, server, "trl vllm-serve --gpu_memory_utilization (raise) or a smaller model", s, plan)
        return [server]
    v = vllm_budget(m, s.vllm_utilization * cap, max_len)
    phases = (GENERATION,) if s.vllm_sleep else (GENERATION, TRAINING)
    sleep = "sleep mode: freed after generating" if s.vllm_sleep else "no sleep mode: resident through backward"
    kv = (f"KV {v.kv / GIB:.1f} GiB = {max(v.sequences, 0):.1f} x {v.max_len:,} tokens" if v.kv > 0
          else "no room for a KV cache")
    trainer.items.append(Item("vLLM colocate budget", v.budget, phases, "grpo.vllm_gpu_memory_utilization",
                              f"{s.vllm_utilization:g} x {cap:g} GiB: weights {v.weights / GIB:.1f} + "
                              f"{VLLM_RUNTIME_GIB:g} runtime + {kv}; {sleep}"))
    resident = sum(i.bytes for i in trainer.items if i.name in ("trainer weights", "LoRA parameters (fp32)"))
    free_at_start = cap * GIB - resident - 1.5 * GIB
    if v.budget > free_at_start:
        trainer.problems.append((f"vLLM asks for {v.budget / GIB:.1f} GiB at start-up but only "
                                 f"{free_at_start / GIB:.1f} GiB are free beside the trainer's model",
                                 "vLLM colocate budget",
                                 "grpo.vllm_gpu_memory_utilization (lower) or grpo.vllm_mode server"))
    _check_vllm(v, trainer, _colocate_fix(v, trainer, cap), s, plan)
    return []


def _colocate_fix(v: Any, trainer: GpuPlan, cap: float) -> str:
    """The setting that makes vLLM colocate start: a share that fits beside the trainer with sleep mode, or none."""
    share = math.ceil(100 * (v.weights + VLLM_RUNTIME_GIB * GIB + v.per_seq) / (cap * GIB)) / 100
    others = trainer.phase_bytes(GENERATION) - v.budget
    if others + share * cap * GIB <= cap * GIB:
        return f"grpo.vllm_gpu_memory_utilization (>= {share:.2f}) with grpo.vllm_enable_sleep_mode true"
    return (f"grpo.use_vllm false (HF generate) or grpo.vllm_mode server: vLLM needs >= {share:.2f} of the GPU, "
            "which does not fit beside the trainer even with sleep mode")


def _check_vllm(v: Any, gpu: GpuPlan, setting: str, s: Settings, plan: Plan) -> None:
    if v.kv < v.per_seq:
        short = "below its weights" if v.kv < 0 else "too small for one max_model_len sequence"
        gpu.problems.append((f"vLLM budget {v.budget / GIB:.1f} GiB is {short} ({v.weights / GIB:.1f} GiB weights + "
                             f"{VLLM_RUNTIME_GIB:g} GiB runtime + {v.per_seq / GIB:.2f} GiB KV for {v.max_len:,} "
                             "tokens)", "vLLM weights", setting))
    elif v.sequences < s.generation_batch:
        plan.notes.append(f"vLLM KV cache holds {int(v.sequences)} of {s.generation_batch} sequences of "
                          f"{v.max_len:,} tokens at once; the rest wait")


def fla_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("fla") is not None


def plan_run(cfg: Any, stage: str, *, gpus: int | None = None, gpu_memory_gib: float | None = None,
             model_name: str | None = None, reference_kernels: bool | None = None) -> Plan:
    """The budget of `stage` ("grpo" or "sft") under `cfg`, computed without weights.

    ``reference_kernels``: plan Gated DeltaNet with transformers' reference kernel; by default, when
    flash-linear-attention is not installed (where the planner runs is where the run will run).
    """
    if stage not in ("grpo", "sft"):
        raise ConfigError(f"stage must be grpo or sft, not {stage!r}")
    if gpus is not None or gpu_memory_gib is not None:
        hardware = dataclasses.replace(cfg.hardware, gpus=gpus or cfg.hardware.gpus,
                                       gpu_memory_gib=gpu_memory_gib or cfg.hardware.gpu_memory_gib)
        cfg = dataclasses.replace(cfg, hardware=hardware)
    name = resolve_architecture(model_name or cfg.model.name)
    plan = Plan(config=cfg.path, stage=stage, model=name)
    if is_cpu_run(cfg, stage):
        plan.cpu = True
        plan.notes.append("CPU run: no GPU budget")
        return plan
    s = settings(cfg, stage)
    m = model_facts(name)
    wb = _weight_bytes(cfg, m.checkpoint_dtype_bytes)
    lora = lora_facts(name, cfg.peft) if cfg.peft else None
    plan.params, plan.lora = m.params, lora
    reference = False
    if m.linear_attention_layers:
        reference = not fla_installed() if reference_kernels is None else reference_kernels
        plan.kernels = "reference PyTorch Gated DeltaNet" if reference else "flash-linear-attention"
        if reference:
            plan.notes.append("Gated DeltaNet planned with transformers' reference kernel (flash-linear-attention "
                              "not installed): more memory per layer and far slower; pip install -e '.[gpu]'")
    cap = cfg.hardware.gpu_memory_gib
    trainer = GpuPlan("GPU 0 (trainer)", cap, [])
    server = stage == "grpo" and s.use_vllm and s.vllm_mode == "server"
    if cfg.hardware.gpus > 1 and not server:
        plan.notes.append(f"hardware.gpus {cfg.hardware.gpus}: planned per trainer process, each with the whole model "
                          "(ZeRO-3 sharding is not modelled)")
    if stage == "sft":
        tokens = s.batch * s.max_length
        trainer.items = training_items(m, lora, s, wb, tokens, tokens, reference)
        plan.tokens = {"sequences_per_step": s.batch * s.grad_accum, "max_tokens_per_sequence": s.max_length,
                       "max_tokens_per_step": s.batch * s.grad_accum * s.max_length}
        rows = sft_rows(cfg)
        per_step = s.batch * s.grad_accum
        if s.max_steps > 0:
            plan.optimizer_steps, plan.steps_basis = s.max_steps, "sft.max_steps"
        elif rows is not None:
            plan.optimizer_steps = math.ceil(s.epochs * rows / per_step)
            plan.steps_basis = f"{s.epochs:g} epochs x {rows} conversations / {per_step} per step"
        else:
            plan.steps_basis = "no pool manifest: conversations unknown"
        plan.time_basis = "no measured basis for SFT step time: not estimated"
        plan.gpus = [trainer]
        return plan
    prompt = prompt_tokens()
    length = prompt + s.max_completion
    trainer.items = training_items(m, lora, s, wb, s.batch * length, s.batch * s.max_completion, reference)
    extra = _generation(cfg, s, m, lora, wb, prompt, trainer, plan, reference)
    plan.gpus = [trainer, *extra]
    per_step = s.batch * s.grad_accum
    prompts_per_step = max(1, per_step // s.num_generations)
    plan.tokens = {"sequences_per_step": per_step, "prompts_per_step": prompts_per_step,
                   "prompt_tokens_estimate": prompt, "max_completion_tokens_per_step": per_step * s.max_completion,
                   "max_tokens_per_step": per_step * length, "generation_batch": s.generation_batch}
    if s.max_steps > 0:
        plan.optimizer_steps, plan.steps_basis = s.max_steps, "grpo.max_steps"
    else:
        rows = cfg.environment.prompts
        plan.optimizer_steps = math.ceil(s.epochs * rows / prompts_per_step)
        plan.steps_basis = f"{s.epochs:g} epochs x {rows} prompts / {prompts_per_step} per step (no grpo.max_steps)"
    if not s.use_vllm and name == REFERENCE_MODEL:
        plan.minutes_per_step = REFERENCE_STEP_MIN
        scale = s.max_completion / 8192
        more = f"; up to x{scale:.1f} when completions run to max_completion_length" if scale > 1.05 else ""
        plan.time_basis = ("the reference run on this model with HF generate: 60 steps in 17 h 46 min on one H200 "
                           f"(8 generations x 3 turns, max_completion_length 8192); decoding dominates{more}")
    else:
        plan.time_basis = "no measured step time for this model and generation mode: not estimated"
    return plan


def check_fits(cfg: Any, stage: str, *, model_name: str | None = None) -> Plan:
    """The planner's verdict before anything loads: returns the Plan, or raises a one-line ConfigError.

    CPU runs pass at once. A model with no offline architecture (neither known nor a local folder) is not planned.
    """
    if is_cpu_run(cfg, stage):
        return plan_run(cfg, stage, model_name=model_name)
    try:
        plan = plan_run(cfg, stage, model_name=model_name)
    except ConfigError as exc:
        if "no architecture for" not in str(exc):
            raise
        plan = Plan(config=cfg.path, stage=stage, model=model_name or cfg.model.name,
                    notes=[f"not planned: {exc}"])
        return plan
    if not plan.fits:
        raise ConfigError(plan.refusal())
    return plan
