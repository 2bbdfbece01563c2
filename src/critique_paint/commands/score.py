"""`critique-paint score`: gate, render and score one sketch (or score a PNG)."""

from __future__ import annotations

from pathlib import Path

import rich_click as click

from critique_paint.base.console import out, print_json_line, read_sketch_file
from critique_paint.commands.options import reward_options
from critique_paint.env.protocol import DEFAULT_SUBJECT
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import InfrastructureError, UsageError

EXIT_SCORED, EXIT_REJECTED, EXIT_USAGE, EXIT_UNSCORED = 0, 1, 2, 3


@click.command(short_help="score a sketch or PNG with a reward preset")
@click.argument("target", metavar="SKETCH_OR_PNG", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--subject", default=DEFAULT_SUBJECT, show_default=True, help="what the painting is of")
@reward_options
@click.option("--seed", type=int, default=0, show_default=True, help="render seed and reference-sampling seed")
@click.option("--json", "as_json", is_flag=True, help="print the result as one JSON object")
async def score(target: Path, subject: str, reward: RuntimeConfig, seed: int, as_json: bool) -> int:
    """Gate, render and score a sketch (or score a rendered PNG) and critique it. Exit 0 scored, 1 rejected by the
    gate, 3 a component could not be obtained."""
    from critique_paint.reward.mix import load_preset
    from critique_paint.reward.scorer import Scorer, ScorerConfig

    preset = load_preset(reward.reward_preset).with_weights(reward.weights)
    scorer = Scorer(ScorerConfig(preset=preset, judge=reward.judge, hps_url=reward.hps_url))
    try:
        result = await _score(scorer, target, subject=subject, seed=seed)
    except InfrastructureError as exc:
        print_json_line({"total": None, "unscored_reason": str(exc)})
        return EXIT_UNSCORED
    finally:
        await scorer.aclose()
    data = result.to_dict()
    if as_json:
        print_json_line(data)
    else:
        _print(data, preset.weights)
    if not result.gate_passed:
        return EXIT_REJECTED
    return EXIT_SCORED if result.total is not None else EXIT_UNSCORED


async def _score(scorer, target: Path, *, subject: str, seed: int):
    from critique_paint.render.pigment import DEFAULT_PAINT_FLOOR, paint_fraction

    if target.suffix.lower() == ".png":
        png = target.read_bytes()
        try:
            fraction = paint_fraction(png)
        except OSError:
            raise UsageError(f"{target} is not a readable PNG") from None
        passed = fraction >= DEFAULT_PAINT_FLOOR
        violations = [] if passed else [{"code": "blank", "message": "the canvas is nearly empty", "line": None}]
        return await scorer.score(png=png, source=None, gate_passed=passed, violations=violations,
                                  paint_fraction=fraction, subject=subject, seed=seed)
    from critique_paint.pipeline import paint_sketch
    from critique_paint.render.pages import RenderOptions, RenderPool
    from critique_paint.sketch import extract_sketch

    source = extract_sketch(read_sketch_file(target))
    async with RenderPool(RenderOptions(workers=1)) as pool:
        verdict = await paint_sketch(pool, source, seed=seed)
    return await scorer.score(png=verdict.png if verdict.passed else None, source=source,
                              gate_passed=verdict.passed, violations=[v.to_dict() for v in verdict.violations],
                              paint_fraction=verdict.paint_fraction, subject=subject, seed=seed)


def _print(data: dict, weights: dict[str, float]) -> None:
    from rich.table import Table

    table = Table(title=f"reward ({data['preset']})")
    for col in ("component", "weight", "value", "backend"):
        table.add_column(col, justify="right" if col in ("weight", "value") else "left")
    for name, value in data["components"].items():
        weight = weights.get(name)
        table.add_row(name, "-" if weight is None else f"{weight:g}", "-" if value is None else f"{value:.3f}",
                      data["backends"].get(name, ""))
    total = "unscored" if data["total"] is None else f"{data['total']:.3f}"
    table.add_row("[bold]total[/]", "", f"[bold]{total}[/]", "")
    out.print(table)
    if data["unscored_reason"]:
        out.print(f"[red]unscored:[/] {data['unscored_reason']}")
    out.print(f"[bold]critique[/] ({data['critique_backend']}): {data['critique']}")
