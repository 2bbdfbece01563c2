"""`critique-paint reward attack`: search for the cheap paintings a reward preset over-pays."""

from __future__ import annotations

import json
from pathlib import Path

import rich_click as click

from critique_paint.base.console import err, out, print_json_line
from critique_paint.commands.options import IntRange, complete_preset, option_from
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import InfrastructureError, UsageError
from critique_paint.reward.judge import JudgeConfig

EXIT_HELD, EXIT_HOLES = 0, 1
DEFAULT_RENDERS = 240  # about 10 minutes of a quiet 2-core machine
DEFAULT_SUBJECTS = "a peach hibiscus,a lighthouse,a mountain lake"


@click.group(short_help="check a reward preset: search for the cheap paintings it over-pays")
def reward() -> None:
    """Check a reward preset against what an optimiser can make it pay."""


@reward.command(short_help="CMA-ES over generators of paintings that depict nothing, against the pool's good ones")
@option_from(RuntimeConfig, "reward_preset", "--preset", "preset", metavar="PRESET", shell_complete=complete_preset,
             help="the reward to attack: a built-in preset name or a preset YAML (a user's own mix)")
@click.option("--renders", type=IntRange(1, 100_000), default=DEFAULT_RENDERS, show_default=True,
              help="render budget: candidates painted and scored, over all families (a cached render counts too)")
@click.option("--families", default="all", show_default=True,
              help="comma-separated generator families, or all, train (the critic's fit sees their finds), held-out")
@click.option("--subjects", default=DEFAULT_SUBJECTS, show_default=True,
              help="comma-separated pool subjects: each candidate is scored under each, against its love paintings")
@click.option("--seed", type=int, default=0, show_default=True, help="render seed and the searches' seed")
@click.option("--workers", type=IntRange(0, 64), default=0, show_default=True,
              help="warm render pages (0: one per core)")
@click.option("--out", "out_dir", metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              default=Path("runs/reward-attack"), show_default=True,
              help="folder for attack.json, finds.json (the top finds' sketches) and sheet.png")
@click.option("--cache", metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              help="render cache shared across runs (default: DIR/render-cache)")
@option_from(JudgeConfig, "base_url", "--judge-base-url", "judge_base_url")
@option_from(JudgeConfig, "model", "--judge-model", "judge_model")
@option_from(RuntimeConfig, "hps_url", "--hps-url", "hps_url")
@click.option("--json", "as_json", is_flag=True, help="print the result as one JSON object")
async def attack(preset: str, renders: int, families: str, subjects: str, seed: int, workers: int, out_dir: Path,
                 cache: Path | None, judge_base_url: str | None, judge_model: str | None, hps_url: str | None,
                 as_json: bool) -> int:
    """Search each family of cheap generated paintings for the one the preset pays most (CMA-ES, gate-legal
    sketches, warm render pages and the render cache), then compare the best find per subject with the weakest and
    median love painting of that subject in the pool. Exit 0 when every best find stays at or under half the
    weakest good painting, 1 when one does not."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from critique_paint.paths import pool_dir
    from critique_paint.render.pages import RenderOptions, RenderPool
    from critique_paint.reward.attack import good_scores, run_attack
    from critique_paint.reward.attack_families import family_names
    from critique_paint.reward.mix import load_preset
    from critique_paint.reward.scorer import Scorer, ScorerConfig

    try:
        names = family_names(families)
    except ValueError as exc:
        raise UsageError(f"--families: {exc}") from None
    wanted = [s.strip() for s in subjects.split(",") if s.strip()]
    if not wanted:
        raise UsageError("--subjects: name at least one subject")
    judge = JudgeConfig(base_url=judge_base_url, model=judge_model)
    scorer = Scorer(ScorerConfig(preset=load_preset(preset), judge=judge, hps_url=hps_url))
    options = RenderOptions(workers=workers, cache_dir=str(cache or out_dir / "render-cache"))
    columns = (TextColumn("attack"), BarColumn(), MofNCompleteColumn(), TextColumn("best {task.fields[best]:.3f}"),
               TimeElapsedColumn())
    try:
        good = await good_scores(scorer, wanted, pool_dir(), seed)
        async with RenderPool(options) as pool:
            with Progress(*columns, console=err, transient=True) as progress:
                task = progress.add_task("attack", total=renders, best=0.0)

                def advanced(n: int, score: float | None) -> None:
                    best = max(score or 0.0, progress.tasks[task].fields["best"])
                    progress.update(task, advance=n, best=best)

                result = await run_attack(pool, scorer, names, wanted, renders, good, seed=seed, on_eval=advanced)
    finally:
        await scorer.aclose()
    if result.unscored and result.unscored + result.rejected == result.renders:
        raise InfrastructureError(f"the {result.preset} preset scored none of the {result.unscored} candidates "
                                  f"that passed the gate: {result.unscored_reason}")
    if result.unscored:
        err.print(f"{result.unscored} of {result.renders} candidates could not be scored and were left out of the "
                  f"search ({result.unscored_reason})")
    data = result.to_dict()
    data |= _write(result, out_dir)
    if as_json:
        print_json_line(data)
    else:
        _print(data)
    return EXIT_HOLES if result.holes() else EXIT_HELD


def _write(result, out_dir: Path) -> dict:
    from critique_paint.reward.attack import rounded
    from critique_paint.show.sheet import contact_sheet

    out_dir.mkdir(parents=True, exist_ok=True)
    finds = [{"family": f.family, "held_out": run.held_out, "mean": rounded(f.mean), "objective": rounded(f.objective),
              "scores": f.scores, "x": f.x, "source": f.source} for run in result.families for f in run.top]
    (out_dir / "finds.json").write_text(json.dumps({"preset": result.preset, "finds": finds}, indent=1) + "\n")
    best = sorted((run.top[0] for run in result.families if run.top), key=lambda f: -(f.objective or 0.0))
    held = {run.family for run in result.families if run.held_out}
    sheet = contact_sheet([f.png for f in best], [f"{f.family}{' (held out)' if f.family in held else ''} "
                                                  f"{f.mean or 0.0:.3f}" for f in best],
                          title=f"{result.preset}: best find per family", empty=["gate refused"] * len(best))
    sheet.save(out_dir / "sheet.png")
    paths = {"sheet": str(out_dir / "sheet.png"), "finds": str(out_dir / "finds.json"),
             "result": str(out_dir / "attack.json")}
    (out_dir / "attack.json").write_text(json.dumps({**result.to_dict(), **paths}, indent=1) + "\n")
    return paths


def _print(data: dict) -> None:
    from rich.table import Table

    table = Table(title=f"reward attack on {data['preset']}: {data['renders']} renders ({data['fresh_renders']} "
                        f"painted, {data['cache_hits']} from the cache), {data['seconds']:.0f} s")
    for column in ("family", "held out", "subject", "best", "weakest good", "median good", "best / weakest"):
        table.add_column(column, justify="left" if column in ("family", "subject") else "right")

    def num(v: float | None) -> str:
        return "-" if v is None else f"{v:.3f}"

    for r in data["families"]:
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
        if r["ratio"] is not None and r["ratio"] > data["safe_ratio"]:
            ratio = f"[red]{ratio}[/]"
        table.add_row(r["family"], "yes" if r["held_out"] else "", r["subject"], num(r["best"]),
                      num(r["weakest_good"]), num(r["median_good"]), ratio)
    out.print(table)
    steps = data["growth"]
    marks = [steps[min(len(steps) - 1, round(k * (len(steps) - 1) / 5))] for k in range(6)] if steps else []
    out.print("best by renders: " + ", ".join(f"{g['renders']}: {num(g['best'])}" for g in
                                              {g["renders"]: g for g in marks}.values()))
    out.print(f"contact sheet: {data['sheet']}; top finds: {data['finds']}")
