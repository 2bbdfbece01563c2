"""Measured composition kinds of a render: low-key, off-centre, landscape-format (horizontal) designs."""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
from PIL import Image

LOW_KEY = 0.35  # mean luminance (0-1) below which a painting is low-key
OFF_CENTRE = 0.10  # distance of the paint's centre of mass from the sheet's centre, in sheet widths
BANDING = 1.5  # row-profile spread over column-profile spread above which a design is horizontal


@dataclass(frozen=True)
class Composition:
    luminance: float
    offset: float
    banding: float

    @property
    def low_key(self) -> bool:
        return self.luminance < LOW_KEY

    @property
    def off_centre(self) -> bool:
        return self.offset > OFF_CENTRE

    @property
    def landscape(self) -> bool:
        return self.banding > BANDING


def composition(png: bytes, size: int = 128) -> Composition:
    """Luminance; offset of the centre of mass of paint (weighted by distance from the modal colour) from the
    centre; banding: spread of the mean luminance across rows over its spread across columns."""
    with Image.open(io.BytesIO(png)) as im:
        rgb = np.asarray(im.convert("RGB").resize((size, size), Image.Resampling.BOX), dtype=np.float32) / 255.0
    lum = rgb @ np.array([0.2126, 0.7152, 0.0722], dtype=np.float32)
    flat = (rgb * 15).round().reshape(-1, 3)
    values, counts = np.unique(flat, axis=0, return_counts=True)
    modal = values[counts.argmax()] / 15
    weight = np.linalg.norm(rgb - modal, axis=2)
    total = float(weight.sum()) or 1.0
    ys, xs = np.mgrid[0:size, 0:size] / (size - 1)
    cy, cx = float((weight * ys).sum()) / total, float((weight * xs).sum()) / total
    offset = float(np.hypot(cx - 0.5, cy - 0.5))
    rows, cols = float(lum.mean(axis=1).std()), float(lum.mean(axis=0).std())
    return Composition(float(lum.mean()), offset, rows / max(cols, 1e-3))
