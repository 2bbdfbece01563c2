"""What travels over OpenEnv: the action, observation and state of the painting environment (pydantic)."""

from __future__ import annotations

from typing import Any

from openenv.core.env_server import Action, Observation, State
from pydantic import Field

from critique_paint.env.protocol import DEFAULT_MAX_TURNS
from critique_paint.reward.mix import DEFAULT_PRESET


class PaintAction(Action):
    """Submit one sketch: the model's reply or bare source (a fenced block is extracted)."""

    sketch: str


class PaintObservation(Observation):
    """What a client gets back. `text` is the task (after reset) or the critique (after a step)."""

    text: str = ""
    subject: str = ""
    image_png_b64: str | None = None
    gate_passed: bool | None = None
    violations: list[dict[str, Any]] = Field(default_factory=list)
    coverage: float | None = None
    turn: int = 0
    turns_left: int = 0


class PaintState(State):
    """Episode bookkeeping: `history` holds each turn's summary (`TurnResult.summary`), never shown to the policy."""

    subject: str = ""
    seed: int = 0
    max_turns: int = DEFAULT_MAX_TURNS
    turn: int = 0
    reward_preset: str = DEFAULT_PRESET  # a built-in name or a YAML path
    history: list[dict[str, Any]] = Field(default_factory=list)
    unscored_reason: str | None = None
