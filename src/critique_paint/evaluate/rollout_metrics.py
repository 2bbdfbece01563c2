"""What a set of rollouts says: the reward's spread, bad and blank paintings, coverage, filled shapes (overall and
per subject), groups, gate codes, per-turn gains, how episodes ended, which references the judge drew, which
brush methods and p5 helpers the paintings called and which calls the gate refused, and how the policy revised
(edit and paint shares, edit failures, revision gate pass, generated tokens per revision).

A rollout record is a JSON-ready dict: `group` (rollouts that share subject and seed: a GRPO group or one
evaluation episode), `subject`, `reward` (the episode's reward as trained; None unscored), `ended` (an
`env.replies` END_REASONS key) and `turns` (each painting's summary: turn, action, total, paint_fraction, shapes,
gate_passed, codes, components, references, brush_calls, tokens, and `p5_calls` from `evaluate.sketch_calls`).
GRPO's archive logs these per step; `eval` per policy.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Record = Mapping[str, Any]
# Gate codes of a call (or name) outside the allowlist: a brush method or p5 function the contract leaves out, or a
# global the sketch does not declare.
REFUSED_CALL_CODES = ("brush_not_allowed", "brush_unknown", "p5_drawing", "p5_not_allowed", "text_drawing", "loader",
                      "network", "timer", "dynamic_code", "global_object", "reflection", "unknown_global")
BAD_REWARD = 0.3  # the reference article's line between a bad painting and the rest
POLICY_ACTIONS = ("paint", "edit")  # a turn's action when the policy made it ("draft": the environment's)
# Why an edit turn was rejected before anything was painted (`sketch.edits`, the stepper's edit_no_base, a call that
# could not be read): every other code on an edit turn is the gate's verdict on the edited sketch.
EDIT_FAILURES = ("edit_not_found", "edit_ambiguous", "edit_noop", "edit_no_base", "bad_call", "too_large")
DRAW_PRIOR = 4.0  # pseudo-comparisons at the overall mean that a reference's difficulty is shrunk toward


def quantile(values: Sequence[float], q: float) -> float | None:
    """Linear-interpolated quantile (numpy's default) of `values`; None when empty."""
    xs = sorted(values)
    if not xs:
        return None
    pos = (len(xs) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson correlation; None with fewer than 3 pairs or no spread in either."""
    if len(xs) != len(ys) or len(xs) < 3:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    if sxx <= 1e-12 or syy <= 1e-12:
        return None
    return sxy / math.sqrt(sxx * syy)


def _mean(values: Iterable[float | None]) -> float | None:
    kept = [float(v) for v in values if v is not None]
    return statistics.fmean(kept) if kept else None


def final_turn(record: Record) -> Mapping[str, Any] | None:
    turns = record.get("turns") or []
    return turns[-1] if turns else None


def is_blank(record: Record) -> bool:
    """Nothing painted, or a last painting the paint floor called blank."""
    last = final_turn(record)
    return last is None or "blank" in (last.get("codes") or [])


class DrawDifficulty:
    """How hard each judge reference is: 1 - the mean outcome of every painting compared with it, shrunk toward
    the overall mean by DRAW_PRIOR pseudo-comparisons.

    A painting's draw offset is the mean difficulty of its references minus the overall mean difficulty; its
    draw-adjusted total adds judge weight x that offset (an additive model: outcome = skill - difficulty), so a
    step that drew hard references is not read as a step that painted worse.
    """

    def __init__(self) -> None:
        self.outcomes: dict[str, list[float]] = {}

    def add(self, records: Iterable[Record]) -> None:
        for record in records:
            for turn in record.get("turns") or []:
                for ref in turn.get("references") or []:
                    if ref.get("outcome") is not None:
                        self.outcomes.setdefault(str(ref["id"]), []).append(float(ref["outcome"]))

    def overall(self) -> float | None:
        every = [o for outs in self.outcomes.values() for o in outs]
        return 1 - statistics.fmean(every) if every else None

    def difficulty(self, ref_id: str) -> float | None:
        base = self.overall()
        if base is None:
            return None
        outs = self.outcomes.get(ref_id, [])
        return (DRAW_PRIOR * base + sum(1 - o for o in outs)) / (DRAW_PRIOR + len(outs))

    def offset(self, turn: Mapping[str, Any]) -> float | None:
        """The painting's draw offset (None without references)."""
        base = self.overall()
        found = [self.difficulty(str(r["id"])) for r in turn.get("references") or []]
        diffs = [d for d in found if d is not None]
        if base is None or not diffs:
            return None
        return statistics.fmean(diffs) - base

    def adjusted(self, record: Record, judge_weight: float) -> float | None:
        """The record's reward with its final painting's draw offset taken out."""
        reward, last = record.get("reward"), final_turn(record)
        if reward is None or last is None:
            return reward
        offset = self.offset(last)
        return reward if offset is None else reward + judge_weight * offset


def rollout_metrics(records: Sequence[Record], *, bad_reward: float = BAD_REWARD) -> dict[str, Any]:
    """The figures of one step (or one evaluated policy); every share is over the scored rollouts."""
    scored = [r for r in records if r.get("reward") is not None]
    rewards = [float(r["reward"]) for r in scored]
    finals = [(final_turn(r), float(r["reward"])) for r in scored]
    painted = [(t, rw) for t, rw in finals if t is not None and t.get("paint_fraction") is not None]
    shaped = [(t, rw) for t, rw in painted if t.get("shapes") is not None]
    out: dict[str, Any] = {
        "rollouts": len(records), "scored": len(scored), "unscored": len(records) - len(scored),
        "reward_mean": _mean(rewards), "reward_p10": quantile(rewards, 0.1), "reward_median": quantile(rewards, 0.5),
        "reward_p90": quantile(rewards, 0.9), "reward_best": max(rewards, default=None),
        "reward_worst": min(rewards, default=None), "bad_reward": bad_reward,
        "bad_share": _share([rw < bad_reward for rw in rewards]),
        "blank_share": _share([is_blank(r) for r in scored]),
        "coverage": _mean(t["paint_fraction"] for t, _ in painted),
        "shapes": _mean(t["shapes"] for t, _ in shaped),
        "shapes_reward_corr": pearson([float(t["shapes"]) for t, _ in shaped], [rw for _, rw in shaped]),
        "coverage_reward_corr": pearson([float(t["paint_fraction"]) for t, _ in painted], [rw for _, rw in painted]),
    }
    components = sorted({k for t, _ in finals if t for k in (t.get("components") or {})})
    out["components"] = {k: _mean((t.get("components") or {}).get(k) for t, _ in finals if t) for k in components}
    out.update(group_spread(scored))
    codes: Counter[str] = Counter(c for r in records for t in r.get("turns") or [] for c in t.get("codes") or [])
    out["gate_codes"] = dict(sorted(codes.items()))
    turns_n = [len(r.get("turns") or []) for r in records]
    out["paintings_per_rollout"] = _mean(turns_n)
    out["gate_pass"] = _share([bool(t.get("gate_passed")) for r in records for t in r.get("turns") or []])
    out.update(turn_figures(scored))
    out["ended"] = dict(sorted(Counter(str(r.get("ended")) for r in records).items()))
    out["draw"] = draw_summary(records)
    out["reference_love_share"] = out["draw"]["scheduled_love_share"]
    out["draw_love_share"] = out["draw"]["love_share"]
    out["tool_use"] = tool_use(records)
    out["methods_per_painting"] = out["tool_use"]["methods_per_painting"]
    out["helpers_per_painting"] = out["tool_use"]["helpers_per_painting"]
    out["subjects"] = subject_shapes(scored)
    out["shapes_subject_share"] = shapes_subject_share(scored)
    out["revisions"] = revision_figures(records)
    for key in ("edit_share", "paint_share", "gate_pass"):
        out[f"revision_{key}"] = out["revisions"][key]
    out["tokens_per_revision"] = out["revisions"]["tokens"]
    out["edit_failures"] = out["revisions"]["edit_failures"]
    return out


def policy_turns(record: Record) -> list[Mapping[str, Any]]:
    """The record's turns the policy made (paint or edit; a record from before edits has paint turns only)."""
    return [t for t in record.get("turns") or [] if t.get("action", "paint") in POLICY_ACTIONS]


def revisions(record: Record) -> list[Mapping[str, Any]]:
    """The policy's turns after the episode's first painting (turn 1, the policy's or the draft): in a drafted
    episode every policy turn."""
    return [t for t in policy_turns(record) if int(t.get("turn") or 0) > 1]


def revision_figures(records: Iterable[Record]) -> dict[str, Any]:
    """How the policy revised. Over its revisions (`revisions`): how many, the share made by edit and by paint,
    the share that passed the gate (`gate_pass`), and generated tokens per revision over those whose count is
    known (`tokens`; a reply's tokens count on its first move, its further moves 0), also split by action. Over
    every edit turn of the policy: how many (`edit_turns`) and the count of each failure code (`EDIT_FAILURES`)."""
    records = list(records)
    revs = [t for r in records for t in revisions(r)]
    edits = [t for r in records for t in policy_turns(r) if t.get("action") == "edit"]
    failures = Counter(c for t in edits for c in t.get("codes") or [] if c in EDIT_FAILURES)

    def tokens(action: str | None) -> float | None:
        return _mean(t.get("tokens") for t in revs if action is None or t.get("action", "paint") == action)

    return {"revisions": len(revs),
            "edit_share": _share([t.get("action") == "edit" for t in revs]),
            "paint_share": _share([t.get("action", "paint") == "paint" for t in revs]),
            "gate_pass": _share([bool(t.get("gate_passed")) for t in revs]),
            "tokens": tokens(None), "tokens_edit": tokens("edit"), "tokens_paint": tokens("paint"),
            "edit_turns": len(edits), "edit_failures": {c: failures[c] for c in EDIT_FAILURES if failures[c]}}


def _uses(counts: Sequence[Mapping[str, int]], per: str = "per_painting") -> dict[str, dict[str, float]]:
    """Per name, the share of `counts` naming it and (as `per`) its mean count, most used first."""
    n = len(counts)
    names = sorted({k for c in counts for k, v in c.items() if v})
    rows = {k: {"share": sum(1 for c in counts if c.get(k)) / n, per: sum(c.get(k, 0) for c in counts) / n}
            for k in names}
    return dict(sorted(rows.items(), key=lambda kv: (-kv[1]["share"], kv[0])))


def tool_use(records: Iterable[Record]) -> dict[str, Any]:
    """What the sketches called. Over the rendered paintings: each brush method as the sandbox counted the calls
    that returned (`methods`) and each allowed p5 helper as its call sites in the source (`helpers`), both as the
    share of paintings calling it and calls per painting. Over every sketch the gate judged: per gate code of a call
    outside the allowlist (REFUSED_CALL_CODES), the share of sketches refused with it and its violations per sketch
    (`refused`)."""
    turns = [t for r in records for t in r.get("turns") or []]
    rendered = [t for t in turns if t.get("paint_fraction") is not None]
    brush = [t.get("brush_calls") or {} for t in rendered]
    helpers = [t.get("p5_calls") or {} for t in rendered]
    codes = [Counter(c for c in t.get("codes") or [] if c in REFUSED_CALL_CODES) for t in turns]
    return {"paintings": len(rendered),
            "methods_per_painting": _mean(sum(1 for v in c.values() if v) for c in brush),
            "calls_per_painting": _mean(sum(c.values()) for c in brush),
            "methods": _uses(brush),
            "helpers_per_painting": _mean(sum(1 for v in c.values() if v) for c in helpers),
            "helpers": _uses(helpers),
            "sketches": len(turns),
            "refused": _uses(codes, per="per_sketch")}


def _final_shapes(scored: Sequence[Record]) -> dict[str, list[tuple[int, float | None]]]:
    """Per subject, (filled shapes, coverage) of each final rendered painting."""
    out: dict[str, list[tuple[int, float | None]]] = {}
    for r in scored:
        last = final_turn(r)
        if last is not None and last.get("shapes") is not None:
            out.setdefault(str(r.get("subject")), []).append((int(last["shapes"]), last.get("paint_fraction")))
    return dict(sorted(out.items()))


def subject_shapes(scored: Sequence[Record]) -> dict[str, dict[str, Any]]:
    """Per subject (what the prompt asks for), its final rendered paintings: how many, their filled shapes (mean
    and median) and mean coverage."""
    return {s: {"paintings": len(v), "shapes_mean": statistics.fmean(n for n, _ in v),
                "shapes_median": statistics.median(n for n, _ in v), "coverage": _mean(c for _, c in v)}
            for s, v in _final_shapes(scored).items()}


def shapes_subject_share(scored: Sequence[Record]) -> float | None:
    """The share of the final paintings' filled-shape variance that lies between subjects (eta squared): 0 when
    every subject gets as many shapes on average; None with fewer than two subjects or no spread."""
    groups = [[float(n) for n, _ in v] for v in _final_shapes(scored).values()]
    every = [x for g in groups for x in g]
    if len(groups) < 2 or len(every) < 3:
        return None
    mean = statistics.fmean(every)
    total = sum((x - mean) ** 2 for x in every)
    if total <= 1e-12:
        return None
    return sum(len(g) * (statistics.fmean(g) - mean) ** 2 for g in groups) / total


def _share(flags: Sequence[bool]) -> float | None:
    return sum(flags) / len(flags) if flags else None


def group_spread(scored: Sequence[Record]) -> dict[str, Any]:
    """Groups (same subject and seed) with at least two scored rollouts: the share whose rewards are all equal
    (GRPO learns nothing from them) and the mean within-group standard deviation."""
    groups: dict[str, list[float]] = {}
    for r in scored:
        groups.setdefault(str(r.get("group")), []).append(float(r["reward"]))
    spreads = [statistics.pstdev(v) for v in groups.values() if len(v) >= 2]
    return {"groups": len(spreads), "zero_spread_share": _share([s < 1e-9 for s in spreads]),
            "group_std": _mean(spreads)}


def turn_figures(scored: Sequence[Record]) -> dict[str, Any]:
    """Per-turn mean totals, each turn's paired gain over the turn before, and last minus first painting."""
    per_turn: dict[int, list[float]] = {}
    gains: dict[int, list[float]] = {}
    overall: list[float] = []
    for r in scored:
        totals = [t.get("total") for t in r.get("turns") or []]
        for k, total in enumerate(totals, 1):
            if total is not None:
                per_turn.setdefault(k, []).append(float(total))
            if k > 1 and total is not None and totals[k - 2] is not None:
                gains.setdefault(k, []).append(float(total) - float(totals[k - 2]))
        if len(totals) > 1 and None not in (totals[0], totals[-1]):
            overall.append(float(totals[-1]) - float(totals[0]))
    return {"per_turn": {str(k): statistics.fmean(v) for k, v in sorted(per_turn.items())},
            "turn_gains": {str(k): statistics.fmean(v) for k, v in sorted(gains.items())},
            "revision_gain": _mean(overall), "revision_pairs": len(overall)}


def draw_summary(records: Sequence[Record]) -> dict[str, Any]:
    """The judge references the rollouts met: per tier the count of distinct references, the references' own mean
    score, the share of `love` over every painting's draw (`love_share`) and the mean love share the rollouts'
    episodes asked for (`scheduled_love_share`, their `reference_love_share`: a curriculum's value), both over the
    rollouts that drew references (None when none did)."""
    seen: dict[str, Mapping[str, Any]] = {}
    drawn: list[str] = []
    asked: list[float | None] = []
    for r in records:
        refs = [ref for t in r.get("turns") or [] for ref in t.get("references") or []]
        for ref in refs:
            seen.setdefault(str(ref["id"]), ref)
        drawn += [str(ref.get("tier")) for ref in refs]
        if refs:
            asked.append(r.get("reference_love_share"))
    tiers = Counter(str(ref.get("tier")) for ref in seen.values())
    return {"references": sorted(seen), "tiers": dict(sorted(tiers.items())),
            "reference_score": _mean(ref.get("score") for ref in seen.values()),
            "love_share": _share([tier == "love" for tier in drawn]), "scheduled_love_share": _mean(asked)}
