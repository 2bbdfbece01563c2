"""Deterministic image statistics for the offline critic (numpy only, on a downsampled copy of the PNG).

The paper is the sketch's own `background()` colour when the source is given and makes it evident, else the
lightest large region (`render.pigment.paper_colour`); transparent pixels are composited over it first, so a
full-sheet wash is paint and an almost invisible wash on a transparent canvas is not.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
from PIL import Image

from critique_paint.render.pigment import composite_rgb, paper_colour, paper_colour_from_source
from critique_paint.reward.offline_structure import structure_features

SIZE = 150  # analysis resolution: 600x600 paintings are box-downsampled 4x
MAX_RGB_DISTANCE = float(np.sqrt(3.0) * 255.0)
PAINT_DISTANCE = 32.0  # same paint threshold as the gate's paint floor (RGB distance from the paper)
WASH_DISTANCE = 12.0  # any wash at all, even faint
CELLS = 30  # connectivity grid: 30 x 30 cells of 20 px at 600 px
CELL_PAINTED = 0.3  # a cell is painted when 30 % of its pixels carry paint
SUBJECT_FULL = 0.12  # a main painted mass of 12 % of the sheet is subject-sized
MUD_SATURATION, MUD_AWAY = 0.3, 0.2  # mud: paint under 0.3 saturation, 0.2 away in HSV value from the paper
MARK_SMALL, MARK_SPAN = 0.02, 0.08  # painted cells under 2 % of the sheet: a lone mark; fades out by 10 %
GRANULATION_FULL = 6.0  # median 3x3 luminance deviation that counts as full granulation (loves: 0.6-5)
LAYERING_FULL = 4.0  # entropy of value x hue levels that counts as full layering (loves: 1.4-3.4)


@dataclass(frozen=True)
class CriticFeatures:
    """One float per statistic, each roughly in [0, 1]. Regional ones back the critique's claims."""

    coverage: float  # share of pixels carrying paint (RGB distance > 32 from the paper)
    washed: float  # share of pixels carrying any wash, even faint (RGB distance > 12 from the paper)
    subject_area: float  # largest 8-connected mass of painted cells, as a share of SUBJECT_FULL (capped at 1)
    lone_mark: float  # 1 when painted cells cover under 2 % of the sheet, fading to 0 at 10 %
    cohesion: float  # share of the painted cells that belong to the largest mass (low: scattered marks)
    mud: float  # share of paint that is dull and murky: low saturation, value far from the paper's (either way)
    mud_area: float  # muddy pixels as a share of the sheet
    flat_paint: float  # share of painted pixels with almost no local texture or value change (flat fill)
    balance: float  # 1 - offset of the paint's centre of mass from the canvas centre
    centre_x: float  # paint's centre of mass, 0 = left edge, 1 = right edge (0.5 when there is no paint)
    centre_y: float  # paint's centre of mass, 0 = top, 1 = bottom
    upper_third: float  # share of the top third carrying any wash
    lower_third: float  # share of the bottom third carrying any wash
    left_half: float  # share of the paint in the left half
    top_half: float  # share of the paint in the top half
    soft_edges: float  # share of boundary gradients that are soft rather than hard steps
    hard_edges: float  # share of all pixels sitting on a hard, crisp step
    layering: float  # distinct value x hue levels in the smoothed painting (normalised entropy)
    value_range: float  # spread between darks and lights (2nd to 98th percentile of luminance)
    darks: float  # share of pixels far from the paper's value (darker on light paper, lighter on dark)
    filled_cells: float  # share of a 5x5 grid whose cells are at least 30 % washed (even faint paint counts)
    accent: float  # depth of the strongest accent: largest luminance departure from the paper (smoothed)
    garish: float  # share of paint that is neon: very saturated and bright
    clash: float  # hue opposition among saturated paint (0 = one hue family, 1 = opposing saturated hues)
    saturation: float  # mean saturation of the paint
    granulation: float  # fine texture across the sheet: median 3x3 local deviation of luminance
    depth: float  # strongest pigment load: largest colour distance from the paper after 5x5 smoothing
    hue_families: float  # share of the twelve hue families holding at least 5 % of the coloured wash
    symmetry: float  # second strongest mirror or turn self-correlation of the coarse sheet
    repetition: float  # strongest secondary peak of the luminance autocorrelation (grids, lattices, tiles)
    row_bands: float  # colour variance explained by the row alone (horizontal stripes, gradients, horizons)
    column_bands: float  # colour variance explained by the column alone
    rings: float  # colour variance explained by the distance from a centre (bullseyes, discs)
    spectral_slope: float  # log-log slope of the luminance power spectrum
    spectral_roughness: float  # mean departure of that spectrum from its power law (peaks of a lattice)
    mid_band: float  # share of spectral power at 5-20 cycles a sheet (marks of one middling size)
    figure: float  # share of cells unlike every border cell of their row and column: a form on its ground
    figure_detail: float  # share of the fine detail lying in those cells
    murk: float  # share of the sheet in figure cells of warm grey-brown (the colour of the form killed)
    dominant: float  # share of the sheet in its single most common colour
    focal_detail: float  # strength of the sharpest corner-like detail (structure tensor), 0 on bands and gradients
    detail_focus: float  # how unevenly the fine detail is shared among tiles (Gini; 0: stationary, like a texture)
    detail_spread: float  # detail-weighted distance from the detail's centre (about 0.41 when spread evenly)
    hue_turn: float  # colour explained by the angle round a centre that turns round the hue wheel (colour wheels)
    handling_spread: float  # how differently edges are handled across the sheet (soft washes here, crisp detail there)
    scale_variety: float  # entropy of the sizes of the sheet's regions of one colour (ground, subject, detail)

    def to_dict(self) -> dict:
        return asdict(self)


LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)


def load_small(rgb: np.ndarray, size: int = SIZE) -> np.ndarray:
    """Box-downsample an RGB array to size x size float32 in 0..255."""
    small = Image.fromarray(rgb).resize((size, size), Image.Resampling.BOX)
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
    return np.sum([p[i:i + h, j:j + w] for i in range(3) for j in range(3)], axis=0) / 9.0


def _entropy(codes: np.ndarray) -> float:
    counts = np.bincount(codes.ravel())
    p = counts[counts > 0] / codes.size
    return float(-(p * np.log(p)).sum())


def _blocks(a: np.ndarray, k: int) -> np.ndarray:
    n = a.shape[0] // k
    return a[: n * k, : n * k].reshape(n, k, n, k, *a.shape[2:]).mean(axis=(1, 3))


def largest_mass(cells: np.ndarray) -> tuple[int, int]:
    """(cells in the largest 8-connected component, total painted cells) of a boolean grid."""
    seen = np.zeros_like(cells, dtype=bool)
    h, w = cells.shape
    best = 0
    for y0, x0 in zip(*np.nonzero(cells), strict=True):
        if seen[y0, x0]:
            continue
        seen[y0, x0] = True
        stack, size = [(y0, x0)], 0
        while stack:
            y, x = stack.pop()
            size += 1
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ny, nx = y + dy, x + dx
                    if 0 <= ny < h and 0 <= nx < w and cells[ny, nx] and not seen[ny, nx]:
                        seen[ny, nx] = True
                        stack.append((ny, nx))
        best = max(best, size)
    return best, int(cells.sum())


def sheet_rgb(png: bytes, source: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(the painting composited over its paper, downsampled; the paper colour)."""
    known = paper_colour_from_source(source) if source else None
    full = composite_rgb(png, known)
    paper = np.asarray(known, dtype=np.float32) if known is not None else paper_colour(full)
    return load_small(full), paper


def compute_features(png: bytes, source: str | None = None) -> CriticFeatures:
    rgb, bg = sheet_rgb(png, source)
    s = rgb.shape[0]
    diff = rgb - bg
    dist = np.sqrt((diff * diff).sum(axis=-1))
    paint = dist > PAINT_DISTANCE
    washed_mask = dist > WASH_DISTANCE
    n_paint = int(paint.sum())
    coverage = float(paint.mean())

    # the painted mass: connected painted cells
    cells = _blocks(paint.astype(np.float32), s // CELLS) > CELL_PAINTED
    biggest, n_cells = largest_mass(cells)
    subject_area = float(min(1.0, biggest / cells.size / SUBJECT_FULL))
    lone_mark = float(1.0 - min(1.0, max(0.0, n_cells / cells.size - MARK_SMALL) / MARK_SPAN))
    cohesion = float(biggest / n_cells) if n_cells else 0.0

    # composition
    third = s // 3
    upper_third = float(washed_mask[:third].mean())
    lower_third = float(washed_mask[s - third:].mean())
    if n_paint:
        ys, xs = np.nonzero(paint)
        centre_y, centre_x = float(ys.mean() / s), float(xs.mean() / s)
        off = np.hypot(centre_y - 0.5, centre_x - 0.5) / 0.5
        balance = float(max(0.0, 1.0 - off * 1.5))
        left_half = float(paint[:, : s // 2].sum() / n_paint)
        top_half = float(paint[: s // 2].sum() / n_paint)
    else:
        centre_x = centre_y = left_half = top_half = 0.5
        balance = 0.0

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

    # values relative to the paper (a dark ground is legitimate: then accents are lights)
    bg_lum = float(bg @ LUMA)
    p2, p98 = np.percentile(lum, [2, 98])
    value_range = float((p98 - p2) / 255.0)
    darks = float((np.abs(lum - bg_lum) > 90).mean())
    filled_cells = float((_blocks(washed_mask.astype(np.float32), s // 5) > 0.3).mean())
    smooth = _blocks(rgb, 4)
    smooth_lum = smooth @ LUMA
    accent = float(np.abs(smooth_lum - bg_lum).max() / 255.0)
    sh, ss, _ = _hsv(smooth)
    levels = np.clip(smooth_lum // 16, 0, 15).astype(int) * 9 + np.where(ss > 0.1, 1 + np.clip(sh * 8, 0, 7), 0)
    layering = float(min(1.0, _entropy(levels.astype(int)) / LAYERING_FULL))

    # texture: bare paper and flat fills have none, textured washes some
    m = _box3(lum)
    sd = np.sqrt(np.maximum(_box3(lum * lum) - m * m, 0.0))
    granulation = float(min(1.0, np.median(sd) / GRANULATION_FULL))
    flat_paint = float((sd[paint] < 0.6).mean()) if n_paint else 0.0

    sm5 = _blocks(rgb, 5) - bg
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
        muddy = (ps < MUD_SATURATION) & (np.abs(pv - float(bg.max()) / 255.0) > MUD_AWAY)
        mud = float(muddy.mean())
        mud_area = float(muddy.sum() / paint.size)
        saturation = float(ps.mean())
    else:
        garish = clash = mud = mud_area = saturation = 0.0
    structure = structure_features(rgb, bg, (centre_y, centre_x))
    return CriticFeatures(coverage=coverage, washed=float(washed_mask.mean()), subject_area=subject_area,
                          lone_mark=lone_mark, cohesion=cohesion, mud=mud, mud_area=mud_area, flat_paint=flat_paint,
                          balance=balance, centre_x=centre_x, centre_y=centre_y, upper_third=upper_third,
                          top_half=top_half, lower_third=lower_third, left_half=left_half, soft_edges=soft_edges,
                          hard_edges=hard_edges, layering=layering, value_range=value_range, darks=darks,
                          filled_cells=filled_cells, accent=accent, garish=garish, clash=clash,
                          saturation=saturation, granulation=granulation, depth=depth, hue_families=hue_families,
                          **structure)
