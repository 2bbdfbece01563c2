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
        "focal_detail"
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
        "depth": 0.14072,
        "depth<": -0.29837,
        "depth>": -0.02967,
        "granulation": -1.18339,
        "granulation<": -0.98662,
        "granulation>": -0.02365,
        "washed": 0.84932,
        "washed<": -0.24095,
        "washed>": -0.10122,
        "filled_cells": -0.24119,
        "layering": 0.21234,
        "layering<": -0.32159,
        "layering>": -0.11276,
        "value_range": 0.49394,
        "value_range>": -0.0033,
        "darks": 0.70107,
        "darks<": -0.15257,
        "darks>": -0.35101,
        "accent": 0.7177,
        "accent<": -0.4179,
        "accent>": -0.00377,
        "hue_families": 0.24657,
        "hue_families<": -0.47847,
        "hue_families>": -0.41372,
        "subject_area<": -0.11086,
        "spectral_slope": 0.08537,
        "spectral_slope<": -0.26826,
        "mid_band": 0.1755,
        "mid_band<": -0.89911,
        "mid_band>": -1.45155,
        "figure": -0.08909,
        "figure<": -1.08624,
        "figure>": -0.33805,
        "figure_detail": 0.3651,
        "figure_detail<": -1.0158,
        "figure_detail>": -0.49769,
        "focal_detail": 0.58607,
        "focal_detail<": -1.62145,
        "mud": -0.40696,
        "mud_area": -0.02712,
        "murk": -1.32134,
        "flat_paint": -1.66607,
        "garish": -0.16106,
        "lone_mark": -0.27732,
        "scatter": -0.53274,
        "symmetry": -0.53028,
        "repetition": -0.44679,
        "row_bands": -0.02609,
        "column_bands": -0.60197,
        "spectral_roughness": -0.42838,
        "dominant": -1.09823
    },
    "bias": 0.13708,
    "fit": {
        "C": 316.2277660168379,
        "pairs": 53533,
        "pool": 229,
        "generated": 166,
        "cv_log_loss": 0.4569
    }
}
