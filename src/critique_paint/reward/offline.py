"""Offline critic: the embedded default reward when no vision judge or HPSv3 service is configured.

Deterministic numpy statistics of the rendered PNG composited over its paper (`offline_features`, with the
pattern statistics of `offline_structure`), combined into an absolute score in [0, 1], a pairwise preference
with the same protocol as the pairwise judge, and a short written critique in which every claim about the
painting is a measurement past a stated threshold (`critique_claims`). It is a critic, not a judge: its
backend name is "offline-critic".

Score = logistic(bias + sum of weight x term) x empty-sheet fade, where each feature is scored by where it sits
relative to the love tier's band (`offline_terms`: inside is bounded, outside only costs; faults only cost; the
depiction floors cost only below almost every loved painting).
The model (bands, pool mean and spread, weights, bias) lives in `offline_model.py`, written by
`python benchmarks/critic_fit.py`: sign-constrained pairwise logistic regression on the rated pool plus
procedurally generated cheap tricks and patterns, and the floors' weights on the reward attack's finds. It is a
smoke-test reward: image statistics alone can be gamed by a policy that finds a pattern inside every band.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass

from critique_paint.reward.offline_features import CriticFeatures, compute_features
from critique_paint.reward.offline_model import MODEL
from critique_paint.reward.offline_terms import ABOVE, BELOW, logit, term_values
from critique_paint.reward.types import Comparison, JudgeResult, Reference, Verdict

__all__ = ["MODEL", "SUBJECT_UNREAD", "Claim", "CriticFeatures", "OfflineCritic", "critique_claims", "score_features",
           "term_values", "write_critique"]

CLASH_START = 0.25  # opposing saturated hues start to count above 0.25 clash
EMPTY_COVERAGE = 0.01  # below 1 % paint coverage the score fades linearly to zero
TIE_MARGIN = 0.01  # scores closer than this are a tie (0.5)

# For each feature: (what the winner has when its value is higher, what it has when its value is lower).
TERM_REASONS = {
    "depth": ("deeper, more loaded passages of pigment", "lighter, more restrained pigment"),
    "granulation": ("textured, granulating washes instead of bare paper or flat fills", "quieter, smoother washes"),
    "washed": ("washes that carry across more of the sheet", "more untouched paper left to breathe"),
    "layering": ("more distinct layered values and hues", "simpler, more unified value steps"),
    "balance": ("a better balanced placement of the main masses", "a bolder off-centre placement"),
    "subject_area": ("a main form large enough to carry the subject", "a more contained main form"),
    "lone_mark": ("a more contained use of the sheet", "more than a lone small mark on the sheet"),
    "cohesion": ("paint gathered into one readable form", "passages spread across the sheet"),
    "mud": ("deeper neutral passages", "cleaner glazes without mud"),
    "mud_area": ("more neutral shadow", "less muddy over-painting"),
    "flat_paint": ("calmer, smoother passages", "fewer flat, untextured fills"),
    "soft_edges": ("softer, bleeding edges", "crisper edges"),
    "hue_families": ("a richer range of colour families", "a more unified palette of fewer colour families"),
    "accent": ("stronger value accents", "a gentler value range"),
    "value_range": ("a wider range of values", "a narrower, quieter range of values"),
    "darks": ("more deep darks", "fewer heavy darks"),
    "filled_cells": ("washes reaching more of the canvas", "more of the canvas left open"),
    "coverage": ("more of the sheet painted", "more paper left white"),
    "garish": ("bolder, brighter colour", "a calmer palette without neon"),
    "clash": ("bolder contrasting hues", "hues that hold together"),
    "focal_detail": ("sharper focal detail", "softer, quieter detail"),
    "detail_focus": ("detail gathered where it matters, with calm washes around it", "detail carried more evenly "
                     "across the sheet"),
    "detail_spread": ("detail carried across more of the sheet", "detail gathered around one centre of interest"),
    "murk": ("deeper neutral browns in the main form", "cleaner colour in the main form"),
    "scatter": ("passages spread across the sheet", "paint gathered into one readable form"),
    "symmetry": ("a more formal, mirrored arrangement", "a less mechanical, unmirrored arrangement"),
    "repetition": ("more repeated motifs", "fewer mechanically repeated marks"),
    "row_bands": ("stronger horizontal bands", "forms that break the horizontal bands"),
    "column_bands": ("stronger vertical bands", "forms that break the vertical bands"),
    "rings": ("stronger concentric rings", "forms that are not mere rings"),
    "spectral_slope": ("broader, softer masses", "crisper small detail"),
    "spectral_roughness": ("a more regular texture", "detail that varies in scale like painted forms"),
    "mid_band": ("more marks of one middling size", "marks that vary in size"),
    "figure": ("a clearer form standing on its ground", "a quieter, more unified ground"),
    "figure_detail": ("detail gathered in the main form", "detail spread over the ground"),
    "dominant": ("one colour covering more of the sheet", "a sheet not swamped by one colour"),
    "hue_turn": ("hues running round the colour wheel", "colour placed by the subject, not by a turn of the wheel"),
    "handling_spread": ("soft washes in one place and crisp detail in another", "edges handled alike across the sheet"),
    "scale_variety": ("a ground, a main form and small detail, each at its own scale", "fewer scales of form"),
}


def _clip(x: float) -> float:
    return min(1.0, max(0.0, x))


def score_features(f: CriticFeatures, model: dict | None = None) -> float:
    """Absolute score in [0, 1] from features (model defaults to the shipped MODEL)."""
    z = logit(f, model or MODEL)
    quality = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))
    return _clip(quality * _clip(f.coverage / EMPTY_COVERAGE))


def _phrase(term: str, term_higher: bool) -> str:
    """The winner's side of a term: a larger shortfall below the band is a lower value."""
    base = term.rstrip(BELOW + ABOVE)
    value_higher = not term_higher if term.endswith(BELOW) else term_higher
    return TERM_REASONS.get(base, (base, base))[0 if value_higher else 1]


class OfflineCritic:
    """Deterministic image-statistics critic with a per-instance feature cache keyed by PNG and source hash."""

    name = "offline-critic"

    def __init__(self, cache_size: int = 256) -> None:
        self._cache: dict[str, CriticFeatures] = {}
        self._cache_size = cache_size

    def features(self, png: bytes, source: str | None = None) -> CriticFeatures:
        key = hashlib.sha256(png + b"\0" + (source or "").encode("utf-8", "replace")).hexdigest()
        hit = self._cache.get(key)
        if hit is None:
            hit = compute_features(png, source)
            if len(self._cache) >= self._cache_size:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = hit
        return hit

    def score(self, png: bytes, source: str | None = None) -> float:
        return score_features(self.features(png, source))

    def prefer(self, a_png: bytes, b_png: bytes) -> str | None:
        sa, sb = self.score(a_png), self.score(b_png)
        if abs(sa - sb) < TIE_MARGIN:
            return None
        return "a" if sa > sb else "b"

    def _reason(self, winner: CriticFeatures, loser: CriticFeatures, who: str) -> str:
        tw, tl = term_values(winner, MODEL), term_values(loser, MODEL)
        gains = {k: w * (tw[k] - tl[k]) for k, w in MODEL["weights"].items()}
        ranked = [k for k, g in sorted(gains.items(), key=lambda kv: -kv[1]) if g > 0.05][:2]
        if not ranked:
            return f"The {who} is marginally stronger overall."
        phrases = list(dict.fromkeys(_phrase(k, tw[k] >= tl[k]) for k in ranked))
        return f"The {who} has " + " and ".join(phrases) + "."

    def compare(self, candidate_png: bytes, references: list[Reference], subject: str | None = None,
                source: str | None = None) -> JudgeResult:
        """Same protocol as the pairwise judge. The critic cannot see the subject; it is accepted for symmetry."""
        result = JudgeResult(backend=self.name)
        fc = self.features(candidate_png, source)
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

    def critique(self, png: bytes, subject: str | None = None, source: str | None = None) -> str:
        return write_critique(self.features(png, source), subject, source)


# Claim thresholds: a claim is made only when its measurement passes the threshold.
EMPTY_WASHED = 0.02  # under 2 % of the sheet carries any wash: the sheet is empty
SUBJECT_TOO_SMALL = 0.35  # largest painted mass under 35 % of a subject-sized area (about 4 % of the sheet)
SCATTERED = 0.5  # under half the painted cells in the largest mass: scattered marks
BARE_THIRD = 0.05  # under 5 % of a third carries any wash: that third is bare paper
CROWDED_OFFSET = 0.2  # paint's centre of mass over 0.2 of the sheet from the centre ...
CROWDED_SHARE = 0.75  # ... and three quarters of the paint in one half: crowded to that side
MUDDY_SHARE, MUDDY_AREA = 0.45, 0.03  # 45 % of the paint muddy (pool loves reach 0.43), over 3 % of the sheet
FLAT_SHARE = 0.35  # over a third of the paint without texture or value change: flat fills
HARD_EDGES = 0.7  # under 70 % of edges soft: hard edges
LOST_EDGES = 0.02  # under 2 % of pixels on a crisp step: every edge lost
FEW_VALUES = 0.3  # layering under 0.3 (entropy 1.2): few distinct values
NO_DARKS, NARROW_VALUES = 0.3, 0.45  # strongest accent depth
GARISH_CLAIM = 0.02
CLASH_CLAIM = CLASH_START + 0.1


SUBJECT_UNREAD = frozenset({"empty", "subject_small", "scattered"})  # claims saying the subject does not read


@dataclass(frozen=True)
class Claim:
    key: str  # what is claimed, e.g. "top_bare"
    text: str


def _thing(subject: str | None) -> str:
    if not subject:
        return "the subject"
    s = subject.strip()
    for article in ("a ", "an ", "the "):
        s = s.removeprefix(article)
    return f"the {s}"


def _bleeds(source: str | None) -> bool:
    """True when the sketch already calls fillBleed with an amount above zero."""
    return any(float(m) > 0 for m in _BLEED_CALL.findall(source or ""))


_BLEED_CALL = re.compile(r"\bfillBleed\s*\(\s*([0-9]*\.?[0-9]+)")


def critique_claims(f: CriticFeatures, subject: str | None = None, source: str | None = None) -> list[Claim]:
    """Every claim the measurements support, most important first; `source` lets advice fit what the sketch does."""
    thing = _thing(subject)
    out: list[Claim] = []
    if f.washed < EMPTY_WASHED:
        out.append(Claim("empty", f"The sheet is almost empty, so nothing reads as {thing}: paint {thing} large "
                                  "enough to fill the middle of the canvas and lay a pale ground wash behind it."))
    elif f.subject_area < SUBJECT_TOO_SMALL:
        out.append(Claim("subject_small", f"The painted marks are too small to read as {thing}: build {thing} as one "
                                          "connected form that fills a good part of the sheet."))
    elif f.cohesion < SCATTERED:
        out.append(Claim("scattered", f"The paint is scattered in separate small marks, so nothing holds together "
                                      f"as {thing}: gather it into one main form with a few supporting washes."))
    if f.garish > GARISH_CLAIM:
        out.append(Claim("garish", "The colours are neon and flat: mute them with lower opacity and a touch of their "
                                   "complement, and let translucent washes overlap instead of solid fills."))
    elif f.clash > CLASH_CLAIM:
        out.append(Claim("clash", "Saturated opposing hues fight each other: pick one dominant colour family and keep "
                                  "its complement for small accents."))
    if f.mud > MUDDY_SHARE and f.mud_area > MUDDY_AREA:
        out.append(Claim("muddy", "The overlapping glazes have turned muddy and grey: use fewer, cleaner glazes and "
                                  "let each layer dry so its colour stays distinct."))
    if f.flat_paint > FLAT_SHARE:
        out.append(Claim("flat", "Large areas are one flat, untextured tone: break them up with fillTexture, a "
                                 "second glaze and softer bleeding edges."))
    if f.washed >= EMPTY_WASHED:
        if f.upper_third < BARE_THIRD:
            out.append(Claim("top_bare", "The top third is bare paper: carry a pale sky or background wash across it."))
        if f.lower_third < BARE_THIRD:
            out.append(Claim("bottom_bare", "The lower third is empty: anchor it with a ground wash or a shadow."))
        side = _crowded_side(f)
        if side:
            out.append(Claim("crowded_side", f"The paint is crowded to the {side}: shift the main mass or counter it "
                                             "with a wash on the other side."))
        if f.soft_edges < HARD_EDGES:
            advice = ("raise fillBleed where the forms meet the ground" if _bleeds(source)
                      else "turn on fillBleed so the outer edges bleed")
            out.append(Claim("hard_edges", f"The edges of {thing} are hard and uniform: {advice}, and keep crisp "
                                           "edges only at the focal point."))
        elif f.hard_edges < LOST_EDGES:
            out.append(Claim("lost_edges", "Every edge is lost, so the forms dissolve: sharpen a few edges at the "
                                           "focal point."))
        if f.layering < FEW_VALUES:
            out.append(Claim("few_values", f"The shapes of {thing} stay in one or two tones: glaze a darker layer "
                                           "where the forms turn and let the first wash show at the lights."))
        if f.accent < NO_DARKS:
            out.append(Claim("no_darks", "There are no darks: add a few small deep accents where shapes overlap or "
                                         "cast shadow."))
        elif f.accent < NARROW_VALUES:
            out.append(Claim("narrow_values", "The values stay in a narrow middle range: push a few darks deeper to "
                                              "give the painting contrast."))
    return out


def _crowded_side(f: CriticFeatures) -> str | None:
    """Left or right only: a sky or ground wash legitimately weighs a painting to the top or bottom."""
    if abs(f.centre_x - 0.5) > CROWDED_OFFSET and max(f.left_half, 1 - f.left_half) > CROWDED_SHARE:
        return "left" if f.left_half > 0.5 else "right"
    return None


def write_critique(f: CriticFeatures, subject: str | None = None, source: str | None = None) -> str:
    """2-4 actionable sentences, each backed by a measured claim; never scores, numbers or references."""
    sentences = [c.text for c in critique_claims(f, subject, source)][:4]
    if len(sentences) < 2:
        sentences.append("Vary the edges further: let one side of each shape melt into the ground and keep the "
                         "other crisp.")
    if len(sentences) < 2:
        sentences.append("Keep the lightest passages untouched paper and glaze the darks in two or three layers.")
    return " ".join(sentences)
