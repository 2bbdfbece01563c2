"""An episode: its settings and the list of turns the environment judged, the one record everything reads.

The wire state, the reward, the policy's conversation, sessions, evaluation rows and training logs are all derived
from `Episode.turns` when read; an undo is one operation here.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
    ValidationError,
)

from critique_paint.env.protocol import (
    ACTIONS,
    CRITIQUE_SOURCES,
    DEFAULT_ACTIONS,
    DEFAULT_CRITIQUE,
    DEFAULT_MAX_TURNS,
    DEFAULT_SUBJECT,
    MAX_TURNS_LIMIT,
    SYSTEM_PROMPTS,
    Critique,
    SystemPrompt,
    action_set,
    call_answers,
    draft_opening,
    system_message,
    task_text,
    tool_schemas,
    with_note,
)
from critique_paint.env.turns import TurnResult, first_unscored_reason
from critique_paint.errors import ProtocolError
from critique_paint.fields import validation_message
from critique_paint.pool.sampler import DEFAULT_LOVE_SHARE
from critique_paint.sketch import DEFAULT_BRUSH_METHODS, brush_method_set
from critique_paint.sketch.rules import MAX_SOURCE_CHARS

# final: the last kept painting's total (the reference project's, and what a revision should improve);
# best: the best painting's, whatever came after it; final_plus_gain: final + gain_weight x (final - first).
RewardMode = Literal["final", "best", "final_plus_gain"]
REWARD_MODES: tuple[str, ...] = get_args(RewardMode)
# p5.brush method names, any sequence of them (a YAML or JSON list too), kept once each in the prompt's order.
BrushMethods = Annotated[tuple[str, ...], Strict(False), AfterValidator(brush_method_set)]
# What a reply may do (`env.protocol.ACTIONS`), any sequence of them, kept once each in that order.
Actions = Annotated[tuple[str, ...], Strict(False), AfterValidator(action_set)]


class EpisodeSettings(BaseModel):
    """What an episode is played with: the one schema of a reset request, the training config's `environment`
    episode keys and the wire state. Unknown keys, values of the wrong type (strict: "2" is not a number) and values
    out of range are refused."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    subject: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)] = Field(
        default=DEFAULT_SUBJECT, description="what to paint")
    seed: int = Field(default=0, ge=0, description="render and reference seed")
    max_turns: int = Field(default=DEFAULT_MAX_TURNS, ge=1, le=MAX_TURNS_LIMIT,
                           description=f"paintings per episode, 1..{MAX_TURNS_LIMIT}")
    reward_preset: str | None = Field(default=None, description="a built-in preset name or a YAML path "
                                                        "(default: the runtime's)")
    critique: Critique = Field(default=DEFAULT_CRITIQUE,
                               description=f"what the policy gets back: {', '.join(CRITIQUE_SOURCES)}")
    keep_best: bool = Field(default=False, description="a revision scoring below the best painting so far is not kept")
    reward_mode: RewardMode = Field(default="final", description=f"the episode's reward: {', '.join(REWARD_MODES)}")
    gain_weight: float = Field(default=0.5, ge=0, allow_inf_nan=False,
                               description="with reward_mode final_plus_gain: weight of last minus first")
    brush_methods: BrushMethods = Field(
        default=DEFAULT_BRUSH_METHODS, description="the p5.brush methods a sketch may call: what the gate allows, "
                                                   "the sandbox's `brush` has and the system prompt lists")
    system_prompt: SystemPrompt = Field(default="full", description="the policy's system prompt: "
                                        f"{', '.join(SYSTEM_PROMPTS)} (brief: what the tool does, no sketch contract)")
    reference_love_share: float = Field(default=DEFAULT_LOVE_SHARE, ge=0, le=1, allow_inf_nan=False,
                                        description="share of the judge's references drawn from the pool's love "
                                                    "tier, the rest okay (0.5: half and half)")
    actions: Actions = Field(default=DEFAULT_ACTIONS, description=f"what a reply may do: {', '.join(ACTIONS)} "
                             "(paint a whole sketch; edit the sketch that stands by exact replacements)")
    draft: str | None = Field(default=None, min_length=1, max_length=MAX_SOURCE_CHARS,
                              description="a sketch the environment paints as painting 1, for the policy to revise")

    @classmethod
    def parse(cls, request: Mapping[str, Any]) -> EpisodeSettings:
        """Settings from a reset request (None values take the defaults); an INVALID_RESET ProtocolError says in
        one line what is wrong, including an episode that could not be played (edits with nothing to edit, a draft
        with no turn left to revise it)."""
        try:
            settings = cls.model_validate({k: v for k, v in request.items() if v is not None})
        except ValidationError as exc:
            raise ProtocolError("INVALID_RESET", validation_message(exc, cls, unknown="reset field")) from None
        if "paint" not in settings.actions and settings.draft is None:
            raise ProtocolError("INVALID_RESET", "actions without paint need a draft: there is nothing to edit "
                                                 "before a painting")
        if settings.draft is not None and settings.max_turns < 2:
            raise ProtocolError("INVALID_RESET", "an episode with a draft needs max_turns of at least 2: the draft "
                                                 "is painting 1")
        return settings

    @property
    def shows_image(self) -> bool:
        return self.critique != "blind"

    def task(self) -> str:
        """The task text (with a draft: it quotes the draft; the draft painting's answer follows it)."""
        return task_text(self.subject, self.max_turns, self.keep_best, self.actions, self.draft)

    def tools(self) -> list[dict[str, Any]]:
        """The JSON schemas of the tools this episode offers."""
        return tool_schemas(self.actions)


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
        if self.turns[-1].action == "draft":
            raise ProtocolError("NOTHING_TO_UNDO", "the draft is the episode's start: it cannot be taken back")
        turn = self.turns.pop()
        self.undone.append(turn)
        return turn

    def best_turn(self) -> TurnResult | None:
        """The highest-scoring painting so far (the later one on a tie); None before any scored painting."""
        scored = [t for t in self.turns if t.total is not None]
        return max(reversed(scored), key=lambda t: t.total or 0.0) if scored else None  # (totals here are not None)

    def standing_turn(self) -> TurnResult | None:
        """The painting an edit changes: the last that passed the gate (with keep-best, the best of those)."""
        passed = [t for t in self.turns if t.gate_passed and t.sketch]
        if not passed:
            return None
        scored = [t for t in passed if t.total is not None]
        if self.settings.keep_best and scored:
            return max(reversed(scored), key=lambda t: t.total or 0.0)
        return passed[-1]

    def final_turn(self) -> TurnResult | None:
        """The painting that stands: the last one, or with keep-best the best so far."""
        if not self.turns:
            return None
        return self.best_turn() or self.turns[-1] if self.settings.keep_best else self.turns[-1]

    def reward(self) -> float | None:
        """The episode's reward by `reward_mode`; 0 when the policy painted nothing (a draft is the environment's
        painting, so a drafted episode the policy never revised scores 0 too), None when it cannot be scored."""
        if self.unscored_reason:
            return None
        final = self.final_turn()
        if final is None or all(t.action == "draft" for t in self.turns):
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

    def opening(self) -> str:
        """The user turn's text, as the environment's reset returns it: the task, and with a draft the draft
        painting's answer."""
        draft = self.turns[0] if self.turns and self.turns[0].action == "draft" else None
        task = self.settings.task()
        return task if draft is None else draft_opening(task, with_note(draft.observation, draft.note))

    def messages(self) -> list[dict[str, Any]]:
        """The conversation a policy reads, as GRPO holds it: system, task (with a draft, its painting's answer),
        then per reply its assistant message (all its tool calls) and the answers to its calls: one per painting,
        after an edit group's receipts."""
        s = self.settings
        out = [system_message(s.brush_methods, s.system_prompt, s.actions), {"role": "user", "content": self.opening()}]
        for t in self.turns:
            if t.action == "draft":
                continue
            if t.call == 0 or not out or out[-1]["role"] != "tool":
                out.append(t.message if t.message is not None else t.rebuilt_call())
            out.extend(call_answers(t.tool, t.calls, with_note(t.observation, t.note)))
        return out

    def images(self) -> list[bytes | None]:
        """What each answer showed, in order (None: no painting was shown)."""
        return [self.shown_png(t) for t in self.turns]
