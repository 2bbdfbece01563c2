"""With the static gate off, every escape fixture is contained at run time, and a clean canary rendered right
after it on the same page is byte-identical to the canary rendered on a fresh page.

Each fixture (tests/fixtures/gate and tests/fixtures/sandbox) says what contains it (``// contained:``) and
what the render must then be (``// runtime: CODE | message fragment``, or ``renders``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from critique_paint.render import Renderer, RenderOptions

FIXTURES = Path(__file__).parent / "fixtures"
CANARY = (FIXTURES / "render" / "bloom.js").read_text()
CASES = sorted((FIXTURES / "gate").glob("*.js")) + sorted((FIXTURES / "sandbox").glob("*.js"))


def runtime_expectation(source: str) -> tuple[str, str]:
    """The ``// runtime:`` header as (code or "renders", message fragment)."""
    for line in source.splitlines()[:5]:
        if line.startswith("// runtime:"):
            code, _, fragment = line.removeprefix("// runtime:").partition("|")
            return code.strip(), fragment.strip()
    raise AssertionError("no // runtime: header")


def sha(data: bytes | None) -> str:
    assert data is not None
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def fresh_canary() -> str:
    """The canary's bytes from a page that has rendered nothing else."""
    with Renderer(RenderOptions(workers=1)) as fresh:
        result = fresh.render(CANARY, seed=1)
    assert result.ok, result.message
    return sha(result.png)


@pytest.fixture(scope="module")
def one_page():
    """One worker, so every escape and the canary after it share a page (unless the escape got it replaced)."""
    with Renderer(RenderOptions(workers=1, deadline_s=8)) as renderer:
        yield renderer


def test_the_fixture_set_covers_the_issue_and_our_own_families() -> None:
    names = {p.stem for p in CASES}
    assert len({n for n in names if n.startswith("issue_")}) >= 20
    assert len({n for n in names if n.startswith("own_")}) >= 50
    for path in CASES:
        runtime_expectation(path.read_text())


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_escape_is_contained_and_the_next_render_is_clean(one_page, fresh_canary, path: Path) -> None:
    source = path.read_text()
    code, fragment = runtime_expectation(source)
    result = one_page.render(source, seed=1)
    if code == "renders":
        assert result.ok, (result.code, result.message)
    else:
        assert (result.ok, result.code) == (False, code), result.message
        assert fragment in (result.message or ""), result.message
    canary = one_page.render(CANARY, seed=1)
    assert canary.ok, canary.message
    assert sha(canary.png) == fresh_canary
