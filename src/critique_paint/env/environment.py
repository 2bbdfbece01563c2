"""The multi-turn painting environment as OpenEnv serves it: `env.stepper.EpisodeStepper` behind OpenEnv's reset,
step and state.

Its `Episode` is the only record of the turns; the OpenEnv state and observations are derived from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from critique_paint.env.openenv_core import Environment
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.stepper import EpisodeStepper
from critique_paint.env.turns import encode_png
from critique_paint.env.wire import PaintAction, PaintObservation, PaintState
from critique_paint.errors import ProtocolError
from critique_paint.sketch.edits import Edit


class PaintEnvironment(EpisodeStepper, Environment):
    """One episode at a time per instance; the instances of a run share its PaintRuntime."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, runtime: PaintRuntime, defaults: Mapping[str, Any] | None = None):
        Environment.__init__(self)
        EpisodeStepper.__init__(self, runtime, defaults)

    def reset(self, seed: int | None = None, episode_id: str | None = None, **request: Any) -> PaintObservation:
        """Start an episode from `EpisodeSettings` fields; a bad or unknown field is a ProtocolError."""
        episode = self.start(seed, episode_id, **request)
        settings = episode.settings
        draft = episode.turns[0] if episode.turns else None
        return PaintObservation(text=episode.opening(), subject=settings.subject, turn=len(episode.turns),
                                turns_left=episode.turns_left, done=False, reward=None,
                                image_png_b64=encode_png(episode.shown_png(draft)) if draft else None,
                                painting_png_b64=draft.png_b64() if draft else None,
                                metadata={"episode_id": episode.episode_id, "settings": settings.model_dump(),
                                          "turn": draft.summary() if draft else None})

    def step(self, action: PaintAction, timeout_s: float | None = None, **_: Any) -> PaintObservation:
        """Paint one sketch, or apply edits to the standing one and paint that. Infrastructure failures raise
        InfrastructureError and leave the turn unspent."""
        if action.edits is not None:
            if action.sketch:
                raise ProtocolError("INVALID_STEP", "a step paints a sketch or edits the standing one, not both")
            turn = self.edit([Edit(e.old, e.new) for e in action.edits], self_critique=action.self_critique,
                             call_error=action.call_error)
        else:
            turn = self.paint(action.sketch, self_critique=action.self_critique, call_error=action.call_error)
        episode = self._live()
        shown = episode.shown_png(turn)
        return PaintObservation(
            text=turn.observation, subject=episode.settings.subject,
            image_png_b64=encode_png(shown),
            painting_png_b64=turn.png_b64() if turn.shown_turn != turn.turn else None,
            gate_passed=turn.gate_passed, violations=turn.violations, paint_fraction=turn.paint_fraction,
            turn=turn.turn, turns_left=episode.turns_left, done=episode.done, reward=turn.total,
            metadata={"turn": turn.summary(), "episode_reward": episode.reward() if episode.done else None})

    @property
    def state(self) -> PaintState:
        """The episode's wire state, derived from its turns."""
        episode = self.episode
        if episode is None:
            return PaintState()
        final = episode.final_turn()
        return PaintState(
            **episode.settings.model_dump(), episode_id=episode.episode_id,
            step_count=len(episode.turns) + len(episode.undone), turn=len(episode.turns),
            history=[t.summary() for t in episode.turns], undone=len(episode.undone),
            unscored_reason=episode.unscored_reason, final_turn=final.turn if final else None,
            episode_reward=episode.reward())
