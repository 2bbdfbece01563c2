"""Reward functions over TRL `environments`: the final total (trained on) and logging-only signals.

Every function returns None for an unscored rollout, so TRL drops that rollout from its group instead of
scoring it 0 (a logging function returning a number there would turn the NaN total into 0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

RewardFunc = Callable[..., list[float | None]]


def paint_reward(environments: list[Any], **_: Any) -> list[float | None]:
    """The last painting's weighted total."""
    return [env._final_total() for env in environments]


def _component_func(name: str) -> RewardFunc:
    def component(environments: list[Any], **_: Any) -> list[float | None]:
        return [env._component(name) for env in environments]

    component.__name__ = f"component_{name}"
    return component


def _turn_func(k: int) -> RewardFunc:
    def turn_total(environments: list[Any], **_: Any) -> list[float | None]:
        out = []
        for env in environments:
            totals = env._turn_totals()
            out.append(None if env._final_total() is None or len(totals) < k else totals[k - 1])
        return out

    turn_total.__name__ = f"turn{k}_total"
    return turn_total


def revision_gain(environments: list[Any], **_: Any) -> list[float | None]:
    """Last painting's total minus the first's (None with fewer than two paintings)."""
    out = []
    for env in environments:
        totals = env._turn_totals()
        ok = env._final_total() is not None and len(totals) >= 2 and None not in (totals[0], totals[-1])
        out.append(totals[-1] - totals[0] if ok else None)
    return out


def reward_functions(max_turns: int) -> tuple[list[RewardFunc], list[float]]:
    """(functions, weights): the total with weight 1, then components, per-turn totals and gain at weight 0."""
    funcs: list[RewardFunc] = [paint_reward]
    funcs += [_component_func(n) for n in ("judge", "hps", "gate", "length")]
    funcs += [_turn_func(k) for k in range(1, max_turns + 1)]
    funcs.append(revision_gain)
    return funcs, [1.0] + [0.0] * (len(funcs) - 1)
