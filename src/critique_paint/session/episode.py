"""One episode: a policy writes sketches, the environment gates, renders, scores and critiques them."""

from __future__ import annotations

import base64
import re
from dataclasses import asdict, dataclass, field

from critique_paint.env.environment import PaintEnvironment
from critique_paint.env.models import PaintAction
from critique_paint.env.runtime import PaintRuntime
from critique_paint.errors import InfrastructureError
from critique_paint.policy.base import Conversation, Policy
from critique_paint.sketch import extract_sketch


@dataclass
class TurnRecord:
    """What one painting turn produced; `total` None means unscored (an infrastructure failure)."""

    turn: int
    sketch: str
    raw: str = ""
    observation: str = ""
    total: float | None = None
    components: dict = field(default_factory=dict)
    backends: dict = field(default_factory=dict)
    gate_passed: bool = False
    violations: list[dict] = field(default_factory=list)
    coverage: float | None = None
    unscored_reason: str | None = None
    note: str | None = None
    png: bytes | None = field(default=None, repr=False)

    @property
    def codes(self) -> list[str]:
        return [v.get("code", "") for v in self.violations]

    def row(self) -> dict:
        """JSON-ready, without the PNG bytes."""
        row = asdict(self)
        row.pop("png")
        row["codes"] = self.codes
        return row


class Episode:
    """Drives one episode on an in-process PaintEnvironment; supports undo and a person's notes."""

    def __init__(self, policy: Policy, subject: str, *, max_turns: int, seed: int = 0, episode: int = 0,
                 reward_preset: str | None = None, runtime: PaintRuntime | None = None):
        self.policy = policy
        self.env = PaintEnvironment(runtime)
        first = self.env.reset(subject=subject, seed=seed, max_turns=max_turns, reward_preset=reward_preset)
        self.subject = first.subject
        self.max_turns = max_turns
        self.task = first.text
        self.conversation = Conversation.start(self.subject, max_turns, self.task, seed=seed, episode=episode)
        self.records: list[TurnRecord] = []

    @property
    def turns_left(self) -> int:
        return self.max_turns - len(self.records)

    def paint_next(self, note: str | None = None) -> TurnRecord | None:
        """Ask the policy for the next sketch and paint it; None when the policy has nothing more.

        Infrastructure failures (renderer, judge, policy server) give an unscored record and spend no turn.
        """
        if note:
            self.conversation.add_note(note)
            self.records[-1].note = note
        turn = len(self.records) + 1
        try:
            reply = self.policy.next_sketch(self.conversation)
        except InfrastructureError as exc:
            return TurnRecord(turn=turn, sketch="", unscored_reason=f"policy: {exc}")
        if reply.sketch is None:
            return None
        return self.paint(reply.sketch, raw=reply.raw)

    def paint(self, sketch: str, raw: str = "") -> TurnRecord:
        """Paint a given sketch as the next turn (the policy's, or one a person supplied)."""
        turn = len(self.records) + 1
        source = extract_sketch(sketch)
        try:
            obs = self.env.step(PaintAction(sketch=source))
        except InfrastructureError as exc:
            return TurnRecord(turn=turn, sketch=source, raw=raw, unscored_reason=str(exc))
        entry = self.env.state.history[-1]
        record = TurnRecord(
            turn=turn, sketch=source, raw=raw, observation=obs.text, total=obs.reward,
            components=dict(entry.get("components") or {}), backends=dict(entry.get("backends") or {}),
            gate_passed=bool(obs.gate_passed), violations=list(obs.violations or []), coverage=obs.coverage,
            unscored_reason=entry.get("unscored_reason"),
            png=base64.b64decode(obs.image_png_b64) if obs.image_png_b64 else None)
        self.records.append(record)
        self.conversation.add_painting(source, obs.text, record.png)
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
