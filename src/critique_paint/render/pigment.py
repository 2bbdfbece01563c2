"""Paint fraction: how much of the canvas, composited over its paper, differs from that paper.

The paper is the opaque colour the sketch's last executed ``background()`` painted, as the renderer recorded
it (``RenderResult.paper``), never a colour read from the source text; without one, the lightest region
covering at least ``LARGE_REGION`` of the canvas. Transparent pixels (a sketch that never calls
``background()``) are composited over the paper first (white when unknown), so a nearly invisible wash is not
paint. A ground wash painted over a known paper is pigment and counts as paint.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from critique_paint.sketch.paper import paper_colour_from_source

__all__ = [
    "DEFAULT_PAINT_FLOOR", "PAINT_DISTANCE", "RGB", "composite_rgb", "modal_colour", "paint_fraction", "paint_mask",
    "paper_colour", "paper_colour_from_source", "rgb_array",
]

RGB = tuple[int, int, int]

PAINT_DISTANCE = 32.0
DEFAULT_PAINT_FLOOR = 0.005
LARGE_REGION = 0.08  # share of the canvas a colour bin needs to count as a candidate paper
_BIN_SHIFT = 3  # colours are grouped in 8-level bins per channel when looking for the paper
WHITE = (255, 255, 255)


def composite_rgb(png: bytes, paper: tuple[int, int, int] | None = None) -> np.ndarray:
    """Decode ``png`` to HxWx3 uint8, compositing any alpha over ``paper`` (white when None)."""
    with Image.open(io.BytesIO(png)) as img:
        has_alpha = img.mode in ("RGBA", "LA", "PA") or "transparency" in img.info
        if not has_alpha:
            return np.asarray(img.convert("RGB"))
        rgba = np.asarray(img.convert("RGBA")).astype(np.float32)
    alpha = rgba[..., 3:4] / 255.0
    ground = np.asarray(paper or WHITE, dtype=np.float32)
    out = rgba[..., :3] * alpha + ground * (1.0 - alpha)
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def rgb_array(png: bytes) -> np.ndarray:
    """Decode a PNG into an HxWx3 uint8 array (alpha composited over white)."""
    return composite_rgb(png)


def modal_colour(rgb: np.ndarray) -> np.ndarray:
    """The most frequent exact RGB value."""
    packed = (rgb[..., 0].astype(np.uint32) << 16) | (rgb[..., 1].astype(np.uint32) << 8) | rgb[..., 2]
    values, counts = np.unique(packed.ravel(), return_counts=True)
    mode = int(values[np.argmax(counts)])
    return np.array([(mode >> 16) & 255, (mode >> 8) & 255, mode & 255], dtype=np.float32)


def paper_colour(rgb: np.ndarray, paper: RGB | None = None) -> np.ndarray:
    """The paper as float32 RGB: ``paper`` (what the sketch's background() painted) when known, else the lightest
    large region."""
    if paper is not None:
        return np.asarray(paper, dtype=np.float32)
    pixels = rgb.reshape(-1, 3)
    q = (pixels >> _BIN_SHIFT).astype(np.uint32)
    packed = (q[:, 0] << 16) | (q[:, 1] << 8) | q[:, 2]
    values, inverse, counts = np.unique(packed, return_inverse=True, return_counts=True)
    large = np.flatnonzero(counts >= LARGE_REGION * len(packed))
    if large.size == 0:
        large = np.array([int(np.argmax(counts))])
    centres = np.stack([(values >> 16) & 255, (values >> 8) & 255, values & 255], axis=1)[large].astype(np.float32)
    luma = centres @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    chosen = int(large[int(np.argmax(luma))])
    return pixels[inverse.ravel() == chosen].astype(np.float32).mean(axis=0)


def paint_mask(rgb: np.ndarray, distance: float = PAINT_DISTANCE, paper: np.ndarray | None = None) -> np.ndarray:
    """Pixels farther than ``distance`` (Euclidean RGB) from ``paper`` (found from the image when None)."""
    ground = paper_colour(rgb) if paper is None else np.asarray(paper, dtype=np.float32)
    diff = rgb.astype(np.float32) - ground
    return np.sqrt((diff * diff).sum(axis=-1)) > distance


def paint_fraction(png: bytes, distance: float = PAINT_DISTANCE, *, paper: RGB | None = None) -> float:
    """Fraction of pixels that carry paint once composited over the sketch's paper (``RenderResult.paper``)."""
    rgb = composite_rgb(png, paper)
    return float(paint_mask(rgb, distance, paper_colour(rgb, paper)).mean())
