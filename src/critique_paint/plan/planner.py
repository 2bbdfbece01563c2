"""`plan_run(cfg, stage)`: the per-GPU memory budget, tokens, steps and time of a training run; `check_fits`."""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from typing import Any

from critique_paint.errors import ConfigError
from critique_paint.models.architectures import NoArchitecture
from critique_paint.plan.launch import MODE_NAMES, launch_commands, launched
from critique_paint.plan.memory import (
    GENERATION,
    GIB,
    TRAINING,
    VLLM_RUNTIME_GIB,
    VLLM_SERVE_UTILIZATION,
    GpuPlan,
    Item,
    Settings,
    ddp_items,
    hf_generate_items,
    settings,
    training_items,
    vllm_budget,
    zero3_items,
)
from critique_paint.plan.model import LoraFacts, ModelFacts, lora_facts, model_facts, resolve_architecture
from critique_paint.plan.timing import StepTime

TURN_TOKENS = 661  # a painting turn beyond its sketch: the tool call markup, the painting and the critique
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
    step_time: StepTime | None = None
    load_minutes: float = 0.0
    stage_hours: dict[str, tuple[float, float] | None] = field(default_factory=dict)  # stage -> (central, high)
    host: list[Item] = field(default_factory=list)
    host_capacity_gib: float | None = None
    round_tokens: int | None = None
    server_model_len: int | None = None
    server_commands: list[str] = field(default_factory=list)
    processes: int = 1  # trainer ranks (one per GPU, or CPU processes)
    launch_mode: str | None = None  # "ddp", "zero3" or "cpu" with several ranks
    launch_reason: str = ""
    launch_commands: list[str] = field(default_factory=list)
    alternative: dict[str, Any] | None = None  # the other multi-GPU mode: its peak, verdict and command
    launch_notes: list[str] = field(default_factory=list)
    generation: dict[str, Any] = field(default_factory=dict)  # GRPO: generated tokens, paint-only and edit mix
    notes: list[str] = field(default_factory=list)

    @property
    def host_gib(self) -> float:
        return sum(i.bytes for i in self.host) / GIB

    @property
    def run_hours(self) -> tuple[float, float] | None:
        """Both stages together (SFT then GRPO), central and high, when both are estimated."""
        hours = [h for h in self.stage_hours.values() if h is not None]
        if not hours or len(hours) < len(self.stage_hours):
            return None
        return sum(h[0] for h in hours), sum(h[1] for h in hours)

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


def sft_conversations(cfg: Any) -> list[int] | None:
    """Estimated tokens of each conversation the SFT stage trains on (what train.datasets builds), from the pool
    manifest: the prompt, then per painting its sketch at 3 characters a token, the painting and a critique."""
    if cfg.data.source == "synthetic":
        from critique_paint.pool.synthetic import draft_and_revision

        episodes = (draft_and_revision(seed) for seed in range(cfg.data.synthetic_episodes))
        return [prompt_tokens() + sum(math.ceil(len(s) / 3) + TURN_TOKENS for s in e) for e in episodes]
    from critique_paint.paths import pool_dir
    from critique_paint.pool.chains import improving_chains
    from critique_paint.pool.manifest import load_manifest

    try:
        pool = pool_dir()
        entries = load_manifest(pool)
    except ConfigError:
        return None
    limit = cfg.data.max_sketch_chars
    sources = {e.id: e.source_text(pool).strip() for e in entries}

    def fits(es: list) -> bool:
        return limit is None or all(len(sources[e.id]) <= limit for e in es)

    chats = [c for c in improving_chains(entries) if fits(c)] if cfg.data.chains else []
    if cfg.data.single_turn:
        chats += [[e] for e in entries if e.is_reference and fits([e])]
    return [prompt_tokens() + sum(math.ceil(len(sources[e.id]) / 3) + TURN_TOKENS for e in chat) for chat in chats]


def sft_rows(cfg: Any) -> int | None:
    """Conversations the SFT stage trains on, counted from the pool manifest."""
    chats = sft_conversations(cfg)
    return None if chats is None else len(chats)


def _generation(cfg: Any, s: Settings, m: Any, lora: LoraFacts | None, wb: int, prompt: int,
                trainer: GpuPlan, plan: Plan, reference: bool) -> list[GpuPlan]:
    """Adds the generation engine to the trainer GPU; returns the extra GPUs it uses (a vLLM server)."""
    from critique_paint.plan.serve import needed_model_len, serve_commands

    cap = cfg.hardware.gpu_memory_gib
    if not s.use_vllm:
        trainer.items += hf_generate_items(m, lora, s, wb, prompt, reference)
        return []
    needed = needed_model_len(prompt, s.max_completion, plan.round_tokens or s.max_completion)
    max_len = s.vllm_max_len
    if s.vllm_mode == "server":
        if cfg.hardware.gpus < 2:
            trainer.problems.append(("vllm_mode server needs a second GPU (hardware.gpus is 1)", "vLLM server",
                                     "hardware.gpus or grpo.use_vllm false"))
            return []
        plan.server_model_len = max_len = needed
        plan.server_commands = serve_commands(cfg, plan.model, needed, VLLM_SERVE_UTILIZATION)
        v = vllm_budget(m, VLLM_SERVE_UTILIZATION * cap, max_len)
        kv_needed = (v.weights + int(VLLM_RUNTIME_GIB * GIB)
                     + min(s.generation_batch, max(1, int(v.sequences))) * v.per_seq)
        server = GpuPlan(f"GPU 1 (vLLM server, {cfg.hardware.gpus - 1} GPU)" if cfg.hardware.gpus == 2
                         else f"GPUs 1-{cfg.hardware.gpus - 1} (vLLM server, each)", cap, [], fragmented=False)
        server.items = [
            Item("vLLM weights", v.weights, (GENERATION,), "model.name", "bf16 copy"),
            Item("vLLM runtime", int(VLLM_RUNTIME_GIB * GIB), (GENERATION,), None,
                 "profiling activations, CUDA graphs"),
            Item("vLLM KV cache (needed)", kv_needed - v.weights - int(VLLM_RUNTIME_GIB * GIB), (GENERATION,),
                 "trl vllm-serve --max_model_len",
                 f"{s.generation_batch} x {v.max_len:,} tokens; reserves {VLLM_SERVE_UTILIZATION:g} x GPU"),
        ]
        _check_vllm(v, server, "trl vllm-serve --gpu_memory_utilization (raise) or a smaller model", s, plan)
        return [server]
    if max_len is None:
        plan.notes.append(f"grpo.vllm_max_model_length unset: vLLM sizes for the model's {m.max_positions:,} "
                          f"positions; set it to {needed:,} (prompt + max_completion_length + the round cap)")
    elif max_len < needed:
        trainer.problems.append((f"grpo.vllm_max_model_length {max_len:,} is below the longest request a round can "
                                 f"send ({needed:,} = prompt + max_completion_length + the round cap)",
                                 "vLLM colocate budget", f"grpo.vllm_max_model_length (>= {needed})"))
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


def _stage_steps(cfg: Any, s: Settings, stage: str, ranks: int = 1) -> tuple[int | None, str]:
    if s.max_steps > 0:
        return s.max_steps, f"{stage}.max_steps"
    per_step = s.batch * s.grad_accum * ranks
    if stage == "sft":
        rows = sft_rows(cfg)
        if rows is None:
            return None, "no pool manifest: conversations unknown"
        return (math.ceil(s.epochs * rows / per_step),
                f"{s.epochs:g} epochs x {rows} conversations / {per_step} per step")
    prompts = max(1, per_step // s.num_generations)
    rows = cfg.environment.prompts
    return (math.ceil(s.epochs * rows / prompts),
            f"{s.epochs:g} epochs x {rows} prompts / {prompts} per step (no grpo.max_steps)")


def edit_share(cfg: Any) -> float:
    """The share of revisions the time model writes as edits: none unless `environment.actions` offers edit, all
    of them when it offers no paint."""
    from critique_paint.plan.timing import EDIT_SHARE

    actions = cfg.environment.episode.actions
    return 0.0 if "edit" not in actions else EDIT_SHARE if "paint" in actions else 1.0


def _stage_time(cfg: Any, stage: str, m: ModelFacts, prompt: int, ranks: int = 1, launch: str | None = None,
                lora: LoraFacts | None = None, wb: int = 2,
                edits: bool = True) -> tuple[StepTime | None, int | None, str]:
    """Minutes per step of `stage` (None when there is no basis), its steps and their basis. Each of `ranks`
    processes runs the single-GPU step on its own share; `launch` adds its collectives. `edits`: GRPO's
    revisions with the config's action mix, else every one painted whole."""
    from critique_paint.env.protocol import turn_token_budget
    from critique_paint.plan.timing import grpo_step, sft_step

    s = settings(cfg, stage)
    steps, basis = _stage_steps(cfg, s, stage, ranks)
    if stage == "sft":
        chats = sft_conversations(cfg) or [s.max_length]
        step: StepTime | None = sft_step(m, s, sum(chats) / len(chats))
    else:
        env = cfg.environment
        cap = turn_token_budget(s.max_completion, env.episode.max_turns, env.max_turn_tokens)
        mode = s.vllm_mode if s.use_vllm else None
        step = grpo_step(m, s, prompt=prompt, turns=env.episode.max_turns, cap=cap,
                         offline_reward=env.reward_preset == "offline", mode=mode,
                         edit_share=edit_share(cfg) if edits else 0.0, draft=env.drafts is not None)
    if step is not None and ranks > 1 and launch in ("ddp", "zero3"):
        step = _with_collectives(step, m, s, lora, wb, ranks, launch, cfg.environment.episode.max_turns)
    return step, steps, basis


def _with_collectives(step: StepTime, m: ModelFacts, s: Settings, lora: LoraFacts | None, wb: int, ranks: int,
                      launch: str, turns: int) -> StepTime:
    """DDP all-reduces the gradients once per optimizer step; ZeRO-3 gathers the weights for every forward,
    recomputation and backward pass of each micro-batch (and for generation where TRL gathers the whole model)."""
    from critique_paint.plan.timing import COLLECTIVE_GBPS, collective_seconds, with_parts

    share = (ranks - 1) / ranks
    grads = (lora.params * 4) if lora is not None else m.params * wb
    if launch == "ddp":
        sec = collective_seconds(2 * share * grads)
        if sec < 0.5:
            return with_parts(step, {}, f"DDP all-reduce of the gradients under a second at {COLLECTIVE_GBPS} GB/s")
        return with_parts(step, {"gradient all-reduce": (sec, sec)},
                          f"DDP all-reduce of the gradients at {COLLECTIVE_GBPS} GB/s")
    passes = 3 if s.checkpointing else 2
    hf = s.stage == "grpo" and not s.use_vllm
    gathers = passes * s.grad_accum + (turns + 1 if hf and s.ds3_gather else 0)
    sec = collective_seconds(share * (gathers * m.params * wb + s.grad_accum * grads))
    parts = {"ZeRO-3 gathers": (sec, sec)}
    basis = f"ZeRO-3 gathers the weights {gathers} times a step at {COLLECTIVE_GBPS} GB/s"
    if hf and not s.ds3_gather:
        token = collective_seconds(share * m.params * wb)
        parts["ZeRO-3 gathers while decoding"] = (step.decode_steps[0] * token, step.decode_steps[1] * token)
        basis += f", and once per decoded token ({token:.2f} s; grpo.ds3_gather_for_generation false)"
    return with_parts(step, parts, basis)


def _kernels(plan: Plan, m: ModelFacts, reference_kernels: bool | None) -> bool:
    """Whether the plan uses transformers' reference Gated DeltaNet; read from transformers unless told."""
    from critique_paint.plan.kernels import MODULES, deltanet_fast, kernel_summary

    if not m.linear_attention_layers:
        return False
    if reference_kernels is not None:
        kind = "reference PyTorch Gated DeltaNet" if reference_kernels else "flash-linear-attention"
        plan.kernels = f"{kind} (as asked)"
        return reference_kernels
    known = m.model_type in MODULES
    reference = not (known and deltanet_fast(m.model_type))
    plan.kernels = kernel_summary(m.model_type) if known else "reference PyTorch Gated DeltaNet"
    if reference:
        plan.notes.append("Gated DeltaNet planned with transformers' reference kernel, as transformers here would run "
                          "it: more memory per layer and far slower (see `critique-paint doctor --gpu`)")
    return reference


def plan_run(cfg: Any, stage: str, *, gpus: int | None = None, gpu_memory_gib: float | None = None,
             model_name: str | None = None, reference_kernels: bool | None = None, sharding: str | None = None,
             processes: int | None = None) -> Plan:
    """The budget of `stage` ("grpo" or "sft") under `cfg`, computed without weights.

    ``reference_kernels``: plan Gated DeltaNet with transformers' reference kernel; by default, whatever transformers
    selects in this environment (`plan.kernels`; where the planner runs is where the run will run).
    Trainer processes: ``processes``, else one per GPU (``hardware.gpus``), or one beside a vLLM server. With several,
    ``sharding`` is "ddp" or "zero3"; by default DDP where the whole model fits on each GPU, else ZeRO-3.
    """
    from critique_paint.env.protocol import turn_token_budget
    from critique_paint.plan.effect import ignored_settings
    from critique_paint.plan.host import host_items, host_memory_gib
    from critique_paint.plan.timing import load_minutes, whole_hours

    if stage not in ("grpo", "sft"):
        raise ConfigError(f"stage must be grpo or sft, not {stage!r}")
    if sharding not in (None, "auto", "ddp", "zero3"):
        raise ConfigError(f"sharding must be auto, ddp or zero3, not {sharding!r}")
    if gpus is not None or gpu_memory_gib is not None:
        hardware = dataclasses.replace(cfg.hardware, gpus=gpus or cfg.hardware.gpus,
                                       gpu_memory_gib=gpu_memory_gib or cfg.hardware.gpu_memory_gib)
        cfg = dataclasses.replace(cfg, hardware=hardware)
    name = resolve_architecture(model_name or cfg.model.name)
    plan = Plan(config=cfg.path, stage=stage, model=name)
    if is_cpu_run(cfg, stage):
        plan.cpu = True
        plan.notes.append("CPU run: no GPU budget")
        plan.processes = processes or cfg.hardware.gpus
        if plan.processes > 1:
            plan.launch_mode, plan.launch_reason = "cpu", "gloo over this machine's cores"
            plan.launch_commands = launch_commands(cfg, stage, plan.processes, "cpu")
        return plan
    s = settings(cfg, stage)
    m = model_facts(name)
    wb = _weight_bytes(cfg, m.checkpoint_dtype_bytes)
    lora = lora_facts(name, cfg.peft) if cfg.peft else None
    plan.params, plan.lora = m.params, lora
    reference = _kernels(plan, m, reference_kernels)
    cap = cfg.hardware.gpu_memory_gib
    server = stage == "grpo" and s.use_vllm and s.vllm_mode == "server"
    ranks = plan.processes = processes or (1 if server else cfg.hardware.gpus)
    trainer = GpuPlan("GPU 0 (trainer)" if ranks == 1 else f"GPUs 0-{ranks - 1} (trainer ranks, each)", cap, [])
    prompt = prompt_tokens()
    plan.optimizer_steps, plan.steps_basis = _stage_steps(cfg, s, stage, ranks)
    if stage == "sft":
        tokens = s.batch * s.max_length
        trainer.items = training_items(m, lora, s, wb, tokens, tokens, reference)
        plan.tokens = {"sequences_per_step": s.batch * s.grad_accum * ranks, "max_tokens_per_sequence": s.max_length,
                       "max_tokens_per_step": s.batch * s.grad_accum * ranks * s.max_length}
        plan.gpus = [_launch(plan, cfg, stage, s, m, lora, wb, trainer, sharding)]
    else:
        plan.round_tokens = turn_token_budget(s.max_completion, cfg.environment.episode.max_turns,
                                              cfg.environment.max_turn_tokens)
        length = prompt + s.max_completion
        trainer.items = training_items(m, lora, s, wb, s.batch * length, s.batch * s.max_completion, reference)
        extra = _generation(cfg, s, m, lora, wb, prompt, trainer, plan, reference)
        plan.gpus = [_launch(plan, cfg, stage, s, m, lora, wb, trainer, sharding), *extra]
        per_step = s.batch * s.grad_accum * ranks
        plan.tokens = {"sequences_per_step": per_step, "prompts_per_step": max(1, per_step // s.num_generations),
                       "prompt_tokens_estimate": prompt, "round_cap": plan.round_tokens,
                       "max_completion_tokens_per_step": per_step * s.max_completion,
                       "max_tokens_per_step": per_step * length, "generation_batch": s.generation_batch * ranks}
    plan.load_minutes = load_minutes(m, wb)
    for st in ("sft", "grpo"):
        step_time, steps, _ = _stage_time(cfg, st, m, prompt, ranks, plan.launch_mode, lora, wb)
        plan.stage_hours[st] = whole_hours(step_time, steps, plan.load_minutes)
        if st == stage:
            plan.step_time = step_time
            plan.minutes_per_step = step_time.central_min if step_time else None
            plan.time_basis = step_time.basis if step_time else (
                "no basis for HF generate's step time of this model: not estimated")
    if stage == "grpo":
        paint_only = _stage_time(cfg, stage, m, prompt, ranks, plan.launch_mode, lora, wb, edits=False)[0]
        plan.generation = _generation_mix(cfg, plan, paint_only)
    if plan.launch_mode == "zero3" and stage == "grpo" and not s.use_vllm and not s.ds3_gather:
        plan.notes.append("grpo.ds3_gather_for_generation false: HF generate gathers every layer for each decoded "
                          "token; a vLLM server avoids it")
    if reference and plan.step_time:
        plan.notes.append("times assume the fused Gated DeltaNet kernels; with the reference ones decoding and "
                          "training are several times slower")
    plan.host = host_items(cfg, m.params * wb, s.vllm_mode if stage == "grpo" and s.use_vllm else None,
                           ranks=plan.processes, zero3=plan.launch_mode == "zero3")
    plan.host_capacity_gib = host_memory_gib()
    if plan.host_capacity_gib and plan.host_gib > plan.host_capacity_gib:
        plan.notes.append(f"host memory: loading needs ~{plan.host_gib:.0f} GiB, this machine has "
                          f"{plan.host_capacity_gib:.0f} GiB")
    plan.notes += [f"no effect: {x}" for x in ignored_settings(cfg)]
    return plan


def _generation_mix(cfg: Any, plan: Plan, paint_only: StepTime | None) -> dict[str, Any]:
    """Generated tokens per painting turn, rollout and step, and the step's minutes, with every revision painted
    whole and with the config's action mix (`plan.step_time`)."""
    from critique_paint.plan.timing import CLOSING_TOKENS, EDIT_TOKEN_RATIO

    rollouts = plan.tokens["sequences_per_step"]

    def one(step: StepTime | None) -> dict[str, Any] | None:
        t = step.turn_tokens if step else None
        if step is None or t is None:
            return None
        closing = min(CLOSING_TOKENS, plan.round_tokens or CLOSING_TOKENS)
        per_rollout = t.first + t.revisions * round(t.revision) + closing
        return {"first": t.first, "revision": round(t.revision), "revision_round": round(t.revision_round),
                "revisions": t.revisions, "closing": closing, "per_rollout": per_rollout,
                "per_step": per_rollout * rollouts,
                "minutes_per_step": round(step.central_min, 2),
                "minutes_per_step_range": [round(step.low_min, 2), round(step.high_min, 2)]}

    return {"edit_share": edit_share(cfg), "edit_token_ratio": EDIT_TOKEN_RATIO, "draft": cfg.environment.drafts
            is not None, "paint_only": one(paint_only), "edit_mix": one(plan.step_time)}


def _batch_notes(s: Settings, ranks: int) -> list[str]:
    """What several ranks do to a step: each runs one process's step on its own share, so a step trains `ranks`
    times the rollouts in about the same time; the steps that train as many as the config on one process."""
    one = s.batch * s.grad_accum
    what = "rollouts" if s.stage == "grpo" else "sequences"
    split = f" ({one // s.num_generations * ranks} prompts x {s.num_generations} generations)" \
        if s.stage == "grpo" else ""
    line = (f"{ranks} ranks: a step trains {one * ranks} {what}{split} in about one process's step time, {ranks}x "
            f"the {what} per hour")
    if s.max_steps > 0 and s.max_steps >= ranks:
        line += (f"; {s.stage}.max_steps={math.ceil(s.max_steps / ranks)} trains as many as the config's "
                 f"{s.max_steps} steps on one process")
    return [line]


def _launch(plan: Plan, cfg: Any, stage: str, s: Settings, m: ModelFacts, lora: LoraFacts | None, wb: int,
            trainer: GpuPlan, sharding: str | None) -> GpuPlan:
    """With several trainer ranks: each rank's GPU under DDP and under ZeRO-3, the mode chosen (the one asked for,
    else DDP where it fits, else ZeRO-3), its launch line, and the other mode's peak beside it."""
    ranks = plan.processes
    if ranks == 1:
        return trainer
    variants = {"ddp": GpuPlan(trainer.name, trainer.capacity_gib, ddp_items(trainer.items, ranks),
                               list(trainer.problems)),
                "zero3": GpuPlan(trainer.name, trainer.capacity_gib, zero3_items(trainer.items, m, s, lora, wb, ranks),
                                 list(trainer.problems))}

    def fits(g: GpuPlan) -> bool:
        return not g.problems and g.peak_gib <= g.capacity_gib

    if sharding in ("ddp", "zero3"):
        mode, why = sharding, "as asked"
    elif fits(variants["ddp"]):
        mode, why = "ddp", "the whole model fits on each GPU, so only the gradients travel"
    elif fits(variants["zero3"]):
        mode, why = "zero3", "the whole model does not fit on each GPU beside the rest; ZeRO-3 shards it"
    else:
        mode = min(variants, key=lambda k: variants[k].peak_gib)
        why = "neither mode fits; the smaller peak"
    other = "zero3" if mode == "ddp" else "ddp"
    alt = variants[other]
    biggest = max(alt.peak_items(), key=lambda i: i.bytes)
    plan.launch_mode, plan.launch_reason = mode, why
    plan.launch_commands = launch_commands(cfg, stage, ranks, mode)
    plan.launch_notes = _batch_notes(s, ranks)
    plan.alternative = {"mode": other, "name": MODE_NAMES[other], "peak_gib": round(alt.peak_gib, 2),
                        "peak_phase": alt.peak_phase, "fits": fits(alt),
                        "biggest": {"name": biggest.name, "gib": round(biggest.gib, 2)},
                        "commands": launch_commands(cfg, stage, ranks, other)}
    return variants[mode]


def check_fits(cfg: Any, stage: str, *, model_name: str | None = None) -> Plan:
    """The planner's verdict before anything loads: returns the Plan, or raises a one-line ConfigError.

    The plan is for this launch: one process, or per rank of a launched world (torchrun, accelerate), under ZeRO-3
    when DeepSpeed's stage 3 is configured. CPU runs pass at once. A model with no offline architecture (neither
    known nor a local folder) is not planned.
    """
    world, mode = launched()
    ranks: dict[str, Any] = {"processes": world, "sharding": mode}  # this launch's ranks, not hardware.gpus
    if is_cpu_run(cfg, stage):
        return plan_run(cfg, stage, model_name=model_name, **ranks)
    try:
        plan = plan_run(cfg, stage, model_name=model_name, **ranks)
    except NoArchitecture as exc:
        plan = Plan(config=cfg.path, stage=stage, model=model_name or cfg.model.name,
                    notes=[f"not planned: {exc}"])
        return plan
    if not plan.fits:
        raise ConfigError(plan.refusal())
    return plan
