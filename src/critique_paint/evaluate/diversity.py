"""How varied a set of paintings is: a distance between two paintings, a palette spread and a code distance.

- Painting distance: both paintings as 32x32 thumbnails in CIE Lab (box-downsampled, sRGB D65), the mean per-pixel
  colour difference (CIE76 delta E) divided by 100. A painting and itself: 0.
- Palette: a painting's mean Lab colour over its painted pixels (delta E above 10 from its paper, the median of the
  thumbnail's border); the palette spread of a set is the mean pairwise distance between palettes, over 100.
- Code distance: 1 - the Jaccard similarity of the two sketches' sets of syntax-shape 4-grams (the named node types
  of the tree-sitter parse in pre-order), so renamed variables and changed numbers do not count, changed structure
  does.

A set's diversity is the mean over its pairs, with a 95 % bootstrap interval over its paintings.
"""

from __future__ import annotations

import io
import itertools
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

THUMB = 32
PAINTED_DELTA_E = 10.0
NGRAM = 4
BOOTSTRAP_ROUNDS = 200

T = TypeVar("T")


def lab_thumbnail(png: bytes, size: int = THUMB) -> np.ndarray:
    """The painting as a (size, size, 3) float array in CIE Lab."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB").resize((size, size), Image.Resampling.BOX)
    rgb = np.asarray(image, dtype=np.float64) / 255.0
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    xyz = linear @ np.array([[0.4124564, 0.2126729, 0.0193339],
                             [0.3575761, 0.7151522, 0.1191920],
                             [0.1804375, 0.0721750, 0.9503041]])
    xyz /= np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def painting_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Mean per-pixel delta E of two Lab thumbnails, over 100."""
    return float(np.linalg.norm(a - b, axis=-1).mean() / 100.0)


def palette(thumb: np.ndarray) -> np.ndarray:
    """Mean Lab colour of the painted pixels (the paper's colour when nothing is painted)."""
    border = np.concatenate([thumb[0], thumb[-1], thumb[:, 0], thumb[:, -1]])
    paper = np.median(border, axis=0)
    painted = np.linalg.norm(thumb - paper, axis=-1) > PAINTED_DELTA_E
    return thumb[painted].mean(axis=0) if painted.any() else paper


def palette_distance(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.linalg.norm(a - b) / 100.0)


def shape_ngrams(source: str, n: int = NGRAM) -> frozenset[tuple[str, ...]]:
    """The sketch's syntax-shape n-grams: named node types of its parse in pre-order."""
    from critique_paint.sketch.parse import parser

    types: list[str] = []
    stack = [parser().parse(source.encode("utf-8")).root_node]
    while stack:
        node = stack.pop()
        if node.is_named:
            types.append(node.type)
        stack.extend(reversed(node.children))
    return frozenset(tuple(types[i:i + n]) for i in range(max(0, len(types) - n + 1)))


def code_distance(a: frozenset, b: frozenset) -> float:
    union = a | b
    return 1.0 - len(a & b) / len(union) if union else 0.0


def mean_pairwise(items: Sequence[T], distance: Callable[[T, T], float]) -> float | None:
    pairs = [distance(x, y) for x, y in itertools.combinations(items, 2)]
    return sum(pairs) / len(pairs) if pairs else None


def bootstrap_ci(items: Sequence[T], distance: Callable[[T, T], float], rounds: int = BOOTSTRAP_ROUNDS,
                 seed: int = 0) -> tuple[float | None, float | None]:
    """95 % percentile interval of the mean pairwise distance, resampling the items (distances computed once; a
    pair of two draws of the same item is left out, so duplicates do not pull the mean toward 0)."""
    n = len(items)
    if n < 3:
        return None, None
    table = np.zeros((n, n))
    for i, j in itertools.combinations(range(n), 2):
        table[i, j] = table[j, i] = distance(items[i], items[j])
    rng = random.Random(seed)
    means = []
    upper = np.triu(np.ones((n, n), dtype=bool), 1)
    for _ in range(rounds):
        pick = np.array([rng.randrange(n) for _ in range(n)])
        distinct = upper & (pick[:, None] != pick[None, :])
        if distinct.any():
            means.append(float(table[np.ix_(pick, pick)][distinct].mean()))
    low, high = np.percentile(means, [2.5, 97.5])
    return float(low), float(high)


def diversity(pngs: Sequence[bytes], sketches: Sequence[str] | None = None,
              groups: Sequence[str] | None = None) -> dict[str, Any]:
    """The diversity of a set of paintings (and their sketches): image, palette and code, each a mean pairwise
    distance, the image and code ones with 95 % intervals; `within_group`: the mean of each group's own image
    diversity (rollouts of one GRPO group, or of one subject)."""
    thumbs = [lab_thumbnail(p) for p in pngs]
    out: dict[str, Any] = {"paintings": len(thumbs),
                           "image": mean_pairwise(thumbs, painting_distance),
                           "image_ci95": list(bootstrap_ci(thumbs, painting_distance)),
                           "palette_spread": mean_pairwise([palette(t) for t in thumbs], palette_distance)}
    if sketches is not None:
        grams = [shape_ngrams(s) for s in sketches]
        out["code"] = mean_pairwise(grams, code_distance)
        out["code_ci95"] = list(bootstrap_ci(grams, code_distance))
    if groups is not None:
        by: dict[str, list[np.ndarray]] = {}
        for g, t in zip(groups, thumbs, strict=True):
            by.setdefault(g, []).append(t)
        within = [m for ts in by.values() if (m := mean_pairwise(ts, painting_distance)) is not None]
        out["within_group"] = sum(within) / len(within) if within else None
    return out


def policy_diversity(records_by_policy: dict[str, list[dict[str, Any]]], root: Path) -> dict[str, dict[str, Any]]:
    """Per policy, the diversity of its episodes' final rendered paintings (eval rows: `png` relative to `root`,
    `sketch`), with each subject's paintings as a group."""
    out = {}
    for policy, records in records_by_policy.items():
        finals = [next((t for t in reversed(r["turns"]) if t.get("png")), None) for r in records]
        kept = [(t, r) for t, r in zip(finals, records, strict=True) if t is not None]
        if len(kept) >= 2:
            out[policy] = diversity([(root / t["png"]).read_bytes() for t, _ in kept],
                                    [t.get("sketch") or "" for t, _ in kept], [str(r["subject"]) for _, r in kept])
    return out

