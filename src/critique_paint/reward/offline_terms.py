"""The offline critic's terms: each feature scored by where it sits relative to the loved paintings.

A banded feature gives three terms: its value clipped to the band the love tier occupies (standardised; the
model may reward it either way, but never beyond the band), how far it falls below the band and how far it
rises above it (in pool standard deviations; the model may only charge for these). A cost feature (mud,
murk, flat fill, neon, clash, a lone mark, scatter) gives one term, how far it rises above the most the love
tier shows (in standard deviations of everything fitted), which may only cost. So no feature pays for going
further than good paintings go, and the absence of a fault earns nothing a loved painting's faults do not.
"""

from __future__ import annotations

from critique_paint.reward.offline_features import CriticFeatures

COSTS = ("mud", "mud_area", "murk", "flat_paint", "garish", "clash", "lone_mark", "scatter")
BANDED = ("depth", "granulation", "washed", "filled_cells", "layering", "value_range", "darks", "accent",
          "hue_families", "subject_area", "symmetry", "repetition", "row_bands", "column_bands", "rings",
          "spectral_slope", "spectral_roughness", "mid_band", "figure", "figure_detail", "dominant", "focal_detail")
BELOW, ABOVE = "<", ">"  # suffixes of the out-of-band terms: "darks>" is how far darks rise above the band


def feature_value(f: CriticFeatures, name: str) -> float:
    """A feature by name; `scatter` is the share of painted cells outside the main mass."""
    return 1.0 - f.cohesion if name == "scatter" else float(getattr(f, name))


def term_names(banded=BANDED, costs=COSTS) -> list[str]:
    return [t for k in banded for t in (k, k + BELOW, k + ABOVE)] + list(costs)


def cost_only(term: str) -> bool:
    """Terms whose weight the fit keeps at or below zero."""
    return term.endswith((BELOW, ABOVE)) or term in COSTS


def term_values(f: CriticFeatures, model: dict) -> dict[str, float]:
    """Every term of `model` for one painting."""
    out: dict[str, float] = {}
    for k in model["banded"]:
        v, (lo, hi), mean, scale = feature_value(f, k), model["band"][k], model["mean"][k], model["scale"][k]
        out[k] = (min(hi, max(lo, v)) - mean) / scale
        out[k + BELOW] = max(0.0, lo - v) / scale
        out[k + ABOVE] = max(0.0, v - hi) / scale
    for k in model["costs"]:
        out[k] = max(0.0, feature_value(f, k) - model["band"][k][1]) / model["scale"][k]
    return out


def logit(f: CriticFeatures, model: dict) -> float:
    t = term_values(f, model)
    return model["bias"] + sum(w * t[k] for k, w in model["weights"].items())
