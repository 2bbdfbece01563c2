"""Honest sketches in the styles language models write pass the whole pipeline: gate, confined render, paint."""

from __future__ import annotations

from pathlib import Path

import pytest

from critique_paint.pipeline import paint_sketch

STYLES = sorted((Path(__file__).parent / "fixtures" / "styles").glob("*.js"))


@pytest.mark.parametrize("path", STYLES, ids=lambda p: p.stem)
def test_style_paints(renderer, path: Path) -> None:
    verdict = renderer.run_coroutine(paint_sketch(renderer.pool, path.read_text(), seed=0))
    assert verdict.passed, [(v.code, v.line, v.message) for v in verdict.violations]
