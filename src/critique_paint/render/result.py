"""What a render returns."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RenderResult:
    """One render attempt: a PNG, or the code and message of what the sketch did wrong."""

    ok: bool
    png: bytes | None = None
    code: str | None = None
    message: str | None = None
    line: int | None = None
    paint_ms: float = 0.0
    total_ms: float = 0.0
    cpu_ms: float = 0.0  # CPU time the page's renderer and GPU processes spent on the render (0: unknown or cached)
    width: int = 0
    height: int = 0
    backend: str = ""
    work: int = 0  # counted work units the render spent (its steps and painting operations)
    paper: tuple[int, int, int] | None = None  # what the sketch's last background() painted, when opaque
    cached: bool = False
    meta: dict = field(default_factory=dict)
    brush: dict = field(default_factory=dict)  # {"calls": {method: n}, "shapes": filled shapes} of a painted render
