"""Shared fixtures: one warm renderer per test session, sketch sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from critique_paint.render import Renderer, RenderOptions

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def bloom_source() -> str:
    return (FIXTURES / "render" / "bloom.js").read_text()


@pytest.fixture(scope="session")
def renderer():
    with Renderer(RenderOptions(workers=2, deadline_s=30)) as r:  # the pool's heaviest sketches on a busy machine
        yield r


def with_setup_extra(source: str, extra: str) -> str:
    """Insert JS right after noLoop() in setup (used to build adversarial sketches)."""
    return source.replace("noLoop();", "noLoop();\n" + extra, 1)
