"""Reference sampling: subject first, nearest subjects by the stated rule, one per revision chain, seeded."""

from __future__ import annotations

from collections import Counter

import pytest

from critique_paint.paths import pool_dir
from critique_paint.pool import load_manifest, sample_references
from critique_paint.pool.manifest import PoolEntry
from critique_paint.pool.sampler import (
    SUBJECT_FAMILIES,
    chain_root,
    love_count,
    nearness,
    subject_family,
    subject_words,
)

POOL_DIR = pool_dir()


def entry(eid: str, subject: str, tier: str, parent: str | None = None) -> PoolEntry:
    return PoolEntry(id=eid, subject=subject, tier=tier, source=f"s/{eid}.js", render=f"r/{eid}.png", seed=0,
                     paint_fraction=0.3, render_ms=1.0, source_sha256="", png_sha256="", parent_id=parent)


def tiny_pool() -> list[PoolEntry]:
    out = [entry("koi-1", "a koi pond", "love"), entry("koi-1-r1", "a koi pond", "okay", "koi-1"),
           entry("koi-2", "a koi pond", "okay"), entry("koi-3", "a koi pond", "okay")]
    out += [entry(f"lake-{i}", "a mountain lake", t) for i, t in enumerate(["love", "love", "okay", "okay"])]
    out += [entry(f"tulips-{i}", "tulips", t) for i, t in enumerate(["love"] * 5 + ["okay"] * 5 + ["rejected"])]
    out += [entry(f"pears-{i}", "pears", t) for i, t in enumerate(["love", "okay", "okay"])]
    # a chain with every step loved: at most one of it per draw
    out += [entry("hib-1", "a peach hibiscus", "love")]
    out += [entry(f"hib-1-r{i}", "a peach hibiscus", "love", "hib-1" if i == 1 else f"hib-1-r{i - 1}")
            for i in range(1, 4)]
    out += [entry("hib-2", "a peach hibiscus", "okay"), entry("hib-3", "a peach hibiscus", "okay")]
    return out


def test_words_families_and_nearness():
    assert subject_words("a bowl of cherries") == {"bowl", "cherry"}
    assert subject_words("Irises") == {"iris"} and subject_words("a peach hibiscus") == {"peach", "hibiscus"}
    assert subject_family("a peach hibiscus") == "flower"  # flowers come before fruit: "peach" is its colour
    assert subject_family("a koi pond") == subject_family("a mountain lake") == "scene"
    assert nearness("a koi pond", "a mountain lake") == 3
    assert nearness("a mountain lake", "a lake at dawn") == 4
    assert nearness("a koi pond", "tulips") == 0


def test_own_subject_when_it_has_enough_of_both_tiers():
    pool = tiny_pool()
    for seed in range(20):
        refs = sample_references(pool, n=4, seed=seed, subject="tulips")
        assert {e.subject for e in refs} == {"tulips"}
        assert Counter(e.tier for e in refs) == {"love": 2, "okay": 2}


def test_nearest_subjects_fill_in_when_the_subject_is_short():
    pool = tiny_pool()
    seen = set()
    for seed in range(30):
        refs = sample_references(pool, n=4, seed=seed, subject="a koi pond")
        subjects = {e.subject for e in refs}
        assert subjects <= {"a koi pond", "a mountain lake"}  # scene family; never tulips or pears
        seen |= subjects
    assert seen == {"a koi pond", "a mountain lake"}

def test_a_subject_near_nothing_draws_one_fixed_set_whatever_the_seed():
    pool = tiny_pool()
    draws = {tuple(e.id for e in sample_references(pool, 4, seed, "a xylophone")) for seed in range(30)}
    assert len(draws) == 1
    assert [e.id for e in sample_references(pool, 4, 3, "a theremin")] == list(draws.pop())  # one set for all
    # without a subject the seed still draws (and a known subject's draw still moves with the seed)
    assert len({tuple(e.id for e in sample_references(pool, 4, seed)) for seed in range(30)}) > 1


@pytest.mark.parametrize("subject, family", [
    ("a blue hydrangea", "flower"), ("daffodils", "flower"), ("a vase of daisies", "flower"),
    ("a sleeping cat", "creature"), ("an owl on a branch", "creature"), ("a barn owl", "creature"),
    ("two sparrows", "creature"), ("a goldfish", "creature"), ("a windmill", "building"),
    ("a cottage in snow", "building"), ("a stone bridge", "building"), ("a red tram", "vehicle"),
    ("a sailboat at sea", "vehicle"), ("a hot air balloon", "vehicle"), ("a bicycle", "vehicle"),
    ("a bowl of ramen", "food"), ("a slice of watermelon", "food"), ("strawberries", "food"),
    ("a loaf of bread", "food"), ("an orange sunset", "scene"), ("a violet sky", "scene"),
    ("a teapot", "still_life"), ("a xylophone", None),
])
def test_common_subjects_find_their_family(subject, family):
    assert subject_family(subject) == family


def test_a_family_without_paintings_borrows_from_its_neighbour():
    pool = tiny_pool()  # no vehicles, no buildings: a tram borrows from the scenes, never from flowers or fruit
    assert nearness("a red tram", "a koi pond") == 2 and nearness("a red tram", "tulips") == 0
    for seed in range(20):
        assert {e.subject for e in sample_references(pool, 4, seed, "a red tram")} <= {"a koi pond", "a mountain lake"}


def test_the_family_words_are_singular_and_in_one_family():
    seen: dict[str, str] = {}
    for family, words in SUBJECT_FAMILIES.items():
        for w in words:
            assert subject_words(w) == {w}, w  # a plural or a stop word would never match
            assert w not in seen, (w, seen.get(w), family)
            seen[w] = family


def test_at_most_one_reference_per_revision_chain():
    pool = tiny_pool()
    by_id = {e.id: e for e in pool}
    for seed in range(40):
        refs = sample_references(pool, n=4, seed=seed, subject="a peach hibiscus")
        roots = [chain_root(e, by_id) for e in refs]
        assert len(set(roots)) == len(roots)
    with pytest.raises(ValueError, match="distinct revision"):
        sample_references([e for e in pool if e.subject == "a peach hibiscus"], n=6, seed=0)


def test_seeded_by_seed_and_subject():
    pool = tiny_pool()
    a = [e.id for e in sample_references(pool, 4, 7, "tulips")]
    assert a == [e.id for e in sample_references(pool, 4, 7, "tulips")]
    assert len({tuple(e.id for e in sample_references(pool, 4, s, "tulips")) for s in range(20)}) > 5


def test_subjects_outside_the_real_pool_draw_from_their_family():
    pool = load_manifest(POOL_DIR)
    family_of = {e.subject: subject_family(e.subject) for e in pool}
    for subject, family in (("a blue hydrangea", "flower"), ("a windmill", "building"), ("a sleeping cat", "creature"),
                            ("a slice of watermelon", "food")):
        for seed in range(5):
            assert {family_of[e.subject] for e in sample_references(pool, 4, seed, subject)} == {family}, subject


def test_the_real_pool_gives_one_subject_draws_with_distinct_chains():
    pool = load_manifest(POOL_DIR)
    by_id = {e.id: e for e in pool}
    for subject in sorted({e.subject for e in pool}):
        for seed in range(5):
            refs = sample_references(pool, n=4, seed=seed, subject=subject)
            assert all(e.tier in ("love", "okay") for e in refs)
            assert len({chain_root(e, by_id) for e in refs}) == 4


def test_the_love_share_sets_how_many_references_are_love():
    pool = tiny_pool()
    for n, share, loves in ((4, 0.5, 2), (3, 0.5, 2), (4, 0.625, 3), (4, 0.75, 3), (4, 0.875, 4), (4, 1.0, 4),
                            (4, 0.0, 0), (4, 0.1, 0), (1, 0.5, 1)):
        assert love_count(n, share) == loves, (n, share)
        for seed in range(10):
            refs = sample_references(pool, n=n, seed=seed, subject="tulips", love_share=share)
            assert len(refs) == n and sum(e.tier == "love" for e in refs) == loves, (n, share, seed)
    for seed in range(10):  # the default is half and half, the draw unchanged
        assert sample_references(pool, 4, seed, "tulips", love_share=0.5) == sample_references(pool, 4, seed, "tulips")
    with pytest.raises(ValueError, match="love_share must be 0..1, got 1.5"):
        sample_references(pool, 4, 0, "tulips", love_share=1.5)


def test_love_only_draws_from_the_real_pool_for_every_subject():
    pool = load_manifest(POOL_DIR)
    by_id = {e.id: e for e in pool}
    for subject in sorted({e.subject for e in pool}):
        for seed in range(3):
            refs = sample_references(pool, n=4, seed=seed, subject=subject, love_share=1.0)
            assert [e.tier for e in refs] == ["love"] * 4 and len({chain_root(e, by_id) for e in refs}) == 4
