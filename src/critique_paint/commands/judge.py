"""`critique-paint judge check`: how consistent an OpenAI-compatible pairwise judge is, on the pool's paintings."""

from __future__ import annotations

import json
from pathlib import Path

import rich_click as click
from rich.table import Table

from critique_paint.base.console import err, error_line, out, print_json_line
from critique_paint.commands.options import IntRange, option_from
from critique_paint.paths import POOL_ENV, pool_dir
from critique_paint.reward.judge import JudgeConfig

EXIT_CHECKED, EXIT_UNREACHABLE = 0, 3


@click.group(short_help="check an OpenAI-compatible pairwise judge (consistency, position bias, tiers)")
def judge() -> None:
    """Check the pairwise judge the rewards use."""


@judge.command(short_help="test-retest, order consistency, position bias, tier agreement and transitivity")
@click.option("--pool", "pool", metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              help=f"pool folder whose love and okay renders are compared (default: ${POOL_ENV}, else the checkout's)")
@click.option("--pairs", type=IntRange(1, 500), default=8, show_default=True,
              help="pairs asked twice and in both orders; as many love-okay pairs")
@click.option("--triples", type=IntRange(0, 200), default=4, show_default=True,
              help="triples whose three pairs are asked in both orders (transitivity)")
@click.option("--seed", type=int, default=0, show_default=True, help="which paintings are drawn")
@option_from(JudgeConfig, "base_url", "--judge-base-url", "base_url")
@option_from(JudgeConfig, "model", "--judge-model", "model")
@option_from(JudgeConfig, "timeout_s", "--judge-timeout", "timeout_s", type=click.FloatRange(min=0, min_open=True))
@option_from(JudgeConfig, "retries", "--judge-retries", "retries", type=IntRange(0, 20))
@click.option("--json", "as_json", is_flag=True, help="print the result as one JSON object")
@click.option("--out", "out_path", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path),
              help="also write the JSON to FILE")
async def check(pool: Path | None, pairs: int, triples: int, seed: int, base_url: str | None, model: str | None,
                timeout_s: float, retries: int, as_json: bool, out_path: Path | None) -> int:
    """Ask the judge about the pool's paintings: the same question twice, the same pair in both orders, love
    against okay and triples, and print each rate with its 95 % interval. Unresolved answers (errors, unparsed
    replies) are counted apart, never as either side. Exit 0 checked, 3 when no question was answered."""
    from critique_paint.evaluate.judge_check import pool_paintings, run_check
    from critique_paint.reward.judge import PairwiseJudge

    paintings = pool_paintings(pool or pool_dir())
    client = PairwiseJudge(JudgeConfig(base_url=base_url, model=model, timeout_s=timeout_s, retries=retries))
    try:
        result = await run_check(client, paintings, pairs=pairs, triples=triples, seed=seed)
    finally:
        await client.aclose()
    data = {"judge": client.config.base_url, "model": client.config.model, "seed": seed, **result.as_dict()}
    if out_path:
        out_path.write_text(json.dumps(data, indent=2) + "\n")
    if as_json:
        print_json_line(data)
    else:
        _print(data)
    if result.resolved == 0:
        error_line(f"the judge at {client.config.base_url} answered none of {result.questions} questions: "
                   f"{(result.errors or ['no answer'])[0]}")
        return EXIT_UNREACHABLE
    return EXIT_CHECKED


def _print(data: dict) -> None:
    table = Table(title=f"judge {data['model']} at {data['judge']}: {data['resolved']} of {data['questions']} "
                        "questions answered")
    for column in ("check", "rate", "95 % CI", "n", "unresolved", "a trustworthy judge"):
        table.add_column(column, justify="left" if column in ("check", "a trustworthy judge") else "right",
                         no_wrap=column == "check")
    for row in data["checks"]:
        low, high = row["ci95"]
        rate = "-" if row["rate"] is None else f"{row['rate']:.2f}"
        interval = "-" if low is None else f"{low:.2f}-{high:.2f}"
        table.add_row(row["check"].split(":")[0], rate, interval, str(row["n"]), str(row["unresolved"]), row["ideal"])
    out.print(table)
    for e in data["errors"]:
        err.print(f"unresolved: {e}")
