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
        "symmetry",
        "repetition",
        "row_bands",
        "column_bands",
        "rings",
        "spectral_slope",
        "spectral_roughness",
        "mid_band",
        "figure",
        "figure_detail",
        "dominant",
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
        "scatter"
    ],
    "band": {
        "depth": [
            0.3995,
            0.79262
        ],
        "granulation": [
            0.11495,
            0.7311
        ],
        "washed": [
            0.3977,
            0.98352
        ],
        "filled_cells": [
            0.552,
            1.0
        ],
        "layering": [
            0.38765,
            0.76878
        ],
        "value_range": [
            0.29203,
            0.76174
        ],
        "darks": [
            0.00724,
            0.42108
        ],
        "accent": [
            0.39814,
            0.82452
        ],
        "hue_families": [
            0.16667,
            0.5
        ],
        "subject_area": [
            1.0,
            1.0
        ],
        "symmetry": [
            -0.06861,
            0.51521
        ],
        "repetition": [
            0.00446,
            0.28911
        ],
        "row_bands": [
            0.12986,
            0.82323
        ],
        "column_bands": [
            0.01816,
            0.33827
        ],
        "rings": [
            0.08063,
            0.45815
        ],
        "spectral_slope": [
            -3.26314,
            -2.63152
        ],
        "spectral_roughness": [
            0.14168,
            0.32839
        ],
        "mid_band": [
            0.09097,
            0.49504
        ],
        "figure": [
            0.05311,
            0.27733
        ],
        "figure_detail": [
            0.10667,
            0.65754
        ],
        "dominant": [
            0.10868,
            0.59668
        ],
        "focal_detail": [
            5.27221,
            14.97851
        ],
        "mud": [
            0.00901,
            0.59134
        ],
        "mud_area": [
            0.00297,
            0.33195
        ],
        "murk": [
            0.0,
            0.00511
        ],
        "flat_paint": [
            0.00114,
            0.05274
        ],
        "garish": [
            0.0,
            0.10006
        ],
        "clash": [
            0.00169,
            0.5095
        ],
        "lone_mark": [
            0.0,
            0.0
        ],
        "scatter": [
            0.0,
            0.35078
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
        "symmetry": 0.22656,
        "repetition": 0.09399,
        "row_bands": 0.35903,
        "column_bands": 0.16159,
        "rings": 0.31656,
        "spectral_slope": -2.79928,
        "spectral_roughness": 0.23327,
        "mid_band": 0.29046,
        "figure": 0.14419,
        "figure_detail": 0.38807,
        "dominant": 0.41682,
        "focal_detail": 6.60016,
        "mud": 0.11403,
        "mud_area": 0.05051,
        "murk": 0.00262,
        "flat_paint": 0.06717,
        "garish": 0.01493,
        "clash": 0.05401,
        "lone_mark": 0.15098,
        "scatter": 0.16553
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
        "symmetry": 0.23366,
        "repetition": 0.08759,
        "row_bands": 0.2032,
        "column_bands": 0.1034,
        "rings": 0.21071,
        "spectral_slope": 0.272,
        "spectral_roughness": 0.08266,
        "mid_band": 0.12234,
        "figure": 0.08371,
        "figure_detail": 0.1983,
        "dominant": 0.20853,
        "focal_detail": 2.87431,
        "mud": 0.1707,
        "mud_area": 0.08921,
        "murk": 0.01157,
        "flat_paint": 0.15454,
        "garish": 0.06056,
        "clash": 0.12061,
        "lone_mark": 0.34391,
        "scatter": 0.26328
    },
    "weights": {
        "depth": 0.17281,
        "depth<": -0.19844,
        "granulation": -0.83178,
        "granulation<": -0.9177,
        "washed": 0.1885,
        "washed<": -0.0097,
        "washed>": -0.11268,
        "filled_cells": 0.22865,
        "layering": 0.10246,
        "layering<": -0.2165,
        "layering>": -0.10998,
        "value_range": 0.45875,
        "value_range>": -0.03287,
        "darks": 0.38367,
        "darks<": -0.01473,
        "darks>": -0.51261,
        "accent": 0.49426,
        "accent<": -0.11013,
        "hue_families": 0.22282,
        "hue_families<": -0.45307,
        "hue_families>": -0.53658,
        "subject_area<": -0.07259,
        "symmetry": 0.06997,
        "symmetry<": -0.00697,
        "symmetry>": -0.41247,
        "repetition": -0.40679,
        "repetition>": -0.09984,
        "row_bands": 0.23443,
        "row_bands<": -0.44686,
        "row_bands>": -0.12366,
        "column_bands": -0.10796,
        "column_bands<": -0.02777,
        "column_bands>": -0.32828,
        "rings": 0.11031,
        "rings<": -0.78827,
        "rings>": -0.22126,
        "spectral_slope": 0.18385,
        "spectral_slope<": -0.21647,
        "spectral_slope>": -0.00285,
        "spectral_roughness": -0.13354,
        "spectral_roughness<": -0.56882,
        "spectral_roughness>": -0.33384,
        "mid_band": 0.23273,
        "mid_band<": -0.90155,
        "mid_band>": -1.10696,
        "figure": -0.13564,
        "figure<": -1.1372,
        "figure>": -0.27751,
        "figure_detail": 0.40984,
        "figure_detail<": -0.99429,
        "figure_detail>": -0.5695,
        "dominant": -0.20845,
        "dominant>": -1.08674,
        "focal_detail": 0.396,
        "focal_detail<": -1.46746,
        "mud": -0.40118,
        "murk": -1.38643,
        "flat_paint": -1.74591,
        "garish": -0.28079,
        "clash": -0.16091,
        "lone_mark": -0.32108,
        "scatter": -0.19853
    },
    "bias": 0.79207,
    "fit": {
        "C": 316.2277660168379,
        "pairs": 53533,
        "pool": 229,
        "generated": 166,
        "cv_log_loss": 0.4713
    }
}
