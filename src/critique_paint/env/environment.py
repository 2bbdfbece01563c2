"""The multi-turn painting environment: each step gates, renders, scores and critiques one sketch."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from openenv.core.env_server import Environment

from critique_paint.env.models import PaintAction, PaintObservation, PaintState
from critique_paint.env.runtime import PaintRuntime
from critique_paint.errors import ConfigError
from critique_paint.paths import PROMPTS_DIR
from critique_paint.pipeline import paint_sketch
from critique_paint.sketch import extract_sketch

DEFAULT_SUBJECT = "a peach hibiscus"
MAX_TURNS_LIMIT = 16


def task_text(subject: str, max_turns: int) -> str:
    """The user turn of an episode (also used verbatim by the SFT conversations)."""
    paintings = "one painting" if max_turns == 1 else f"up to {max_turns} paintings"
    return (PROMPTS_DIR / "task.md").read_text(encoding="utf-8").format(subject=subject, paintings=paintings).strip()


def observation_text(gate_passed: bool, critique: str | None, turn: int, turns_left: int) -> str:
    """The critique as the policy sees it: never a score, never a reference."""
    head = f"Painting {turn} rendered." if gate_passed else f"Painting {turn} was rejected."
    tail = (f" You can revise it {turns_left} more time{'s' if turns_left != 1 else ''}." if turns_left
            else " That was the last painting.")
    return f"{head}{tail}\n\n{critique or ''}".strip()


class PaintEnvironment(Environment):
    """One episode at a time per instance; many instances share the process's PaintRuntime."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, runtime: PaintRuntime | None = None):
        super().__init__()
        self.runtime = runtime or PaintRuntime.shared()
        self._state = PaintState()

    def reset(self, seed: int | None = None, episode_id: str | None = None, subject: str | None = None,
              max_turns: int | None = 3, reward_preset: str | None = None, **_: Any) -> PaintObservation:
        """Start an episode; extra keyword arguments (a dataset row's other columns) are ignored."""
        max_turns = int(max_turns or 3)
        if not 1 <= max_turns <= MAX_TURNS_LIMIT:
            raise ConfigError(f"max_turns must be 1..{MAX_TURNS_LIMIT}, got {max_turns}")
        preset = self.runtime.preset(reward_preset)
        self.runtime.scorer(preset.name)
        subject = (subject or DEFAULT_SUBJECT).strip()
        self._state = PaintState(episode_id=episode_id, step_count=0, subject=subject, seed=int(seed or 0),
                                 max_turns=max_turns, turn=0, reward_preset=preset.name, history=[])
        return PaintObservation(text=task_text(subject, max_turns), subject=subject, turn=0, turns_left=max_turns,
                                done=False, reward=None)

    def step(self, action: PaintAction, timeout_s: float | None = None, **_: Any) -> PaintObservation:
        """Paint one sketch. Infrastructure failures raise InfrastructureError and leave the turn unspent."""
        st = self._state
        if st.turn >= st.max_turns:
            raise ConfigError("the episode is over: call reset() to start another")
        source = extract_sketch(action.sketch)
        result, verdict = self.runtime.run(self._paint_and_score(source))
        st.turn += 1
        st.step_count += 1
        turns_left = st.max_turns - st.turn
        st.history.append({
            "turn": st.turn, "source_sha256": hashlib.sha256(source.encode("utf-8", "replace")).hexdigest(),
            "source_chars": len(source), "total": result.total, "components": result.components,
            "backends": result.backends, "gate_passed": result.gate_passed,
            "codes": [v["code"] for v in result.violations], "coverage": result.paint_fraction,
            "unscored_reason": result.unscored_reason, "critique_backend": result.critique_backend,
        })
        if result.total is None:
            st.unscored_reason = result.unscored_reason
        return PaintObservation(
            text=observation_text(result.gate_passed, result.critique, st.turn, turns_left), subject=st.subject,
            image_png_b64=base64.b64encode(verdict.png).decode("ascii") if verdict.png else None,
            gate_passed=result.gate_passed, violations=result.violations, coverage=result.paint_fraction,
            turn=st.turn, turns_left=turns_left, done=turns_left == 0, reward=result.total,
        )

    def rewind(self) -> dict:
        """Take back the last painting (an interactive undo); returns its history entry."""
        st = self._state
        if not st.history:
            raise ConfigError("there is no painting to take back")
        st.turn -= 1
        st.unscored_reason = None
        return st.history.pop()

    async def _paint_and_score(self, source: str):
        st = self._state
        verdict = await paint_sketch(self.runtime.pool, source, seed=st.seed)
        scorer = self.runtime.scorer(st.reward_preset)
        result = await scorer.score(png=verdict.png if verdict.passed else None, source=source,
                                    gate_passed=verdict.passed, violations=[v.to_dict() for v in verdict.violations],
                                    paint_fraction=verdict.paint_fraction, subject=st.subject, seed=st.seed)
        return result, verdict

    @property
    def state(self) -> PaintState:
        return self._state
