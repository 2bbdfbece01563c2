"""Offline critic against the rated reference pool and against generated cheap tricks.

Prints one table: love>okay and okay>rejected agreement over all pool pairs with the shipped model; love>okay
and okay>rejected when every painting is scored by a model refitted without its subject (leave-one-subject-out,
tricks from the fit seed included in each refit, the shipped L2 strength); and, for every trick family
generated with CHECK_SEED (not the fit seed), its median score against half the pool's median love. Then
per-feature agreement and the score spread per tier. Exit status 1 when a target is missed.

`--fit` first refits the shipped model (benchmarks/critic_fit.py) and then benchmarks it.
"""

from __future__ import annotations

import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from critic_fit import Item, fit, hack_items, pool_items, twin_items, write_model  # noqa: E402

from critique_paint.reward import hacks  # noqa: E402
from critique_paint.reward.offline import MODEL, score_features  # noqa: E402

TARGETS = {"love>okay": 0.75, "love>okay LOSO": 0.70, "okay>rejected": 0.90}
HACKS_PER_FAMILY = 8


def agreement(scores: dict[str, float], items: list[Item], hi: str, lo: str, margin: float = 0.01) -> float:
    """Share of (hi, lo) pairs where hi scores higher; |diff| <= margin counts as half."""
    his = [scores[it.id] for it in items if it.tier == hi]
    los = [scores[it.id] for it in items if it.tier == lo]
    total = sum(0.5 if abs(a - b) <= margin else float(a > b) for a in his for b in los)
    return total / (len(his) * len(los)) if his and los else float("nan")


def loso_scores(pool: list[Item], fit_hacks: list[Item]) -> dict[str, float]:
    """Every pool painting scored by a model fitted without its subject."""
    out: dict[str, float] = {}
    for subject in sorted({it.group for it in pool}):
        model = fit([it for it in pool if it.group != subject] + fit_hacks, MODEL["features"], c=MODEL["fit"]["C"])
        out.update({it.id: score_features(it.features, model) for it in pool if it.group == subject})
    return out


def main() -> int:
    warnings.filterwarnings("ignore", category=FutureWarning)
    t0 = time.perf_counter()
    pool = pool_items()
    ms = (time.perf_counter() - t0) / len(pool) * 1000
    fit_hacks = hack_items(hacks.FIT_SEED)
    if "--fit" in sys.argv:
        model = fit(pool + fit_hacks)
        write_model(model)
        MODEL.clear()
        MODEL.update(model)
    check = hack_items(hacks.CHECK_SEED, HACKS_PER_FAMILY)
    check_twins = twin_items(hacks.CHECK_SEED, 6)
    scores = {it.id: score_features(it.features) for it in pool + check + check_twins}
    loso = loso_scores(pool, fit_hacks)
    love_median = statistics.median(scores[it.id] for it in pool if it.tier == "love")

    counts = {t: sum(it.tier == t for it in pool) for t in ("love", "okay", "rejected")}
    print(f"pool: {len(pool)} paintings ({', '.join(f'{t} {n}' for t, n in counts.items())}), "
          f"{len({it.group for it in pool})} subjects; tricks: {len(check)} from seed {hacks.CHECK_SEED} "
          f"(fit used seed {hacks.FIT_SEED})")
    print(f"model: C={MODEL['fit'].get('C')}, weights per standard deviation: "
          + ", ".join(f"{k} {w:+.2f}" for k, w in MODEL["weights"].items()) + f", bias {MODEL['bias']:+.2f}\n")
    rows = [("love>okay", agreement(scores, pool, "love", "okay")),
            ("love>okay LOSO", agreement(loso, pool, "love", "okay")),
            ("okay>rejected", agreement(scores, pool, "okay", "rejected")),
            ("okay>rejected LOSO", agreement(loso, pool, "okay", "rejected"))]
    failed = 0
    print(f"{'check':<34}{'value':>9}{'target':>10}  result")
    for name, value in rows:
        target = TARGETS.get(name)
        ok = target is None or value >= target
        failed += not ok
        tgt = f">= {target * 100:.0f}%" if target else ""
        print(f"{name:<34}{value * 100:>8.1f}%{tgt:>10}  {'' if target is None else 'pass' if ok else 'FAIL'}")
    limit = love_median / 2
    for family in hacks.FAMILIES:
        values = [scores[it.id] for it in check if it.group == family]
        med = statistics.median(values)
        ok = med <= limit
        failed += not ok
        print(f"{'trick ' + family + ' (median)':<34}{med:>9.3f}{'<= ' + format(limit, '.3f'):>10}  "
              f"{'pass' if ok else 'FAIL'}  (max {max(values):.3f})")

    cleaner = [scores[it.id] > scores[it.id.replace("clean", "muddied")] for it in check_twins if it.tier == "clean"]
    print(f"{'clean > its muddied twin (info)':<34}{sum(cleaner):>6}/{len(cleaner):<2}")
    print("\nscore per tier (min / median / max):")
    for t in ("love", "okay", "rejected"):
        v = sorted(scores[it.id] for it in pool if it.tier == t)
        print(f"  {t:<9} {v[0]:.3f} / {statistics.median(v):.3f} / {v[-1]:.3f}")
    print("\nper-feature agreement (higher value = better painting):")
    print(f"{'feature':<14}{'love>okay':>11}{'okay>rej':>10}")
    for k in MODEL["features"]:
        vals = {it.id: getattr(it.features, k) for it in pool}
        print(f"{k:<14}{agreement(vals, pool, 'love', 'okay', 0) * 100:>10.1f}%"
              f"{agreement(vals, pool, 'okay', 'rejected', 0) * 100:>9.1f}%")
    print(f"\nms per image (features, one core): {ms:.1f}")
    print(f"\ncritic_agreement: love>okay {rows[0][1] * 100:.1f}% (LOSO {rows[1][1] * 100:.1f}%) "
          f"okay>rejected {rows[2][1] * 100:.1f}%; targets {'met' if not failed else f'missed: {failed}'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
