"""OpenEnv models of the painting environment (pydantic, on OpenEnv's base types)."""

from __future__ import annotations

from typing import Any

from openenv.core.env_server import Action, Observation, State
from pydantic import Field


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
    """Episode bookkeeping, including every turn's components and total (never shown to the policy)."""

    subject: str = ""
    seed: int = 0
    max_turns: int = 3
    turn: int = 0
    reward_preset: str = "offline"
    history: list[dict[str, Any]] = Field(default_factory=list)
    unscored_reason: str | None = None
