"""Logging-only reward signals over TRL `environments`; the reward trained on is the environment's `get_reward`.

TRL adds `PaintToolEnv.get_reward` as a reward source with weight 1. These functions get weight 0 and return None
for an unscored rollout, so TRL drops that rollout from its group instead of scoring it 0 (a number there would
turn the NaN total into 0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from critique_paint.reward.mix import COMPONENTS

RewardFunc = Callable[..., list[float | None]]


def _component_func(name: str) -> RewardFunc:
    def component(environments: list[Any], **_: Any) -> list[float | None]:
        return [None if env.get_reward() is None or not env.turns else env.turns[-1].components.get(name)
                for env in environments]

    component.__name__ = f"component_{name}"
    return component


def _turn_func(k: int) -> RewardFunc:
    def turn_total(environments: list[Any], **_: Any) -> list[float | None]:
        return [None if env.get_reward() is None or len(env.turns) < k else env.turns[k - 1].total
                for env in environments]

    turn_total.__name__ = f"turn{k}_total"
    return turn_total


def _gain_func(k: int) -> RewardFunc:
    def turn_gain(environments: list[Any], **_: Any) -> list[float | None]:
        out = []
        for env in environments:
            totals = [t.total for t in env.turns]
            ok = env.get_reward() is not None and len(totals) >= k and None not in totals[k - 2:k]
            out.append(totals[k - 1] - totals[k - 2] if ok else None)
        return out

    turn_gain.__name__ = f"turn{k}_gain"
    return turn_gain


def revision_gain(environments: list[Any], **_: Any) -> list[float | None]:
    """Last painting's total minus the first's (None with fewer than two paintings)."""
    out = []
    for env in environments:
        totals = [t.total for t in env.turns]
        ok = env.get_reward() is not None and len(totals) >= 2 and None not in (totals[0], totals[-1])
        out.append(totals[-1] - totals[0] if ok else None)
    return out


def logging_functions(max_turns: int) -> list[RewardFunc]:
    """Components, per-turn totals, each revision's gain over the turn before and the whole revision gain: logged
    beside the reward, trained with weight 0."""
    return [*(_component_func(n) for n in COMPONENTS), *(_turn_func(k) for k in range(1, max_turns + 1)),
            *(_gain_func(k) for k in range(2, max_turns + 1)), revision_gain]
