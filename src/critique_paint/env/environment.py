"""The multi-turn painting environment: each step gates, renders, scores and critiques one sketch.

Its `Episode` is the only record of the turns; the OpenEnv state and observations are derived from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from openenv.core.env_server import Environment

from critique_paint.env.episode import Episode, EpisodeSettings
from critique_paint.env.protocol import observation_text
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.turns import TurnResult, encode_png
from critique_paint.env.wire import PaintAction, PaintObservation, PaintState
from critique_paint.errors import ConfigError, ProtocolError
from critique_paint.pipeline import PaintingVerdict, paint_sketch
from critique_paint.sketch import extract_sketch
from critique_paint.sketch.violation import Violation


class PaintEnvironment(Environment):
    """One episode at a time per instance; the instances of a run share its PaintRuntime."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, runtime: PaintRuntime, defaults: Mapping[str, Any] | None = None):
        super().__init__()
        self.runtime = runtime
        self.defaults = dict(defaults or {})  # settings a reset does not give (e.g. `serve --critique`)
        self.episode: Episode | None = None

    def reset(self, seed: int | None = None, episode_id: str | None = None, **request: Any) -> PaintObservation:
        """Start an episode from `EpisodeSettings` fields; a bad or unknown field is a ProtocolError."""
        given = {k: v for k, v in {"seed": seed, **request}.items() if v is not None}
        settings = EpisodeSettings.parse({**self.defaults, **given})
        try:
            preset = self.runtime.scorer(settings.reward_preset).preset
        except ConfigError as exc:
            raise ProtocolError("INVALID_RESET", str(exc)) from None
        settings = settings.model_copy(update={"reward_preset": preset.source})
        self.episode = Episode(settings, **({"episode_id": episode_id} if episode_id else {}))
        return PaintObservation(text=settings.task(), subject=settings.subject, turn=0,
                                turns_left=settings.max_turns, done=False, reward=None,
                                metadata={"episode_id": self.episode.episode_id,
                                          "settings": settings.model_dump()})

    def step(self, action: PaintAction, timeout_s: float | None = None, **_: Any) -> PaintObservation:
        """Paint one sketch. Infrastructure failures raise InfrastructureError and leave the turn unspent."""
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

    def paint(self, reply: str, *, self_critique: str | None = None, call_error: str | None = None) -> TurnResult:
        """`step` for in-process callers: the turn's result with its PNG bytes, no observation to decode.

        `call_error`: the policy's tool call could not paint (see `env.replies`); the turn is rejected unrendered.
        """
        episode = self._live()
        if episode.done:
            raise ProtocolError("EPISODE_OVER", "the episode is over: reset to start another")
        settings = episode.settings
        source = "" if call_error else extract_sketch(reply)
        work = self._reject(call_error, settings) if call_error else self._paint_and_score(source, settings)
        result, verdict = self.runtime.run(work)
        number = len(episode.turns) + 1
        best = episode.best_turn()
        kept_back = (settings.keep_best and best is not None and result.total is not None
                     and result.total < best.total)
        shown = best.turn if kept_back else (number if verdict.png else None)
        turn = TurnResult(
            turn=number, sketch=source, reply=reply, self_critique=self_critique,
            observation=observation_text(result.gate_passed, result.critique, number, settings.max_turns - number,
                                         source=settings.critique, best_turn=best.turn if kept_back else None),
            critique=result.critique, total=result.total, components=result.components, backends=result.backends,
            gate_passed=result.gate_passed, violations=result.violations, paint_fraction=result.paint_fraction,
            shapes=verdict.brush.get("shapes") if verdict.png else None, brush_calls=verdict.brush.get("calls", {}),
            references=result.judge_draw(), unscored_reason=result.unscored_reason,
            critique_backend=result.critique_backend,
            preset_name=result.preset, shown_turn=shown if settings.shows_image else None, png=verdict.png)
        return episode.add(turn)

    def undo(self) -> TurnResult:
        """Take back the last painting (an interactive undo)."""
        return self._live().undo()

    def _live(self) -> Episode:
        if self.episode is None:
            raise ProtocolError("NO_EPISODE", "no episode: send reset before step")
        return self.episode

    async def _reject(self, call_error: str, settings: EpisodeSettings):
        violation = Violation("bad_call", call_error)
        scorer = self.runtime.scorer(settings.reward_preset)
        result = await scorer.score(png=None, source=None, gate_passed=False, violations=[violation.to_dict()],
                                    subject=settings.subject, seed=settings.seed)
        return result, PaintingVerdict(source="", passed=False, violations=[violation])

    async def _paint_and_score(self, source: str, settings: EpisodeSettings):
        verdict = await paint_sketch(self.runtime.pages, source, seed=settings.seed)
        scorer = self.runtime.scorer(settings.reward_preset)
        result = await scorer.score(png=verdict.png if verdict.passed else None, source=source,
                                    gate_passed=verdict.passed, violations=[v.to_dict() for v in verdict.violations],
                                    paint_fraction=verdict.paint_fraction, subject=settings.subject,
                                    seed=settings.seed)
        return result, verdict

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
