"""One painting turn as the environment judged it."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from critique_paint.env.protocol import edit_call, paint_call


@dataclass
class TurnResult:
    """What one `paint` call produced. `total` None: unscored (a scorer or service failed, not the painting)."""

    turn: int
    sketch: str  # the source that was painted (extracted from the reply once, by the environment)
    reply: str = ""  # what the policy sent, before extraction
    observation: str = ""  # the tool answer the policy reads
    critique: str | None = None  # the reward's critique, or the gate's verdict on a rejected sketch
    self_critique: str | None = None  # the policy's own critique, written before this sketch
    note: str | None = None  # a watching person's note, read by the policy after the observation
    message: dict[str, Any] | None = None  # the reply's assistant message as the conversation holds it (GRPO's too)
    call: int = 0  # the first tool call of that reply this painting answered (0: the first)
    calls: int = 1  # how many of the reply's tool calls it answered (an edit group's edits)
    action: str = "paint"  # paint, edit, or draft (the episode's given sketch, painted at reset)
    base_turn: int | None = None  # an edit's: the painting whose sketch it changed
    edits: list[dict[str, Any]] = field(default_factory=list)  # an edit's: old, new and the line each started at
    tokens: int | None = None  # tokens the policy generated for its reply (the reply's first move; 0 the rest)
    total: float | None = None
    components: dict[str, float | None] = field(default_factory=dict)
    backends: dict[str, str] = field(default_factory=dict)
    gate_passed: bool = False
    violations: list[dict[str, Any]] = field(default_factory=list)
    paint_fraction: float | None = None
    shapes: int | None = None  # filled shapes the render painted (counted by the sandbox, not read from the source)
    brush_calls: dict[str, int] = field(default_factory=dict)  # brush calls that returned, by method
    references: list[dict[str, Any]] = field(default_factory=list)  # the judge's draw: id, tier, outcome
    unscored_reason: str | None = None
    critique_backend: str | None = None
    preset_name: str | None = None  # the `name` of the reward preset that scored it
    shown_turn: int | None = None  # the painting the observation shows (keep-best: the best so far); None: none
    png: bytes | None = field(default=None, repr=False)

    @property
    def tool(self) -> str:
        """The tool whose call(s) this painting answered."""
        return "edit" if self.action == "edit" else "paint"

    def rebuilt_call(self) -> dict[str, Any]:
        """The assistant message that asked for this painting, rebuilt from the record (for a turn painted without
        a policy's message, such as a person's sketch)."""
        text = self.self_critique or ""
        if self.action == "edit":
            return edit_call([{"old": e["old"], "new": e["new"]} for e in self.edits], text)
        return paint_call(self.sketch, text)

    @property
    def codes(self) -> list[str]:
        return [v.get("code", "") for v in self.violations]

    def row(self) -> dict[str, Any]:
        """JSON-ready, without the PNG bytes."""
        row = asdict(self)
        row.pop("png")
        row["codes"] = self.codes
        return row

    def summary(self) -> dict[str, Any]:
        """The turn without its PNG, plus its source hash: the wire's record of a turn (text that UTF-8 cannot
        carry, such as a lone surrogate in a sketch, is replaced)."""
        row = {k: _utf8(v) if isinstance(v, str) else v for k, v in self.row().items()}
        return {**row, "source_sha256": hashlib.sha256(self.sketch.encode("utf-8", "replace")).hexdigest(),
                "source_chars": len(self.sketch)}

    def png_b64(self) -> str | None:
        return encode_png(self.png)

    @classmethod
    def from_wire(cls, entry: dict[str, Any], png_b64: str | None) -> TurnResult:
        """Rebuild a turn a remote environment judged from its summary and its painting."""
        names = {f for f in cls.__dataclass_fields__ if f != "png"}
        return cls(**{k: v for k, v in entry.items() if k in names},
                   png=base64.b64decode(png_b64) if png_b64 else None)


def _utf8(text: str) -> str:
    return text.encode("utf-8", "replace").decode("utf-8")


def encode_png(png: bytes | None) -> str | None:
    """A PNG as base64 text for the wire (None stays None)."""
    return base64.b64encode(png).decode("ascii") if png else None


def first_unscored_reason(turns: Sequence[TurnResult]) -> str | None:
    """Why an episode's turns cannot all be scored (the first unscored turn's reason), else None."""
    return next((t.unscored_reason for t in turns if t.total is None), None)
