"""Offline critic: the embedded default reward when no vision judge or HPSv3 service is configured.

Deterministic numpy statistics of the rendered PNG (see `offline_features`), combined into an absolute score
in [0, 1], a pairwise preference with the same protocol as the pairwise judge, and a short written critique
built only from what was measured. It is a critic, not a judge: its backend name is "offline-critic".
"""

from __future__ import annotations

import hashlib
import math

from critique_paint.reward.offline_features import CriticFeatures, compute_features
from critique_paint.reward.types import Comparison, JudgeResult, Reference, Verdict

__all__ = ["CriticFeatures", "MODEL_FEATURES", "OfflineCritic", "TERM_WEIGHTS", "score_features", "term_values"]

# Score = logistic of a Bradley-Terry linear model on standardised features, times a palette penalty and an
# empty-sheet gate. MODEL_FEATURES / MODEL_MEAN / MODEL_SCALE / TERM_WEIGHTS / MODEL_BIAS were fitted by
# `python benchmarks/critic_bench.py --fit`: pairwise logistic regression on feature differences of every
# love>okay, okay>rejected (weight 1) and love>rejected (weight 0.5) pair of the rated reference pool, L2 0.03,
# numpy gradient descent. The feature set was chosen by subject-split cross-validation on the same pool.
MODEL_FEATURES = ("depth", "granulation", "washed", "layering", "balance", "border_paint", "masses",
                  "hue_families")
MODEL_MEAN = {"depth": 0.4182, "granulation": 0.5806, "washed": 0.5424, "layering": 0.5687, "balance": 0.6909,
              "border_paint": 0.2643, "masses": 0.6462, "hue_families": 0.2756}
MODEL_SCALE = {"depth": 0.121, "granulation": 0.3563, "washed": 0.2346, "layering": 0.2108, "balance": 0.1829,
               "border_paint": 0.2599, "masses": 0.1109, "hue_families": 0.1103}
# Weights per standard deviation. Negative ones are conditional on the others: with the wash share held fixed,
# paint piled into the outer band, a coarse-only value structure and many scattered hue families all rated lower.
TERM_WEIGHTS = {"depth": 0.4305, "granulation": 0.7418, "washed": 0.5978, "layering": 0.1804, "balance": 0.2944,
                "border_paint": -0.6852, "masses": -0.4378, "hue_families": -0.2115}
MODEL_BIAS = 0.0  # centres the logistic on the pool's mean painting
GARISH_FULL = 0.05  # 5 % of the paint in neon counts as fully garish
CLASH_START, CLASH_SPAN = 0.25, 0.30  # opposing saturated hues start to count above 0.25 clash (two complementary
# families in a loved painting reach about 0.3; the clashing rejects run to 0.65)
PALETTE_PENALTY = 0.6  # a fully garish/clashing palette keeps only 40 % of the score
EMPTY_COVERAGE = 0.01  # below 1 % paint coverage the score fades linearly to zero
TIE_MARGIN = 0.01  # scores closer than this are a tie

# For each feature: (what the winner has when its value is higher, what it has when its value is lower).
TERM_REASONS = {
    "depth": ("deeper, more loaded passages of pigment", "lighter, more restrained pigment"),
    "granulation": ("textured, granulating washes instead of bare paper or flat fills", "quieter, smoother washes"),
    "washed": ("washes that carry across more of the sheet", "more untouched paper left to breathe"),
    "layering": ("more distinct layered values and hues", "simpler, more unified value steps"),
    "balance": ("a better balanced placement of the main masses", "a bolder off-centre placement"),
    "border_paint": ("ground washes that reach the edges of the sheet",
                     "a subject given room, without paint piled against the edges"),
    "masses": ("clearer large value masses", "more fine detail and variety inside the shapes"),
    "hue_families": ("a richer range of colour families", "a more unified palette of fewer colour families"),
    "palette": ("a calmer, less garish palette", "a calmer, less garish palette"),
}


def _clip(x: float) -> float:
    return min(1.0, max(0.0, x))


def standardised(f: CriticFeatures) -> dict[str, float]:
    """The model's features, centred and scaled by the pool statistics stored in MODEL_MEAN / MODEL_SCALE."""
    return {k: (getattr(f, k) - MODEL_MEAN[k]) / MODEL_SCALE[k] for k in MODEL_FEATURES}


def term_values(f: CriticFeatures) -> dict[str, float]:
    """Each model feature's standardised value (higher is better where its weight is positive) and the palette
    penalty in [0, 1] (higher is worse)."""
    t = standardised(f)
    t["palette"] = _clip(f.garish / GARISH_FULL + max(0.0, f.clash - CLASH_START) / CLASH_SPAN)
    return t


def score_features(f: CriticFeatures, weights: dict[str, float] | None = None) -> float:
    """Absolute score in [0, 1] from features (weights default to TERM_WEIGHTS)."""
    weights = TERM_WEIGHTS if weights is None else weights
    t = term_values(f)
    z = MODEL_BIAS + sum(w * t[k] for k, w in weights.items())
    quality = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))
    gate = _clip(f.coverage / EMPTY_COVERAGE)
    return _clip(quality * (1.0 - PALETTE_PENALTY * t["palette"]) * gate)


class OfflineCritic:
    """Deterministic image-statistics critic with a per-instance feature cache keyed by PNG hash."""

    name = "offline-critic"

    def __init__(self, cache_size: int = 256) -> None:
        self._cache: dict[str, CriticFeatures] = {}
        self._cache_size = cache_size

    def features(self, png: bytes) -> CriticFeatures:
        key = hashlib.sha256(png).hexdigest()
        hit = self._cache.get(key)
        if hit is None:
            hit = compute_features(png)
            if len(self._cache) >= self._cache_size:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = hit
        return hit

    def score(self, png: bytes) -> float:
        return score_features(self.features(png))

    def prefer(self, a_png: bytes, b_png: bytes) -> str | None:
        sa, sb = self.score(a_png), self.score(b_png)
        if abs(sa - sb) < TIE_MARGIN:
            return None
        return "a" if sa > sb else "b"

    def _reason(self, winner: CriticFeatures, loser: CriticFeatures, who: str) -> str:
        tw, tl = term_values(winner), term_values(loser)
        gains = {k: w * (tw[k] - tl[k]) for k, w in TERM_WEIGHTS.items()}
        gains["palette"] = 2.0 * (tl["palette"] - tw["palette"])
        ranked = [k for k, g in sorted(gains.items(), key=lambda kv: -kv[1]) if g > 0.05][:2]
        if not ranked:
            return f"The {who} is marginally stronger overall."
        phrases = [TERM_REASONS[k][0 if k == "palette" or tw[k] >= tl[k] else 1] for k in ranked]
        return f"The {who} has " + " and ".join(phrases) + "."

    def compare(self, candidate_png: bytes, references: list[Reference]) -> JudgeResult:
        result = JudgeResult(backend=self.name)
        fc = self.features(candidate_png)
        sc = score_features(fc)
        for ref in references:
            fr = self.features(ref.png)
            sr = score_features(fr)
            comp = Comparison(reference_id=ref.id, reference_tier=ref.tier)
            if abs(sc - sr) < TIE_MARGIN:
                reason = "The two paintings are too close to separate on pigment depth, washes and use of the canvas."
                comp.verdicts = [Verdict(order="candidate_first", winner="candidate", reason=reason),
                                 Verdict(order="reference_first", winner="reference", reason=reason)]
            else:
                winner = "candidate" if sc > sr else "reference"
                reason = self._reason(fc, fr, winner) if winner == "candidate" else self._reason(fr, fc, winner)
                comp.verdicts = [Verdict(order=order, winner=winner, reason=reason)
                                 for order in ("candidate_first", "reference_first")]
            result.comparisons.append(comp)
        return result

    def critique(self, png: bytes, subject: str | None = None) -> str:
        return write_critique(self.features(png), subject)


def write_critique(f: CriticFeatures, subject: str | None = None) -> str:
    """2-4 actionable sentences from the measured features; never scores or numbers."""
    thing = f"the {subject.strip().removeprefix('a ').removeprefix('an ')}" if subject else "the subject"
    issues: list[str] = []
    if f.coverage < 0.02:
        issues.append(f"The sheet is almost empty: paint {thing} large enough to fill the middle of the canvas "
                      "and lay a pale ground wash behind it.")
        issues.append("Build it in layers: a light first wash, then darker glazes where the shapes turn.")
        return " ".join(issues)
    if f.garish > 0.02:
        issues.append("The colours are neon and flat: mute them with lower opacity and a touch of their "
                      "complement, and let translucent washes overlap instead of solid fills.")
    elif f.clash > CLASH_START + 0.1:
        issues.append("Saturated opposing hues fight each other: pick one dominant colour family and keep its "
                      "complement for small accents.")
    if f.lower_third < 0.03:
        issues.append("The lower third is empty: anchor it with a ground wash or a shadow.")
    if f.upper_third < 0.03:
        issues.append("The top third is bare paper: carry a pale sky or background wash across it.")
    if f.granulation < 0.2 and f.coverage < 0.6:
        issues.append(f"The paper around {thing} is bare and the fills are flat: lay a loose, textured ground "
                      "wash with some fillTexture so the whole sheet reads as watercolour.")
    elif f.filled_cells < 0.5:
        issues.append("Large parts of the canvas carry no wash: extend soft background washes toward the edges.")
    if f.soft_edges < 0.7:
        issues.append(f"The edges of {thing} are hard and uniform: turn on fillBleed so the outer edges bleed, "
                      "and keep crisp edges only at the focal point.")
    elif f.hard_edges < 0.02:
        issues.append("Every edge is lost, so the forms dissolve: sharpen a few edges at the focal point.")
    if f.layering < 0.4:
        issues.append(f"The shapes of {thing} are one flat tone: glaze a darker layer at their bases and "
                      "let the lighter first wash show at the tips.")
    if f.accent < 0.3:
        issues.append("There are no darks: add a few small deep accents where shapes overlap or cast shadow.")
    elif f.accent < 0.45:
        issues.append("The values stay in a narrow middle range: push a few darks deeper to give the painting "
                      "contrast.")
    if f.mud > 0.3 and f.saturation < 0.25:
        issues.append("The overlaps have turned muddy: use fewer, cleaner glazes and let each dry colour stay "
                      "distinct.")
    if f.balance < 0.3:
        issues.append("The paint is crowded to one side: shift the main mass or counter it with a wash on the "
                      "other side.")
    if len(issues) < 2:
        extras = [
            f"The washes around {thing} are layered and the palette holds together; keep the lightest passages "
            "untouched paper.",
            "Vary the edges further: let one side of each shape melt into the ground and keep the other crisp.",
        ]
        issues.extend(extras[: 2 - len(issues)])
    return " ".join(issues[:4])
