"""Typed results of every reward component, shared by the judge, HPSv3 client, offline critic and mix."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Reference:
    """A reference painting the candidate is compared with."""

    id: str
    tier: str
    png: bytes
    subject: str | None = None
    score: float | None = None  # the reference's own offline-critic score: how strong a painting it is


@dataclass
class Verdict:
    """One ordered comparison: which image the judge preferred, and why."""

    order: str  # "candidate_first" or "reference_first"
    winner: str | None  # "candidate", "reference" or None when the answer did not resolve
    reason: str | None = None
    error: str | None = None


@dataclass
class Comparison:
    """A candidate/reference comparison in both orders; outcome 1, 0.5, 0, or None (unresolved)."""

    reference_id: str
    reference_tier: str
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def outcome(self) -> float | None:
        if len(self.verdicts) != 2 or any(v.winner is None for v in self.verdicts):
            return None
        return sum(v.winner == "candidate" for v in self.verdicts) / 2

    def to_dict(self) -> dict:
        return {"reference_id": self.reference_id, "reference_tier": self.reference_tier,
                "outcome": self.outcome, "verdicts": [asdict(v) for v in self.verdicts]}


@dataclass
class JudgeResult:
    """Pairwise score: mean outcome over resolved comparisons; None when none resolved."""

    backend: str
    comparisons: list[Comparison] = field(default_factory=list)
    error: str | None = None

    @property
    def score(self) -> float | None:
        outcomes = [c.outcome for c in self.comparisons if c.outcome is not None]
        return sum(outcomes) / len(outcomes) if outcomes else None

    def to_dict(self) -> dict:
        return {"score": self.score, "backend": self.backend, "error": self.error,
                "comparisons": [c.to_dict() for c in self.comparisons]}

    def draw(self, scores: dict[str, float | None] | None = None) -> list[dict]:
        """The references met, as {id, tier, outcome, score} (score: the reference's own, when known)."""
        scores = scores or {}
        return [{"id": c.reference_id, "tier": c.reference_tier, "outcome": c.outcome,
                 "score": scores.get(c.reference_id)} for c in self.comparisons]


@dataclass
class HpsScore:
    """HPSv3 preference for one image: raw mu and sigma, and mu mapped to [0, 1]."""

    mu: float
    sigma: float

    @property
    def score(self) -> float:
        import math

        return 1.0 / (1.0 + math.exp(-self.mu / 4.0))
