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
        "dominant",
        "hue_turn"
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
            0.01135,
            0.03509,
            0.09911,
            0.21838
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
        "hue_turn": 0.05399
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
        "hue_turn": 0.07219
    },
    "weights": {
        "depth": 0.02143,
        "depth<": -0.39946,
        "granulation": -0.44125,
        "granulation<": -1.39028,
        "granulation>": -0.13035,
        "washed": 1.5032,
        "washed>": -0.03525,
        "filled_cells": -0.09932,
        "layering": -0.04004,
        "layering>": -0.32975,
        "value_range": 0.0662,
        "value_range>": -0.02401,
        "darks": 1.15375,
        "darks<": -0.55848,
        "darks>": -0.55834,
        "accent": 1.10743,
        "accent<": -0.49534,
        "hue_families": 0.44448,
        "hue_families<": -0.90861,
        "hue_families>": -0.87766,
        "subject_area<": -0.22688,
        "spectral_slope": 0.2345,
        "spectral_slope<": -0.46741,
        "mid_band": 0.2285,
        "mid_band<": -1.41154,
        "mid_band>": -2.29475,
        "figure": -0.46341,
        "figure<": -1.84255,
        "figure>": -0.91355,
        "figure_detail": 0.53992,
        "figure_detail<": -0.76286,
        "figure_detail>": -0.10033,
        "focal_detail": 0.69245,
        "focal_detail<": -1.97021,
        "detail_focus": 0.13017,
        "detail_focus<": -5.0261,
        "detail_spread": -1.34066,
        "detail_spread<": -0.80576,
        "detail_spread>": -1.89109,
        "mud": -1.20808,
        "murk": -1.75663,
        "flat_paint": -2.08541,
        "lone_mark": -0.03762,
        "scatter": -0.39421,
        "symmetry": -0.58319,
        "repetition": -0.64529,
        "row_bands": -0.13433,
        "column_bands": -0.78638,
        "spectral_roughness": -0.38452,
        "dominant": -1.45689,
        "hue_turn": -1.62896
    },
    "bias": 0.80906,
    "fit": {
        "C": 1000.0,
        "pairs": 55365,
        "pool": 229,
        "generated": 174,
        "cv_log_loss": 0.5686
    }
}
