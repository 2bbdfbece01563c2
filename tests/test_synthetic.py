"""The demo's SFT corpus, rendered by real Chromium and graded by the offline critic it trains on: whole paintings
the critic pays above blobs, and revisions it pays above their drafts."""

from __future__ import annotations

import re
import statistics

import pytest

from critique_paint.pool.synthetic import draft_and_revision
from critique_paint.reward.offline import OfflineCritic

SEEDS = range(8)
PETAL_LOOP = re.compile(r"for \(let i = 0; i < (\d+); i\+\+\)")  # the first loop paints the petals


def _split(source: str) -> tuple[list[str], list[int]]:
    """The sketch's lines and the indexes of its brush.fill calls: sky, ground, stem, petals, (shadows,) centre..."""
    lines = source.split("\n")
    return lines, [k for k, line in enumerate(lines) if "brush.fill(" in line]


def blobs(revision: str) -> dict[str, str]:
    """What a policy could emit instead of the painting: the washes without a subject, the bloom on bare paper,
    one sheet-filling disc."""
    lines, fills = _split(revision)
    head = lines[:fills[0]]
    disc = ['  brush.fill("#d9587a", 200);', "  brush.fillBleed(0.4);", "  brush.fillTexture(0.4, 0.4);",
            "  brush.circle(300, 300, 330, false);", "}"]
    return {"washes only": "\n".join(lines[:fills[2]] + ["}"]),
            "bloom on bare paper": "\n".join(head + lines[fills[2]:]),
            "sheet-filling disc": "\n".join(head + disc)}


@pytest.fixture(scope="module")
def graded(renderer):
    critic = OfflineCritic()
    out: dict[str, list[float]] = {}
    for seed in SEEDS:
        draft, revision = draft_and_revision(seed)
        sources = {"draft": draft, "revision": revision, **blobs(revision)}
        results = renderer.render_many(list(sources.values()), seed=seed)
        assert all(r.ok for r in results), [r.message for r in results if not r.ok]
        for (name, source), r in zip(sources.items(), results, strict=True):
            out.setdefault(name, []).append(critic.score(r.png, source))
    print({k: [round(v, 3) for v in vs] for k, vs in out.items()})
    return out


def test_revisions_are_paid_above_their_drafts(graded):
    gains = [r - d for d, r in zip(graded["draft"], graded["revision"], strict=True)]
    assert sum(g > 0 for g in gains) >= len(gains) - 1, gains
    assert statistics.median(gains) > 0.1, gains


@pytest.mark.parametrize("blob", ["washes only", "bloom on bare paper", "sheet-filling disc"])
def test_every_blob_is_paid_under_half_the_drafts(graded, blob):
    assert statistics.median(graded[blob]) < 0.5 * statistics.median(graded["draft"]), graded


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_a_revision_repaints_its_draft_with_two_more_petals(seed):
    draft, revision = draft_and_revision(seed)
    petals = [int(PETAL_LOOP.search(s).group(1)) for s in (draft, revision)]
    assert petals[0] in (4, 5) and petals[1] == petals[0] + 2
    shared = draft[:PETAL_LOOP.search(draft).start()]
    assert revision.startswith(shared) and "brush.vertex" in shared  # the same sky, ground and stem
