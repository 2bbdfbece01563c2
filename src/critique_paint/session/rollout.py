"""A policy painting one episode on an endpoint, turn by turn: the policy reads the episode, the environment
judges each reply. Undo and a person's notes act on the episode itself."""

from __future__ import annotations

import re
from typing import Any

from critique_paint.env.endpoint import Endpoint, play
from critique_paint.env.episode import Episode
from critique_paint.env.replies import Move, Reply
from critique_paint.env.turns import TurnResult
from critique_paint.errors import InfrastructureError, ProtocolError
from critique_paint.policy.base import Conversation, Policy


class Rollout:
    """`Rollout(policy, endpoint, subject=..., seed=..., max_turns=...)` starts the episode; `paint_next` paints.

    Replies are read as in GRPO (`env.replies`): each move of a reply (a paint call, a run of edit calls, any other
    call) is one painting attempt, in order, and a reply without a call ends the episode; `ended` records why it
    ended. A failure before or during painting (policy, renderer, judge) gives a TurnResult with `total` None and
    `unscored_reason` set that is not part of the episode: no turn is spent (`spent` tells them apart).
    """

    def __init__(self, policy: Policy, endpoint: Endpoint, *, index: int = 0, **settings: Any):
        self.policy = policy
        self.endpoint = endpoint
        self.index = index
        self.task = endpoint.start(**settings)
        self.last_reply: Reply | None = None
        self.ended: str | None = None
        self._pending: list[Move] = []

    @property
    def episode(self) -> Episode:
        episode = self.endpoint.episode
        assert episode is not None  # started in __init__
        return episode

    @property
    def turns_left(self) -> int:
        return self.episode.turns_left

    def conversation(self) -> Conversation:
        return Conversation.of(self.episode, self.index)

    def spent(self, turn: TurnResult) -> bool:
        """Whether `turn` is one of the episode's paintings (not a failed attempt)."""
        return any(t is turn for t in self.episode.turns)

    def add_note(self, note: str) -> None:
        """A person's critique of the last painting; the policy reads it after the environment's answer."""
        if not self.episode.turns:
            raise ProtocolError("NO_PAINTING", "there is no painting to comment on yet")
        self.episode.turns[-1].note = note.strip()

    def paint_next(self) -> TurnResult | None:
        """Play the next move of the last reply, asking the policy for a reply when none is left; None when the
        reply calls nothing (the episode has ended: see `ended`)."""
        if not self._pending:
            number = len(self.episode.turns) + 1
            try:
                reply = self.policy.next_reply(self.conversation())
            except InfrastructureError as exc:
                return TurnResult(turn=number, sketch="", unscored_reason=f"policy: {exc}")
            self.last_reply = reply
            self._pending = reply.moves()
            if not self._pending:
                self.ended = reply.ends
                return None
        assert self.last_reply is not None  # the pending moves are the last reply's
        reply = self.last_reply
        move = self._pending.pop(0)
        own = reply.text if self.episode.settings.critique == "self" and reply.text else None
        try:
            turn = play(self.endpoint, move, self_critique=own)
        except InfrastructureError as exc:
            turn = TurnResult(turn=len(self.episode.turns) + 1, sketch="", unscored_reason=str(exc))
        if self.spent(turn):
            turn.message, turn.call = reply.conversation_message(), move.index
            turn.tokens = reply.tokens if move.index == 0 or reply.tokens is None else 0
        if self.spent(turn) and self.turns_left <= 0:
            self.ended, self._pending = "turns_used", []
        return turn

    def paint(self, sketch: str, *, self_critique: str | None = None, call_error: str | None = None) -> TurnResult:
        """Paint a given sketch or reply as the next turn (the policy's, or one a person supplied)."""
        try:
            return self.endpoint.paint(sketch, self_critique=self_critique, call_error=call_error)
        except InfrastructureError as exc:
            return TurnResult(turn=len(self.episode.turns) + 1, sketch=sketch, reply=sketch, unscored_reason=str(exc))

    def undo(self) -> TurnResult:
        """Take back the last painting; the policy paints that turn again."""
        self._pending, self.ended = [], None
        return self.endpoint.undo()

    def run(self) -> list[TurnResult]:
        """Paint every turn without a person; stops early at an unscored turn or when the policy is done.

        Returns the episode's turns, then the failed attempt that ended it, if one did.
        """
        while self.turns_left > 0:
            turn = self.paint_next()
            if turn is None:
                break
            if not self.spent(turn) or turn.total is None:
                self.ended = "unscored"
                return [*self.episode.turns, turn] if not self.spent(turn) else list(self.episode.turns)
        if self.ended is None and self.turns_left <= 0:
            self.ended = "turns_used"
        return list(self.episode.turns)


def slug(text: str, limit: int = 40) -> str:
    """A file-name-safe version of a subject or policy name."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s[:limit].strip("-") or "x"
