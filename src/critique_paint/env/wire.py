"""What travels over OpenEnv: the action, observation and state of the painting environment (pydantic).

Messages on `/ws` (docs "The episode protocol"): `reset` with `EpisodeSettings` fields, `step` with a
`PaintAction`, `state`; a step's observation carries the turn's summary in `metadata["turn"]`, so a client
rebuilds the turn from one reply (a reset with a draft carries the draft's turn the same way).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.openenv_core import Action, Observation, State


class EditSpec(BaseModel):
    """One exact replacement in the sketch that stands."""

    model_config = ConfigDict(extra="forbid")

    old: str
    new: str


class PaintAction(Action):
    """One turn: paint `sketch` (the model's reply or bare source; a fenced block is extracted), or, with `edits`,
    apply them in order to the sketch that stands and paint that."""

    sketch: str = ""
    edits: list[EditSpec] | None = Field(default=None, description="edit the sketch that stands instead of painting "
                                         "`sketch`: exact replacements, each `old` occurring once, painted once")
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


class PaintState(State, EpisodeSettings):
    """The episode as the environment keeps it, derived from its turns; never shown to the policy. Its settings
    are the episode's `EpisodeSettings` fields, beside OpenEnv's episode_id and step_count."""

    model_config = ConfigDict(extra="allow", validate_assignment=True, strict=False, frozen=False)

    turn: int = 0
    history: list[dict[str, Any]] = Field(default_factory=list)  # each turn's summary, in order
    undone: int = 0
    unscored_reason: str | None = None
    final_turn: int | None = None
    episode_reward: float | None = None
