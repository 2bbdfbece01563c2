"""A per-round generation cap for TRL's tool loop.

TRL 1.16 asks every generation round (the first reply and each reply after a tool result) for up to
`max_completion_length` new tokens and truncates afterwards; a batch decodes in lockstep until its longest rollout
stops, so one rollout that never ends makes each round cost the whole budget. `RoundCapMixin` lowers each round's
`max_new_tokens` (HF generate, continuous batching) or `max_tokens` (vLLM) to the smaller of the per-turn budget
(`PaintGRPOConfig.max_turn_tokens`, see `env.protocol.turn_token_budget`) and the most completion budget any
rollout of the round has left. A reply cut by the cap has no tool call, so its episode ends there and, with
`mask_truncated_completions`, stays out of the loss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from critique_paint.train.mixin_base import TrainerMixin


@dataclass(frozen=True)
class Round:
    """One generation round: the tokens it was allowed and what each rollout decoded."""

    cap: int
    decoded: tuple[int, ...]

    @property
    def capped(self) -> int:
        return sum(1 for n in self.decoded if n >= self.cap)


def round_limit(cap: int, max_completion_length: int, used: Sequence[int]) -> int:
    """New tokens a round may decode: the cap, or less when no rollout has that much completion budget left."""
    left = max((max_completion_length - u for u in used), default=max_completion_length)
    return max(1, min(cap, left))


def completion_used(sequences: Sequence[Sequence[int]], prompts: Sequence[Sequence[int]]) -> list[int]:
    """Completion tokens already in each round input: its length minus the longest original prompt it starts with."""
    used = []
    for seq in sequences:
        starts = [len(p) for p in prompts if len(p) <= len(seq) and list(seq[: len(p)]) == list(p)]
        used.append(len(seq) - max(starts, default=len(seq)))
    return used


class RoundCapMixin(TrainerMixin):
    """Mix into a GRPOTrainer subclass before GRPOTrainer (`train.trainer.PaintGRPOTrainer`): caps each generation
    round at `args.max_turn_tokens` (see the module docstring)."""

    def round_cap(self) -> int:
        cap = self.args.max_turn_tokens
        assert cap is not None, "PaintGRPOConfig resolves max_turn_tokens when it is built"
        return cap

    def _tool_call_loop(self, prompts, prompt_ids, *args, **kwargs):
        self._round_prompts: list[list[int]] | None = [list(p) for p in prompt_ids]
        try:
            return super()._tool_call_loop(prompts, prompt_ids, *args, **kwargs)
        finally:
            self._round_prompts = None

    def _generate_single_turn(self, prompt_ids, *args, **kwargs):
        originals = getattr(self, "_round_prompts", None)
        used = completion_used(prompt_ids, originals) if originals else [0] * len(prompt_ids)
        limit = round_limit(self.round_cap(), self.max_completion_length, used)
        with _max_new_tokens(self, limit):
            completion_ids, logprobs = super()._generate_single_turn(prompt_ids, *args, **kwargs)
        self._record_round(Round(limit, tuple(len(c) for c in completion_ids)))
        return completion_ids, logprobs

    def _record_round(self, r: Round) -> None:
        if not hasattr(self, "generation_rounds"):
            self.generation_rounds: list[Round] = []
        self.generation_rounds.append(r)
        metrics = getattr(self, "_metrics", None)
        if metrics is not None:
            mode = "train" if self.model.training else "eval"
            metrics[mode]["round_cap/capped_replies"].append(float(r.capped))


class _max_new_tokens:
    """Temporarily sets the generation length every backend of TRL 1.16 reads."""

    def __init__(self, trainer: Any, limit: int):
        self.trainer, self.limit = trainer, limit
        self.saved: list[tuple[Any, str, Any]] = []

    def _set(self, obj: Any, name: str) -> None:
        if isinstance(obj, dict):
            self.saved.append((obj, name, obj.get(name)))
            obj[name] = self.limit
        else:
            self.saved.append((obj, name, getattr(obj, name)))
            setattr(obj, name, self.limit)

    def __enter__(self) -> None:
        t = self.trainer
        if getattr(t, "use_vllm", False):
            self._set(t.vllm_generation, "max_completion_length")
            return
        if getattr(t, "generation_config", None) is not None:
            self._set(t.generation_config, "max_new_tokens")
        if isinstance(getattr(t, "generation_kwargs", None), dict):
            self._set(t.generation_kwargs, "max_new_tokens")

    def __exit__(self, *exc: Any) -> None:
        for obj, name, value in reversed(self.saved):
            if isinstance(obj, dict):
                obj[name] = value
            else:
                setattr(obj, name, value)
