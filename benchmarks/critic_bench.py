"""Offline critic against the rated reference pool.

Prints: agreement with the human tiers over all love/okay and okay/rejected pairs (critic and a coverage-only
baseline), per-feature agreement, score distribution per tier, ms per image, and honest splits by subject: the
pairwise model (standardisation and weights) refitted on some subjects and evaluated on the others, as a 2-fold
split and as leave-one-subject-out (every painting scored by a model that never saw its subject, then all pairs
compared). Last line: `critic_agreement: love>okay X.X% okay>rejected Y.Y%`.

`--fit` refits the shipped model on the whole pool and prints the constants for `reward/offline.py`.
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import fields

import numpy as np

from critique_paint.paths import POOL_DIR
from critique_paint.pool import load_manifest
from critique_paint.reward import offline
from critique_paint.reward.offline import MODEL_FEATURES, TERM_WEIGHTS, OfflineCritic, score_features
from critique_paint.reward.offline_features import CriticFeatures

TARGETS = {("love", "okay"): 0.70, ("okay", "rejected"): 0.85}
RANK = {"love": 2, "okay": 1, "rejected": 0}
L2 = 0.03  # ridge penalty on the standardised weights


def fit_pairwise(feats: dict[str, CriticFeatures], tier: dict[str, str], ids: list[str], l2: float = L2,
                 iters: int = 500) -> tuple[dict, dict, dict, float]:
    """Bradley-Terry / pairwise logistic regression on standardised feature differences (numpy gradient descent).

    Pairs: every (better, worse) tier pair among ids; love>rejected pairs weigh half. Returns (mean, scale,
    weights, bias); the bias centres the logistic on the mean painting of ids.
    """
    x = np.array([[getattr(feats[i], k) for k in MODEL_FEATURES] for i in ids], dtype=np.float64)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = (x - mean) / scale
    r = np.array([RANK[tier[i]] for i in ids])
    a, b = np.nonzero(r[:, None] > r[None, :])
    pw = np.where(r[a] - r[b] == 1, 1.0, 0.5)
    d = z[a] - z[b]
    w = np.zeros(len(MODEL_FEATURES))
    step = 1.0 / (np.linalg.eigvalsh((d * pw[:, None]).T @ d / pw.sum()).max() / 4 + l2)
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(d @ w))
        w -= step * (-(d * (pw * p)[:, None]).sum(axis=0) / pw.sum() + l2 * w)
    names = list(MODEL_FEATURES)
    return (dict(zip(names, mean.tolist(), strict=True)), dict(zip(names, scale.tolist(), strict=True)),
            dict(zip(names, w.tolist(), strict=True)), 0.0)


def scores_with(model: tuple[dict, dict, dict, float], feats: dict[str, CriticFeatures], ids) -> dict[str, float]:
    """Score ids with a fitted model by swapping it into the critic module (restored afterwards)."""
    saved = offline.MODEL_MEAN, offline.MODEL_SCALE, offline.TERM_WEIGHTS, offline.MODEL_BIAS
    offline.MODEL_MEAN, offline.MODEL_SCALE, offline.TERM_WEIGHTS, offline.MODEL_BIAS = model
    try:
        return {i: score_features(feats[i]) for i in ids}
    finally:
        offline.MODEL_MEAN, offline.MODEL_SCALE, offline.TERM_WEIGHTS, offline.MODEL_BIAS = saved


def agreement(values: dict[str, float], tier: dict[str, str], hi: str, lo: str, ids: set[str] | None = None,
              margin: float = 0.0) -> tuple[int, float]:
    """Share of (hi, lo) pairs where hi's value is higher; |diff| <= margin counts as half."""
    his = [i for i in values if tier[i] == hi and (ids is None or i in ids)]
    los = [i for i in values if tier[i] == lo and (ids is None or i in ids)]
    total = 0.0
    for a in his:
        for b in los:
            d = values[a] - values[b]
            total += 0.5 if abs(d) <= margin else float(d > 0)
    n = len(his) * len(los)
    return n, (total / n if n else float("nan"))


def print_fit(feats: dict[str, CriticFeatures], tier: dict[str, str]) -> None:
    mean, scale, weights, bias = fit_pairwise(feats, tier, sorted(feats))
    for name, d in (("MODEL_MEAN", mean), ("MODEL_SCALE", scale), ("TERM_WEIGHTS", weights)):
        body = ", ".join(f'"{k}": {v:.4g}' for k, v in d.items())
        print(f"{name} = {{{body}}}")
    print(f"MODEL_BIAS = {bias}")


def main() -> None:
    entries = load_manifest(POOL_DIR)
    critic = OfflineCritic(cache_size=len(entries) + 1)
    tier = {e.id: e.tier for e in entries}
    subject = {e.id: e.subject for e in entries}
    pngs = {e.id: (POOL_DIR / e.render).read_bytes() for e in entries}

    t0 = time.perf_counter()
    feats: dict[str, CriticFeatures] = {i: critic.features(p) for i, p in pngs.items()}
    ms = (time.perf_counter() - t0) / len(pngs) * 1000
    if "--fit" in sys.argv:
        print_fit(feats, tier)
        return
    scores = {i: score_features(f) for i, f in feats.items()}
    cover = {i: f.coverage for i, f in feats.items()}

    counts = ", ".join(f"{t} {sum(v == t for v in tier.values())}" for t in ("love", "okay", "rejected"))
    print(f"pool: {len(entries)} paintings ({counts})")
    print(f"weights: { {k: round(w, 3) for k, w in TERM_WEIGHTS.items()} }\n")
    print(f"{'pairs':<16}{'n':>6}{'critic':>9}{'coverage':>10}{'target':>8}  result")
    results = {}
    for (hi, lo), target in TARGETS.items():
        n, ag = agreement(scores, tier, hi, lo, margin=0.01)
        _, base = agreement(cover, tier, hi, lo)
        results[(hi, lo)] = ag
        print(f"{hi + '>' + lo:<16}{n:>6}{ag * 100:>8.1f}%{base * 100:>9.1f}%{target * 100:>7.0f}%  "
              f"{'pass' if ag >= target else 'FAIL'}")

    print("\nper-feature agreement (higher value = better painting):")
    print(f"{'feature':<14}{'love>okay':>11}{'okay>rej':>10}")
    for fld in fields(CriticFeatures):
        vals = {i: getattr(f, fld.name) for i, f in feats.items()}
        a = agreement(vals, tier, "love", "okay")[1]
        b = agreement(vals, tier, "okay", "rejected")[1]
        print(f"{fld.name:<14}{a * 100:>10.1f}%{b * 100:>9.1f}%")

    print("\nscore per tier (min / median / max):")
    for t in ("love", "okay", "rejected"):
        v = sorted(s for i, s in scores.items() if tier[i] == t)
        print(f"  {t:<9} {v[0]:.3f} / {statistics.median(v):.3f} / {v[-1]:.3f}")
    print(f"\nms per image (features, cold cache, one core): {ms:.1f}")

    # honest splits: refit the model on some subjects, evaluate on the others
    subjects = sorted(set(subject.values()))
    halves = [set(subjects[0::2]), set(subjects[1::2])]

    def pair_ag(s: dict[str, float], ids: set[str]) -> tuple[float, float]:
        return (agreement(s, tier, "love", "okay", ids, margin=0.01)[1],
                agreement(s, tier, "okay", "rejected", ids, margin=0.01)[1])

    print("\n2-fold split by subject (fit on one half, evaluate on the other):")
    for k in (0, 1):
        train = sorted(i for i in feats if subject[i] in halves[k])
        test = {i for i in feats if subject[i] in halves[1 - k]}
        model = fit_pairwise(feats, tier, train)
        tr_lo, tr_rj = pair_ag(scores_with(model, feats, train), set(train))
        te_lo, te_rj = pair_ag(scores_with(model, feats, test), test)
        sh_lo, sh_rj = pair_ag(scores, test)
        print(f"  fold {k + 1}: fit on {len(halves[k])} subjects")
        print(f"    train love>okay {tr_lo * 100:.1f}% okay>rejected {tr_rj * 100:.1f}% | held-out love>okay "
              f"{te_lo * 100:.1f}% okay>rejected {te_rj * 100:.1f}% | shipped model on held-out "
              f"{sh_lo * 100:.1f}% / {sh_rj * 100:.1f}%")
    oof: dict[str, float] = {}
    for sj in subjects:
        test = {i for i in feats if subject[i] == sj}
        model = fit_pairwise(feats, tier, sorted(i for i in feats if subject[i] != sj))
        oof.update(scores_with(model, feats, test))
    lo_lo, lo_rj = pair_ag(oof, set(oof))
    print(f"leave-one-subject-out ({len(subjects)} fits; every painting scored by a model that never saw its "
          f"subject):\n  love>okay {lo_lo * 100:.1f}% okay>rejected {lo_rj * 100:.1f}%")

    print(f"\ncritic_agreement: love>okay {results[('love', 'okay')] * 100:.1f}% "
          f"okay>rejected {results[('okay', 'rejected')] * 100:.1f}%")


if __name__ == "__main__":
    main()
