"""Careful paintings against cheap patterns and muddied twins, rendered by real Chromium (seeds the fit never saw).

The patterns are `benchmarks/patterns.py` (one of every family, seed PATTERN_SEED); the paintings are the held-out
careful paintings of subjects outside the pool (`benchmarks/paintings/`), which no fit ever sees. Both are read from
their stored renders (`benchmarks/painting_renders.py`), of which a sample of each is painted again here.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from pathlib import Path

import pytest

from critique_paint.reward.offline import OfflineCritic

import hacks
import painting_renders
import patterns

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)

ROOT = Path(__file__).resolve().parents[1]

TEST_SEED = painting_renders.PATTERN_SEED  # neither the fit seed nor the benchmark's check seed
PAINTINGS = sorted((ROOT / "benchmarks" / "paintings").glob("*.js"))


def render(renderer, sources: list[str]) -> list[bytes]:
    results = renderer.render_many(sources)
    assert all(r.ok for r in results), [r.message for r in results if not r.ok]
    return [r.png for r in results]


@pytest.fixture(scope="module")
def painting_scores() -> dict[str, float]:
    c = OfflineCritic()
    return {name: c.score(png, source) for name, (source, png) in painting_renders.PAINTING_RENDERS.stored().items()}


@pytest.fixture(scope="module")
def pattern_scores() -> dict[str, float]:
    c = OfflineCritic()
    return {fam: c.score(png, source) for fam, (source, png) in painting_renders.PATTERN_RENDERS.stored().items()}


@pytest.mark.parametrize("kept", ["PAINTING_RENDERS", "PATTERN_RENDERS"])
def test_the_stored_renders_are_what_the_renderer_paints(renderer, kept):
    """Every painting and pattern has a render of its current sketch (else `stored` names it); two of each, drawn
    afresh each run, paint those bytes again (a renderer that paints them otherwise fails here, as the pool's
    sample does)."""
    stored = getattr(painting_renders, kept).stored()
    expected = [p.stem for p in PAINTINGS] if kept == "PAINTING_RENDERS" else sorted(patterns.FAMILIES)
    assert sorted(stored) == expected
    chosen = random.sample(sorted(stored), 2)
    for name, png in zip(chosen, render(renderer, [stored[name][0] for name in chosen]), strict=True):
        assert hashlib.sha256(png).hexdigest() == hashlib.sha256(stored[name][1]).hexdigest(), (
            f"{name}: the renderer no longer paints the stored render: run {painting_renders.REFRESH}")


def test_every_pattern_sketch_passes_the_gate():
    from critique_paint.sketch import check_sketch

    for fam, source in patterns.generate(TEST_SEED, 2):
        assert check_sketch(source).passed, fam
    for p in PAINTINGS:
        assert check_sketch(p.read_text()).passed, p.name


def test_the_held_out_families_are_never_fitted():
    assert set(patterns.HELD_OUT_FAMILIES) <= set(patterns.FAMILIES)
    assert not set(patterns.HELD_OUT_FAMILIES) & set(patterns.FIT_FAMILIES)
    assert len(patterns.HELD_OUT_FAMILIES) >= 10


def test_careful_paintings_beat_cheap_patterns(painting_scores, pattern_scores):
    good = statistics.median(painting_scores.values())
    cheap = sorted(pattern_scores.values())
    assert statistics.median(cheap) <= good / 4, (good, pattern_scores)
    assert cheap[int(0.8 * len(cheap))] <= good / 2, (good, pattern_scores)  # four in five patterns under half
    held_out = [pattern_scores[f] for f in patterns.HELD_OUT_FAMILIES]
    assert statistics.median(held_out) <= good / 4, (good, held_out)


def test_most_careful_paintings_beat_the_median_okay_painting(painting_scores):
    """The bias puts the pool's median okay painting at 0.5; careful paintings of new subjects mostly clear it."""
    above = [s for s in painting_scores.values() if s > 0.5]
    assert len(above) >= len(painting_scores) // 2, painting_scores


def test_a_clean_painting_beats_its_muddied_twin(renderer):
    made = hacks.twins(TEST_SEED, 3)
    pngs = render(renderer, [s for pair in made for s in pair])
    c = OfflineCritic()
    for k, (clean, muddied) in enumerate(made):
        assert c.score(pngs[2 * k], clean) > c.score(pngs[2 * k + 1], muddied), k
