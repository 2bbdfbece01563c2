"""Per-turn statistics over evaluation rows: means with 95 % CIs, paired revision gains, baseline deltas.

A row is one episode's turn as read from results.jsonl (policy, subject, episode, seed, draft, turn, total,
gate_passed, paint fraction). A total of None is unscored (an infrastructure failure) and is left out of every mean
and every pair. An episode is (policy, subject, episode, seed, draft); episodes may have different lengths.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Row = Mapping[str, Any]
EpisodeKey = tuple[str, int, int, str | None]  # (subject, episode, seed, draft): one episode across policies


def episode_key(row: Row) -> EpisodeKey:
    """The episode a row belongs to: two drafts may share a subject and seed (a row without `draft`: None)."""
    draft = row.get("draft")
    return str(row["subject"]), int(row["episode"]), int(row["seed"]), None if draft is None else str(draft)

def t_quantile_975(df: int) -> float:
    """Two-sided 95 % Student-t critical value (scipy.stats)."""
    from scipy import stats

    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, got {df}")
    return float(stats.t.ppf(0.975, df))


def mean_ci(values: Iterable[float | None]) -> tuple[float | None, float | None]:
    """(mean, 95 % CI half width) of the non-None values; the half width is None below two values."""
    vals = [float(v) for v in values if v is not None]
    if not vals:
        return None, None
    mean = statistics.fmean(vals)
    if len(vals) == 1:
        return mean, None
    from scipy import stats

    return mean, t_quantile_975(len(vals) - 1) * float(stats.sem(vals))


@dataclass
class TurnStats:
    """One policy at one turn. gain is the mean paired difference to the previous turn of the same episodes."""

    policy: str
    turn: int
    episodes: int  # episodes that reached this turn
    scored: int  # of those, with a total
    mean: float | None
    ci95: float | None
    gain: float | None
    gain_ci95: float | None
    improved: float | None  # share of pairs with a positive difference
    pairs: int
    gate_pass: float | None  # share of episodes at this turn whose sketch passed the gate
    paint_fraction: float | None  # mean share of the sheet painted, over the turn's paintings


@dataclass
class OverallGain:
    """Last scored turn minus the first turn, per episode with both scored and at least two turns."""

    policy: str
    n: int
    mean: float | None
    ci95: float | None
    improved: float | None


def _total(row: Row | None) -> float | None:
    value = None if row is None else row.get("total")
    if value is None or math.isnan(float(value)):
        return None
    return float(value)


def _share(flags: list[bool]) -> float | None:
    return sum(flags) / len(flags) if flags else None


def _by_policy(rows: Iterable[Row]) -> dict[str, dict[EpisodeKey, dict[int, Row]]]:
    """policy -> episode -> turn -> row, policies and episodes in first-appearance order; a repeat keeps the last.
    An episode that painted nothing (its one row has `painted` false) has no turns."""
    out: dict[str, dict[EpisodeKey, dict[int, Row]]] = {}
    for r in rows:
        if not r.get("painted", True):
            continue
        out.setdefault(str(r["policy"]), {}).setdefault(episode_key(r), {})[int(r["turn"])] = r
    return out


def turn_stats(rows: Iterable[Row]) -> list[TurnStats]:
    """Per (policy, turn) statistics, policies in first-appearance order, turns ascending."""
    out = []
    for policy, episodes in _by_policy(rows).items():
        for turn in sorted({t for ep in episodes.values() for t in ep}):
            reached = [ep[turn] for ep in episodes.values() if turn in ep]
            totals = [_total(r) for r in reached]
            mean, ci = mean_ci(totals)
            diffs = []
            for ep in episodes.values():
                before, now = _total(ep.get(turn - 1)), _total(ep.get(turn))
                if before is not None and now is not None:
                    diffs.append(now - before)
            gain, gain_ci = mean_ci(diffs)
            paint = [float(r["paint_fraction"]) for r in reached if r.get("paint_fraction") is not None]
            out.append(TurnStats(
                policy=policy, turn=turn, episodes=len(reached), scored=sum(t is not None for t in totals),
                mean=mean, ci95=ci, gain=gain, gain_ci95=gain_ci, improved=_share([d > 0 for d in diffs]),
                pairs=len(diffs), gate_pass=_share([bool(r.get("gate_passed")) for r in reached]),
                paint_fraction=statistics.fmean(paint) if paint else None,
            ))
    return out


def overall_gain(rows: Iterable[Row]) -> dict[str, OverallGain]:
    """Per policy: the gain from an episode's first turn to its last scored turn (n = 0 when no episode qualifies)."""
    out = {}
    for policy, episodes in _by_policy(rows).items():
        diffs = []
        for ep in episodes.values():
            first = _total(ep[min(ep)])
            scored = {t: total for t in ep if (total := _total(ep[t])) is not None}
            if first is not None and max(scored) > min(ep):
                diffs.append(scored[max(scored)] - first)
        mean, ci = mean_ci(diffs)
        out[policy] = OverallGain(policy, len(diffs), mean, ci, _share([d > 0 for d in diffs]))
    return out


def baseline_deltas(rows: Iterable[Row], policy: str, baseline: str) -> list[dict[str, Any]]:
    """Per turn both policies reach: policy minus baseline, paired by episode (subject, episode, seed, draft) where
    both are scored.

    Each dict has policy, baseline, turn, n, mean, ci95 and better (share of pairs where policy scored higher).
    """
    idx = _by_policy(rows)
    for name in (policy, baseline):
        if name not in idx:
            raise ValueError(f"no rows for policy {name!r}; have {sorted(idx)}")
    ours, theirs = idx[policy], idx[baseline]
    turns = {t for ep in ours.values() for t in ep} & {t for ep in theirs.values() for t in ep}
    out = []
    for turn in sorted(turns):
        diffs = []
        for key, ep in ours.items():
            a, b = _total(ep.get(turn)), _total(theirs.get(key, {}).get(turn))
            if a is not None and b is not None:
                diffs.append(a - b)
        mean, ci = mean_ci(diffs)
        out.append({"policy": policy, "baseline": baseline, "turn": turn, "n": len(diffs), "mean": mean,
                    "ci95": ci, "better": _share([d > 0 for d in diffs])})
    return out


def _episode_gains(episodes: Mapping[EpisodeKey, Mapping[int, Row]]) -> dict[EpisodeKey, float]:
    """Per episode with a scored first and a later scored turn: last scored minus first."""
    out = {}
    for key, ep in episodes.items():
        first = _total(ep[min(ep)])
        scored = {t: total for t in ep if (total := _total(ep[t])) is not None}
        if first is not None and scored and max(scored) > min(ep):
            out[key] = scored[max(scored)] - first
    return out


def source_contrasts(rows: Iterable[Row], labels: Mapping[str, str], reference: str = "blind"
                     ) -> list[dict[str, Any]]:
    """The critique ablation: per source, its last − first gain, and that gain minus the `reference` source's on
    the same episode (subject, episode, seed, draft), with 95 % CIs and the share of episodes where the difference
    is positive.

    `labels` maps each source to the policy label its rows carry. Without the reference source, no differences.
    """
    idx = _by_policy(rows)
    gains = {source: _episode_gains(idx.get(label, {})) for source, label in labels.items()}
    base = gains.get(reference)
    out = []
    for source, gain in gains.items():
        mean, ci = mean_ci(gain.values())
        row: dict[str, Any] = {"source": source, "n": len(gain), "gain": mean, "gain_ci95": ci,
                               "improved": _share([g > 0 for g in gain.values()])}
        if base is not None and source != reference:
            diffs = [gain[k] - base[k] for k in gain if k in base]
            d_mean, d_ci = mean_ci(diffs)
            row.update(pairs=len(diffs), vs_reference=d_mean, vs_reference_ci95=d_ci,
                       positive=_share([d > 0 for d in diffs]))
        out.append(row)
    return out


def episode_records(rows: Iterable[Row]) -> dict[str, list[dict[str, Any]]]:
    """Per policy, one rollout record per episode (see `evaluate.rollout_metrics`): its reward as GRPO scores it,
    how it ended and its painted turns."""
    out: dict[str, dict[EpisodeKey, dict[str, Any]]] = {}
    for r in rows:
        key = episode_key(r)
        record = out.setdefault(str(r["policy"]), {}).setdefault(key, {
            "group": "|".join(str(k) for k in key if k is not None), "subject": key[0], "episode": key[1],
            "seed": key[2], "draft": key[3], "reward": r.get("episode_reward"), "ended": r.get("ended"), "turns": []})
        if r.get("painted", True):
            record["turns"].append(r)
    for episodes in out.values():
        for record in episodes.values():
            record["turns"].sort(key=lambda t: int(t["turn"]))
    return {policy: list(episodes.values()) for policy, episodes in out.items()}


def policy_metrics(rows: Iterable[Row], bad_reward: float) -> dict[str, dict[str, Any]]:
    """Per policy: the rollout metrics of its episodes (each turn with the p5 helpers its sketch calls) and the mean
    episode reward's 95 % CI."""
    from critique_paint.evaluate.rollout_metrics import rollout_metrics
    from critique_paint.evaluate.sketch_calls import p5_calls

    out = {}
    for policy, records in episode_records(rows).items():
        read = [{**r, "turns": [{**t, "p5_calls": p5_calls(str(t.get("sketch") or ""))} for t in r["turns"]]}
                for r in records]
        metrics = rollout_metrics(read, bad_reward=bad_reward)
        metrics["reward_ci95"] = mean_ci(r["reward"] for r in records)[1]
        out[policy] = metrics
    return out


def reward_deltas(rows: Iterable[Row], policy: str, baseline: str) -> dict[str, Any]:
    """The episode reward (as GRPO scores it) of `policy` minus `baseline`'s on the same episode."""
    records = episode_records(rows)
    ours = {episode_key(r): r["reward"] for r in records.get(policy, [])}
    theirs = {episode_key(r): r["reward"] for r in records.get(baseline, [])}
    diffs = [ours[k] - theirs[k] for k in ours if k in theirs and None not in (ours[k], theirs[k])]
    mean, ci = mean_ci(diffs)
    return {"policy": policy, "baseline": baseline, "n": len(diffs), "mean": mean, "ci95": ci,
            "better": _share([d > 0 for d in diffs])}
