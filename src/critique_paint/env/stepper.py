"""The multi-turn painting episode, stepped in process: each turn gates, renders, scores and critiques one sketch.

Its `Episode` is the only record of the turns. No OpenEnv here: `LocalEndpoint` steps it directly and
`env.environment.PaintEnvironment` serves it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from critique_paint.env.episode import Episode, EpisodeSettings
from critique_paint.env.protocol import observation_text
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.turns import TurnResult
from critique_paint.errors import ConfigError, ProtocolError
from critique_paint.pipeline import PaintingVerdict, paint_sketch
from critique_paint.sketch import extract_sketch
from critique_paint.sketch.edits import Edit, EditError, apply_edits
from critique_paint.sketch.violation import Violation


class EpisodeStepper:
    """One episode at a time per instance; the instances of a run share its PaintRuntime."""

    def __init__(self, runtime: PaintRuntime, defaults: Mapping[str, Any] | None = None):
        self.runtime = runtime
        self.defaults = dict(defaults or {})  # settings a reset does not give (e.g. `serve --critique`)
        self.episode: Episode | None = None

    def start(self, seed: int | None = None, episode_id: str | None = None, **request: Any) -> Episode:
        """Start an episode from `EpisodeSettings` fields; a bad or unknown field is a ProtocolError. With a draft,
        the draft is painted now as painting 1 (InfrastructureError when it cannot be painted or scored)."""
        given = {k: v for k, v in {"seed": seed, **request}.items() if v is not None}
        settings = EpisodeSettings.parse({**self.defaults, **given})
        try:
            preset = self.runtime.scorer(settings.reward_preset).preset
        except ConfigError as exc:
            raise ProtocolError("INVALID_RESET", str(exc)) from None
        settings = settings.model_copy(update={"reward_preset": preset.source})
        episode = Episode(settings, episode_id=episode_id) if episode_id else Episode(settings)
        if settings.draft is not None:
            result, verdict = self.runtime.run(self._paint_and_score(settings.draft, settings))
            episode.add(self._turn(episode, result, verdict, source=settings.draft, reply=settings.draft,
                                   action="draft"))
        self.episode = episode
        return episode

    def paint(self, reply: str, *, self_critique: str | None = None, call_error: str | None = None) -> TurnResult:
        """Paint one turn: its result with its PNG bytes. Infrastructure failures raise InfrastructureError and
        leave the turn unspent.

        `call_error`: the policy's tool call could not paint (see `env.replies`); the turn is rejected unrendered.
        """
        episode = self._open()
        settings = episode.settings
        if call_error is None and "paint" not in settings.actions:
            call_error = _not_offered("paint", settings.actions)
        source = "" if call_error else extract_sketch(reply)
        work = self._reject("bad_call", call_error, settings) if call_error else self._paint_and_score(source, settings)
        result, verdict = self.runtime.run(work)
        turn = self._turn(episode, result, verdict, source=source, reply=reply, self_critique=self_critique)
        return episode.add(turn)

    def edit(self, edits: Sequence[Edit], *, self_critique: str | None = None,
             call_error: str | None = None) -> TurnResult:
        """Apply `edits` in order to one copy of the sketch that stands and paint it as one turn. A failed edit
        (`sketch.edits.EDIT_CODES`, `bad_call`, `too_large`) is a rejected turn and the standing sketch stays what
        it was; so is an edited sketch that fails the gate. `call_error`: one of the reply's edit calls could not be
        read. Infrastructure failures raise InfrastructureError and leave the turn unspent."""
        episode = self._open()
        settings = episode.settings
        base = episode.standing_turn()
        records: list[dict[str, Any]] = [{"old": e.old, "new": e.new, "line": None} for e in edits]
        failure: tuple[str, str] | None = None
        source = ""
        if call_error is None and "edit" not in settings.actions:
            call_error = _not_offered("edit", settings.actions)
        if call_error is not None:
            failure = ("bad_call", call_error)
        elif base is None:
            failure = ("edit_no_base", "there is no painted sketch to edit yet (none has passed the gate): "
                                       "paint a whole sketch with `paint`")
        else:
            try:
                applied = apply_edits(base.sketch, list(edits))
            except EditError as exc:
                failure = (exc.code, f"{exc.message}; painting {base.turn} still stands")
            else:
                source = applied.source
                for record, line in zip(records, applied.lines, strict=True):
                    record["line"] = line
        work = self._reject(*failure, settings) if failure else self._paint_and_score(source, settings)
        result, verdict = self.runtime.run(work)
        turn = self._turn(episode, result, verdict, source=source, reply="", self_critique=self_critique,
                          action="edit", base_turn=base.turn if base else None, edits=records,
                          calls=max(1, len(edits)))
        return episode.add(turn)

    def _turn(self, episode: Episode, result: Any, verdict: PaintingVerdict, *, source: str, reply: str,
              self_critique: str | None = None, **record: Any) -> TurnResult:
        """The next turn's record from its scored result (not yet added to the episode)."""
        settings = episode.settings
        number = len(episode.turns) + 1
        best = episode.best_turn()
        kept_back = (settings.keep_best and best is not None and result.total is not None
                     and result.total < best.total)
        shown = best.turn if kept_back and best is not None else (number if verdict.png else None)
        return TurnResult(
            turn=number, sketch=source, reply=reply, self_critique=self_critique,
            observation=observation_text(result.gate_passed, result.critique, number, settings.max_turns - number,
                                         source=settings.critique,
                                         best_turn=best.turn if kept_back and best is not None else None),
            critique=result.critique, total=result.total, components=result.components, backends=result.backends,
            gate_passed=result.gate_passed, violations=result.violations, paint_fraction=result.paint_fraction,
            shapes=verdict.brush.get("shapes") if verdict.png else None, brush_calls=verdict.brush.get("calls", {}),
            references=result.judge_draw(), unscored_reason=result.unscored_reason,
            critique_backend=result.critique_backend,
            preset_name=result.preset, shown_turn=shown if settings.shows_image else None, png=verdict.png, **record)

    def undo(self) -> TurnResult:
        """Take back the last painting (an interactive undo)."""
        return self._live().undo()

    def _open(self) -> Episode:
        episode = self._live()
        if episode.done:
            raise ProtocolError("EPISODE_OVER", "the episode is over: reset to start another")
        return episode

    def _live(self) -> Episode:
        if self.episode is None:
            raise ProtocolError("NO_EPISODE", "no episode: send reset before step")
        return self.episode

    async def _reject(self, code: str, message: str, settings: EpisodeSettings):
        violation = Violation(code, message)
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


def _not_offered(action: str, actions: Sequence[str]) -> str:
    return f"this episode does not offer `{action}`; its tools are {', '.join(actions)}"
