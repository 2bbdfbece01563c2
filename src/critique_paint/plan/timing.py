"""Minutes per optimizer step and hours per run, by arithmetic from stated rates (nothing here is measured).

A GRPO step is decoding (rounds in lockstep: each round lasts as long as the longest reply of the generation
batch), the tool rounds (render and reward), the forward and backward passes, and for vLLM the weight sync. An SFT
step is the forward and backward pass of its conversations. Each estimate is a range: `low` with replies of a
pool sketch's length (a revision written as edits: a share of it, `TurnTokens`), `high` with every round running
to its per-round cap. The rates and their sources:
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from critique_paint.plan.model import ModelFacts

H200_BF16_FLOPS = 989e12  # dense bf16 peak
MFU = {"moe": 0.10, "dense": 0.30}  # assumed: HF training of a fine-grained MoE keeps each expert's GEMM small
DECODE_GBPS = 4000  # effective HBM read rate of one H200 (of 4.8 TB/s)
VLLM_STEP_OVERHEAD_MS = 3.4  # measured: ~8 ms per 35B decode step at batch 8 in vLLM, 4.6 ms of it reading 18 GB
HF_STEP_MS = (40.0, 80.0)  # measured: eager HF generate of the 35B-A3B is launch-bound at 40-80 ms per step
HF_MEASURED_MODEL = "Qwen/Qwen3.5-35B-A3B"
REFERENCE_STEP_MIN = (17 * 60 + 46) / 60  # the reference run: 60 steps in 17 h 46 min, HF generate, 8192 tokens
SKETCH_TOKENS = 1800  # the pool's longest sketches: 5,400 characters at 3 characters a token
CLOSING_TOKENS = 100  # the reply after the last painting
TOOL_TOKENS = 361 + 300  # a 600x600 painting and its critique
EDIT_TOKEN_RATIO = 0.51  # measured (benchmarks/revision_tokens.py): a pool revision the SFT corpus writes as edit
# calls generates a median 0.51 of its whole sketch's paint call (characters / 4; 0.54 in the tiny tokenizer)
EDIT_SHARE = 0.68  # assumed: with edit offered, revisions are edits as often as in the SFT corpus (the same
# benchmark: 36 of the pool's 53 revisions are shorter as edits); a policy trained further may edit more
ROUND_SECONDS = (5.0, 15.0)  # one tool round: the renders and the judge's comparisons, all rollouts in parallel
OFFLINE_ROUND_SECONDS = (2.0, 5.0)  # the same with the offline critic
SYNC_GBPS = {"server": 25.0, "colocate": 100.0}  # merged weights to vLLM (NCCL to the server, in-process copy)
LOAD_GBPS = 0.5  # assumed: the checkpoint from local disk into the model (not downloaded), experts fused on load
COLLECTIVE_GBPS = 300  # assumed: all-gather / all-reduce bus rate between the GPUs of one NVLink node


@dataclass(frozen=True)
class TurnTokens:
    """Generated tokens of one rollout's painting turns: the first painting (0 when the environment paints a
    draft) and each revision on average, and a revision round's longest reply (rounds run in lockstep)."""

    first: int
    revision: float  # mean: edit_share x the edits + (1 - edit_share) x a whole sketch
    revision_round: float  # expected longest of the generation batch's replies
    revisions: int
    edit_share: float

    @property
    def painting_turns(self) -> float:
        return self.first + self.revisions * self.revision

    @property
    def lockstep(self) -> float:
        return self.first + self.revisions * self.revision_round


def turn_tokens(sketch: int, turns: int, batch: int, edit_share: float = 0.0, draft: bool = False,
                ratio: float = EDIT_TOKEN_RATIO) -> TurnTokens:
    """`turns` paintings of `sketch` tokens each, every revision an edit (`ratio` x a sketch) with probability
    `edit_share`; a round waits for the longest of `batch` replies, a whole sketch unless all of them edit."""
    edits = ratio * sketch
    revision = edit_share * edits + (1 - edit_share) * sketch
    longest = sketch - (sketch - edits) * edit_share ** max(1, batch)
    return TurnTokens(0 if draft else sketch, revision, longest, turns - 1, edit_share)


@dataclass(frozen=True)
class StepTime:
    low_min: float
    high_min: float
    central_min: float
    basis: str
    parts: dict[str, tuple[float, float]]  # seconds, low and high
    decode_steps: tuple[int, int] = (0, 0)  # lockstep decoding steps, low and high
    turn_tokens: TurnTokens | None = None  # a GRPO rollout's generated tokens per painting turn

    def hours(self, steps: int) -> tuple[float, float, float]:
        return tuple(m * steps / 60 for m in (self.low_min, self.central_min, self.high_min))  # type: ignore


def _train_seconds(m: ModelFacts, tokens: int, extra_forward: bool) -> float:
    flops = (6 + (2 if extra_forward else 0)) * m.active_params * tokens
    return flops / (H200_BF16_FLOPS * MFU["moe" if m.routed_experts else "dense"])


def decode_step_ms(m: ModelFacts, batch: int, vllm: bool) -> tuple[float, float] | None:
    """One decoding step of `batch` sequences: vLLM from the bytes read; HF generate only where measured."""
    if vllm:
        ms = m.decode_bytes(batch) / (DECODE_GBPS * 1e9) * 1e3 + VLLM_STEP_OVERHEAD_MS
        return ms, ms
    return HF_STEP_MS if m.name == HF_MEASURED_MODEL else None


def grpo_step(m: ModelFacts, s: Any, *, prompt: int, turns: int, cap: int, offline_reward: bool,
              mode: str | None, edit_share: float = 0.0, draft: bool = False) -> StepTime | None:
    """`mode`: None (HF generate), "colocate" or "server". `edit_share`: revisions written as edits (0: every
    one paints its whole sketch); `draft`: the environment paints the first painting."""
    per = decode_step_ms(m, s.generation_batch, mode is not None)
    if per is None:
        return None
    reply = min(cap, SKETCH_TOKENS)
    t = turn_tokens(reply, turns, s.generation_batch, edit_share, draft)
    rounds = turns + (0 if draft else 1)  # decoding rounds: each policy painting and the closing reply
    steps_low = round(t.lockstep) + min(cap, CLOSING_TOKENS)
    steps_high = rounds * min(cap, s.max_completion)
    answers = turns - (1 if draft else 0)  # a draft's answer is in the prompt, not the completion
    completion_low = min(s.max_completion, round(t.painting_turns) + answers * TOOL_TOKENS)
    seqs = s.batch * s.grad_accum
    tool = ROUND_SECONDS if not offline_reward else OFFLINE_ROUND_SECONDS
    parts = {
        "decode": (steps_low * per[0] / 1e3, steps_high * per[1] / 1e3),
        "tool rounds": (turns * tool[0], turns * tool[1]),
        "forward + backward": (_train_seconds(m, seqs * (prompt + completion_low), mode is not None),
                               _train_seconds(m, seqs * (prompt + s.max_completion), mode is not None)),
    }
    if mode is not None:
        sync = (2 if mode == "server" else 1) * m.params * m.checkpoint_dtype_bytes / (SYNC_GBPS[mode] * 1e9)
        parts["weight sync"] = (sync, sync)
    low = sum(p[0] for p in parts.values()) / 60
    high = sum(p[1] for p in parts.values()) / 60
    engine = {None: f"HF generate {per[0]:.0f}-{per[1]:.0f} ms/step",
              "colocate": f"vLLM colocate {per[0]:.1f} ms/step", "server": f"vLLM server {per[0]:.1f} ms/step"}[mode]
    replies = f"replies of {reply:,} tokens"
    if edit_share or draft:
        replies = (f"{'a draft, then ' if draft else ''}revisions {edit_share:.0%} edits of {EDIT_TOKEN_RATIO:g} "
                   f"x a {reply:,}-token sketch (mean {t.revision:,.0f}, a round's longest {t.revision_round:,.0f})")
    basis = (f"{engine} x {steps_low:,}-{steps_high:,} lockstep decode steps ({rounds} rounds, {replies} up to "
             f"the {cap:,}-token round cap), {turns} tool rounds at {tool[0]:g}-{tool[1]:g} s, training at "
             f"{MFU['moe' if m.routed_experts else 'dense']:.0%} of bf16 peak")
    central = low
    if mode is None:
        central = min(max(REFERENCE_STEP_MIN, low), high)
        basis += f"; central: the reference run's measured {REFERENCE_STEP_MIN:.1f} min/step (HF generate, no cap)"
    return StepTime(low, high, central, basis, parts, (steps_low, steps_high), t)


def collective_seconds(gathered_bytes: float) -> float:
    return gathered_bytes / (COLLECTIVE_GBPS * 1e9)


def with_parts(step: StepTime, parts: dict[str, tuple[float, float]], basis: str) -> StepTime:
    """`step` with more parts (seconds, low and high) added to its time."""
    low, high = (sum(p[i] for p in parts.values()) / 60 for i in (0, 1))
    return StepTime(step.low_min + low, step.high_min + high, step.central_min + low, f"{step.basis}; {basis}",
                    {**step.parts, **parts}, step.decode_steps, step.turn_tokens)


def sft_step(m: ModelFacts, s: Any, mean_tokens: float) -> StepTime:
    tokens = s.batch * s.grad_accum * min(mean_tokens, s.max_length)
    sec = _train_seconds(m, int(tokens), False)
    basis = (f"{s.batch * s.grad_accum} conversations of ~{min(mean_tokens, s.max_length):,.0f} tokens per step, "
             f"training at {MFU['moe' if m.routed_experts else 'dense']:.0%} of bf16 peak")
    return StepTime(sec / 60, 2 * sec / 60, sec / 60, basis, {"forward + backward": (sec, 2 * sec)})


def load_minutes(m: ModelFacts, weight_bytes: int) -> float:
    return m.params * weight_bytes / (LOAD_GBPS * 1e9) / 60


def whole_hours(step: StepTime | None, steps: int | None, load_min: float) -> tuple[float, float] | None:
    if step is None or not steps:
        return None
    return (load_min + step.central_min * steps) / 60, (load_min + step.high_min * steps) / 60


def ceil_to(x: int, multiple: int) -> int:
    return int(math.ceil(x / multiple) * multiple)
