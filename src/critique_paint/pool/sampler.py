"""Deterministic, subject-aware reference sampling for the pairwise judge.

Rules:
- Only `love` and `okay` paintings are references: `love_share` of them love (rounded half up; the default 0.5
  is half and half, love getting the odd one), the rest okay.
- At most one painting per revision chain (entries linked by `parent_id`; the chain is named by its root id).
- With a subject: its own paintings when they give a full draw (2 love and 2 okay chains for the default 4).
  Otherwise nearer subjects are added a nearness level at a time (all subjects at the highest nearness, then
  down to nearness 1) until the draw succeeds. Nearness of two subjects: 3 when they share a family of
  SUBJECT_FAMILIES (a subject's family is the first one any of its words names), 2 when their families are
  NEIGHBOURS, plus 1 per shared content word (lower case, singular, STOPWORDS dropped).
- The draw is seeded by (seed, subject): every rollout of a GRPO group (same seed and subject) faces the
  same references. A subject near nothing in the pool draws one fixed set from the whole pool, whatever the
  seed; without a subject the whole pool is drawn by the seed.
"""

from __future__ import annotations

import math
import random
import re

from critique_paint.pool.manifest import PoolEntry

STOPWORDS = frozenset("a an the of on in at with and over under by to its cut half ripe".split())
# Ordered: a subject belongs to the first family one of its words names ("a peach hibiscus" is a flower, "a barn
# owl" a creature, "an orange sunset" a scene, "a bowl of plums" food). Words that are mostly colours (violet,
# lilac, coral) are left out.
SUBJECT_FAMILIES: dict[str, frozenset[str]] = {
    "flower": frozenset(
        "hibiscus tulip iris blossom flower rose peony poppy lavender magnolia sunflower lily orchid daisy lotus "
        "camellia anemone bouquet wildflower dahlia petal sprig hydrangea carnation chrysanthemum marigold geranium "
        "begonia jasmine hyacinth daffodil crocus zinnia aster foxglove bluebell pansy petunia gardenia "
        "freesia gerbera ranunculus protea wisteria azalea rhododendron clematis snowdrop primrose buttercup "
        "dandelion thistle heather bloom bud posy wreath garland cactus succulent fern".split()),
    "creature": frozenset(
        "robin bird fish cat dog fox heron owl butterfly swan duck horse deer kitten puppy wolf bear cow sheep lamb "
        "goat pig rabbit bunny hare squirrel mouse hedgehog otter badger elephant giraffe zebra lion tiger leopard "
        "monkey panda koala kangaroo camel whale dolphin goldfish octopus jellyfish crab turtle tortoise frog toad "
        "snail bee dragonfly ladybird ladybug moth beetle snake lizard sparrow finch wren eagle hawk falcon parrot "
        "peacock flamingo pelican gull seagull crow raven magpie hummingbird kingfisher penguin goose hen chicken "
        "rooster pigeon dove bluebird stork puffin songbird animal".split()),
    "building": frozenset(
        "barn lighthouse house cottage cabin farmhouse church chapel cathedral temple pagoda castle tower windmill "
        "mill bridge skyline city town street palace mosque shrine hut shed greenhouse station cafe shop ruin "
        "monastery fort dome archway gate chimney rooftop building".split()),
    "vehicle": frozenset(
        "boat sailboat ship yacht ferry canoe kayak gondola rowboat tram train locomotive bus car taxi truck "
        "tractor bicycle bike motorcycle scooter airplane aeroplane plane helicopter balloon zeppelin rocket "
        "carriage wagon cart vehicle".split()),
    "scene": frozenset(
        "koi pond lake harbour harbor sea bay river waterfall ocean beach coast shore mountain hill forest pine mesa "
        "desert field meadow snow valley sky village tree landscape sunset dusk dawn garden park island canyon "
        "glacier volcano storm rain fog moon star aurora cloud rainbow wood jungle cliff dune lagoon marsh orchard "
        "vineyard seascape horizon winter autumn night".split()),
    "food": frozenset(
        "lemon pear cherry apple fig plum peach orange grape melon watermelon fruit bread banana strawberry "
        "blueberry raspberry berry pomegranate apricot mango pineapple tomato pumpkin squash carrot pepper onion "
        "garlic mushroom cabbage cake cupcake pie tart cookie biscuit croissant donut macaron cheese egg ramen "
        "noodle soup sushi pizza burger sandwich dumpling breakfast coffee honey jam chocolate food".split()),
    "still_life": frozenset(
        "shell seashell teapot vase bowl jug cup mug bottle pot jar basket candle book lamp clock chair hat shoe "
        "guitar violin kettle glass pitcher plate".split()),
}
# Families whose subjects stand in for each other when a subject's own family is short: nearness 2, not 3.
NEIGHBOURS = frozenset(frozenset(p) for p in (("building", "scene"), ("vehicle", "scene"), ("food", "still_life"),
                                              ("flower", "still_life"), ("creature", "scene")))
UNKNOWN_KEY = "critique-paint-references:unknown"  # draws for a subject near nothing in the pool ignore the seed


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def subject_words(subject: str) -> set[str]:
    """Content words: lower case, singular, without STOPWORDS."""
    return {singular(w) for w in re.findall(r"[a-z]+", subject.lower())} - STOPWORDS


def subject_family(subject: str) -> str | None:
    words = subject_words(subject)
    return next((name for name, keys in SUBJECT_FAMILIES.items() if words & keys), None)


def nearness(a: str, b: str) -> int:
    """3 for the same family, 2 for neighbouring families, plus 1 per shared content word."""
    fa, fb = subject_family(a), subject_family(b)
    family = 0 if fa is None or fb is None else 3 if fa == fb else 2 if frozenset((fa, fb)) in NEIGHBOURS else 0
    return family + len(subject_words(a) & subject_words(b))


def chain_root(entry: PoolEntry, by_id: dict[str, PoolEntry]) -> str:
    seen = set()
    while entry.parent_id and entry.parent_id in by_id and entry.id not in seen:
        seen.add(entry.id)
        entry = by_id[entry.parent_id]
    return entry.id


def _draw(pick_from: list[PoolEntry], n_love: int, n_okay: int, rng: random.Random,
          roots: dict[str, str]) -> list[PoolEntry] | None:
    used: set[str] = set()
    chosen: list[PoolEntry] = []
    for tier, k in (("love", n_love), ("okay", n_okay)):
        tier_entries = sorted((e for e in pick_from if e.tier == tier), key=lambda e: e.id)
        rng.shuffle(tier_entries)
        got: list[PoolEntry] = []
        for e in tier_entries:
            if len(got) == k:
                break
            if roots[e.id] not in used:
                used.add(roots[e.id])
                got.append(e)
        if len(got) < k:
            return None
        chosen += got
    return chosen


DEFAULT_LOVE_SHARE = 0.5  # half love, half okay: love gets the odd one


def love_count(n: int, love_share: float) -> int:
    """How many of `n` references are `love`: n x love_share rounded half up (0.5: love gets the odd one)."""
    if not 0 <= love_share <= 1:
        raise ValueError(f"love_share must be 0..1, got {love_share!r}")
    return min(n, math.floor(n * love_share + 0.5))


def sample_references(entries: list[PoolEntry], n: int = 4, seed: int = 0, subject: str | None = None,
                      love_share: float = DEFAULT_LOVE_SHARE) -> list[PoolEntry]:
    """`love_share` of them `love` (`love_count`), the rest `okay`, at most one per revision chain, the same for
    the same (seed, subject, love_share)."""
    if n < 1:
        raise ValueError("n must be at least 1")
    n_love = love_count(n, love_share)
    n_okay = n - n_love
    by_id = {e.id: e for e in entries}
    roots = {e.id: chain_root(e, by_id) for e in entries}
    refs = [e for e in entries if e.is_reference]
    key = f"critique-paint-references:{seed}:{subject or ''}"
    if subject is not None:
        near = {s: nearness(subject, s) for s in {e.subject for e in refs} if s != subject}
        levels = sorted({v for v in near.values() if v > 0}, reverse=True)
        for allowed in [{subject}] + [{subject} | {s for s, v in near.items() if v >= lv} for lv in levels]:
            got = _draw([e for e in refs if e.subject in allowed], n_love, n_okay, random.Random(key), roots)
            if got is not None:
                return got
        key = UNKNOWN_KEY  # nothing near it: one fixed set, so its rewards do not move with the seed
    got = _draw(refs, n_love, n_okay, random.Random(key), roots)
    if got is None:
        raise ValueError(f"the pool cannot give {n_love} love and {n_okay} okay references from distinct revision "
                         "chains")
    return got
