"""Where an episode is played: in process (`LocalEndpoint`, no OpenEnv) or on a `critique-paint serve` server
(`env.remote.RemoteEndpoint`), behind one small protocol. The TRL adapter, sessions and evaluation use either."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from critique_paint.env.episode import Episode, EpisodeSettings
from critique_paint.env.replies import Move
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.stepper import EpisodeStepper
from critique_paint.env.turns import TurnResult
from critique_paint.sketch.edits import Edit


class Endpoint(Protocol):
    """One episode at a time: `start` it, `paint` turns, read `episode` (the only record of its turns)."""

    @property
    def episode(self) -> Episode | None: ...

    def start(self, **request: Any) -> str:
        """Reset with `EpisodeSettings` fields; returns the user turn's text (`Episode.opening`)."""

    def paint(self, sketch: str, *, self_critique: str | None = None, call_error: str | None = None) -> TurnResult:
        """Paint `sketch` (a paint call's source) as the next turn (`call_error`: reject a tool call that cannot
        paint); InfrastructureError when it cannot be painted or scored."""

    def edit(self, edits: Sequence[Edit], *, self_critique: str | None = None,
             call_error: str | None = None) -> TurnResult:
        """Apply `edits` to the sketch that stands and paint it as the next turn (`call_error`: reject an edit call
        that could not be read); InfrastructureError when it cannot be painted or scored."""

    def undo(self) -> TurnResult:
        """Take back the last painting."""

    def close(self) -> None: ...


class LocalEndpoint:
    """An in-process EpisodeStepper on a runtime the caller owns."""

    def __init__(self, runtime: PaintRuntime):
        self.env = EpisodeStepper(runtime)

    @property
    def episode(self) -> Episode | None:
        return self.env.episode

    def start(self, **request: Any) -> str:
        return self.env.start(**request).opening()

    def paint(self, sketch: str, *, self_critique: str | None = None, call_error: str | None = None) -> TurnResult:
        return self.env.paint(sketch, self_critique=self_critique, call_error=call_error)

    def edit(self, edits: Sequence[Edit], *, self_critique: str | None = None,
             call_error: str | None = None) -> TurnResult:
        return self.env.edit(edits, self_critique=self_critique, call_error=call_error)

    def undo(self) -> TurnResult:
        return self.env.undo()

    def close(self) -> None:
        pass


def settings_fields() -> set[str]:
    """The reset fields an endpoint accepts (what a dataset row or a plan may carry)."""
    return set(EpisodeSettings.model_fields)


def play(endpoint: Endpoint, move: Move, *, self_critique: str | None = None) -> TurnResult:
    """One move of a reply as the next turn: a paint call paints, a run of edit calls edits the standing sketch,
    any other call (or one that cannot be read) is rejected as `bad_call`. GRPO's tool loop, `eval` and `paint`
    all play a reply's moves through here."""
    if move.edits:
        return endpoint.edit([c.edit_record() for c in move.calls], self_critique=self_critique,
                             call_error=move.error)
    call = move.calls[0]
    return endpoint.paint(call.sketch or "", self_critique=self_critique, call_error=call.error)
