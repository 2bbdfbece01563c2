"""Fitted offline-critic model, written by `python benchmarks/critic_fit.py` on 2026-12-05; do not edit by hand."""

from typing import Any

MODEL: dict[str, Any] = {
    "banded": [
        "depth",
        "granulation",
        "washed",
        "filled_cells",
        "layering",
        "value_range",
        "darks",
        "accent",
        "hue_families",
        "subject_area",
        "spectral_slope",
        "mid_band",
        "figure",
        "figure_detail",
        "focal_detail",
        "detail_focus",
        "detail_spread"
    ],
    "costs": [
        "mud",
        "mud_area",
        "murk",
        "flat_paint",
        "garish",
        "clash",
        "lone_mark",
        "scatter",
        "symmetry",
        "repetition",
        "row_bands",
        "column_bands",
        "rings",
        "spectral_roughness",
        "dominant",
        "hue_turn"
    ],
    "floored": [
        "handling_spread",
        "scale_variety"
    ],
    "band": {
        "depth": [
            0.3995,
            0.4997,
            0.68363,
            0.79262
        ],
        "granulation": [
            0.11495,
            0.17539,
            0.39069,
            0.7311
        ],
        "washed": [
            0.3977,
            0.55573,
            0.86787,
            0.98352
        ],
        "filled_cells": [
            0.552,
            0.68,
            0.96,
            1.0
        ],
        "layering": [
            0.38765,
            0.49381,
            0.66824,
            0.76878
        ],
        "value_range": [
            0.29203,
            0.41013,
            0.63044,
            0.76174
        ],
        "darks": [
            0.00724,
            0.04453,
            0.2016,
            0.42108
        ],
        "accent": [
            0.39814,
            0.51035,
            0.71814,
            0.82452
        ],
        "hue_families": [
            0.16667,
            0.25,
            0.33333,
            0.5
        ],
        "subject_area": [
            1.0,
            1.0,
            1.0,
            1.0
        ],
        "spectral_slope": [
            -3.26314,
            -3.04325,
            -2.78437,
            -2.63152
        ],
        "mid_band": [
            0.09097,
            0.16278,
            0.36551,
            0.49504
        ],
        "figure": [
            0.05311,
            0.09778,
            0.18778,
            0.27733
        ],
        "figure_detail": [
            0.10667,
            0.21024,
            0.47013,
            0.65754
        ],
        "focal_detail": [
            5.27221,
            6.38009,
            10.43619,
            14.97851
        ],
        "detail_focus": [
            0.27803,
            0.33385,
            0.46167,
            0.5233
        ],
        "detail_spread": [
            0.30012,
            0.32936,
            0.37521,
            0.39743
        ],
        "mud": [
            0.00901,
            0.05981,
            0.36563,
            0.59134
        ],
        "mud_area": [
            0.00297,
            0.02671,
            0.20253,
            0.33195
        ],
        "murk": [
            0.0,
            0.0,
            0.0,
            0.00511
        ],
        "flat_paint": [
            0.00114,
            0.00699,
            0.0247,
            0.05274
        ],
        "garish": [
            0.0,
            0.0,
            0.00131,
            0.10006
        ],
        "clash": [
            0.00169,
            0.01009,
            0.11516,
            0.5095
        ],
        "lone_mark": [
            0.0,
            0.0,
            0.0,
            0.0
        ],
        "scatter": [
            0.0,
            0.0,
            0.06345,
            0.35078
        ],
        "symmetry": [
            -0.06861,
            0.01745,
            0.2603,
            0.51521
        ],
        "repetition": [
            0.00446,
            0.04085,
            0.15758,
            0.28911
        ],
        "row_bands": [
            0.12986,
            0.22187,
            0.58333,
            0.82323
        ],
        "column_bands": [
            0.01816,
            0.06199,
            0.18581,
            0.33827
        ],
        "rings": [
            0.08063,
            0.1351,
            0.34305,
            0.45815
        ],
        "spectral_roughness": [
            0.14168,
            0.17259,
            0.25627,
            0.32839
        ],
        "dominant": [
            0.10868,
            0.16404,
            0.4356,
            0.59668
        ],
        "hue_turn": [
            0.00964,
            0.02352,
            0.09424,
            0.17928
        ],
        "handling_spread": [
            0.37535
        ],
        "scale_variety": [
            1.32778
        ]
    },
    "mean": {
        "depth": 0.47235,
        "granulation": 0.2176,
        "washed": 0.61682,
        "filled_cells": 0.71528,
        "layering": 0.45623,
        "value_range": 0.36645,
        "darks": 0.06406,
        "accent": 0.47325,
        "hue_families": 0.27365,
        "subject_area": 0.93959,
        "spectral_slope": -2.79928,
        "mid_band": 0.29046,
        "figure": 0.14419,
        "figure_detail": 0.38807,
        "focal_detail": 6.60016,
        "detail_focus": 0.4506,
        "detail_spread": 0.33189,
        "mud": 0.11177,
        "mud_area": 0.0495,
        "murk": 0.00257,
        "flat_paint": 0.06721,
        "garish": 0.01464,
        "clash": 0.05345,
        "lone_mark": 0.14799,
        "scatter": 0.16438,
        "symmetry": 0.24934,
        "repetition": 0.10776,
        "row_bands": 0.30704,
        "column_bands": 0.17701,
        "rings": 0.3409,
        "spectral_roughness": 0.25521,
        "dominant": 0.50438,
        "hue_turn": 0.05701,
        "handling_spread": 0.61909,
        "scale_variety": 1.80398
    },
    "scale": {
        "depth": 0.15082,
        "granulation": 0.17305,
        "washed": 0.25321,
        "filled_cells": 0.25521,
        "layering": 0.1691,
        "value_range": 0.17287,
        "darks": 0.10023,
        "accent": 0.16289,
        "hue_families": 0.11212,
        "subject_area": 0.19364,
        "spectral_slope": 0.272,
        "mid_band": 0.12234,
        "figure": 0.08371,
        "figure_detail": 0.1983,
        "focal_detail": 2.87431,
        "detail_focus": 0.13226,
        "detail_spread": 0.05267,
        "mud": 0.16974,
        "mud_area": 0.0886,
        "murk": 0.01146,
        "flat_paint": 0.1534,
        "garish": 0.05999,
        "clash": 0.11966,
        "lone_mark": 0.34113,
        "scatter": 0.26272,
        "symmetry": 0.25317,
        "repetition": 0.12426,
        "row_bands": 0.20615,
        "column_bands": 0.12562,
        "rings": 0.2443,
        "spectral_roughness": 0.11226,
        "dominant": 0.2683,
        "hue_turn": 0.07953,
        "handling_spread": 0.173,
        "scale_variety": 0.48019
    },
    "weights": {
        "depth": 0.06746,
        "depth<": -0.34326,
        "depth>": -0.03488,
        "granulation": -0.4509,
        "granulation<": -1.47299,
        "granulation>": -0.11231,
        "washed": 1.48556,
        "washed>": -0.03851,
        "filled_cells": -0.10214,
        "layering": 0.04007,
        "layering>": -0.30937,
        "value_range": 0.06032,
        "value_range>": -0.02828,
        "darks": 1.07619,
        "darks<": -0.57023,
        "darks>": -0.53589,
        "accent": 1.04245,
        "accent<": -0.51617,
        "hue_families": 0.46943,
        "hue_families<": -0.96139,
        "hue_families>": -0.88448,
        "subject_area<": -0.23116,
        "spectral_slope": 0.19148,
        "spectral_slope<": -0.4725,
        "mid_band": 0.21844,
        "mid_band<": -1.33005,
        "mid_band>": -2.29504,
        "figure": -0.47366,
        "figure<": -1.75065,
        "figure>": -0.91288,
        "figure_detail": 0.51457,
        "figure_detail<": -0.65895,
        "figure_detail>": -0.05657,
        "focal_detail": 0.72261,
        "focal_detail<": -1.92091,
        "detail_focus": 0.14674,
        "detail_focus<": -4.97392,
        "detail_spread": -1.41786,
        "detail_spread<": -0.80754,
        "detail_spread>": -1.9123,
        "mud": -1.2142,
        "murk": -1.76006,
        "flat_paint": -2.01237,
        "lone_mark": -0.03332,
        "scatter": -0.40206,
        "symmetry": -0.60254,
        "repetition": -0.64555,
        "row_bands": -0.16246,
        "column_bands": -0.77358,
        "spectral_roughness": -0.38819,
        "dominant": -1.48413,
        "hue_turn": -1.45193,
        "handling_spread<": -1.96344,
        "scale_variety<": -0.56674
    },
    "bias": 0.79292,
    "fit": {
        "C": 1000.0,
        "pairs": 55365,
        "pool": 229,
        "generated": 174,
        "cv_log_loss": 0.5489,
        "attack_negatives": 87
    }
}
