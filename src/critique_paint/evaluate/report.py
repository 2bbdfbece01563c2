"""Evaluation outputs: the per-turn table (rich and markdown), the revision-gain plot and the HTML gallery."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.table import Table

from critique_paint.evaluate.stats import OverallGain, TurnStats

NONE = "–"

_HEADERS = ("policy", "turn", "n", "mean ± 95 % CI", "gain vs previous", "improved", "gate pass", "paint")


def _num(v: float | None, sign: bool = False) -> str:
    if v is None:
        return NONE
    v = round(v, 3) or 0.0  # no "-0.000"
    return f"{v:+.3f}" if sign else f"{v:.3f}"


def _pm(v: float | None, ci: float | None, sign: bool = False) -> str:
    return _num(v, sign) if v is None or ci is None else f"{_num(v, sign)} ± {ci:.3f}"


def _pct(v: float | None) -> str:
    return NONE if v is None else f"{100 * v:.0f}%"


def _cells(s: TurnStats) -> list[str]:
    return [s.policy, str(s.turn), f"{s.scored}/{s.episodes}", _pm(s.mean, s.ci95),
            _pm(s.gain, s.gain_ci95, sign=True), _pct(s.improved), _pct(s.gate_pass), _pct(s.paint_fraction)]


def stats_table(stats: Sequence[TurnStats]) -> Table:
    """The per-turn statistics as a rich table."""
    table = Table(title="revision gains per turn")
    for i, name in enumerate(_HEADERS):
        if i == 0:
            table.add_column(name, justify="left", overflow="fold", ratio=1)
        else:
            table.add_column(name, justify="right", overflow="fold")
    previous = None
    for s in stats:
        cells = _cells(s)
        if s.policy == previous:
            cells[0] = ""
        elif previous is not None:
            table.add_section()
        previous = s.policy
        table.add_row(*cells)
    return table


def overall_text(g: OverallGain) -> str:
    """One policy's last − first gain: mean ± CI, share improved, n."""
    return f"{_pm(g.mean, g.ci95, sign=True)} · improved {_pct(g.improved)} · n = {g.n}"


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |"


def stats_markdown(stats: Sequence[TurnStats], overall: Mapping[str, OverallGain],
                   deltas: Sequence[Mapping[str, Any]] | None = None) -> str:
    """The per-turn table, the overall last − first gain per policy and, when given, the baseline deltas."""
    lines = [_md_row(_HEADERS), "|---" + "|---:" * (len(_HEADERS) - 1) + "|"]
    lines += [_md_row(_cells(s)) for s in stats]
    lines += ["", "Overall gain (last scored turn − first turn, per episode):", ""]
    for policy, g in overall.items():
        lines.append(f"- **{policy}**: {overall_text(g)}")
    if deltas:
        first = deltas[0]
        lines += ["", f"Paired difference {first['policy']} − {first['baseline']} (same subject, episode, seed):", "",
                  _md_row(("turn", "n", "delta ± 95 % CI", f"{first['policy']} better")), "|---:|---:|---:|---:|"]
        lines += [_md_row((str(d["turn"]), str(d["n"]), _pm(d["mean"], d["ci95"], sign=True), _pct(d["better"])))
                  for d in deltas]
    return "\n".join(lines) + "\n"


def policy_metrics_markdown(metrics: Mapping[str, Mapping[str, Any]],
                            delta: Mapping[str, Any] | None = None) -> str:
    """Per policy, its episodes as training scores them: reward spread, bad and blank shares, coverage, shapes."""
    first = next(iter(metrics.values()), {})
    bad = first.get("bad_reward", 0.3)
    head = ("policy", "episodes", "reward ± 95 % CI", "p10", "median", "p90", "best", f"< {bad:g}", "blank",
            "coverage", "shapes", "shapes ~ reward", "gate pass", "ended")
    lines = ["", "Episodes as GRPO scores them (the reward of the painting that stands; 0 when nothing was "
                 "painted; shapes are filled shapes the renderer counted):", "", _md_row(head),
             "|---" + "|---:" * (len(head) - 2) + "|---|"]
    for policy, m in metrics.items():
        ended = ", ".join(f"{k} {v}" for k, v in m["ended"].items())
        lines.append(_md_row((policy, f"{m['scored']}/{m['rollouts']}", _pm(m["reward_mean"], m["reward_ci95"]),
                              _num(m["reward_p10"]), _num(m["reward_median"]), _num(m["reward_p90"]),
                              _num(m["reward_best"]), _pct(m["bad_share"]), _pct(m["blank_share"]),
                              _num(m["coverage"]), NONE if m["shapes"] is None else f"{m['shapes']:.1f}",
                              _num(m["shapes_reward_corr"], sign=True), _pct(m["gate_pass"]), ended)))
    lines += revisions_markdown(metrics)
    lines += tool_use_markdown(metrics)
    lines += subject_shapes_markdown(metrics)
    if delta:
        lines += ["", f"Episode reward, {delta['policy']} − {delta['baseline']} (paired by subject, episode and "
                      f"seed): {_pm(delta['mean'], delta['ci95'], sign=True)} · n = {delta['n']} · "
                      f"{delta['policy']} better in {_pct(delta['better'])}"]
    return "\n".join(lines) + "\n"


REVISIONS_NOTE = ("How each policy revised: a revision is a policy turn after the episode's first painting (every "
                  "policy turn, in an episode that starts from a draft); the share made by edit and by paint "
                  "(a whole rewrite), the share that passed the gate, tokens the policy generated per revision (a "
                  "reply's further moves count 0; – where the policy cannot count them) and the edit turns rejected "
                  "before painting, by code:")


def revisions_text(figures: Mapping[str, Any]) -> str:
    """One policy's revisions in a line: count, edit share, gate pass, tokens each."""
    tokens = figures.get("tokens")
    return (f"revisions {figures['revisions']} · by edit {_pct(figures['edit_share'])} · gate pass "
            f"{_pct(figures['gate_pass'])} · " + (f"{tokens:.0f}" if tokens is not None else NONE) + " tokens each")


def revisions_markdown(metrics: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Per policy, its revisions (`rollout_metrics.revision_figures`); nothing when no policy revised or edited."""
    figures = {p: m["revisions"] for p, m in metrics.items()
               if m.get("revisions", {}).get("revisions") or m.get("revisions", {}).get("edit_turns")}
    if not figures:
        return []
    head = ("policy", "revisions", "by edit", "by paint", "gate pass", "tokens / revision", "per edit",
            "per paint", "edit turns", "edit failures")
    lines = ["", REVISIONS_NOTE, "", _md_row(head), "|---" + "|---:" * (len(head) - 2) + "|---|"]
    for policy, f in figures.items():
        failures = ", ".join(f"{code} {n}" for code, n in f["edit_failures"].items()) or NONE
        lines.append(_md_row((policy, str(f["revisions"]), _pct(f["edit_share"]), _pct(f["paint_share"]),
                              _pct(f["gate_pass"]), _count(f["tokens"]), _count(f["tokens_edit"]),
                              _count(f["tokens_paint"]), str(f["edit_turns"]), failures)))
    return lines


def _count(v: float | None) -> str:
    return NONE if v is None else f"{v:.0f}"


def tool_use_markdown(metrics: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Per policy, what its sketches called (`tool_use_table`)."""
    uses = {p: m["tool_use"] for p, m in metrics.items() if m.get("tool_use", {}).get("sketches")}
    return ["", TOOL_USE_NOTE, "", *tool_use_table(uses)] if uses else []


def subject_shapes_markdown(metrics: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Per policy, its final paintings' shapes by subject (`subject_shapes_table`)."""
    subjects = {p: m for p, m in metrics.items() if m.get("subjects")}
    return ["", SUBJECT_SHAPES_NOTE, "", *subject_shapes_table(subjects)] if subjects else []


TOOL_USE_NOTE = ("What the sketches called: brush methods as the sandbox counted the calls that returned, and p5 "
                 "helpers as call sites in the source, each as share of rendered paintings · calls per painting; "
                 "then the gate codes of calls outside the allowlist as share of all sketches · violations per "
                 "sketch:")
SUBJECT_SHAPES_NOTE = ("Shapes against what the prompt asks: the task names only a subject (no count, layout or "
                       "shape), and filled shapes count brush shapes, not objects (one hibiscus is a dozen petals), "
                       "so no expected count per subject is defensible. Measured instead, per subject, the final "
                       "paintings' filled shapes (median) · coverage, and the share of the shape count's variance "
                       "that lies between subjects (eta squared; 0: as many shapes whatever the subject):")


def tool_use_table(uses: Mapping[str, Mapping[str, Any]], missing: str = NONE) -> list[str]:
    """A Markdown table of `rollout_metrics.tool_use` results, one column each (named by the keys): per brush
    method, then per p5 helper (most used first), the share of rendered paintings · calls per painting, each block
    closed by its distinct names per painting; then per gate code of a call outside the allowlist the share of
    sketches · violations per sketch."""
    lines = [_md_row(("call", *uses)), "|---" + "|---:" * len(uses) + "|"]
    for block, fmt, total, label in (("methods", "`brush.{}`", "methods_per_painting", "brush methods per painting"),
                                     ("helpers", "`{}()`", "helpers_per_painting", "p5 helpers per painting")):
        for k in _most_used(uses, block):
            cells = [f"{u[block][k]['share']:.0%} · {u[block][k]['per_painting']:.1f}" if k in u.get(block, {})
                     else missing for u in uses.values()]
            lines.append(_md_row((fmt.format(k), *cells)))
        lines.append(_md_row((label, *(missing if u.get(total) is None else f"{u[total]:.1f}"
                                       for u in uses.values()))))
    for k in _most_used(uses, "refused"):
        cells = [f"{u['refused'][k]['share']:.0%} · {u['refused'][k]['per_sketch']:.1f}"
                 if k in u.get("refused", {}) else missing for u in uses.values()]
        lines.append(_md_row((f"gate: {k}", *cells)))
    return lines


def _most_used(uses: Mapping[str, Mapping[str, Any]], block: str) -> list[str]:
    return sorted({k for u in uses.values() for k in u.get(block, {})},
                  key=lambda k: (-max(u.get(block, {}).get(k, {}).get("share", 0.0) for u in uses.values()), k))


def subject_shapes_table(metrics: Mapping[str, Mapping[str, Any]], missing: str = NONE) -> list[str]:
    """Per subject, each column's (a policy's, a third's) final paintings: filled shapes (median) · coverage; then
    the between-subject share of the shape variance (`rollout_metrics.shapes_subject_share`)."""
    subjects = sorted({s for m in metrics.values() for s in m.get("subjects", {})})
    lines = [_md_row(("subject", *metrics)), "|---" + "|---:" * len(metrics) + "|"]
    for subject in subjects:
        cells = []
        for m in metrics.values():
            row = m.get("subjects", {}).get(subject)
            cells.append(missing if row is None else f"{row['shapes_median']:g} · {_num(row['coverage'])}")
        lines.append(_md_row((subject, *cells)))
    shares = (m.get("shapes_subject_share") for m in metrics.values())
    lines.append(_md_row(("between subjects (eta squared)", *(missing if v is None else _num(v) for v in shares))))
    return lines


def diversity_markdown(found: Mapping[str, Mapping[str, Any]]) -> str:
    """Per policy, how varied its final paintings are (`evaluate.diversity`), with 95 % bootstrap intervals."""
    if not found:
        return ""
    lines = ["", "Diversity of each policy's final paintings (mean pairwise distance: Lab thumbnails for paintings, "
                 "syntax-shape 4-grams for sketches; 0 is one painting repeated):", "",
             _md_row(("policy", "paintings", "image [95 % CI]", "within a subject", "code [95 % CI]",
                      "palette spread")), "|---|---:|---:|---:|---:|---:|"]
    for policy, d in found.items():
        lines.append(_md_row((policy, str(d["paintings"]), _interval(d["image"], d["image_ci95"]),
                              _num(d.get("within_group")), _interval(d.get("code"), d.get("code_ci95")),
                              _num(d["palette_spread"]))))
    return "\n".join(lines) + "\n"


def _interval(value: float | None, ci: Sequence[float | None] | None) -> str:
    if value is None:
        return NONE
    low, high = ci or (None, None)
    return _num(value) if low is None or high is None else f"{_num(value)} [{_num(low)}, {_num(high)}]"


def scorers_markdown(gains: Sequence[Mapping[str, Any]], correlations: Sequence[Mapping[str, Any]],
                     skipped: Mapping[str, str | None], trained_on: str | None) -> str:
    """Each policy's final painting and last − first gain under every scorer, the trained-on scorer marked, and
    the scorers' rank correlations over the same paintings."""
    lines = ["", f"Scorers (every painting scored again by each; trained on: {trained_on or NONE}):", "",
             _md_row(("policy", "scorer", "role", "final ± 95 % CI", "last − first ± 95 % CI", "episodes")),
             "|---|---|---|---:|---:|---:|"]
    for g in gains:
        lines.append(_md_row((g["policy"], g["scorer"], g["role"], _pm(g["final"], g["final_ci95"]),
                              _pm(g["gain"], g["gain_ci95"], sign=True), str(g["episodes"]))))
    for name, why in skipped.items():
        lines += ["", f"Scorer {name}: skipped ({why})."]
    if correlations:
        lines += ["", "Rank correlation between scorers over the same paintings (Spearman):", "",
                  _md_row(("scorers", "rho", "paintings")), "|---|---:|---:|"]
        lines += [_md_row((f"{c['a']} ~ {c['b']}", _num(c["rho"], sign=True), str(c["n"]))) for c in correlations]
    return "\n".join(lines) + "\n"


def contrasts_markdown(contrasts: Sequence[Mapping[str, Any]], reference: str = "blind") -> str:
    """The critique ablation table: each source's last − first gain and its paired difference to `reference`."""
    lines = ["", f"Critique sources (same subjects, episodes and seeds; the paired difference is each source's "
                 f"last − first gain minus {reference}'s on the same episode):", "",
             _md_row(("source", "n", "last − first ± 95 % CI", "improved", f"− {reference} ± 95 % CI", "pairs",
                      "share > 0")), "|---|---:|---:|---:|---:|---:|---:|"]
    for c in contrasts:
        diff = _pm(c.get("vs_reference"), c.get("vs_reference_ci95"), sign=True) if "pairs" in c else NONE
        lines.append(_md_row((c["source"], str(c["n"]), _pm(c["gain"], c["gain_ci95"], sign=True),
                              _pct(c["improved"]), diff, str(c.get("pairs", NONE)), _pct(c.get("positive")))))
    return "\n".join(lines) + "\n"


def plot_revision_gains(stats: Sequence[TurnStats], path: Path) -> Path:
    """Two panels: mean total per turn with 95 % CIs, and the paired gain over the previous turn as grouped bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    policies = list(dict.fromkeys(s.policy for s in stats))
    turns = sorted({s.turn for s in stats})
    gain_turns = [t for t in turns if t >= 2]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    try:
        width = 0.8 / max(1, len(policies))
        for i, policy in enumerate(policies):
            color = f"C{i % 10}"
            rows = [s for s in stats if s.policy == policy]
            pts = [s for s in rows if s.mean is not None]
            xs = np.array([s.turn for s in pts], dtype=float)
            ys = np.array([s.mean for s in pts], dtype=float)
            ci = np.array([np.nan if s.ci95 is None else s.ci95 for s in pts], dtype=float)
            left.plot(xs, ys, marker="o", color=color, label=policy)
            if np.isfinite(ci).any():
                ok = np.isfinite(ci)
                left.errorbar(xs[ok], ys[ok], yerr=ci[ok], fmt="none", ecolor=color, capsize=4)
                left.fill_between(xs, ys - ci, ys + ci, color=color, alpha=0.15, linewidth=0)
            bars = [s for s in rows if s.turn >= 2 and s.gain is not None]
            if bars:
                bx = np.array([s.turn for s in bars], dtype=float) + (i - (len(policies) - 1) / 2) * width
                right.bar(bx, [s.gain for s in bars], width, color=color, label=policy)
                with_ci = [(x, s) for x, s in zip(bx, bars, strict=True) if s.gain_ci95 is not None]
                if with_ci:
                    right.errorbar([x for x, _ in with_ci], [s.gain for _, s in with_ci],
                                   yerr=[s.gain_ci95 for _, s in with_ci], fmt="none", ecolor="black", capsize=3)
        left.set_title("mean total per turn (95 % CI)")
        left.set_xlabel("turn")
        left.set_ylabel("mean total")
        if turns:
            left.set_xticks(turns)
        else:
            left.text(0.5, 0.5, "no data", ha="center", va="center", transform=left.transAxes)
        if policies:
            left.legend()
        right.set_title("gain over previous turn (95 % CI)")
        right.set_xlabel("turn")
        right.set_ylabel("mean paired gain")
        if gain_turns:
            right.axhline(0, color="grey", linewidth=0.8)
            right.set_xticks(gain_turns)
            right.set_xlim(min(gain_turns) - 0.6, max(gain_turns) + 0.6)
            if right.get_legend_handles_labels()[0]:
                right.legend()
            else:
                right.text(0.5, 0.5, "no scored pairs", ha="center", va="center", transform=right.transAxes)
        else:
            right.set_xticks([])
            right.set_yticks([])
            right.text(0.5, 0.5, "needs 2+ turns", ha="center", va="center", transform=right.transAxes)
        fig.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=150)
    finally:
        plt.close(fig)
    return path
