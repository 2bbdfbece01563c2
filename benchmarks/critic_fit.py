"""Fit the offline critic: sign-constrained pairwise logistic regression on bounded terms (`reward.offline_terms`).

Items: the rated pool (love 2, okay 1, rejected 0), the cheap tricks of `hacks.py`, the fitted pattern families
of `patterns.py` (both from seed FIT_SEED) and the attack's finds on its training families kept in
`attack_finds.json` (rank -1; the finds on held-out families there are only benchmarked). Pairs: every (better,
worse) pair; love>okay and okay>rejected weigh 1, love>rejected 0.5; the pool>generated pairs together weigh twice
as much as the love>okay pairs (rejected>generated counts half). No intercept.

Two stages. One: every banded and cost term, fitted on all of it but the attack's finds. Two: the depiction floors
(`offline_terms.FLOORED`, each the love tier's 1st percentile), fitted on everything with stage one's logit and
bias held, so a painting above every floor scores as stage one scored it.

Each feature's band is the love tier's percentiles (`offline_terms.QUANTILES`); mean and spread are the pool's.
Out-of-band and cost terms are bounded at or below zero (L-BFGS-B), so nothing can pay for leaving the band. A
painting must beat a generated sketch by MARGIN logits before their pair stops costing. The L2 strength is
chosen by held-out pair log loss over folds that hold out whole subjects and whole generated families. The bias
puts the pool's median okay painting at 0.5.

`python benchmarks/critic_fit.py` refits and writes src/critique_paint/reward/offline_model.py (scipy only here;
scoring reads the written constants). Renders are cached under runs/critic-renders/.
`python benchmarks/critic_fit.py --add-finds runs/reward-attack/finds.json` first adds an attack's scored finds to
`attack_finds.json`; `--floors` refits only the depiction floors, holding the shipped model's other terms and bias.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from critique_paint.paths import pool_dir  # noqa: E402
from critique_paint.pool import load_manifest  # noqa: E402
from critique_paint.reward.attack_families import FAMILIES  # noqa: E402
from critique_paint.reward.offline_features import CriticFeatures, compute_features  # noqa: E402
from critique_paint.reward.offline_terms import (  # noqa: E402
    BANDED,
    BELOW,
    COSTS,
    FLOOR_QUANTILE,
    FLOORED,
    QUANTILES,
    cost_only,
    feature_value,
    term_names,
    term_values,
)

import hacks  # noqa: E402
import patterns  # noqa: E402

RANK = {"love": 2, "okay": 1, "rejected": 0, "hack": -1}
POOL_TIERS = ("love", "okay", "rejected")
FOLDS = 5
GENERATED_WEIGHT = 2.0  # the pool>generated pairs together weigh this many times the love>okay pairs
MARGIN = 3.0  # a painting must beat a generated sketch by this many logits before the pair stops costing
HACKS_PER_FAMILY = 10
PATTERNS_PER_FAMILY = 8
CS = np.logspace(0, 4, 9)
CACHE = Path(__file__).resolve().parents[1] / "runs" / "critic-renders"
FINDS = Path(__file__).resolve().parent / "attack_finds.json"
ATTACK = "attack-"  # group prefix of the attack's finds
MODEL_PATH = Path(__file__).resolve().parents[1] / "src" / "critique_paint" / "reward" / "offline_model.py"


@dataclass
class Item:
    id: str
    tier: str  # love / okay / rejected / hack (any generated trick or pattern), or a label used by the bench
    group: str  # subject, or generated family
    features: CriticFeatures


def pool_items(pool: Path | None = None) -> list[Item]:
    folder = pool or pool_dir()
    out = []
    for e in load_manifest(folder):
        f = compute_features((folder / e.render).read_bytes(), e.source_text(folder))
        out.append(Item(e.id, e.tier, e.subject, f))
    return out


def rendered_items(made: list[tuple[str, str]], tag: str, tier: str = "hack") -> list[Item]:
    """Items from (family, source) pairs, rendered by Chromium (cached by source hash)."""
    pngs = hacks.render_all([s for _, s in made], cache_dir=CACHE)
    return [Item(f"{fam}-{tag}-{i}", tier, fam, compute_features(png, src))
            for i, ((fam, src), png) in enumerate(zip(made, pngs, strict=True))]


def hack_items(seed: int, per_family: int = HACKS_PER_FAMILY) -> list[Item]:
    return rendered_items(hacks.generate(seed, per_family), f"hack{seed}")


def pattern_items(seed: int, families: tuple[str, ...] = patterns.FIT_FAMILIES,
                  per_family: int = PATTERNS_PER_FAMILY) -> list[Item]:
    return rendered_items(patterns.generate(seed, per_family, families), f"pattern{seed}")


def attack_points(path: Path = FINDS) -> list[tuple[str, list[float]]]:
    """(family, point) of every kept attack find; the sketch is rebuilt from the family's generator."""
    if not path.is_file():
        return []
    return [(p["family"], p["x"]) for p in json.loads(path.read_text(encoding="utf-8"))["points"]]


def attack_items(held_out: bool = False, path: Path = FINDS) -> list[Item]:
    """The kept attack finds on training families (the fit's negatives), or with `held_out` on the held-out
    families (never fitted), rendered: cheap paintings an optimiser found the critic over-paid."""
    made = [(f"{ATTACK}{family}", FAMILIES[family].source(x)) for family, x in attack_points(path)
            if FAMILIES[family].held_out == held_out]
    return rendered_items(made, "attack") if made else []


def add_finds(finds_json: Path, path: Path = FINDS) -> int:
    """Add an attack's scored finds to the kept ones (deduplicated); returns how many were new."""
    finds = json.loads(finds_json.read_text(encoding="utf-8"))["finds"]
    kept = attack_points(path)
    seen = {(f, tuple(round(v, 6) for v in x)) for f, x in kept}
    new = 0
    for fd in finds:
        family, x = fd["family"], [round(float(v), 6) for v in fd["x"]]
        if family not in FAMILIES or fd.get("mean") is None:
            continue
        if (family, tuple(x)) not in seen:
            seen.add((family, tuple(x)))
            kept.append((family, x))
            new += 1
    lines = ",\n".join(json.dumps({"family": f, "x": x}) for f, x in kept)
    path.write_text('{"points": [\n' + lines + "\n]}\n", encoding="utf-8")
    return new


def training_items() -> list[Item]:
    """What the shipped model is fitted on: the pool, the tricks, the fitted pattern families and the kept attack
    finds."""
    return pool_items() + hack_items(hacks.FIT_SEED) + pattern_items(hacks.FIT_SEED) + attack_items()


def twin_items(seed: int, n: int) -> list[Item]:
    """(clean, muddied) versions of one generated painting, tiers "clean" and "muddied"; never fitted."""
    made = hacks.twins(seed, n)
    pngs = hacks.render_all([s for pair in made for s in pair], cache_dir=CACHE)
    out = []
    for k, (clean, muddied) in enumerate(made):
        out.append(Item(f"twin-{seed}-{k}-clean", "clean", "twins", compute_features(pngs[2 * k], clean)))
        out.append(Item(f"twin-{seed}-{k}-muddied", "muddied", "twins", compute_features(pngs[2 * k + 1], muddied)))
    return out


def pairs(items: list[Item]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(better index, worse index, weight) of every ranked pair."""
    r = np.array([RANK[it.tier] for it in items])
    a, b = np.nonzero(r[:, None] > r[None, :])
    w = np.where(r[a] - r[b] == 1, 1.0, 0.5)
    generated = r[b] == -1
    pool_w = w[(~generated) & (r[a] == 2) & (r[b] == 1)].sum()
    gen_w = w[generated].sum()
    if gen_w > 0:
        w = np.where(generated, np.where(r[a] == 0, 0.5, 1.0) * GENERATED_WEIGHT * pool_w / gen_w, w)
    return a, b, w


def fold_of(items: list[Item]) -> np.ndarray:
    subjects = sorted({it.group for it in items if it.tier in POOL_TIERS})
    families = sorted({it.group for it in items if it.tier not in POOL_TIERS})
    where = {g: i % FOLDS for i, g in enumerate(subjects)} | {g: i % FOLDS for i, g in enumerate(families)}
    return np.array([where[it.group] for it in items])


def frame(items: list[Item]) -> dict:
    """The model's constants before any weight: bands from the love tier; mean and spread from the pool (for a
    cost, the spread of everything fitted: a fault the pool almost never shows has no spread of its own)."""
    pool = [it for it in items if it.tier in POOL_TIERS]
    love = [it for it in pool if it.tier == "love"]
    model: dict = {"banded": list(BANDED), "costs": list(COSTS), "band": {}, "mean": {}, "scale": {}}
    for k in (*BANDED, *COSTS):
        values = np.array([feature_value(it.features, k) for it in (pool if k in BANDED else items)])
        lv = np.array([feature_value(it.features, k) for it in love])
        model["mean"][k] = float(values.mean())
        model["scale"][k] = float(values.std() + 1e-6)
        model["band"][k] = [float(np.quantile(lv, q)) for q in QUANTILES]
    return model


def design(items: list[Item], model: dict) -> tuple[np.ndarray, list[str]]:
    names = term_names(model["banded"], model["costs"])
    x = np.array([[term_values(it.features, model)[t] for t in names] for it in items], dtype=np.float64)
    return x, names


def _solve(d: np.ndarray, w: np.ndarray, c: float, bounds: list, margin: np.ndarray) -> np.ndarray:
    """argmin 0.5 |beta|^2 + c * sum w log(1 + exp(margin - d beta)) within bounds."""
    from scipy.optimize import minimize

    def objective(beta):
        m = d @ beta - margin
        loss = np.logaddexp(0.0, -m)
        grad = -(w * (1.0 - 1.0 / (1.0 + np.exp(-m)))) @ d  # d/dm log(1+e^-m) = -sigmoid(-m)
        return 0.5 * beta @ beta + c * (w * loss).sum(), beta + c * grad

    res = minimize(objective, np.zeros(d.shape[1]), jac=True, method="L-BFGS-B", bounds=bounds,
                   options={"maxiter": 5000})
    return res.x


def _held_out_loss(d: np.ndarray, w: np.ndarray, beta: np.ndarray, margin: np.ndarray) -> float:
    return float((w * np.logaddexp(0.0, margin - d @ beta)).sum() / w.sum())


def fit_quality(items: list[Item], c: float | None = None) -> dict:
    """Stage one: every banded and cost term on the pool, the tricks and the patterns; with `c`, that L2 strength
    (no cross-validation)."""
    model = frame(items)
    x, names = design(items, model)
    a, b, w = pairs(items)
    d = x[a] - x[b]
    margin = np.where(np.array([RANK[items[i].tier] for i in b]) == -1, MARGIN, 0.0)
    bounds = [(None, 0.0) if cost_only(t) else (None, None) for t in names]
    info = {"pairs": int(len(a)), "pool": int(sum(it.tier in POOL_TIERS for it in items)),
            "generated": int(sum(it.tier not in POOL_TIERS for it in items))}
    if c is None:
        folds = fold_of(items)
        losses = []
        for cand in CS:
            fold_losses = []
            for k in range(FOLDS):
                test = (folds[a] == k) & (folds[b] == k)
                train = (folds[a] != k) & (folds[b] != k)
                if test.any() and train.any():
                    beta = _solve(d[train], w[train], cand / w[train].sum(), bounds, margin[train])
                    fold_losses.append(_held_out_loss(d[test], w[test], beta, margin[test]))
            losses.append(float(np.mean(fold_losses)))
        c = float(CS[int(np.argmin(losses))])
        info["cv_log_loss"] = round(min(losses), 4)
    beta = _solve(d, w, c / w.sum(), bounds, margin)
    okay = x[np.array([it.tier == "okay" for it in items])] @ beta
    model["weights"] = {t: float(v) for t, v in zip(names, beta, strict=True) if abs(v) > 1e-6}
    model["bias"] = -float(np.median(okay)) if len(okay) else 0.0
    model["fit"] = {"C": c, **info}
    return model


def fit_floors(model: dict, items: list[Item]) -> dict:
    """Stage two: the depiction floors (`offline_terms.FLOORED`), their cost weights fitted on every ranked pair,
    the attack's negatives among them, with stage one's logit and bias held. A floor is the love tier's 1st
    percentile, so a painting above every floor scores as stage one scored it."""
    pool = [it for it in items if it.tier in POOL_TIERS]
    love = [it for it in pool if it.tier == "love"]
    model["floored"] = list(FLOORED)
    for k in FLOORED:
        values = np.array([feature_value(it.features, k) for it in pool])
        model["mean"][k] = float(values.mean())
        model["scale"][k] = float(values.std() + 1e-6)
        model["band"][k] = [float(np.quantile([feature_value(it.features, k) for it in love], FLOOR_QUANTILE))]
    names = [k + BELOW for k in FLOORED]
    terms = [term_values(it.features, model) for it in items]
    x = np.array([[t[n] for n in names] for t in terms], dtype=np.float64)
    held = np.array([sum(w * t[k] for k, w in model["weights"].items()) for t in terms])
    a, b, w = pairs(items)
    generated = np.array([RANK[items[i].tier] for i in b]) == -1
    margin = np.where(generated, MARGIN, 0.0) - (held[a] - held[b])
    beta = _solve(x[a] - x[b], w, model["fit"]["C"] / w.sum(), [(None, 0.0)] * len(names), margin)
    model["weights"].update({t: float(v) for t, v in zip(names, beta, strict=True) if abs(v) > 1e-6})
    model["fit"]["attack_negatives"] = int(sum(it.group.startswith(ATTACK) for it in items))
    return model


def fit(items: list[Item], c: float | None = None) -> dict:
    """The model dict written to offline_model.py: stage one on everything but the attack's negatives, then the
    floors on everything."""
    return fit_floors(fit_quality([it for it in items if not it.group.startswith(ATTACK)], c), items)


def write_model(model: dict, path: Path = MODEL_PATH) -> None:
    def rounded(v):
        if isinstance(v, dict):
            return {k: rounded(x) for k, x in v.items()}
        if isinstance(v, list):
            return [rounded(x) for x in v]
        return round(v, 5) if isinstance(v, float) else v

    body = {k: rounded(model[k]) for k in ("banded", "costs", "floored", "band", "mean", "scale", "weights", "bias")}
    body["fit"] = model["fit"]
    text = json.dumps(body, indent=4)
    path.write_text(
        '"""Fitted offline-critic model, written by `python benchmarks/critic_fit.py` on '
        f'{dt.date.today().isoformat()}; do not edit by hand."""\n\n'
        "from typing import Any\n\n"
        f"MODEL: dict[str, Any] = {text}\n".replace("true", "True").replace("false", "False").replace("null", "None"),
        encoding="utf-8")


def shipped_quality() -> dict:
    """The shipped model's stage one (every term but the floors), to refit the floors on."""
    from critique_paint.reward.offline_model import MODEL

    model = json.loads(json.dumps(MODEL))
    model["weights"] = {k: w for k, w in model["weights"].items() if k.rstrip(BELOW) not in FLOORED}
    return model


def main() -> None:
    if "--add-finds" in sys.argv:
        source = Path(sys.argv[sys.argv.index("--add-finds") + 1])
        print(f"{add_finds(source)} new attack finds from {source} ({len(attack_points())} kept)")
    items = training_items()
    model = fit_floors(shipped_quality(), items) if "--floors" in sys.argv else fit(items)
    write_model(model)
    print(f"wrote {MODEL_PATH} (C={model['fit']['C']:.4g}, held-out pair log loss {model['fit']['cv_log_loss']})")
    for k, w in sorted(model["weights"].items(), key=lambda kv: -abs(kv[1])):
        print(f"  {k:<22}{w:+.3f}")
    print(f"  bias {model['bias']:+.3f}")
    if not all(math.isfinite(v) for v in model["weights"].values()):
        sys.exit("non-finite weights")


if __name__ == "__main__":
    main()
