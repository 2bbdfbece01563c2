"""The multi-turn painting episode, stepped in process: each turn gates, renders, scores and critiques one sketch.

Its `Episode` is the only record of the turns. No OpenEnv here: `LocalEndpoint` steps it directly and
`env.environment.PaintEnvironment` serves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from critique_paint.env.episode import Episode, EpisodeSettings
from critique_paint.env.protocol import observation_text
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.turns import TurnResult
from critique_paint.errors import ConfigError, ProtocolError
from critique_paint.pipeline import PaintingVerdict, paint_sketch
from critique_paint.sketch import extract_sketch
from critique_paint.sketch.violation import Violation


class EpisodeStepper:
    """One episode at a time per instance; the instances of a run share its PaintRuntime."""

    def __init__(self, runtime: PaintRuntime, defaults: Mapping[str, Any] | None = None):
        self.runtime = runtime
        self.defaults = dict(defaults or {})  # settings a reset does not give (e.g. `serve --critique`)
        self.episode: Episode | None = None

    def start(self, seed: int | None = None, episode_id: str | None = None, **request: Any) -> Episode:
        """Start an episode from `EpisodeSettings` fields; a bad or unknown field is a ProtocolError."""
        given = {k: v for k, v in {"seed": seed, **request}.items() if v is not None}
        settings = EpisodeSettings.parse({**self.defaults, **given})
        try:
            preset = self.runtime.scorer(settings.reward_preset).preset
        except ConfigError as exc:
            raise ProtocolError("INVALID_RESET", str(exc)) from None
        settings = settings.model_copy(update={"reward_preset": preset.source})
        self.episode = Episode(settings, episode_id=episode_id) if episode_id else Episode(settings)
        return self.episode

    def paint(self, reply: str, *, self_critique: str | None = None, call_error: str | None = None) -> TurnResult:
        """Paint one turn: its result with its PNG bytes. Infrastructure failures raise InfrastructureError and
        leave the turn unspent.

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
        shown = best.turn if kept_back and best is not None else (number if verdict.png else None)
        turn = TurnResult(
            turn=number, sketch=source, reply=reply, self_critique=self_critique,
            observation=observation_text(result.gate_passed, result.critique, number, settings.max_turns - number,
                                         source=settings.critique,
                                         best_turn=best.turn if kept_back and best is not None else None),
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
        verdict = await paint_sketch(self.runtime.pages, source, seed=settings.seed,
                                     brush_allowlist=settings.brush_methods)
        scorer = self.runtime.scorer(settings.reward_preset)
        result = await scorer.score(png=verdict.png if verdict.passed else None, source=source,
                                    gate_passed=verdict.passed, violations=[v.to_dict() for v in verdict.violations],
                                    paint_fraction=verdict.paint_fraction, subject=settings.subject,
                                    seed=settings.seed, love_share=settings.reference_love_share)
        return result, verdict
