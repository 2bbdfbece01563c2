"""The offline critic's terms: each feature scored by where it sits relative to the loved paintings.

A banded feature gives three terms: its value clipped to the love tier's middle half (quartiles; standardised,
the model may reward it either way but never past a typical loved painting), how far it falls below the love
tier's 5th percentile and how far it rises above its 95th (in pool standard deviations; these may only cost).
A cost feature (a fault: mud, murk, flat fill, neon, clash, a lone mark, scatter; or a pattern: mirror symmetry,
repetition, bands, rings, a lattice spectrum, one colour over the sheet, a hue turning round a centre) gives one
term, how far it rises above the love tier's 95th percentile (in standard deviations of everything fitted),
which may only cost. So no feature pays for going further than good paintings go, and the absence of a fault or
of a pattern earns nothing that a loved painting's share of it does not. A floored feature (a sign of depiction:
paint handled differently across the sheet, forms at several scales) gives one term, how far it falls below the
love tier's 1st percentile, which may only cost: a painting above every floor is scored as if floors did not exist.
"""

from __future__ import annotations

from critique_paint.reward.offline_features import CriticFeatures

FAULTS = ("mud", "mud_area", "murk", "flat_paint", "garish", "clash", "lone_mark", "scatter")
PATTERNS = ("symmetry", "repetition", "row_bands", "column_bands", "rings", "spectral_roughness", "dominant",
            "hue_turn")
COSTS = FAULTS + PATTERNS
BANDED = ("depth", "granulation", "washed", "filled_cells", "layering", "value_range", "darks", "accent",
          "hue_families", "subject_area", "spectral_slope", "mid_band", "figure", "figure_detail", "focal_detail",
          "detail_focus", "detail_spread")
FLOORED = ("handling_spread", "scale_variety")  # depiction: only falling below (almost) every loved painting costs
BELOW, ABOVE = "<", ">"  # suffixes of the out-of-band terms: "darks>" is how far darks rise above the band
QUANTILES = (0.05, 0.25, 0.75, 0.95)  # a banded feature's band: love 5th, 25th, 75th and 95th percentiles
FLOOR_QUANTILE = 0.01  # a floored feature's floor: the love tier's 1st percentile


def feature_value(f: CriticFeatures, name: str) -> float:
    """A feature by name; `scatter` is the share of painted cells outside the main mass."""
    return 1.0 - f.cohesion if name == "scatter" else float(getattr(f, name))


def term_names(banded=BANDED, costs=COSTS, floored=()) -> list[str]:
    return [t for k in banded for t in (k, k + BELOW, k + ABOVE)] + list(costs) + [k + BELOW for k in floored]


def cost_only(term: str) -> bool:
    """Terms whose weight the fit keeps at or below zero."""
    return term.endswith((BELOW, ABOVE)) or term in COSTS


def term_values(f: CriticFeatures, model: dict) -> dict[str, float]:
    """Every term of `model` for one painting."""
    out: dict[str, float] = {}
    for k in model["banded"]:
        v, (q05, q25, q75, q95), scale = feature_value(f, k), model["band"][k], model["scale"][k]
        out[k] = (min(q75, max(q25, v)) - model["mean"][k]) / scale
        out[k + BELOW] = max(0.0, q05 - v) / scale
        out[k + ABOVE] = max(0.0, v - q95) / scale
    for k in model["costs"]:
        out[k] = max(0.0, feature_value(f, k) - model["band"][k][-1]) / model["scale"][k]
    for k in model.get("floored", ()):
        out[k + BELOW] = max(0.0, model["band"][k][0] - feature_value(f, k)) / model["scale"][k]
    return out


def logit(f: CriticFeatures, model: dict) -> float:
    t = term_values(f, model)
    return model["bias"] + sum(w * t[k] for k, w in model["weights"].items())
