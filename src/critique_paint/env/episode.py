"""An episode: its settings and the list of turns the environment judged, the one record everything reads.

The wire state, the reward, the policy's conversation, sessions, evaluation rows and training logs are all derived
from `Episode.turns` when read; an undo is one operation here.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from critique_paint.env.protocol import (
    CRITIQUE_SOURCES,
    DEFAULT_CRITIQUE,
    DEFAULT_MAX_TURNS,
    DEFAULT_SUBJECT,
    MAX_TURNS_LIMIT,
    check_critique,
    check_max_turns,
    paint_answer,
    paint_call,
    system_message,
    task_text,
    with_note,
)
from critique_paint.env.turns import TurnResult, first_unscored_reason
from critique_paint.errors import ProtocolError
from critique_paint.fields import setting

# final: the last kept painting's total (the reference project's, and what a revision should improve);
# best: the best painting's, whatever came after it; final_plus_gain: final + gain_weight x (final - first).
REWARD_MODES = ("final", "best", "final_plus_gain")


def _bad(message: str) -> ProtocolError:
    return ProtocolError("INVALID_RESET", message)


@dataclass(frozen=True)
class EpisodeSettings:
    """What a reset asks for; every field is checked, unknown ones are refused by name."""

    subject: str = setting(DEFAULT_SUBJECT, help="what to paint")
    seed: int = setting(0, help="render and reference seed")
    max_turns: int = setting(DEFAULT_MAX_TURNS, help=f"paintings per episode, 1..{MAX_TURNS_LIMIT}")
    reward_preset: str | None = setting(None, help="a built-in preset name or a YAML path (default: the runtime's)")
    critique: str = setting(DEFAULT_CRITIQUE, help=f"what the policy gets back: {', '.join(CRITIQUE_SOURCES)}")
    keep_best: bool = setting(False, help="a revision scoring below the best painting so far is not kept")
    reward_mode: str = setting("final", help=f"the episode's reward: {', '.join(REWARD_MODES)}")
    gain_weight: float = setting(0.5, help="with reward_mode final_plus_gain: weight of last minus first")

    @classmethod
    def parse(cls, request: Mapping[str, Any]) -> EpisodeSettings:
        """Settings from a reset request (None values take the defaults); ProtocolError names what is wrong."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(request) - known)
        if unknown:
            raise _bad(f"unknown reset field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                       f"known: {', '.join(sorted(known))}")
        values = {k: v for k, v in request.items() if v is not None}
        if "subject" in values:
            if not isinstance(values["subject"], str) or not values["subject"].strip():
                raise _bad(f"subject must be a non-empty string, got {values['subject']!r}")
            values["subject"] = values["subject"].strip()
        if "seed" in values and (isinstance(values["seed"], bool) or not isinstance(values["seed"], int)):
            raise _bad(f"seed must be an integer, got {values['seed']!r}")
        if "max_turns" in values:
            values["max_turns"] = check_max_turns(values["max_turns"], "max_turns", _bad)
        if "critique" in values:
            check_critique(values["critique"], "critique", _bad)
        if "keep_best" in values and not isinstance(values["keep_best"], bool):
            raise _bad(f"keep_best must be true or false, got {values['keep_best']!r}")
        if values.get("reward_mode", "final") not in REWARD_MODES:
            raise _bad(f"reward_mode must be one of {', '.join(REWARD_MODES)}, got {values['reward_mode']!r}")
        if "gain_weight" in values and (isinstance(values["gain_weight"], bool)
                                        or not isinstance(values["gain_weight"], int | float)):
            raise _bad(f"gain_weight must be a number, got {values['gain_weight']!r}")
        if "reward_preset" in values and not isinstance(values["reward_preset"], str):
            raise _bad(f"reward_preset must be a preset name or a YAML path, got {values['reward_preset']!r}")
        return cls(**values)

    @property
    def shows_image(self) -> bool:
        return self.critique != "blind"

    def task(self) -> str:
        return task_text(self.subject, self.max_turns, self.keep_best)


@dataclass
class Episode:
    """Settings, the turns painted (in order) and the turns taken back; everything else is read from them."""

    settings: EpisodeSettings
    episode_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    turns: list[TurnResult] = field(default_factory=list)
    undone: list[TurnResult] = field(default_factory=list)

    @property
    def turns_left(self) -> int:
        return self.settings.max_turns - len(self.turns)

    @property
    def done(self) -> bool:
        return self.turns_left <= 0

    @property
    def unscored_reason(self) -> str | None:
        """Why the episode cannot be scored (a turn's scorer failed), else None."""
        return first_unscored_reason(self.turns)

    def add(self, turn: TurnResult) -> TurnResult:
        if self.done:
            raise ProtocolError("EPISODE_OVER", "the episode is over: reset to start another")
        self.turns.append(turn)
        return turn

    def undo(self) -> TurnResult:
        """Take back the last painting (it is kept in `undone`); the policy paints that turn again."""
        if not self.turns:
            raise ProtocolError("NOTHING_TO_UNDO", "there is no painting to take back")
        turn = self.turns.pop()
        self.undone.append(turn)
        return turn

    def best_turn(self) -> TurnResult | None:
        """The highest-scoring painting so far (the later one on a tie); None before any scored painting."""
        scored = [t for t in self.turns if t.total is not None]
        return max(reversed(scored), key=lambda t: t.total or 0.0) if scored else None  # (totals here are not None)

    def final_turn(self) -> TurnResult | None:
        """The painting that stands: the last one, or with keep-best the best so far."""
        if not self.turns:
            return None
        return self.best_turn() or self.turns[-1] if self.settings.keep_best else self.turns[-1]

    def reward(self) -> float | None:
        """The episode's reward by `reward_mode`; 0 when nothing was painted, None when it cannot be scored."""
        if self.unscored_reason:
            return None
        final = self.final_turn()
        if final is None:
            return 0.0
        mode = self.settings.reward_mode
        if mode == "best":
            best = self.best_turn()
            return None if best is None else best.total
        if mode == "final_plus_gain":
            first = self.turns[0].total
            if final.total is None or first is None:
                return None
            return final.total + self.settings.gain_weight * (final.total - first)
        return final.total

    def shown_png(self, turn: TurnResult) -> bytes | None:
        """The painting the policy saw after `turn` (keep-best may show an earlier one), if any."""
        if turn.shown_turn is None:
            return None
        return next((t.png for t in self.turns if t.turn == turn.shown_turn), None)

    def messages(self) -> list[dict[str, Any]]:
        """The conversation a policy reads, as GRPO holds it: system, task, then per reply its assistant message
        (all its tool calls) and one answer per painting."""
        out = [system_message(), {"role": "user", "content": self.settings.task()}]
        for t in self.turns:
            if t.call == 0 or not out or out[-1]["role"] != "tool":
                out.append(t.message if t.message is not None else paint_call(t.sketch, t.self_critique or ""))
            out.append(paint_answer(with_note(t.observation, t.note)))
        return out

    def images(self) -> list[bytes | None]:
        """What each answer showed, in order (None: no painting was shown)."""
        return [self.shown_png(t) for t in self.turns]
