"""Structure statistics that tell a painting from a cheap pattern (numpy only, on the critic's 150 px sheet).

Patterns a policy emits in a few lines repeat (grids, lattices, tiles), mirror (kaleidoscopes, bullseyes),
depend on one coordinate only (stripes, gradients, rings), fill the sheet with one colour, carry no form
distinct from its ground, or spread the same texture evenly over the whole sheet (noise fields, checkerboards,
waves: their fine detail is stationary, where a painting gathers it in the subject), or turn their hue round
the colour wheel as they go round a centre (colour wheels, fans, rings of blobs in rainbow order). Each statistic
measures one of these; the critic scores it only where it leaves the range loved paintings occupy (`offline_terms`).
"""

from __future__ import annotations

import numpy as np

LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)
GRID = 30  # coarse colour grid for symmetry, banding, rings and figure
FIGURE_DISTANCE = 30.0  # RGB distance of a cell from every border cell of its row and column: part of a figure
MURK_CHROMA, MURK_LUMA = 0.14, (45.0, 160.0)  # murk: a warm grey-brown cell (chroma under 0.14, middling value)
MURK_SPREAD = 0.02  # ... whose pixels all share that dullness (chroma spread under 0.02: no colour left in it)
DETAIL_LEVEL = 6.0  # luminance above its local mean that counts as detail
RAYS = 48  # directions sampled in the autocorrelation
DETAIL_GRIDS = (4, 6, 8)  # tile grids over which the spread of fine detail is measured
SECTORS = 24  # angular sectors round a centre for the hue turn
TURN_PAINT = 12.0  # RGB distance from the paper of a grid cell that counts as painted for the hue turn
TURNS = (1, 2, 3)  # how many times the hue may go round the wheel in one circuit
HANDLING_TILES = 6  # tile grid over which the hardness of edges is compared
HANDLING_EDGE = 2.0  # luminance gradient that counts as an edge at all
HANDLING_MIN_EDGES = 20  # edge pixels a tile needs before its hardness counts
REGION_SIZE = 75  # sheet size at which colour regions are found
REGION_LEVELS = 24  # colour quantum (per channel) that makes two pixels one region
REGION_OCTAVES = 13  # region areas are binned by powers of two up to the whole 75 px sheet


def _blocks(a: np.ndarray, n: int) -> np.ndarray:
    k = a.shape[0] // n
    return a[: n * k, : n * k].reshape(n, k, n, k, *a.shape[2:]).mean(axis=(1, 3))


def _box3(a: np.ndarray) -> np.ndarray:
    p = np.pad(a, 1, mode="edge")
    h, w = a.shape
    return np.sum([p[i:i + h, j:j + w] for i in range(3) for j in range(3)], axis=0) / 9.0


def _corr(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a - a.mean(), b - b.mean()
    d = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / d) if d > 1e-9 else 1.0


def symmetry(grid: np.ndarray) -> float:
    """Second strongest of the left-right, top-bottom, half-turn and quarter-turn self-correlations (a landscape
    mirrors left to right; a bullseye, grid or kaleidoscope in two or more ways)."""
    c = [_corr(grid, grid[:, ::-1]), _corr(grid, grid[::-1]), _corr(grid, grid[::-1, ::-1]),
         _corr(grid, np.rot90(grid))]
    return sorted(c)[-2]


def repetition(lum: np.ndarray) -> float:
    """Prominence of the strongest secondary peak of the luminance autocorrelation (0: nothing repeats)."""
    x = lum - lum.mean()
    n = x.shape[0]
    f = np.fft.rfft2(x, s=(2 * n, 2 * n))
    ac = np.fft.fftshift(np.fft.irfft2(f * np.conj(f), s=(2 * n, 2 * n)))
    if ac.max() <= 1e-9:
        return 0.0
    ac = ac / ac.max()
    r = np.arange(1, n // 2)
    best = 0.0
    for ang in np.linspace(0.0, np.pi, RAYS, endpoint=False):
        v = ac[np.rint(n + np.sin(ang) * r).astype(int), np.rint(n + np.cos(ang) * r).astype(int)]
        best = max(best, float((v - np.minimum.accumulate(v)).max()))
    return best


def _explained(grid: np.ndarray, labels: np.ndarray) -> float:
    """Share of the grid's colour variance explained by the mean colour of each label."""
    c = grid.reshape(-1, 3)
    total = float(((c - c.mean(axis=0)) ** 2).sum())
    if total < 1e-6:
        return 1.0
    lab = labels.ravel()
    counts = np.bincount(lab)
    means = np.stack([np.bincount(lab, c[:, k]) for k in range(3)], axis=1) / np.maximum(counts, 1)[:, None]
    return float(1.0 - ((c - means[lab]) ** 2).sum() / total)


def bands_and_rings(grid: np.ndarray, centre: tuple[float, float]) -> tuple[float, float, float]:
    """(row bands, column bands, rings): colour variance explained by the row alone, the column alone, and the
    distance from the paint's centre or the sheet's centre (the better of the two)."""
    n = grid.shape[0]
    yy, xx = np.mgrid[0:n, 0:n]
    rings = max(_explained(grid, np.rint(np.hypot(yy + 0.5 - cy, xx + 0.5 - cx)).astype(int))
                for cy, cx in (centre, (n / 2, n / 2)))
    return _explained(grid, yy), _explained(grid, xx), rings


def hue_turn(grid: np.ndarray, centre: tuple[float, float]) -> float:
    """How much the paint's hue turns round the colour wheel as one goes round a centre (the sheet's or the
    paint's, the larger): the share of the painted cells' chroma variance explained by a turn one way round the
    wheel, k = 1-3 times a circuit (the +k minus the -k circular harmonic of the chroma, the angle taken by
    sector). A sweep along one direction (sky above, ground below) goes back and forth across the wheel, its
    +k and -k harmonics cancel, and it counts for nothing; a colour wheel counts nearly fully. Luminance
    (texture, granulation) plays no part."""
    n = grid.shape[0]
    paint = np.sqrt((grid ** 2).sum(axis=-1)) > TURN_PAINT
    if paint.sum() < 2 * SECTORS:
        return 0.0
    g = grid[paint]
    z = (g[:, 0] - g[:, 1]) / np.sqrt(2.0) + 1j * (g[:, 0] + g[:, 1] - 2.0 * g[:, 2]) / np.sqrt(6.0)
    z = z - z.mean()
    total = float((np.abs(z) ** 2).mean())
    if total < 1.0:
        return 0.0
    yy, xx = np.nonzero(paint)
    best = 0.0
    for cy, cx in (centre, (n / 2, n / 2)):
        theta = np.arctan2(yy + 0.5 - cy, xx + 0.5 - cx)
        sector = np.floor((theta + np.pi) / (2 * np.pi) * SECTORS).astype(int) % SECTORS
        angle = (sector + 0.5) / SECTORS * 2 * np.pi - np.pi
        turn = max(abs(abs((z * np.exp(-1j * k * angle)).mean()) ** 2 - abs((z * np.exp(1j * k * angle)).mean()) ** 2)
                   for k in TURNS)
        best = max(best, turn / total)
    return float(min(1.0, best))


def spectrum(lum: np.ndarray) -> tuple[float, float, float]:
    """(slope, roughness, mid-band share) of the radially averaged power spectrum of the luminance: painted
    scenes fall off smoothly as about 1/f^3; lattices leave bumps (roughness) and energy at one scale."""
    n = lum.shape[0]
    win = np.outer(np.hanning(n), np.hanning(n))
    power = np.abs(np.fft.fftshift(np.fft.fft2((lum - lum.mean()) * win))) ** 2
    yy, xx = np.mgrid[0:n, 0:n]
    radius = np.rint(np.hypot(yy - n // 2, xx - n // 2)).astype(int)
    radial = np.bincount(radius.ravel(), power.ravel()) / np.maximum(np.bincount(radius.ravel()), 1)
    f = np.arange(2, 60)
    lp = np.log(radial[f] + 1e-6)
    design = np.vstack([np.log(f), np.ones(len(f))]).T
    coef = np.linalg.lstsq(design, lp, rcond=None)[0]
    ring_power = np.bincount(radius.ravel(), power.ravel())
    total = float(ring_power[1:n // 2].sum())
    mid = float(ring_power[5:20].sum() / total) if total > 1e-9 else 0.0
    return float(coef[0]), float(np.abs(lp - design @ coef).mean()), mid


def figure(rgb: np.ndarray, grid: np.ndarray) -> tuple[float, float, float]:
    """(figure, detail in the figure, murk): the share of cells whose colour differs from every border cell of
    both their row and their column (a form standing on its ground, not a band, stripe or sheet), the share of
    the sheet's fine detail that lies in those cells, and the share of the sheet in figure cells of uniform warm
    grey-brown (over-worked glazes that killed the colour of the form; a brown form with painted marks in it
    keeps a spread of chroma)."""
    rows = np.concatenate([grid[:, :2], grid[:, -2:]], axis=1)[:, None]  # n x 1 x 4 x 3
    cols = np.concatenate([grid[:2], grid[-2:]], axis=0).transpose(1, 0, 2)[None]  # 1 x n x 4 x 3
    d_row = np.sqrt(((grid[:, :, None] - rows) ** 2).sum(-1)).min(axis=2)
    d_col = np.sqrt(((grid[:, :, None] - cols) ** 2).sum(-1)).min(axis=2)
    fig = np.minimum(d_row, d_col) > FIGURE_DISTANCE
    lum = rgb @ LUMA
    smooth = _box3(_box3(_box3(lum)))
    detail = _blocks(np.abs(lum - smooth), grid.shape[0])
    total = float(detail.sum())
    chroma = (grid.max(-1) - grid.min(-1)) / 255.0
    cell_lum = grid @ LUMA
    warm = (grid[..., 0] >= grid[..., 1]) & (grid[..., 1] >= grid[..., 2])  # red, orange, yellow and brown hues
    pixel_chroma = (rgb.max(-1) - rgb.min(-1)) / 255.0
    mean_c = _blocks(pixel_chroma, grid.shape[0])
    spread = np.sqrt(np.maximum(_blocks(pixel_chroma ** 2, grid.shape[0]) - mean_c ** 2, 0.0))
    murky = (fig & warm & (chroma < MURK_CHROMA) & (spread < MURK_SPREAD)
             & (cell_lum > MURK_LUMA[0]) & (cell_lum < MURK_LUMA[1]))
    return (float(fig.mean()), float((detail * fig).sum() / total) if total > 1e-9 else 0.0,
            float(murky.mean()))


def focal_detail(lum: np.ndarray) -> float:
    """Strength of the sharpest corner-like detail (an eye, a mast, a petal tip), not a straight edge or a smooth
    gradient: root of the 99.5th percentile of the smaller structure-tensor eigenvalue of the luminance."""
    gy, gx = np.gradient(_box3(lum))
    sxx, syy, sxy = (_box3(_box3(a)) for a in (gx * gx, gy * gy, gx * gy))
    smaller = (sxx + syy) / 2 - np.sqrt(((sxx - syy) / 2) ** 2 + sxy ** 2)
    return float(np.sqrt(max(0.0, float(np.quantile(smaller, 0.995)))))


def _box(a: np.ndarray, r: int) -> np.ndarray:
    """Mean over a (2r+1) x (2r+1) window, edges padded."""
    k = 2 * r + 1
    c = np.pad(np.pad(a, r, mode="edge").cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    h, w = a.shape
    return (c[k:k + h, k:k + w] - c[:h, k:k + w] - c[k:k + h, :w] + c[:h, :w]) / (k * k)


def _gini(v: np.ndarray) -> float:
    v = np.sort(v.ravel())
    n, total = len(v), float(v.sum())
    return float((2 * np.arange(1, n + 1) - n - 1) @ v / (n * total)) if total > 1e-9 else 0.0


def detail_layout(lum: np.ndarray) -> tuple[float, float]:
    """(focus, spread) of the fine detail (luminance off its 5x5 mean): focus is how unevenly it is shared among
    the tiles of the sheet (Gini coefficient, averaged over 4x4, 6x6 and 8x8 tiles: 0 when every tile holds the
    same, as in a noise field, a checkerboard or a wave pattern; a painting gathers its detail in the subject and
    leaves calm washes around it); spread is the detail-weighted distance from the detail's own centre, as a
    share of the sheet's side (about 0.41 for detail spread evenly over the sheet)."""
    detail = np.abs(lum - _box(lum, 2))
    focus = float(np.mean([_gini(_blocks(detail, n)) for n in DETAIL_GRIDS]))
    total = float(detail.sum())
    if total <= 1e-9:
        return focus, 0.0
    n = lum.shape[0]
    yy, xx = np.mgrid[0:n, 0:n] / n
    w = detail / total
    cy, cx = float((w * yy).sum()), float((w * xx).sum())
    return focus, float(np.sqrt((w * ((yy - cy) ** 2 + (xx - cx) ** 2)).sum()))


def handling_spread(lum: np.ndarray) -> float:
    """How differently the paint is handled across the sheet: the spread (standard deviation of the logarithm)
    of the 90th percentile edge gradient among the tiles that hold edges. A painting lays soft washes in one
    place and crisp detail in another; marks all made one way (one brush, one bleed) read the same everywhere."""
    gy, gx = np.gradient(lum)
    grad = np.hypot(gx, gy)
    k = lum.shape[0] // HANDLING_TILES
    hardness = []
    for by in range(HANDLING_TILES):
        for bx in range(HANDLING_TILES):
            tile = grad[by * k:(by + 1) * k, bx * k:(bx + 1) * k]
            edges = tile[tile > HANDLING_EDGE]
            if edges.size > HANDLING_MIN_EDGES:
                hardness.append(float(np.quantile(edges, 0.9)))
    return float(np.log(np.array(hardness)).std()) if len(hardness) >= 3 else 0.0


def scale_variety(rgb: np.ndarray) -> float:
    """How many scales the sheet is built at: the entropy of the area-weighted sizes (in octaves) of its regions
    of one colour. A scene has a large ground, a middling subject and small detail; a heap of like marks on bare
    paper has two scales, the paper and the mark."""
    from scipy import ndimage

    k = rgb.shape[0] // REGION_SIZE
    small = _blocks(rgb, REGION_SIZE) if k > 1 else rgb
    q = (np.clip(small, 0, 255) // REGION_LEVELS).astype(np.int32)
    levels = 255 // REGION_LEVELS + 1
    codes = (q[..., 0] * levels + q[..., 1]) * levels + q[..., 2]
    areas: list[np.ndarray] = []
    for code in np.unique(codes):
        labels, n = ndimage.label(codes == code)
        if n:
            areas.append(np.bincount(labels.ravel())[1:])
    sizes = np.concatenate(areas).astype(np.float64)
    octave = np.clip(np.log2(sizes).astype(int), 0, REGION_OCTAVES - 1)
    share = np.bincount(octave, sizes, minlength=REGION_OCTAVES) / sizes.sum()
    share = share[share > 0]
    return float(-(share * np.log(share)).sum())


def dominant_colour(rgb: np.ndarray) -> float:
    """Share of the sheet in its most common colour (24 levels a channel)."""
    q = (np.clip(rgb, 0, 255) // 24).astype(np.int32)
    packed = (q[..., 0] * 11 + q[..., 1]) * 11 + q[..., 2]
    return float(np.bincount(packed.ravel()).max() / packed.size)


def structure_features(rgb: np.ndarray, paper: np.ndarray, centre: tuple[float, float]) -> dict[str, float]:
    """Every structure statistic of a sheet (150 px RGB over its paper); `centre` is the paint's centre of mass
    as (row, column) fractions of the sheet."""
    grid = _blocks(rgb - paper, GRID)
    lum = rgb @ LUMA
    row_bands, column_bands, rings = bands_and_rings(grid, (centre[0] * GRID, centre[1] * GRID))
    slope, roughness, mid_band = spectrum(lum)
    fig, fig_detail, murk = figure(rgb, _blocks(rgb, GRID))
    focus, spread = detail_layout(lum)
    return {"symmetry": symmetry(grid), "repetition": repetition(_blocks(lum, lum.shape[0] // 2)),
            "row_bands": row_bands, "column_bands": column_bands, "rings": rings, "spectral_slope": slope,
            "spectral_roughness": roughness, "mid_band": mid_band, "figure": fig, "figure_detail": fig_detail,
            "murk": murk, "dominant": dominant_colour(rgb), "focal_detail": focal_detail(lum),
            "detail_focus": focus, "detail_spread": spread,
            "hue_turn": hue_turn(grid, (centre[0] * GRID, centre[1] * GRID)),
            "handling_spread": handling_spread(lum), "scale_variety": scale_variety(rgb)}
