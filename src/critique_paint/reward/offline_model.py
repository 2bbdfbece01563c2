"""Fitted offline-critic model, written by `python benchmarks/critic_fit.py` on 2026-11-30; do not edit by hand."""

MODEL = {
    "features": [
        "depth",
        "granulation",
        "washed",
        "layering",
        "balance",
        "subject_area",
        "lone_mark",
        "cohesion",
        "mud",
        "mud_area",
        "flat_paint",
        "soft_edges",
        "hue_families",
        "accent"
    ],
    "mean": {
        "depth": 0.42284,
        "granulation": 0.5806,
        "washed": 0.57238,
        "layering": 0.56874,
        "balance": 0.71018,
        "subject_area": 0.9302,
        "lone_mark": 0.04603,
        "cohesion": 0.8714,
        "mud": 0.08969,
        "mud_area": 0.04545,
        "flat_paint": 0.02991,
        "soft_edges": 0.78599,
        "hue_families": 0.27511,
        "accent": 0.42256
    },
    "scale": {
        "depth": 0.12215,
        "granulation": 0.35631,
        "washed": 0.2576,
        "layering": 0.21075,
        "balance": 0.1816,
        "subject_area": 0.20714,
        "lone_mark": 0.17671,
        "cohesion": 0.2025,
        "mud": 0.11982,
        "mud_area": 0.07275,
        "flat_paint": 0.06857,
        "soft_edges": 0.10052,
        "hue_families": 0.11061,
        "accent": 0.13214
    },
    "weights": {
        "depth": 0.18405,
        "granulation": 0.37611,
        "washed": 0.17196,
        "layering": 0.26675,
        "balance": 0.08081,
        "subject_area": 0.13322,
        "lone_mark": -0.289,
        "cohesion": -0.13096,
        "mud": -0.48819,
        "mud_area": 0.0243,
        "flat_paint": -0.469,
        "soft_edges": 0.12099,
        "hue_families": -0.10194,
        "accent": 0.14341
    },
    "bias": -0.26907,
    "fit": {
        "C": 0.001,
        "cv_log_loss": 0.2874,
        "pairs": 18021,
        "pool": 156,
        "tricks": 70
    }
}
