"""With the static gate off, every escape fixture is contained at run time, and a clean canary rendered right
after it on the same page is byte-identical to the canary rendered on a fresh page.

Each fixture (tests/fixtures/gate and tests/fixtures/sandbox) says what contains it (``// contained:``) and
what the render must then be (``// runtime: CODE | message fragment``, or ``renders``); a fixture about the
paper also says what the executed background() painted (``// paper: R,G,B``, and ``blank`` when the sheet
then carries too little paint).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from critique_paint.render import DEFAULT_PAINT_FLOOR, Renderer, RenderOptions, paint_fraction

FIXTURES = Path(__file__).parent / "fixtures"
WORK_BUDGET = 300_000_000  # the escapes' loops reach it in seconds; the canary needs about 10 million
CANARY = (FIXTURES / "render" / "bloom.js").read_text()
CANARY_SIZE = 300  # what an escape leaves behind shows at any size; at 600 the canary was half the module's time
CASES = sorted((FIXTURES / "gate").glob("*.js")) + sorted((FIXTURES / "sandbox").glob("*.js"))


def header(source: str, name: str) -> str | None:
    for line in source.splitlines()[:6]:
        if line.startswith(f"// {name}:"):
            return line.removeprefix(f"// {name}:").strip()
    return None


def runtime_expectation(source: str) -> tuple[str, str]:
    """The ``// runtime:`` header as (code or "renders", message fragment)."""
    found = header(source, "runtime")
    assert found is not None, "no // runtime: header"
    code, _, fragment = found.partition("|")
    return code.strip(), fragment.strip()


def sha(data: bytes | None) -> str:
    assert data is not None
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def fresh_canary() -> str:
    """The canary's bytes from a page that has rendered nothing else."""
    with Renderer(RenderOptions(workers=1)) as fresh:
        result = fresh.render(CANARY, seed=1, size=CANARY_SIZE)
    assert result.ok, result.message
    return sha(result.png)


@pytest.fixture(scope="module")
def one_page():
    """One worker, so every escape and the canary after it share a page (unless the escape got it replaced)."""
    with Renderer(RenderOptions(workers=1, work_budget=WORK_BUDGET)) as renderer:
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
        paper = header(source, "paper")
        if paper is not None:
            rgb, _, blank = paper.partition(" ")
            assert result.paper == tuple(int(v) for v in rgb.split(",")), result.paper
            assert (paint_fraction(result.png, paper=result.paper) < DEFAULT_PAINT_FLOOR) == (blank == "blank")
    else:
        assert (result.ok, result.code) == (False, code), result.message
        assert fragment in (result.message or ""), result.message
    canary = one_page.render(CANARY, seed=1, size=CANARY_SIZE)
    assert canary.ok, canary.message
    assert sha(canary.png) == fresh_canary
