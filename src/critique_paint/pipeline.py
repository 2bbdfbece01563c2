"""Reply or sketch -> static gate -> render -> pigment floor: one painting verdict."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from critique_paint.render.pages import RenderPool
from critique_paint.render.pigment import DEFAULT_PAINT_FLOOR, paint_fraction
from critique_paint.sketch import CANVAS_SIZE, Violation, check_sketch


@dataclass
class PaintingVerdict:
    """The gate's full verdict on a sketch, with the painting when it rendered."""

    source: str
    passed: bool
    violations: list[Violation] = field(default_factory=list)
    paint_fraction: float | None = None
    render_ms: float | None = None
    paint_ms: float | None = None
    png: bytes | None = None
    backend: str = ""
    cached: bool = False
    paper: tuple[int, int, int] | None = None  # what the sketch's last background() painted, when opaque
    brush: dict = field(default_factory=dict)  # brush calls that returned, by method, and filled shapes

    @property
    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    def to_dict(self) -> dict:
        return {
            "passed": self.passed,
            "violations": [v.to_dict() for v in self.violations],
            "paint_fraction": self.paint_fraction,
            "render_ms": self.render_ms,
        }


async def paint_sketch(
    pool: RenderPool,
    source: str,
    *,
    seed: int = 0,
    size: int = CANVAS_SIZE,
    paint_floor: float = DEFAULT_PAINT_FLOOR,
    brush_allowlist: Iterable[str] | None = None,
) -> PaintingVerdict:
    """Gate statically, render when that passes, then apply the paint floor.

    ``brush_allowlist`` is both what the gate allows and the methods the sketch's ``brush`` has when it runs.
    Sketch faults are verdicts; a renderer that cannot be brought back raises InfrastructureError.
    """
    static = check_sketch(source, brush_allowlist=brush_allowlist)
    if not static.passed:
        return PaintingVerdict(source=source, passed=False, violations=list(static.violations))
    result = await pool.render(source, seed=seed, size=size, brush_allowlist=brush_allowlist)
    verdict = PaintingVerdict(source=source, passed=False, render_ms=round(result.total_ms, 1),
                              paint_ms=round(result.paint_ms, 1), backend=result.backend, cached=result.cached)
    if not result.ok:
        verdict.violations.append(Violation(result.code or "runtime_error", result.message or "render failed",
                                            result.line))
        return verdict
    assert result.png is not None  # an ok render carries its PNG
    verdict.png = result.png
    verdict.paper = result.paper
    verdict.brush = result.brush
    verdict.paint_fraction = round(paint_fraction(result.png, paper=result.paper), 6)
    if verdict.paint_fraction < paint_floor:
        verdict.violations.append(Violation(
            "blank",
            f"only {verdict.paint_fraction:.2%} of the canvas carries paint (floor {paint_floor:.2%}); "
            "paint larger, more opaque washes",
            None,
        ))
    verdict.passed = not verdict.violations
    return verdict
