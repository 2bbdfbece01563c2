"""`critique-paint score`: gate, render and score one sketch (or score a PNG)."""

from __future__ import annotations

import argparse
from pathlib import Path

from critique_paint.cli import UsageError, out, print_json_line, read_sketch_file
from critique_paint.errors import InfrastructureError

EXIT_SCORED, EXIT_REJECTED, EXIT_USAGE, EXIT_UNSCORED = 0, 1, 2, 3


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="score a sketch or PNG with a reward preset",
                       description="Gate, render and score a sketch (or score a rendered PNG) and critique it. "
                                   "Exit 0 scored, 1 rejected by the gate, 3 a component could not be obtained.")
    p.add_argument("target", metavar="SKETCH_OR_PNG")
    p.add_argument("--subject", default="a peach hibiscus")
    add_reward_options(p)
    p.add_argument("--seed", type=int, default=0, help="render seed and reference-sampling seed")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def add_reward_options(p: argparse.ArgumentParser) -> None:
    """Reward flags shared by score and serve."""
    p.add_argument("--reward-preset", default="offline", help="judge-led, hps-led, hps-only, offline or a YAML path")
    p.add_argument("--weight", action="append", default=[], metavar="NAME=W",
                   help="override a weight, e.g. --weight judge=0.5 (repeatable)")
    p.add_argument("--judge-base-url", help="OpenAI-compatible endpoint of the vision judge")
    p.add_argument("--judge-model", help="judge model name (default Qwen/Qwen3-VL-30B-A3B-Instruct)")
    p.add_argument("--judge-timeout", type=float, default=60.0)
    p.add_argument("--hps-url", help="base URL of the HPSv3 service")


def judge_config(args: argparse.Namespace):
    from critique_paint.reward.judge import JudgeConfig

    return JudgeConfig(base_url=args.judge_base_url, model=args.judge_model, timeout_s=args.judge_timeout)


def parse_weights(items: list[str]) -> dict[str, float]:
    weights = {}
    for item in items:
        name, _, value = item.partition("=")
        try:
            weights[name.strip()] = float(value)
        except ValueError:
            raise UsageError(f"--weight {item!r}: expected NAME=NUMBER") from None
    return weights


async def run(args: argparse.Namespace) -> int:
    from critique_paint.reward.mix import load_preset
    from critique_paint.reward.scorer import Scorer, ScorerConfig

    preset = load_preset(args.reward_preset).with_weights(parse_weights(args.weight))
    scorer = Scorer(ScorerConfig(preset=preset, judge=judge_config(args), hps_url=args.hps_url))
    try:
        result = await _score(scorer, Path(args.target), args)
    except InfrastructureError as exc:
        print_json_line({"total": None, "unscored_reason": str(exc)})
        return EXIT_UNSCORED
    finally:
        await scorer.aclose()
    data = result.to_dict()
    if args.json:
        print_json_line(data)
    else:
        _print(data)
    if not result.gate_passed:
        return EXIT_REJECTED
    return EXIT_SCORED if result.total is not None else EXIT_UNSCORED


async def _score(scorer, target: Path, args: argparse.Namespace):
    from critique_paint.render.pigment import DEFAULT_PAINT_FLOOR, paint_fraction

    if target.suffix.lower() == ".png":
        if not target.is_file():
            raise UsageError(f"no such file: {target}")
        png = target.read_bytes()
        try:
            fraction = paint_fraction(png)
        except OSError:
            raise UsageError(f"{target} is not a readable PNG") from None
        passed = fraction >= DEFAULT_PAINT_FLOOR
        violations = [] if passed else [{"code": "blank", "message": "the canvas is nearly empty", "line": None}]
        return await scorer.score(png=png, source=None, gate_passed=passed, violations=violations,
                                  paint_fraction=fraction, subject=args.subject, seed=args.seed)
    from critique_paint.pipeline import paint_sketch
    from critique_paint.render.pages import RenderOptions, RenderPool
    from critique_paint.sketch import extract_sketch

    source = extract_sketch(read_sketch_file(str(target)))
    async with RenderPool(RenderOptions(workers=1)) as pool:
        verdict = await paint_sketch(pool, source, seed=args.seed)
    return await scorer.score(png=verdict.png if verdict.passed else None, source=source,
                              gate_passed=verdict.passed, violations=[v.to_dict() for v in verdict.violations],
                              paint_fraction=verdict.paint_fraction, subject=args.subject, seed=args.seed)


def _print(data: dict) -> None:
    from rich.table import Table

    table = Table(title=f"reward ({data['preset']})")
    for col in ("component", "value", "backend"):
        table.add_column(col)
    for name, value in data["components"].items():
        table.add_row(name, "-" if value is None else f"{value:.3f}", data["backends"].get(name, ""))
    total = "unscored" if data["total"] is None else f"{data['total']:.3f}"
    table.add_row("[bold]total[/]", f"[bold]{total}[/]", "")
    out.print(table)
    if data["unscored_reason"]:
        out.print(f"[red]unscored:[/] {data['unscored_reason']}")
    out.print(f"[bold]critique[/] ({data['critique_backend']}): {data['critique']}")
