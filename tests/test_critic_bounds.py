"""The shipped offline critic is bounded: no feature pays beyond the love tier's band, faults and patterns only cost."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from critique_paint.paths import pool_dir
from critique_paint.pool import load_manifest
from critique_paint.reward.offline import MODEL, OfflineCritic, score_features
from critique_paint.reward.offline_terms import ABOVE, BELOW, COSTS, cost_only, feature_value, logit, term_values

POOL_DIR = pool_dir()


@pytest.fixture(scope="module")
def loved():
    """The features of every loved pool painting, over its own paper."""
    critic = OfflineCritic(cache_size=500)
    return [critic.features((POOL_DIR / e.render).read_bytes(), e.source_text(POOL_DIR))
            for e in load_manifest(POOL_DIR) if e.tier == "love"]


def with_value(f, name: str, v: float):
    if name == "scatter":
        return dataclasses.replace(f, cohesion=1.0 - v)
    return dataclasses.replace(f, **{name: v})


def test_out_of_band_faults_and_patterns_only_cost():
    assert MODEL["weights"], "an empty model"
    for term, w in MODEL["weights"].items():
        if cost_only(term):
            assert w <= 0, (term, w)
    assert {"mud", "clash", "scatter", "flat_paint"} <= set(MODEL["costs"]) == set(COSTS)


@pytest.mark.parametrize("name", [*MODEL["banded"], *MODEL["costs"]])
def test_no_feature_pays_beyond_the_loved_band(loved, name):
    """Sweeping one feature far past either end, with every other feature held at a loved painting's value: the
    logit is never higher than the best it reaches inside the band (for a cost, at the love tier's own level)."""
    band = MODEL["band"][name]
    lo, hi = band[0], band[-1]
    span = max(hi - lo, 0.05)
    inside = np.linspace(lo, hi, 21)
    outside = np.r_[np.linspace(lo - 10 * span, lo, 21), np.linspace(hi, hi + 10 * span, 21)]
    for f in loved[::4]:
        best_inside = max(logit(with_value(f, name, v), MODEL) for v in inside)
        assert max(logit(with_value(f, name, v), MODEL) for v in outside) <= best_inside + 1e-9, name


def test_the_absence_of_a_fault_earns_nothing_a_loved_painting_does_not(loved):
    """A cost term is zero up to the love tier's 95th percentile: a pattern with no mud at all gains nothing over a
    loved painting with its ordinary share of mud."""
    f = loved[0]
    for name in MODEL["costs"]:
        q95 = MODEL["band"][name][-1]
        zero, usual = term_values(with_value(f, name, 0.0), MODEL), term_values(with_value(f, name, q95), MODEL)
        assert zero[name] == usual[name] == 0.0, name
        assert term_values(with_value(f, name, q95 + 0.1), MODEL)[name] > 0


def test_maximising_any_single_feature_does_not_beat_the_median_loved_painting(loved):
    """Each feature pushed to whatever value scores best, on a sheet that is otherwise the weakest loved painting:
    the result stays below the median loved painting."""
    scores = sorted(score_features(f) for f in loved)
    weakest = min(loved, key=score_features)
    for name in (*MODEL["banded"], *MODEL["costs"]):
        lo, hi = MODEL["band"][name][0], MODEL["band"][name][-1]
        best = max(score_features(with_value(weakest, name, v)) for v in np.linspace(lo - 1, hi + 1, 81))
        assert best < scores[len(scores) // 2], (name, best)


def test_terms_read_the_band_edges_as_stated(loved):
    f = loved[0]
    name = MODEL["banded"][0]
    q05, q25, q75, q95 = MODEL["band"][name]
    t = term_values(with_value(f, name, q95 + 1.0), MODEL)
    assert t[name + ABOVE] == pytest.approx(1.0 / MODEL["scale"][name]) and t[name + BELOW] == 0
    assert t[name] == term_values(with_value(f, name, q75), MODEL)[name]  # no pay past the upper quartile
    assert feature_value(with_value(f, "scatter", 0.3), "scatter") == pytest.approx(0.3)


def test_hue_turn_reads_a_hue_wheel_and_not_a_sweep_along_one_direction():
    from critique_paint.reward.offline_structure import GRID, hue_turn

    yy, xx = np.mgrid[0:GRID, 0:GRID] + 0.5
    theta = np.arctan2(yy - GRID / 2, xx - GRID / 2)
    wheel = np.stack([80 * np.cos(theta + k * 2.094) for k in range(3)], axis=-1) - 60
    sky_to_ground = np.stack([np.where(yy < GRID / 3, -90.0, np.where(yy < 2 * GRID / 3, -40.0, -70.0)),
                              np.where(yy < GRID / 3, -40.0, -20.0), np.where(yy < 2 * GRID / 3, -10.0, -80.0)],
                             axis=-1)
    assert hue_turn(wheel, (GRID / 2, GRID / 2)) > 0.8
    assert hue_turn(sky_to_ground, (GRID / 2, GRID / 2)) < 0.05
    assert 0.0 <= hue_turn(np.zeros((GRID, GRID, 3)), (GRID / 2, GRID / 2)) <= 1.0
