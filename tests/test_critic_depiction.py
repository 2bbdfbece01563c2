"""The offline critic's depiction floors: what they measure, that they cost only below (almost) every loved
painting, and the attack's negatives that fit them."""

from __future__ import annotations

import dataclasses
import io
import json

import critic_fit
import numpy as np
import pytest
from PIL import Image

from critique_paint.paths import pool_dir
from critique_paint.pool import load_manifest
from critique_paint.reward.offline import MODEL, score_features
from critique_paint.reward.offline_features import LUMA, compute_features
from critique_paint.reward.offline_structure import handling_spread, scale_variety
from critique_paint.reward.offline_terms import BELOW

RNG = np.random.default_rng(3)
PAPER = np.array([244.0, 238.0, 226.0])


def png_of(arr: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).save(buf, format="PNG")
    return buf.getvalue()


def heap_of_like_marks(n: int = 150) -> np.ndarray:
    """Hard-edged discs of one size and one handling scattered over bare paper (150 px sheet)."""
    sheet = np.tile(PAPER, (150, 150, 1))
    yy, xx = np.mgrid[0:150, 0:150]
    for _ in range(n):
        cy, cx = RNG.uniform(10, 140, 2)
        sheet[(yy - cy) ** 2 + (xx - cx) ** 2 < 16] = RNG.uniform(60, 200, 3)
    return sheet


def scene() -> np.ndarray:
    """A graded sky with soft clouds over a ground, a middling form with crisp edges, and small dark detail."""
    yy, xx = np.mgrid[0:150, 0:150].astype(np.float64)
    sky = np.stack([170 + 0.4 * yy, 190 + 0.2 * yy, 220 - 0.1 * yy], -1)
    for cy, cx in ((20, 30), (30, 115), (15, 75)):
        sky += 40 * np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / 200.0)[..., None]
    sheet = np.where((yy < 95)[..., None], sky, np.array([120.0, 140, 90]) + 0.2 * (yy - 95)[..., None])
    sheet[40:100, 60:90] = (200, 80, 60)
    sheet[30:40, 70:80] = (150, 60, 50)
    for y, x in ((50, 66), (70, 78), (85, 64)):
        sheet[y:y + 4, x:x + 4] = (40, 30, 30)
    for x in range(5, 150, 12):  # reeds along the ground
        sheet[100:130, x:x + 2] = (60, 80, 40)
    return sheet


def test_marks_made_one_way_spread_their_handling_and_scale_less_than_a_scene():
    heap, view = heap_of_like_marks(), scene()
    assert handling_spread(heap @ LUMA) < handling_spread(view @ LUMA)
    assert scale_variety(heap) < scale_variety(view)


@pytest.fixture(scope="module")
def love_features():
    folder = pool_dir()
    return [compute_features((folder / e.render).read_bytes(), e.source_text(folder))
            for e in load_manifest(folder) if e.tier == "love"]


def without_floors(model: dict) -> dict:
    return {**model, "floored": [],
            "weights": {k: w for k, w in model["weights"].items() if k.rstrip(BELOW) not in model["floored"]}}


def test_a_painting_above_every_floor_scores_as_the_quality_terms_score_it(love_features):
    assert MODEL["floored"] and all(MODEL["weights"][k + BELOW] < 0 for k in MODEL["floored"])
    quality = without_floors(MODEL)
    loves = love_features
    above = [f for f in loves if all(getattr(f, k) >= MODEL["band"][k][0] for k in MODEL["floored"])]
    assert len(above) >= 0.95 * len(loves)
    for f in above:
        assert score_features(f) == pytest.approx(score_features(f, quality), abs=1e-12)
    # below a floor the same painting only loses
    f = loves[0]
    for k in MODEL["floored"]:
        low = dataclasses.replace(f, **{k: MODEL["band"][k][0] * 0.5})
        assert score_features(low) < score_features(low, quality)


def test_scored_finds_are_kept_once_and_only_training_families_are_fitted(tmp_path, monkeypatch):
    monkeypatch.setattr(critic_fit, "CACHE", tmp_path / "renders")
    x = [0.5] * len(critic_fit.FAMILIES["polygon_heap"].genes)
    y = [0.25] * len(critic_fit.FAMILIES["blob_lump"].genes)
    finds = tmp_path / "finds.json"
    finds.write_text(json.dumps({"finds": [
        {"family": "polygon_heap", "mean": 0.4, "x": x},
        {"family": "polygon_heap", "mean": 0.4, "x": x},  # the same point twice
        {"family": "polygon_heap", "mean": None, "x": [0.1] * len(x)},  # a service could not score it
        {"family": "blob_lump", "mean": 0.7, "x": y},  # held out of every fit: kept to be benchmarked
    ]}))
    kept = tmp_path / "negatives.json"
    assert critic_fit.add_finds(finds, kept) == 2
    assert critic_fit.add_finds(finds, kept) == 0
    assert critic_fit.attack_points(kept) == [("polygon_heap", x), ("blob_lump", y)]
    fitted = critic_fit.attack_items(path=kept)
    assert [it.group for it in fitted] == ["attack-polygon_heap"] and fitted[0].tier == "hack"
