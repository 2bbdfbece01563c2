"""Fitted offline-critic model, written by `python benchmarks/critic_fit.py` on 2026-12-01; do not edit by hand."""

MODEL = {
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
        "dominant"
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
        "mud": 0.11403,
        "mud_area": 0.05051,
        "murk": 0.00262,
        "flat_paint": 0.06717,
        "garish": 0.01493,
        "clash": 0.05401,
        "lone_mark": 0.15098,
        "scatter": 0.16553,
        "symmetry": 0.24941,
        "repetition": 0.10836,
        "row_bands": 0.3077,
        "column_bands": 0.17652,
        "rings": 0.34047,
        "spectral_roughness": 0.25641,
        "dominant": 0.50375
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
        "mud": 0.1707,
        "mud_area": 0.08921,
        "murk": 0.01157,
        "flat_paint": 0.15454,
        "garish": 0.06056,
        "clash": 0.12061,
        "lone_mark": 0.34391,
        "scatter": 0.26328,
        "symmetry": 0.25491,
        "repetition": 0.12486,
        "row_bands": 0.20718,
        "column_bands": 0.12626,
        "rings": 0.24599,
        "spectral_roughness": 0.11287,
        "dominant": 0.2693
    },
    "weights": {
        "depth": 0.35395,
        "depth<": -0.23734,
        "depth>": -0.01116,
        "granulation": -0.33261,
        "granulation<": -0.9966,
        "washed": 1.15688,
        "washed<": -0.03286,
        "washed>": -0.05519,
        "filled_cells": 0.02735,
        "layering": 0.07407,
        "layering>": -0.08158,
        "value_range": 0.36099,
        "value_range>": -0.01123,
        "darks": 0.74314,
        "darks<": -0.18668,
        "darks>": -0.36704,
        "accent": 0.77883,
        "accent<": -0.63226,
        "hue_families": 0.34392,
        "hue_families<": -0.80449,
        "hue_families>": -0.69219,
        "subject_area<": -0.38543,
        "spectral_slope": 0.11142,
        "spectral_slope<": -0.2723,
        "mid_band": 0.30783,
        "mid_band<": -0.87556,
        "mid_band>": -1.43953,
        "figure": -0.22821,
        "figure<": -0.82697,
        "figure>": -0.71685,
        "figure_detail": 0.49162,
        "figure_detail<": -0.48239,
        "figure_detail>": -0.16108,
        "focal_detail": 0.60378,
        "focal_detail<": -1.60658,
        "detail_focus": 0.34388,
        "detail_focus<": -3.24307,
        "detail_spread": -1.37559,
        "detail_spread<": -0.75645,
        "detail_spread>": -1.37696,
        "mud": -0.50996,
        "mud_area": -0.07086,
        "murk": -1.55914,
        "flat_paint": -1.72123,
        "garish": -0.04917,
        "lone_mark": -0.1427,
        "scatter": -0.29172,
        "symmetry": -0.71174,
        "repetition": -0.53285,
        "row_bands": -0.08363,
        "column_bands": -0.57593,
        "spectral_roughness": -0.46186,
        "dominant": -1.08149
    },
    "bias": 0.59242,
    "fit": {
        "C": 316.2277660168379,
        "pairs": 53533,
        "pool": 229,
        "generated": 166,
        "cv_log_loss": 0.549
    }
}
