"""Can image statistics tell whether a painting depicts its subject? Three probes on the rated pool, the reward
attack's kept finds (`attack_finds.json`) and the careful held-out paintings (`paintings/*.js`).

For each pool subject with 3 or more love paintings:
- likeness: the distance to the nearest painting of the subject (love or okay, other revision chains only) in a
  layout descriptor (a 6x6 thumbnail in an opponent colour space and a 6x6 grid of 8-bin gradient-orientation
  histograms, each dimension scaled by the pool's spread);
- typicality: the RMS distance, in the critic's own features scaled by the pool's spread, from the subject's mean,
  each feature's spread shrunk towards the pool's (the subject's love and okay paintings, other chains only).

Each prints the subject's floor (the least like of its love paintings, each measured without its own chain) and
the share of other subjects' paintings and of the attack's finds (all, and those the shipped critic pays 0.5 or
more) that are at least as like the subject as that floor. A term that read the subject would need those shares
near 0.

Then a discriminator: logistic regression on the critic's features, pool love and okay paintings against every
generated trick, pattern and training-family find, three subjects and the held-out attack families left out; it
prints P(painting) for the held-out families' finds, the careful held-out paintings and the left-out subjects'
love paintings.

    python benchmarks/depiction_probe.py
"""

from __future__ import annotations

import io
import sys
from dataclasses import astuple
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

from critic_fit import CACHE, attack_points, hack_items, pattern_items  # noqa: E402

from critique_paint.paths import pool_dir  # noqa: E402
from critique_paint.pool import load_manifest  # noqa: E402
from critique_paint.pool.sampler import chain_root  # noqa: E402
from critique_paint.reward.attack_families import FAMILIES  # noqa: E402
from critique_paint.reward.offline import score_features  # noqa: E402
from critique_paint.reward.offline_features import compute_features  # noqa: E402

import hacks  # noqa: E402
from painting_renders import PAINTING_RENDERS  # noqa: E402

GRID, ORIENTATIONS, SIDE = 6, 8, 96
LEFT_OUT = ("a lighthouse", "a peach hibiscus", "a mountain lake")  # the attack's default subjects
PAYS = 0.5


def layout(png: bytes) -> np.ndarray:
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB").resize((SIDE, SIDE), Image.BOX), float) / 255
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    opp = np.stack([0.299 * r + 0.587 * g + 0.114 * b, r - g, (r + g) / 2 - b], -1)
    n = SIDE // GRID
    thumb = opp.reshape(GRID, n, GRID, n, 3).mean((1, 3)).ravel()
    gy, gx = np.gradient(opp[..., 0])
    mag, ang = np.hypot(gx, gy), np.mod(np.arctan2(gy, gx), np.pi)
    bins = np.minimum((ang / np.pi * ORIENTATIONS).astype(int), ORIENTATIONS - 1)
    hist = np.stack([np.where(bins == o, mag, 0.0).reshape(GRID, n, GRID, n).sum((1, 3))
                     for o in range(ORIENTATIONS)], -1)
    return np.concatenate([thumb, (hist / (hist.sum(-1, keepdims=True) + 1e-9)).ravel()])


def main() -> int:
    folder = pool_dir()
    entries = load_manifest(folder)
    by_id = {e.id: e for e in entries}
    chain = {e.id: chain_root(e, by_id) for e in entries}
    pngs = {e.id: (folder / e.render).read_bytes() for e in entries}
    feats = {e.id: compute_features(pngs[e.id], e.source_text(folder)) for e in entries}
    points = attack_points()
    find_sources = [FAMILIES[f].source(x) for f, x in points]
    find_pngs = hacks.render_all(find_sources, cache_dir=CACHE)
    find_feats = [compute_features(p, s) for p, s in zip(find_pngs, find_sources, strict=True)]
    pays = np.array([score_features(f) >= PAYS for f in find_feats])
    held = np.array([FAMILIES[f].held_out for f, _ in points])
    careful = [compute_features(png, source) for source, png in PAINTING_RENDERS.stored().values()]

    ids = [e.id for e in entries]
    lay = np.array([layout(pngs[i]) for i in ids])
    lay_finds = np.array([layout(p) for p in find_pngs])
    mu, sd = lay.mean(0), lay.std(0) + 1e-9
    lay, lay_finds = (lay - mu) / sd, (lay_finds - mu) / sd
    fv = np.array([astuple(feats[i]) for i in ids], float)
    fv_finds = np.array([astuple(f) for f in find_feats], float)
    fmu, fsd = fv.mean(0), fv.std(0) + 1e-9
    fv, fv_finds = (fv - fmu) / fsd, (fv_finds - fmu) / fsd

    def likeness(x: np.ndarray, refs: np.ndarray) -> float:
        return -float(np.sqrt(((refs - x) ** 2).sum(1)).min())

    def typicality(x: np.ndarray, refs: np.ndarray, shrink: float = 3.0) -> float:
        spread = np.sqrt((refs.var(0) * len(refs) + shrink) / (len(refs) + shrink))
        return -float(np.sqrt(np.mean(((x - refs.mean(0)) / spread) ** 2)))

    subjects = sorted({e.subject for e in entries if sum(d.subject == e.subject and d.tier == "love"
                                                         for d in entries) >= 3})
    print(f"{len(entries)} pool paintings, {len(points)} attack finds ({int(pays.sum())} paid >= {PAYS}), "
          f"{len(careful)} careful held-out paintings\n")
    print(f"{'subject':<26}{'probe':<12}{'others >= floor':>16}{'finds >= floor':>15}{'paid finds':>11}")
    for subject in subjects:
        own = [k for k, e in enumerate(entries) if e.subject == subject and e.tier in ("love", "okay")]
        others = [k for k, e in enumerate(entries) if e.subject != subject and e.tier in ("love", "okay")]
        probes = (("likeness", likeness, lay, lay_finds), ("typicality", typicality, fv, fv_finds))
        for name, how, data, found in probes:
            floor = min(how(data[k], data[[j for j in own if chain[ids[j]] != chain[ids[k]]]])
                        for k in own if entries[k].tier == "love")
            refs = data[own]
            other = np.mean([how(data[k], refs) >= floor for k in others])
            near = np.array([how(x, refs) >= floor for x in found])
            print(f"{subject:<26}{name:<12}{other:>16.2f}{near.mean():>15.2f}{near[pays].mean():>11.2f}")

    from sklearn.linear_model import LogisticRegression

    generated = hack_items(hacks.FIT_SEED) + pattern_items(hacks.FIT_SEED)
    train_x = [fv[k] for k, e in enumerate(entries) if e.tier in ("love", "okay") and e.subject not in LEFT_OUT]
    train_x += [(np.array(astuple(it.features), float) - fmu) / fsd for it in generated]
    train_x += list(fv_finds[~held])
    labels = [1] * (len(train_x) - len(generated) - int((~held).sum())) + [0] * (len(generated) + int((~held).sum()))
    clf = LogisticRegression(C=1.0, max_iter=5000).fit(np.array(train_x), labels)

    def p(x: np.ndarray) -> np.ndarray:
        return clf.predict_proba(np.atleast_2d(x))[:, 1]

    print("\ndiscriminator P(painting), trained without the held-out families and without " + ", ".join(LEFT_OUT))
    for family in sorted({f for (f, _), h in zip(points, held, strict=True) if h}):
        q = p(fv_finds[[k for k, (f, _) in enumerate(points) if f == family]])
        print(f"  held-out family {family:<16} max {q.max():.2f}  90th pct {np.percentile(q, 90):.2f}  "
              f"median {np.median(q):.2f}")
    q = p((np.array([astuple(f) for f in careful], float) - fmu) / fsd)
    print(f"  careful held-out paintings      min {q.min():.2f}  median {np.median(q):.2f}")
    q = p(fv[[k for k, e in enumerate(entries) if e.subject in LEFT_OUT and e.tier == "love"]])
    print(f"  left-out subjects' loves        min {q.min():.2f}  median {np.median(q):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
