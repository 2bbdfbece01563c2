"""Diversity: the painting distance is 0 for a painting and itself, low for two seeds of one sketch and high for
pool paintings of different subjects; one sketch replayed for every episode scores near 0, the pool's love tier
high, and their intervals are far apart."""

from __future__ import annotations

import itertools

import pytest

from critique_paint.evaluate.diversity import (
    code_distance,
    diversity,
    lab_thumbnail,
    painting_distance,
    shape_ngrams,
)
from critique_paint.paths import pool_dir
from critique_paint.pool.manifest import load_manifest

SEEDS = range(6)


def love_paintings(count: int = 12) -> list[tuple[str, bytes, str]]:
    """(subject, png, sketch) of love paintings, one per subject."""
    root = pool_dir()
    seen, out = set(), []
    for e in load_manifest(root):
        if e.tier == "love" and e.subject not in seen and (root / e.render).is_file():
            seen.add(e.subject)
            out.append((e.subject, (root / e.render).read_bytes(), e.source_text(root)))
    return out[:count]


@pytest.fixture(scope="module")
def replayed(renderer) -> tuple[list[bytes], str]:
    """One love sketch painted for every episode, each episode with its own seed (what a replay policy submits):
    tulips-04, a quick one (1.5 s a render alone; barn-02, the manifest's first, 3.1 s)."""
    root = pool_dir()
    [tulips] = [e for e in load_manifest(root) if e.id == "tulips-04" and e.tier == "love"]
    sketch = tulips.source_text(root)
    results = [f.result() for f in [renderer.submit(sketch, seed=seed) for seed in SEEDS]]
    assert all(r.ok for r in results), [r.message for r in results]
    return [r.png for r in results], sketch


def test_the_distance_is_zero_for_itself_low_across_seeds_and_high_across_subjects(replayed):
    pngs, sketch = replayed
    thumbs = [lab_thumbnail(p) for p in pngs]
    assert painting_distance(thumbs[0], thumbs[0]) == 0.0
    assert code_distance(shape_ngrams(sketch), shape_ngrams(sketch)) == 0.0
    seeds = [painting_distance(a, b) for a, b in itertools.combinations(thumbs, 2)]
    pool = [lab_thumbnail(p) for _, p, _ in love_paintings()]
    subjects = [painting_distance(a, b) for a, b in itertools.combinations(pool, 2)]
    print(f"two seeds of one sketch: max {max(seeds):.3f}; pool subjects: min {min(subjects):.3f}, "
          f"mean {sum(subjects) / len(subjects):.3f}")
    assert max(seeds) < 0.1 and sum(subjects) / len(subjects) > 0.3
    assert max(seeds) < min(subjects)


def test_a_replayed_sketch_scores_near_zero_and_the_love_tier_high(replayed):
    pngs, sketch = replayed
    one = diversity(pngs, [sketch] * len(pngs), groups=["g"] * len(pngs))
    pool = love_paintings()
    love = diversity([p for _, p, _ in pool], [s for _, _, s in pool], groups=[s for s, _, _ in pool])
    print({k: v for k, v in one.items()}, {k: v for k, v in love.items()})
    assert one["code"] == 0.0 and one["image"] < 0.1 and one["palette_spread"] < 0.05
    assert one["within_group"] == one["image"]
    assert love["within_group"] is None  # one painting per subject: no group has a pair
    assert love["image"] > 4 * one["image"] and love["code"] > 0.2 and love["palette_spread"] > 0.1
    assert one["image_ci95"][1] < love["image_ci95"][0]  # the intervals are far apart
    assert love["code_ci95"][0] > 0.1
