"""Offline critic: determinism, range, blank/neon behaviour, compare() protocol, critique hygiene, pool sanity."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image

from critique_paint.paths import POOL_DIR
from critique_paint.pool import load_manifest
from critique_paint.reward.offline import OfflineCritic
from critique_paint.reward.types import Reference


def png_of(arr: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(arr.astype(np.uint8), "RGB").save(buf, format="PNG")
    return buf.getvalue()


def blank() -> bytes:
    return png_of(np.full((600, 600, 3), (244, 238, 226)))


def neon() -> bytes:
    a = np.zeros((600, 600, 3))
    a[:] = (0, 255, 255)  # cyan sky
    a[300:] = (160, 255, 0)  # acid green ground
    yy, xx = np.mgrid[0:600, 0:600]
    a[(abs(xx - 300) < (yy - 150)) & (yy < 450)] = (255, 0, 255)  # hard magenta triangle
    a[100:200, 420:560] = (255, 120, 0)  # hard orange block
    return png_of(a)


@pytest.fixture(scope="module")
def pool():
    return load_manifest(POOL_DIR)


@pytest.fixture(scope="module")
def love_png(pool) -> bytes:
    e = sorted((e for e in pool if e.tier == "love"), key=lambda e: e.id)[0]
    return (POOL_DIR / e.render).read_bytes()


def test_name_is_critic_not_judge():
    assert OfflineCritic.name == "offline-critic"


def test_deterministic_and_in_range(love_png):
    a, b = OfflineCritic(), OfflineCritic()
    assert a.score(love_png) == b.score(love_png) == a.score(love_png)
    assert a.critique(love_png, "tulips") == b.critique(love_png, "tulips")
    assert a.features(love_png).to_dict() == b.features(love_png).to_dict()
    for png in (love_png, blank(), neon()):
        assert 0.0 <= a.score(png) <= 1.0


def test_blank_scores_low_and_says_empty(love_png):
    c = OfflineCritic()
    assert c.score(blank()) < 0.2
    assert c.score(blank()) < c.score(love_png)
    assert "empty" in c.critique(blank(), "a lighthouse").lower()


def test_neon_hard_edges_below_love(love_png):
    c = OfflineCritic()
    f = c.features(neon())
    assert f.garish > 0.3
    assert c.score(neon()) < c.score(love_png)
    assert "neon" in c.critique(neon()).lower()


def test_prefer_and_tie(love_png):
    c = OfflineCritic()
    assert c.prefer(love_png, blank()) == "a"
    assert c.prefer(blank(), love_png) == "b"
    assert c.prefer(love_png, love_png) is None


def test_compare_protocol(love_png):
    c = OfflineCritic()
    refs = [Reference(id="r-love", tier="love", png=love_png), Reference(id="r-blank", tier="okay", png=blank()),
            Reference(id="r-same", tier="okay", png=neon())]
    res = c.compare(neon(), refs)
    assert res.backend == "offline-critic"
    assert [cmp.reference_id for cmp in res.comparisons] == ["r-love", "r-blank", "r-same"]
    for cmp in res.comparisons:
        assert [v.order for v in cmp.verdicts] == ["candidate_first", "reference_first"]
        assert all(v.winner in ("candidate", "reference") and v.reason for v in cmp.verdicts)
        assert cmp.outcome in (0.0, 0.5, 1.0)
    outcomes = [cmp.outcome for cmp in res.comparisons]
    assert outcomes[0] == 0.0 and outcomes[1] == 1.0 and outcomes[2] == 0.5  # the last is a self-comparison: tie
    assert res.score == pytest.approx(sum(outcomes) / len(outcomes))


@pytest.mark.parametrize("subject", [None, "a peach hibiscus", "lemons"])
def test_critique_hygiene(pool, subject, love_png):
    c = OfflineCritic()
    pngs = [blank(), neon(), love_png] + [(POOL_DIR / e.render).read_bytes() for e in pool[::25]]
    for png in pngs:
        text = c.critique(png, subject)
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
        assert 2 <= len(sentences) <= 4, text
        assert not re.search(r"\d", text), text
        low = text.lower()
        for word in ("reference", "score", "judge", "other painting", "%"):
            assert word not in low, text


def test_pool_agreement_above_chance(pool):
    """Fast subset of the bench: first few of each tier by id."""
    c = OfflineCritic()
    pick = {t: sorted((e for e in pool if e.tier == t), key=lambda e: e.id)[:6] for t in ("love", "okay", "rejected")}
    s = {t: [c.score((POOL_DIR / e.render).read_bytes()) for e in es] for t, es in pick.items()}

    def agree(hi, lo):
        return np.mean([1.0 if a > b else 0.5 if a == b else 0.0 for a in hi for b in lo])

    assert agree(s["okay"], s["rejected"]) > 0.6
    assert agree(s["love"] + s["okay"], s["rejected"]) > 0.6
    assert agree(s["love"], s["okay"]) >= 0.5
