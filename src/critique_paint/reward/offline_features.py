"""Deterministic image statistics for the offline critic (numpy only, on a downsampled copy of the PNG)."""

from __future__ import annotations

import io
from dataclasses import asdict, dataclass

import numpy as np
from PIL import Image

from critique_paint.render.pigment import modal_colour

SIZE = 150  # analysis resolution: 600x600 paintings are box-downsampled 4x
MAX_RGB_DISTANCE = float(np.sqrt(3.0) * 255.0)
PAINT_DISTANCE = 32.0  # same paint threshold as the gate's paint floor (RGB distance from the modal colour)


@dataclass(frozen=True)
class CriticFeatures:
    """One float per statistic, each roughly in [0, 1]."""

    coverage: float  # share of pixels carrying paint (RGB distance > 32 from the modal/background colour)
    filled_cells: float  # share of a 5x5 grid whose cells are at least 30 % washed (even faint paint counts)
    empty_cells: float  # share of the 3x3 grid cells with almost no paint
    lower_third: float  # paint fraction in the lower third
    upper_third: float  # paint fraction in the upper third
    balance: float  # 1 - offset of the paint's centre of mass from the canvas centre
    soft_edges: float  # share of boundary gradients that are soft rather than hard steps
    hard_edges: float  # share of all pixels sitting on a hard, crisp step
    layering: float  # distinct value x hue levels in the smoothed painting (normalised entropy)
    value_range: float  # spread between darks and lights (2nd to 98th percentile of luminance)
    accent: float  # depth of the strongest accent: largest luminance departure from the paper (smoothed)
    darks: float  # share of pixels far from the paper's value (darker on light paper, lighter on dark)
    garish: float  # share of paint that is neon: very saturated and bright
    clash: float  # hue opposition among saturated paint (0 = one hue family, 1 = opposing saturated hues)
    mud: float  # share of paint that is dull, dark-ish and grey-brown
    saturation: float  # mean saturation of the paint
    granulation: float  # fine texture across the sheet: median 3x3 local deviation of luminance, in grey levels
    washed: float  # share of pixels carrying any wash, even faint (RGB distance > 12 from the paper)
    border_paint: float  # paint share in the outer eighth of the sheet: ground washes reaching the edges
    masses: float  # large-scale value structure vs fine detail: r/(1+r), r = coarse block spread / fine residual
    hue_families: float  # share of the twelve hue families holding at least 5 % of the coloured wash
    depth: float  # strongest pigment load: largest colour distance from the paper after 5x5 smoothing

    def to_dict(self) -> dict:
        return asdict(self)


LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)


def load_small(png: bytes, size: int = SIZE) -> np.ndarray:
    """Decode and box-downsample to size x size float32 RGB in 0..255."""
    with Image.open(io.BytesIO(png)) as img:
        small = img.convert("RGB").resize((size, size), Image.Resampling.BOX)
    return np.asarray(small, dtype=np.float32)


def _hsv(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = rgb / 255.0
    mx = x.max(axis=-1)
    mn = x.min(axis=-1)
    d = mx - mn
    s = np.where(mx > 1e-6, d / np.maximum(mx, 1e-6), 0.0)
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    dd = np.maximum(d, 1e-6)
    h = np.where(mx == r, ((g - b) / dd) % 6.0, np.where(mx == g, (b - r) / dd + 2.0, (r - g) / dd + 4.0)) / 6.0
    h = np.where(d > 1e-6, h, 0.0)
    return h, s, mx


def _box3(a: np.ndarray) -> np.ndarray:
    p = np.pad(a, 1, mode="edge")
    h, w = a.shape
    return sum(p[i:i + h, j:j + w] for i in range(3) for j in range(3)) / 9.0


def _entropy(codes: np.ndarray) -> float:
    counts = np.bincount(codes.ravel())
    p = counts[counts > 0] / codes.size
    return float(-(p * np.log(p)).sum())


def compute_features(png: bytes) -> CriticFeatures:
    rgb = load_small(png)
    s = rgb.shape[0]
    bg = modal_colour(rgb.astype(np.uint8))
    diff = rgb - bg
    dist = np.sqrt((diff * diff).sum(axis=-1))
    paint = dist > PAINT_DISTANCE
    n_paint = int(paint.sum())
    coverage = float(paint.mean())

    # composition: 3x3 grid of paint, 5x5 grid of faint washes, centre of mass
    thirds = [slice(0, s // 3), slice(s // 3, 2 * s // 3), slice(2 * s // 3, s)]
    grid = np.array([[paint[a, b].mean() for b in thirds] for a in thirds])
    empty_cells = float((grid < 0.03).mean())
    c5 = s // 5
    washed = (dist[: c5 * 5, : c5 * 5] > 12.0).reshape(5, c5, 5, c5).mean(axis=(1, 3))
    filled_cells = float((washed > 0.3).mean())
    if n_paint:
        ys, xs = np.nonzero(paint)
        off = np.hypot(ys.mean() / s - 0.5, xs.mean() / s - 0.5) / 0.5
        balance = float(max(0.0, 1.0 - off * 1.5))
    else:
        balance = 0.0
    lower_third = float(grid[2].mean())
    upper_third = float(grid[0].mean())

    # edges: luminance gradient, or the largest per-channel step (catches hard iso-luminant edges)
    lum = rgb @ LUMA
    gy = np.zeros_like(lum)
    gx = np.zeros_like(lum)
    gy[1:-1] = (lum[2:] - lum[:-2]) / 2
    gx[:, 1:-1] = (lum[:, 2:] - lum[:, :-2]) / 2
    cd = np.zeros_like(lum)
    cd[1:-1, 1:-1] = np.maximum(np.abs(rgb[2:, 1:-1] - rgb[:-2, 1:-1]).max(-1),
                                np.abs(rgb[1:-1, 2:] - rgb[1:-1, :-2]).max(-1)) / 2
    grad = np.maximum(np.hypot(gx, gy), cd)
    edge = grad > 2.0
    hard = grad > 14.0
    n_edge = int(edge.sum())
    soft_edges = float((edge & ~hard).sum() / n_edge) if n_edge else 0.0
    hard_edges = float(hard.mean())

    # values, relative to the paper (a dark ground is legitimate: then accents are lights)
    p2, p98 = np.percentile(lum, [2, 98])
    value_range = float((p98 - p2) / 255.0)
    bg_lum = float(bg @ LUMA)
    away = np.abs(lum - bg_lum)
    darks = float((away > 90).mean())
    c4 = s // 4
    smooth = rgb[: c4 * 4, : c4 * 4].reshape(c4, 4, c4, 4, 3).mean(axis=(1, 3))
    smooth_lum = smooth @ LUMA
    accent = float(np.abs(smooth_lum - bg_lum).max() / 255.0)

    # layering: value x hue-family levels of the smoothed painting
    sh, ss, _ = _hsv(smooth)
    levels = np.clip(smooth_lum // 16, 0, 15).astype(int) * 9 + np.where(ss > 0.1, 1 + np.clip(sh * 8, 0, 7), 0)
    layering = float(min(1.0, _entropy(levels.astype(int)) / 3.0))

    # texture across the sheet: bare paper and flat fills have none, textured washes some
    m = _box3(lum)
    sd = np.sqrt(np.maximum(_box3(lum * lum) - m * m, 0.0))
    granulation = float(min(1.0, np.median(sd) / 1.5))

    # ground washes at the edges of the sheet, and any wash at all
    washed_mask = dist > 12.0
    washed_share = float(washed_mask.mean())
    band = max(1, s // 8)
    border = np.ones((s, s), dtype=bool)
    border[band:-band, band:-band] = False
    border_paint = float(paint[border].mean())

    # scale of shapes: spread of 15 px block means against the fine residual under 5 px blocks
    def blocks(a: np.ndarray, k: int) -> np.ndarray:
        n = s // k
        return a[: n * k, : n * k].reshape(n, k, n, k, *a.shape[2:]).mean(axis=(1, 3))

    b5 = blocks(lum, 5)
    n5 = b5.shape[0] * 5
    fine = float((lum[:n5, :n5] - np.repeat(np.repeat(b5, 5, axis=0), 5, axis=1)).std())
    ratio = float(blocks(lum, 15).std()) / (fine + 1.0)
    masses = ratio / (1.0 + ratio)

    # pigment depth: the most loaded passage after smoothing away single-pixel specks
    sm5 = blocks(rgb, 5) - bg
    depth = float(min(1.0, np.sqrt((sm5 * sm5).sum(axis=-1)).max() / MAX_RGB_DISTANCE))

    h, sat, val = _hsv(rgb)
    coloured = washed_mask & (sat > 0.12)
    if coloured.sum() > 10:
        fam = np.bincount((h[coloured] * 12).astype(int) % 12, minlength=12) / coloured.sum()
        hue_families = float((fam > 0.05).sum() / 12.0)
    else:
        hue_families = 0.0
    if n_paint:
        ph, ps, pv = h[paint], sat[paint], val[paint]
        garish = float(((ps > 0.7) & (pv > 0.75)).mean())
        w = np.clip((ps - 0.25) / 0.5, 0, 1)
        if w.sum() > 1e-6:
            ang = ph * 2 * np.pi
            resultant = float(np.hypot((w * np.cos(ang)).sum(), (w * np.sin(ang)).sum()) / w.sum())
            clash = float(min(1.0, 1.0 - resultant) * min(1.0, w.mean() * 3))
        else:
            clash = 0.0
        mud = float(((ps < 0.35) & (pv < 0.55) & (pv > 0.12)).mean())
        saturation = float(ps.mean())
    else:
        garish = clash = mud = saturation = 0.0
    return CriticFeatures(coverage=coverage, filled_cells=filled_cells, empty_cells=empty_cells,
                          lower_third=lower_third, upper_third=upper_third, balance=balance,
                          soft_edges=soft_edges, hard_edges=hard_edges, layering=layering,
                          value_range=value_range, accent=accent, darks=darks, garish=garish, clash=clash,
                          mud=mud, saturation=saturation, granulation=granulation,
                          washed=washed_share, border_paint=border_paint, masses=masses, hue_families=hue_families,
                          depth=depth)
