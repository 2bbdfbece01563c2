"""One episode: a policy writes sketches, the environment gates, renders, scores and critiques them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from critique_paint.env.environment import PaintEnvironment
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.turns import TurnResult
from critique_paint.errors import InfrastructureError
from critique_paint.policy.base import Conversation, Policy


@dataclass
class TurnRecord(TurnResult):
    """A turn of a session: the environment's result plus the policy's raw reply and a person's note.

    A failure before or during painting (policy, renderer, judge) gives a record with `total` None and
    `unscored_reason` set, and spends no turn.
    """

    raw: str = ""
    note: str | None = None

    @classmethod
    def of(cls, result: TurnResult, raw: str = "") -> TurnRecord:
        return cls(**{f: getattr(result, f) for f in TurnResult.__dataclass_fields__}, raw=raw)


class Episode:
    """Drives one episode on an in-process PaintEnvironment; supports undo and a person's notes."""

    def __init__(self, policy: Policy, subject: str, *, max_turns: int | None = None, seed: int = 0,
                 episode: int = 0, reward_preset: str | None = None, runtime: PaintRuntime | None = None):
        self.policy = policy
        self.env = PaintEnvironment(runtime)
        first = self.env.reset(subject=subject, seed=seed, max_turns=max_turns, reward_preset=reward_preset)
        self.subject = first.subject
        self.max_turns = first.turns_left
        self.task = first.text
        self.conversation = Conversation.start(self.subject, self.max_turns, self.task, seed=seed, episode=episode)
        self.records: list[TurnRecord] = []

    @property
    def turns_left(self) -> int:
        return self.env.turns_left

    def paint_next(self, note: str | None = None) -> TurnRecord | None:
        """Ask the policy for the next sketch and paint it; None when the policy has nothing more.

        Infrastructure failures (renderer, judge, policy server) give an unscored record and spend no turn.
        """
        if note:
            self.conversation.add_note(note)
            self.records[-1].note = note
        try:
            reply = self.policy.next_sketch(self.conversation)
        except InfrastructureError as exc:
            return TurnRecord(turn=len(self.env.turns) + 1, sketch="", unscored_reason=f"policy: {exc}")
        if reply.sketch is None:
            return None
        return self.paint(reply.sketch, raw=reply.raw)

    def paint(self, sketch: str, raw: str = "") -> TurnRecord:
        """Paint a given sketch or reply as the next turn (the policy's, or one a person supplied)."""
        try:
            result = self.env.paint(sketch)
        except InfrastructureError as exc:
            return TurnRecord(turn=len(self.env.turns) + 1, sketch=sketch, raw=raw, unscored_reason=str(exc))
        record = TurnRecord.of(result, raw=raw)
        self.records.append(record)
        self.conversation.add_painting(record.sketch, record.observation, record.png)
        return record

    def undo(self) -> TurnRecord:
        """Take back the last painting; the policy will paint that turn again."""
        if not self.records:
            raise ValueError("there is nothing to undo")
        self.env.rewind()
        self.conversation.undo()
        return self.records.pop()

    def run(self) -> list[TurnRecord]:
        """Paint every turn without a person; stops early at an unscored turn or when the policy is done."""
        out: list[TurnRecord] = []
        while self.turns_left > 0:
            record = self.paint_next()
            if record is None:
                break
            out.append(record)
            if record.total is None:
                break
        return out


def slug(text: str, limit: int = 40) -> str:
    """A file-name-safe version of a subject or policy name."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s[:limit].strip("-") or "x"
