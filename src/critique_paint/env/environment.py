"""The multi-turn painting environment: each step gates, renders, scores and critiques one sketch.

It alone keeps an episode's state: the turns it judged (`turns`), what is left, and whether the episode can
still be scored. Sessions, evaluation and the TRL adapter read those accessors; base64 is only for the wire.
"""

from __future__ import annotations

from typing import Any

from openenv.core.env_server import Environment

from critique_paint.env.protocol import DEFAULT_MAX_TURNS, DEFAULT_SUBJECT, check_max_turns, observation_text, task_text
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.turns import TurnResult, episode_reward, first_unscored_reason
from critique_paint.env.wire import PaintAction, PaintObservation, PaintState
from critique_paint.errors import ConfigError
from critique_paint.pipeline import paint_sketch
from critique_paint.sketch import extract_sketch


class PaintEnvironment(Environment):
    """One episode at a time per instance; many instances share the process's PaintRuntime."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, runtime: PaintRuntime | None = None):
        super().__init__()
        self.runtime = runtime or PaintRuntime.shared()
        self._state = PaintState()
        self._turns: list[TurnResult] = []

    def reset(self, seed: int | None = None, episode_id: str | None = None, subject: str | None = None,
              max_turns: int | None = None, reward_preset: str | None = None, **_: Any) -> PaintObservation:
        """Start an episode; extra keyword arguments (a dataset row's other columns) are ignored."""
        max_turns = check_max_turns(max_turns or DEFAULT_MAX_TURNS)
        preset = self.runtime.scorer(reward_preset).preset
        subject = (subject or DEFAULT_SUBJECT).strip()
        self._turns = []
        self._state = PaintState(episode_id=episode_id, step_count=0, subject=subject, seed=int(seed or 0),
                                 max_turns=max_turns, turn=0, reward_preset=preset.source, history=[])
        return PaintObservation(text=task_text(subject, max_turns), subject=subject, turn=0, turns_left=max_turns,
                                done=False, reward=None)

    def step(self, action: PaintAction, timeout_s: float | None = None, **_: Any) -> PaintObservation:
        """Paint one sketch. Infrastructure failures raise InfrastructureError and leave the turn unspent."""
        result = self.paint(action.sketch)
        return PaintObservation(
            text=result.observation, subject=self._state.subject, image_png_b64=result.png_b64(),
            gate_passed=result.gate_passed, violations=result.violations, coverage=result.coverage,
            turn=result.turn, turns_left=self.turns_left, done=self.turns_left == 0, reward=result.total)

    def paint(self, reply: str) -> TurnResult:
        """`step` for in-process callers: the turn's result with its PNG bytes, no observation to decode."""
        st = self._state
        if st.turn >= st.max_turns:
            raise ConfigError("the episode is over: call reset() to start another")
        source = extract_sketch(reply)
        result, verdict = self.runtime.run(self._paint_and_score(source))
        number = len(self._turns) + 1
        turn = TurnResult(
            turn=number, sketch=source,
            observation=observation_text(result.gate_passed, result.critique, number, st.max_turns - number),
            total=result.total, components=result.components, backends=result.backends,
            gate_passed=result.gate_passed, violations=result.violations, coverage=result.paint_fraction,
            unscored_reason=result.unscored_reason, critique_backend=result.critique_backend, preset=result.preset,
            png=verdict.png)
        self._turns.append(turn)
        st.history.append(turn.summary())
        st.step_count += 1
        self._sync_state()
        return turn

    def rewind(self) -> TurnResult:
        """Take back the last painting (an interactive undo)."""
        if not self._turns:
            raise ConfigError("there is no painting to take back")
        turn = self._turns.pop()
        self._state.history.pop()
        self._sync_state()
        return turn

    def _sync_state(self) -> None:
        """The wire state's turn count and unscored reason, derived from the turns."""
        self._state.turn = len(self._turns)
        self._state.unscored_reason = first_unscored_reason(self._turns)

    @property
    def turns(self) -> tuple[TurnResult, ...]:
        """The paintings of this episode so far, in order."""
        return tuple(self._turns)

    @property
    def turns_left(self) -> int:
        return self._state.max_turns - self._state.turn

    @property
    def unscored_reason(self) -> str | None:
        """Why the episode cannot be scored (a turn's scorer failed), else None."""
        return self._state.unscored_reason

    def episode_reward(self) -> float | None:
        return episode_reward(self._turns, self.unscored_reason)

    async def _paint_and_score(self, source: str):
        st = self._state
        verdict = await paint_sketch(self.runtime.pages, source, seed=st.seed)
        scorer = self.runtime.scorer(st.reward_preset)
        result = await scorer.score(png=verdict.png if verdict.passed else None, source=source,
                                    gate_passed=verdict.passed, violations=[v.to_dict() for v in verdict.violations],
                                    paint_fraction=verdict.paint_fraction, subject=st.subject, seed=st.seed)
        return result, verdict

    @property
    def state(self) -> PaintState:
        return self._state
