"""The run report: whether a GRPO run learned, read from its rollout archive (finished or still running).

`report.md` opens with what the run shows in measured numbers, then the thirds table (first, second and final
third of the steps, the change and the slope's t), the per-step table, the shapes-reward correlation, the
reference draw, per-turn gains, how the policy revised (edit and paint, edit failures, revision gate pass, generated
tokens per revision), plots (`report_*.png`) and the contact sheets; `gallery.html` holds every painting.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from critique_paint.evaluate.report import SUBJECT_SHAPES_NOTE, TOOL_USE_NOTE, subject_shapes_table, tool_use_table
from critique_paint.evaluate.rollout_metrics import (
    BAD_REWARD,
    EDIT_FAILURES,
    DrawDifficulty,
    is_blank,
    pearson,
    revision_figures,
    rollout_metrics,
    shapes_subject_share,
    subject_shapes,
    tool_use,
)


@dataclass
class RunArchive:
    """A run's archive as read back: per step its metrics and its rollout records."""

    run_dir: Path
    steps: list[dict]
    rollouts: dict[int, list[dict]]

    @classmethod
    def read(cls, run_dir: Path) -> RunArchive:
        root = run_dir / "rollouts"
        steps_file = root / "steps.jsonl"
        lines = steps_file.read_text(encoding="utf-8").splitlines() if steps_file.exists() else []
        by_step = {}
        for line in lines:
            if line.strip():
                s = json.loads(line)
                by_step[int(s["step"])] = s  # a resumed run's repeat of a step keeps the last
        rollouts = {}
        for step in by_step:
            path = root / f"step-{step:04d}" / "rollouts.jsonl"
            if path.exists():
                rollouts[step] = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        return cls(run_dir, [by_step[k] for k in sorted(by_step)], rollouts)

    @property
    def bad_reward(self) -> float:
        return float(self.steps[0].get("bad_reward", BAD_REWARD)) if self.steps else BAD_REWARD

    def records(self, steps: Sequence[int] | None = None) -> list[dict]:
        keys = sorted(self.rollouts) if steps is None else steps
        return [r for k in keys for r in self.rollouts.get(k, [])]


def thirds(steps: Sequence[int]) -> list[list[int]]:
    """Steps split in three contiguous parts whose sizes differ by at most one (earlier parts larger)."""
    n = len(steps)
    sizes = [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    out, start = [], 0
    for size in sizes:
        out.append(list(steps[start:start + size]))
        start += size
    return out


def slope_t(xs: Sequence[float], ys: Sequence[float | None]) -> tuple[float | None, float | None, float | None]:
    """OLS slope of ys on xs with its t statistic and two-sided p (None with fewer than 3 points or no spread)."""
    pairs = [(x, y) for x, y in zip(xs, ys, strict=True) if y is not None]
    if len(pairs) < 3 or len({x for x, _ in pairs}) < 2:
        return None, None, None
    from scipy import stats

    fit = stats.linregress([x for x, _ in pairs], [y for _, y in pairs])
    if fit.stderr == 0 or fit.stderr != fit.stderr:
        return fit.slope, None, None
    t = fit.slope / fit.stderr
    p = 2 * stats.t.sf(abs(t), len(pairs) - 2)
    return float(fit.slope), float(t), float(p)


@dataclass
class Trend:
    """One figure over the run: its value per third, the change final - first, and the per-step slope's t."""

    name: str
    per_third: list[float | None]
    delta: float | None
    slope: float | None
    t: float | None
    p: float | None


def trend(name: str, archive: RunArchive, pooled: Callable[[list[dict]], float | None],
          per_step: Callable[[dict], float | None]) -> Trend:
    """`pooled` reads a third's rollouts together; `per_step` a step's metrics (for the slope)."""
    keys = [s["step"] for s in archive.steps]
    values = [pooled(archive.records(part)) if part else None for part in thirds(keys)]
    first, last = values[0], values[-1]
    slope, t, p = slope_t(keys, [per_step(s) for s in archive.steps])
    return Trend(name, values, None if first is None or last is None else last - first, slope, t, p)


def run_trends(archive: RunArchive, adjusted: dict[str, float | None]) -> list[Trend]:
    """The checklist's figures by thirds: mean, bad share, median, best, coverage, shapes, blank share, zero-spread
    groups, revision gain and the draw-adjusted reward."""
    bad = archive.bad_reward

    def metric(key: str) -> Callable[[list[dict]], float | None]:
        return lambda records: rollout_metrics(records, bad_reward=bad)[key] if records else None

    def adjusted_mean(records: list[dict]) -> float | None:
        vals = [v for r in records if (v := adjusted.get(r["id"])) is not None]
        return statistics.fmean(vals) if vals else None

    def median_of_steps(key: str) -> Callable[[list[dict]], float | None]:
        def read(records: list[dict]) -> float | None:
            steps = sorted({r["step"] for r in records})
            vals = [rollout_metrics([r for r in records if r["step"] == k], bad_reward=bad)[key] for k in steps]
            vals = [v for v in vals if v is not None]
            return statistics.fmean(vals) if vals else None
        return read

    return [
        trend("mean reward", archive, metric("reward_mean"), lambda s: s.get("reward_mean")),
        trend(f"share under {bad:g}", archive, metric("bad_share"), lambda s: s.get("bad_share")),
        trend("median reward per step", archive, median_of_steps("reward_median"), lambda s: s.get("reward_median")),
        trend("best reward per step", archive, median_of_steps("reward_best"), lambda s: s.get("reward_best")),
        trend("p10 reward per step", archive, median_of_steps("reward_p10"), lambda s: s.get("reward_p10")),
        trend("blank share", archive, metric("blank_share"), lambda s: s.get("blank_share")),
        trend("coverage (paint share)", archive, metric("coverage"), lambda s: s.get("coverage")),
        trend("filled shapes per painting", archive, metric("shapes"), lambda s: s.get("shapes")),
        trend("groups with zero spread", archive, metric("zero_spread_share"), lambda s: s.get("zero_spread_share")),
        trend("revision gain (last - first)", archive, metric("revision_gain"), lambda s: s.get("revision_gain")),
        trend("draw-adjusted reward", archive, adjusted_mean,
              lambda s: adjusted_mean(archive.rollouts.get(s["step"], []))),
    ]


def draw_adjusted(archive: RunArchive, judge_weight: float) -> dict[str, float | None]:
    """Each rollout's reward adjusted for its references' difficulty, estimated over the whole run."""
    draw = DrawDifficulty()
    records = archive.records()
    draw.add(records)
    return {r["id"]: draw.adjusted(r, judge_weight) for r in records}


def judge_weight_of(archive: RunArchive) -> float:
    run = archive.run_dir / "rollouts" / "run.json"
    if run.exists():
        return float(json.loads(run.read_text(encoding="utf-8")).get("judge_weight", 0.0))
    return 0.0


def _f(v: float | None, digits: int = 3, sign: bool = False) -> str:
    if v is None:
        return "-"
    return f"{v:+.{digits}f}" if sign else f"{v:.{digits}f}"


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def headline(archive: RunArchive, trends: list[Trend]) -> str:
    """One paragraph saying what the run shows, in its own numbers."""
    by = {t.name: t for t in trends}
    mean, bad = by["mean reward"], by[f"share under {archive.bad_reward:g}"]
    med, best = by["median reward per step"], by["best reward per step"]
    n = sum(len(v) for v in archive.rollouts.values())
    parts = [f"Over {len(archive.steps)} steps ({n} rollouts) the mean reward went "
             f"{_f(mean.per_third[0])} -> {_f(mean.per_third[-1])} from the first to the final third "
             f"({_f(mean.delta, sign=True)}; per-step slope t {_f(mean.t, 2, sign=True)}, p {_f(mean.p)})."]
    if bad.per_third[0] is not None:
        parts.append(f"Rollouts under {archive.bad_reward:g}: {_pct(bad.per_third[0])} -> {_pct(bad.per_third[-1])}.")
    parts.append(f"The median painting of a step moved {_f(med.delta, sign=True)}, "
                 f"the best {_f(best.delta, sign=True)}.")
    verdict = ("learned" if mean.t is not None and mean.t > 2 and (mean.delta or 0) > 0 else
               "got worse" if mean.t is not None and mean.t < -2 and (mean.delta or 0) < 0 else
               "shows no reliable trend yet")
    parts.append(f"Read by its slope (|t| > 2), the run {verdict}.")
    parts += revision_headline(archive)
    return " ".join(parts)


def revision_headline(archive: RunArchive) -> list[str]:
    """How the policy revised, first -> final third (over the whole run when a third has no revision)."""
    first, last = (revision_figures(archive.records(keys))
                   for keys in thirds([s["step"] for s in archive.steps])[::2])
    if first["revisions"] and last["revisions"]:
        return [f"Revisions by edit {_pct(first['edit_share'])} -> {_pct(last['edit_share'])}, passing the gate "
                f"{_pct(first['gate_pass'])} -> {_pct(last['gate_pass'])}, generated tokens each "
                f"{_f(first['tokens'], 0)} -> {_f(last['tokens'], 0)}."]
    whole = revision_figures(archive.records())
    if not whole["revisions"]:
        return []
    return [f"Revisions ({whole['revisions']}): by edit {_pct(whole['edit_share'])}, passing the gate "
            f"{_pct(whole['gate_pass'])}, generated tokens each {_f(whole['tokens'], 0)}."]


def write_report(run_dir: Path, preface: str | None = None) -> Path:
    """Write run_dir/report.md, report_*.png and gallery.html from the rollout archive; returns the report path.

    `preface` (kept in run_dir/preface.md, so a later report keeps it) opens the report: the demo's paragraph on
    what it shows beyond the run itself."""
    from critique_paint.train.report_plots import write_plots
    from critique_paint.train.run_gallery import write_run_gallery

    archive = RunArchive.read(run_dir)
    adjusted = draw_adjusted(archive, judge_weight_of(archive))
    trends = run_trends(archive, adjusted) if archive.steps else []
    plots = write_plots(archive, adjusted, run_dir)
    gallery = write_run_gallery(archive, run_dir / "gallery.html")
    source = archive.steps[0].get("critique_source", "reward") if archive.steps else "reward"
    lines = ["# critique-paint run report", ""]
    kept = run_dir / "preface.md"
    if preface:
        kept.write_text(preface.strip() + "\n", encoding="utf-8")
    if kept.exists():
        lines += [kept.read_text(encoding="utf-8").strip(), ""]
    if not archive.steps:
        lines += ["No step has been archived yet.", ""]
    else:
        lines += [headline(archive, trends), "",
                  f"Critique source: **{source}** (what the policy read between paintings). Every painting: "
                  f"[gallery.html]({gallery.name}).", ""]
        lines += thirds_table(trends)
        lines += [""] + [f"![{name}]({path.name})" for name, path in plots.items()] + [""]
        lines += step_table(archive, adjusted)
        lines += shapes_section(archive)
        lines += draw_section(archive, judge_weight_of(archive))
        lines += turn_section(archive)
        lines += revision_section(archive)
        lines += tool_section(archive)
        lines += diversity_section(archive)
        lines += ["## Paintings", ""]
        for s in archive.steps:
            sheet = Path("rollouts") / f"step-{s['step']:04d}" / "sheet.png"
            if (run_dir / sheet).exists():
                lines += [f"### step {s['step']}", "", f"![step {s['step']}]({sheet.as_posix()})", ""]
    report = run_dir / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return report


def thirds_table(trends: list[Trend]) -> list[str]:
    lines = ["## By thirds of the run", "",
             "Each third pools its steps' rollouts (per-step figures such as the median are averaged over the "
             "third's steps). Slope: least squares of the per-step figure on the step; t and two-sided p.", "",
             "| figure | first third | second third | final third | final - first | slope / step | t | p |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for t in trends:
        lines.append(f"| {t.name} | " + " | ".join(_f(v) for v in t.per_third)
                     + f" | {_f(t.delta, sign=True)} | {_f(t.slope, 4, sign=True)} | {_f(t.t, 2, sign=True)} | "
                     f"{_f(t.p)} |")
    return lines + [""]


def step_table(archive: RunArchive, adjusted: dict[str, float | None]) -> list[str]:
    turns = sorted({int(k) for s in archive.steps for k in s.get("per_turn", {})})
    head = (["step", "mean", "p10", "median", "p90", "best", f"< {archive.bad_reward:g}", "blank", "coverage",
             "shapes", "zero-spread groups", "group sd", "gate pass", "draw-adjusted", "revisions by edit",
             "revision gate pass", "tokens / revision"]
            + [f"turn {k}" for k in turns] + [f"gain {k}-{k - 1}" for k in turns[1:]] + ["ended", "gate failures"])
    lines = ["## Per step", "", "| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for s in archive.steps:
        adj = [v for r in archive.rollouts.get(s["step"], []) if (v := adjusted.get(r["id"])) is not None]
        cells = [str(s["step"]), _f(s.get("reward_mean")), _f(s.get("reward_p10")), _f(s.get("reward_median")),
                 _f(s.get("reward_p90")), _f(s.get("reward_best")), _pct(s.get("bad_share")),
                 _pct(s.get("blank_share")), _f(s.get("coverage")), _f(s.get("shapes"), 1),
                 _pct(s.get("zero_spread_share")), _f(s.get("group_std")), _pct(s.get("gate_pass")),
                 _f(statistics.fmean(adj) if adj else None), _pct(s.get("revision_edit_share")),
                 _pct(s.get("revision_gate_pass")), _f(s.get("tokens_per_revision"), 0)]
        cells += [_f(s.get("per_turn", {}).get(str(k))) for k in turns]
        cells += [_f(s.get("turn_gains", {}).get(str(k)), sign=True) for k in turns[1:]]
        cells.append(", ".join(f"{k} {v}" for k, v in s.get("ended", {}).items()) or "-")
        cells.append(", ".join(f"{c}×{n}" for c, n in s.get("gate_codes", {}).items()) or "-")
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""]


def shapes_section(archive: RunArchive) -> list[str]:
    """Filled shapes (counted by the renderer from the brush calls that painted) and coverage against reward."""
    finals = [(r["turns"][-1], float(r["reward"])) for r in archive.records()
              if r.get("reward") is not None and r.get("turns")]
    shaped = [(t["shapes"], rw) for t, rw in finals if t.get("shapes") is not None]
    covered = [(t["paint_fraction"], rw) for t, rw in finals if t.get("paint_fraction") is not None]
    counts = sorted(s for s, _ in shaped)
    spread = (f"median {statistics.median(counts):g}, middle half {counts[len(counts) // 4]}-"
              f"{counts[(3 * len(counts)) // 4]}") if counts else "none painted"
    return ["## Shapes and coverage against reward", "",
            f"Filled shapes per final painting (brush shapes closed while a fill was set, counted as the render ran): "
            f"{spread}; the prompt asks for no number. Correlation with reward over the run: shapes "
            f"{_f(pearson([float(s) for s, _ in shaped], [rw for _, rw in shaped]), 2, sign=True)} "
            f"(n = {len(shaped)}), coverage "
            f"{_f(pearson([float(c) for c, _ in covered], [rw for _, rw in covered]), 2, sign=True)} "
            f"(n = {len(covered)}). Blank or unpainted final paintings: "
            f"{sum(is_blank(r) for r in archive.records())} of {len(archive.records())}.", "",
            f"By third of the run. {SUBJECT_SHAPES_NOTE}", "",
            *subject_shapes_table(_by_thirds(archive, subject_figures), missing="-"), ""]


def subject_figures(records: list[dict]) -> dict[str, Any]:
    """The scored rollouts' final paintings per subject and the between-subject share of their shapes."""
    scored = [r for r in records if r.get("reward") is not None]
    return {"subjects": subject_shapes(scored), "shapes_subject_share": shapes_subject_share(scored)}


def _by_thirds(archive: RunArchive, read: Callable[[list[dict]], Any]) -> dict[str, Any]:
    """`read` of each third's rollout records, keyed "first third" ... (a third without steps is left out)."""
    return {f"{name} third": read(archive.records(keys))
            for name, keys in zip(("first", "second", "final"), thirds([s["step"] for s in archive.steps]),
                                  strict=True) if keys}


def draw_section(archive: RunArchive, judge_weight: float) -> list[str]:
    draws = [(s["step"], s.get("draw", {})) for s in archive.steps]
    if not any(d.get("references") for _, d in draws):
        return ["## Reference draw", "", "No judge references were drawn (the reward weighs no pairwise judge), so "
                "the draw-adjusted reward equals the reward.", ""]
    lines = ["## Reference draw", "",
             f"A reference's difficulty is 1 - the mean outcome of every painting compared with it over the run, "
             f"shrunk toward the overall mean by 4 pseudo-comparisons; a painting's adjusted reward adds judge weight "
             f"({judge_weight:g}) x (its references' mean difficulty - the overall mean difficulty).", "",
             "Love share: the share of `love` references the episodes asked for (`reference_love_share`, a "
             "reference curriculum's value at the step) and the share of `love` among the references every painting "
             "met.", "",
             "| step | references | tiers | references' own score (offline critic) | love share asked | "
             "love share drawn |", "|---:|---:|---|---:|---:|---:|"]
    for step, d in draws:
        tiers = ", ".join(f"{k} {v}" for k, v in d.get("tiers", {}).items()) or "-"
        lines.append(f"| {step} | {len(d.get('references', []))} | {tiers} | {_f(d.get('reference_score'))} | "
                     f"{_f(d.get('scheduled_love_share'))} | {_f(d.get('love_share'))} |")
    return lines + [""]


def turn_section(archive: RunArchive) -> list[str]:
    thirds_keys = thirds([s["step"] for s in archive.steps])
    lines = ["## Revisions over the run", "", "| third | turn means | revision gain (last - first) | pairs |",
             "|---|---|---:|---:|"]
    for name, keys in zip(("first", "second", "final"), thirds_keys, strict=True):
        if not keys:
            continue
        m = rollout_metrics(archive.records(keys), bad_reward=archive.bad_reward)
        means = " / ".join(f"{k}: {_f(v)}" for k, v in m["per_turn"].items()) or "-"
        lines.append(f"| {name} | {means} | {_f(m['revision_gain'], sign=True)} | {m['revision_pairs']} |")
    return lines + [""]


REVISION_ROWS = (("revisions", "revisions", 0), ("share by edit", "edit_share", 3),
                 ("share by paint", "paint_share", 3), ("revision gate pass", "gate_pass", 3),
                 ("generated tokens per revision", "tokens", 0), ("... per edit", "tokens_edit", 0),
                 ("... per rewrite (paint)", "tokens_paint", 0), ("edit turns", "edit_turns", 0))


def revision_section(archive: RunArchive) -> list[str]:
    """How the policy revised (`evaluate.rollout_metrics.revision_figures`) by third of the run: edit and paint
    shares, gate pass, generated tokens, and each edit failure's count; change and slope as in the thirds table."""
    keys = [s["step"] for s in archive.steps]
    parts = [revision_figures(archive.records(part)) if part else None for part in thirds(keys)]
    if not any(f and (f["revisions"] or f["edit_turns"]) for f in parts):
        return ["## How the policy revised", "", "No revisions: no episode had a policy turn after its first "
                "painting.", ""]
    lines = ["## How the policy revised", "",
             "A revision is a policy turn after the episode's first painting (after the draft, in an episode that "
             "starts from one). Tokens: what the policy generated for the reply (a reply's further moves count 0). "
             "Edit failures: edit turns rejected before painting, by code. Slope: the per-step figure on the step.",
             "", "| figure | first third | second third | final third | final - first | slope / step | t |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for label, key, digits in REVISION_ROWS:
        values = [f[key] if f else None for f in parts]
        first, last = values[0], values[-1]
        delta = None if first is None or last is None else last - first
        slope, t, _ = slope_t(keys, [(s.get("revisions") or {}).get(key) for s in archive.steps])
        lines.append(f"| {label} | " + " | ".join(_f(v, digits) for v in values) + f" | "
                     f"{_f(delta, digits, sign=True)} | {_f(slope, 4, sign=True)} | {_f(t, 2, sign=True)} |")
    for code in EDIT_FAILURES:
        counts = [f["edit_failures"].get(code, 0) if f else None for f in parts]
        if any(counts):
            lines.append(f"| edit failure: {code} | " + " | ".join("-" if n is None else str(n) for n in counts)
                         + " | - | - | - |")
    return lines + [""]


def tool_section(archive: RunArchive) -> list[str]:
    """What the sketches called, by third of the run (`evaluate.report.tool_use_table`)."""
    return ["## Brush methods and p5 helpers", "", f"By third of the run. {TOOL_USE_NOTE}", "",
            *tool_use_table(_by_thirds(archive, tool_use), missing="-"), ""]


def diversity_section(archive: RunArchive) -> list[str]:
    """Mean per step of the final paintings' diversity (`evaluate.diversity`), by third of the run."""
    rows = (("paintings (image distance)", "diversity_image"), ("within a group", "diversity_within_group"),
            ("sketches (code distance)", "diversity_code"), ("palette spread", "palette_spread"))
    by_step = {s["step"]: s for s in archive.steps}
    parts = [(name, [by_step[k] for k in keys]) for name, keys in
             zip(("first", "second", "final"), thirds(sorted(by_step)), strict=True) if keys]
    lines = ["## Diversity", "", "How varied each step's final paintings are (mean pairwise distance: Lab thumbnails "
             "for paintings, syntax-shape 4-grams for sketches; 0 is one painting repeated), mean per step by "
             "third:", "", "| measure | " + " | ".join(f"{name} third" for name, _ in parts) + " |",
             "|---" + "|---:" * len(parts) + "|"]
    for label, key in rows:
        cells = []
        for _, steps in parts:
            values = [s[key] for s in steps if s.get(key) is not None]
            cells.append(_f(statistics.fmean(values)) if values else "-")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines + [""]
