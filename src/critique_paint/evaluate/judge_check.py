"""How far a pairwise judge can be trusted: the same question twice, the same pair in both orders, the pool's
tiers, and transitivity over triples, each a rate with its 95 % Wilson interval.

A question is one ordered pair (image A, image B); its answer is "A", "B" or unresolved (an error or an answer
that did not parse, counted apart and never as either side). A pair's preference is the painting both orders
chose; when the orders disagree the pair has none.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from critique_paint.errors import ConfigError
from critique_paint.evaluate.repairs import wilson
from critique_paint.pool.manifest import PoolEntry, load_manifest


@dataclass(frozen=True)
class Painting:
    id: str
    tier: str
    subject: str
    png: bytes


class Chooser(Protocol):
    async def choose(self, image_a: bytes, image_b: bytes, subject: str | None = None
                     ) -> tuple[str | None, str | None]:
        """("A" or "B" or None, the error when None)."""


@dataclass
class Rate:
    """`hits` of `n` resolved trials (and how many did not resolve)."""

    name: str
    hits: int
    n: int
    unresolved: int
    ideal: str  # what a trustworthy judge scores, in words

    @property
    def rate(self) -> float | None:
        return self.hits / self.n if self.n else None

    @property
    def ci95(self) -> tuple[float | None, float | None]:
        return wilson(self.hits, self.n)

    def as_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        return {"check": self.name, "rate": self.rate, "hits": self.hits, "n": self.n, "ci95": [low, high],
                "unresolved": self.unresolved, "ideal": self.ideal}


@dataclass
class JudgeCheck:
    rates: list[Rate]
    questions: int
    resolved: int
    errors: list[str] = field(default_factory=list)  # the distinct errors of unresolved questions, first five

    def as_dict(self) -> dict[str, Any]:
        return {"questions": self.questions, "resolved": self.resolved, "errors": self.errors,
                "checks": [r.as_dict() for r in self.rates]}


def pool_paintings(pool_dir: Path, tiers: Sequence[str] = ("love", "okay")) -> list[Painting]:
    """The pool's paintings of `tiers` whose render is on disk."""
    found = []
    for entry in load_manifest(pool_dir):
        path = Path(pool_dir) / entry.render
        if entry.tier in tiers and path.is_file():
            found.append(_painting(entry, path))
    return found


def _painting(entry: PoolEntry, path: Path) -> Painting:
    return Painting(id=entry.id, tier=entry.tier, subject=entry.subject, png=path.read_bytes())


def draw(paintings: Sequence[Painting], pairs: int, triples: int, seed: int
         ) -> tuple[list[tuple[Painting, Painting]], list[tuple[Painting, Painting]], list[tuple[Painting, ...]]]:
    """(any pairs, love-okay pairs, triples), drawn reproducibly from `seed`."""
    rng = random.Random(seed)
    if len(paintings) < 3:
        raise ConfigError(f"a judge check needs at least 3 love or okay paintings with renders, got {len(paintings)}")
    anyp = [_two(rng.sample(list(paintings), 2)) for _ in range(pairs)]
    love = [p for p in paintings if p.tier == "love"]
    okay = [p for p in paintings if p.tier == "okay"]
    tiered = [(rng.choice(love), rng.choice(okay)) for _ in range(pairs)] if love and okay else []
    trios = [tuple(rng.sample(list(paintings), 3)) for _ in range(triples)]
    return anyp, tiered, trios


def _two(drawn: list[Painting]) -> tuple[Painting, Painting]:
    return drawn[0], drawn[1]


async def run_check(judge: Chooser, paintings: Sequence[Painting], *, pairs: int = 8, triples: int = 4,
                    seed: int = 0) -> JudgeCheck:
    """Ask every question concurrently (the judge bounds its own concurrency) and measure the five checks."""
    anyp, tiered, trios = draw(paintings, pairs, triples, seed)
    questions: list[tuple[Painting, Painting]] = []
    for a, b in anyp:
        questions += [(a, b), (a, b), (b, a)]  # asked twice, then the other order
    for a, b in tiered:
        questions += [(a, b), (b, a)]
    trio_pairs = [pair for trio in trios for pair in itertools.combinations(trio, 2)]
    for a, b in trio_pairs:
        questions += [(a, b), (b, a)]
    answers = await asyncio.gather(*(judge.choose(a.png, b.png, a.subject) for a, b in questions))
    letters = [letter for letter, _ in answers]
    errors = list(dict.fromkeys(e for letter, e in answers if letter is None and e))[:5]
    it = iter(letters)

    retest, position, first = _Count(), _Count(), _Count()
    for _ in anyp:
        ab1, ab2, ba = next(it), next(it), next(it)
        retest.add(ab1, ab2, lambda x, y: x == y)
        position.add(ab1, ba, lambda x, y: x != y)  # the same painting wins: A then B
        for letter in (ab1, ab2, ba):
            first.add1(letter, letter == "A")
    tiers = _Count()
    for _ in tiered:
        ab, ba = next(it), next(it)
        tiers.add1(ab, ab == "A")  # the love painting is A
        tiers.add1(ba, ba == "B")
    prefs: dict[tuple[str, str], str | None] = {}
    pair_ok: dict[tuple[str, str], bool] = {}
    for a, b in trio_pairs:
        ab, ba = next(it), next(it)
        key = (a.id, b.id)
        pair_ok[key] = ab is not None and ba is not None
        prefs[key] = (a.id if ab == "A" else b.id) if pair_ok[key] and ab != ba else None
    transitive = _Count()
    for trio in trios:
        keys = [(x.id, y.id) for x, y in itertools.combinations(trio, 2)]
        if not all(pair_ok[k] for k in keys):
            transitive.unresolved += 1
            continue
        winners = [prefs[k] for k in keys]
        if any(w is None for w in winners):
            continue  # a pair without a preference: neither transitive nor not
        wins = {p.id: winners.count(p.id) for p in trio}
        transitive.add1("resolved", sorted(wins.values()) == [0, 1, 2])
    rates = [
        Rate("test-retest: the same question twice, the same answer", retest.hits, retest.n, retest.unresolved,
             "1.0"),
        Rate("order consistency: the same painting wins in both orders", position.hits, position.n,
             position.unresolved, "1.0 (0.0: answers by position only)"),
        Rate("first-position share: answers naming image A", first.hits, first.n, first.unresolved,
             "0.5 (1.0 or 0.0: a position bias)"),
        Rate("tiers: the pool's love painting chosen over its okay one", tiers.hits, tiers.n, tiers.unresolved,
             "well above 0.5"),
        Rate("transitivity: triples with a strict order", transitive.hits, transitive.n, transitive.unresolved,
             "1.0"),
    ]
    return JudgeCheck(rates=rates, questions=len(questions), resolved=sum(x is not None for x in letters),
                      errors=errors)


class _Count:
    def __init__(self) -> None:
        self.hits = self.n = self.unresolved = 0

    def add(self, x: str | None, y: str | None, same: Any) -> None:
        if x is None or y is None:
            self.unresolved += 1
        else:
            self.n += 1
            self.hits += bool(same(x, y))

    def add1(self, x: str | None, hit: bool) -> None:
        if x is None:
            self.unresolved += 1
        else:
            self.n += 1
            self.hits += bool(hit)
