"""One painting turn as the environment judged it, and the episode's reward read from its turns."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class TurnResult:
    """What one `paint` call produced. `total` None: unscored (a scorer or service failed, not the painting)."""

    turn: int
    sketch: str  # the source that was painted (extracted from the reply once, by the environment)
    observation: str = ""  # the tool answer the policy reads
    total: float | None = None
    components: dict[str, float | None] = field(default_factory=dict)
    backends: dict[str, str] = field(default_factory=dict)
    gate_passed: bool = False
    violations: list[dict[str, Any]] = field(default_factory=list)
    coverage: float | None = None
    unscored_reason: str | None = None
    critique_backend: str | None = None
    preset: str | None = None  # the name of the reward preset that scored it
    png: bytes | None = field(default=None, repr=False)

    @property
    def codes(self) -> list[str]:
        return [v.get("code", "") for v in self.violations]

    def summary(self) -> dict[str, Any]:
        """The turn without its PNG: the environment state's history entry (JSON, sent over the wire)."""
        return {**self.row(), "source_sha256": hashlib.sha256(self.sketch.encode("utf-8", "replace")).hexdigest(),
                "source_chars": len(self.sketch)}

    def png_b64(self) -> str | None:
        return base64.b64encode(self.png).decode("ascii") if self.png else None

    @classmethod
    def from_wire(cls, entry: dict[str, Any], png_b64: str | None) -> TurnResult:
        """Rebuild a turn a remote environment judged from its history entry and its observation's image."""
        names = {f for f in cls.__dataclass_fields__ if f != "png"}
        return cls(**{k: v for k, v in entry.items() if k in names},
                   png=base64.b64decode(png_b64) if png_b64 else None)

    def row(self) -> dict[str, Any]:
        """JSON-ready, without the PNG bytes."""
        row = asdict(self)
        row.pop("png")
        row["codes"] = self.codes
        return row


def first_unscored_reason(turns: Sequence[TurnResult]) -> str | None:
    """Why an episode's turns cannot all be scored (the first unscored turn's reason), else None."""
    return next((t.unscored_reason for t in turns if t.total is None), None)


def episode_reward(turns: Sequence[TurnResult], unscored_reason: str | None = None) -> float | None:
    """The episode's reward: the last painting's total; 0 when nothing was painted; None when it cannot be scored."""
    if unscored_reason:
        return None
    return turns[-1].total if turns else 0.0
