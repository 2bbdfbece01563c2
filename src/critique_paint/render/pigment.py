"""Paint fraction: how much of the canvas differs from the painting's own background."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

PAINT_DISTANCE = 32.0
DEFAULT_PAINT_FLOOR = 0.005


def rgb_array(png: bytes) -> np.ndarray:
    """Decode a PNG into an HxWx3 uint8 array."""
    with Image.open(io.BytesIO(png)) as img:
        return np.asarray(img.convert("RGB"))


def modal_colour(rgb: np.ndarray) -> np.ndarray:
    """The most frequent exact RGB value."""
    packed = (rgb[..., 0].astype(np.uint32) << 16) | (rgb[..., 1].astype(np.uint32) << 8) | rgb[..., 2]
    values, counts = np.unique(packed.ravel(), return_counts=True)
    mode = int(values[np.argmax(counts)])
    return np.array([(mode >> 16) & 255, (mode >> 8) & 255, mode & 255], dtype=np.float32)


def paint_mask(rgb: np.ndarray, distance: float = PAINT_DISTANCE) -> np.ndarray:
    """Pixels farther than `distance` (Euclidean RGB) from the modal colour."""
    diff = rgb.astype(np.float32) - modal_colour(rgb)
    return np.sqrt((diff * diff).sum(axis=-1)) > distance


def paint_fraction(png: bytes, distance: float = PAINT_DISTANCE) -> float:
    """Fraction of pixels that carry paint."""
    return float(paint_mask(rgb_array(png), distance).mean())
