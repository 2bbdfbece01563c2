"""What travels over OpenEnv: the action, observation and state of the painting environment (pydantic).

Messages on `/ws` (README "The episode protocol"): `reset` with `EpisodeSettings` fields, `step` with a
`PaintAction`, `state`; a step's observation carries the turn's summary in `metadata["turn"]`, so a client
rebuilds the turn from one reply.
"""

from __future__ import annotations

from typing import Any

from openenv.core.env_server import Action, Observation, State
from pydantic import Field

from critique_paint.env.protocol import DEFAULT_CRITIQUE, DEFAULT_MAX_TURNS
from critique_paint.reward.mix import DEFAULT_PRESET


class PaintAction(Action):
    """Submit one sketch: the model's reply or bare source (a fenced block is extracted)."""

    sketch: str
    self_critique: str | None = Field(default=None, description="the policy's own critique, written before it")
    call_error: str | None = Field(default=None, description="the tool call could not paint (its `bad_call` "
                                   "verdict): nothing is rendered and the turn is rejected with this message")


class PaintObservation(Observation):
    """What a client gets back. `text` is the task (after reset) or what the policy reads (after a step)."""

    text: str = ""
    subject: str = ""
    image_png_b64: str | None = None  # the painting the policy is shown (keep-best: the best so far)
    painting_png_b64: str | None = None  # this turn's painting, when it is not the one shown
    gate_passed: bool | None = None
    violations: list[dict[str, Any]] = Field(default_factory=list)
    paint_fraction: float | None = None
    turn: int = 0
    turns_left: int = 0


class PaintState(State):
    """The episode as the environment keeps it, derived from its turns; never shown to the policy."""

    subject: str = ""
    seed: int = 0
    max_turns: int = DEFAULT_MAX_TURNS
    turn: int = 0
    reward_preset: str = DEFAULT_PRESET  # a built-in name or a YAML path
    critique: str = DEFAULT_CRITIQUE
    keep_best: bool = False
    reward_mode: str = "final"
    history: list[dict[str, Any]] = Field(default_factory=list)  # each turn's summary, in order
    undone: int = 0
    unscored_reason: str | None = None
    final_turn: int | None = None
    episode_reward: float | None = None
