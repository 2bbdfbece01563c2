"""`critique-paint render`: gate and render sketches to PNG."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from critique_paint.cli import UsageError, err, out, print_json_line, read_sketch_file, unique_png_names
from critique_paint.pipeline import PaintingVerdict, paint_sketch
from critique_paint.render.cache import RenderCache
from critique_paint.render.pages import RenderOptions, RenderPool
from critique_paint.render.pigment import DEFAULT_PAINT_FLOOR
from critique_paint.sketch import extract_sketch


def add_render_options(p: argparse.ArgumentParser) -> None:
    """Options shared by every command that renders."""
    p.add_argument("--seed", type=int, default=0, help="render seed (default 0)")
    p.add_argument("--size", type=int, default=600, help="output size in pixels (default 600)")
    p.add_argument("--workers", type=int, default=0, help="warm pages (default: one per core)")
    p.add_argument("--deadline", type=float, default=None,
                   help="seconds allowed per render (default $CRITIQUE_PAINT_RENDER_DEADLINE or 60)")
    p.add_argument("--backend", choices=["auto", "llvmpipe", "swiftshader"], default="auto")
    p.add_argument("--paint-floor", type=float, default=DEFAULT_PAINT_FLOOR,
                   help="minimum paint fraction (default 0.005)")
    p.add_argument("--cache", metavar="DIR", help="reuse renders cached in DIR")


def pool_options(args: argparse.Namespace) -> RenderOptions:
    if not 16 <= args.size <= 4096:
        raise UsageError(f"--size {args.size} is out of range; use 16..4096")
    if args.deadline is None:
        return RenderOptions(workers=args.workers, backend=args.backend)
    if args.deadline <= 0:
        raise UsageError("--deadline must be positive")
    return RenderOptions(workers=args.workers, backend=args.backend, deadline_s=args.deadline)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("render", help="gate and render sketches to PNG",
                       description="Gate each sketch (or model reply), render it in headless Chromium, write PNGs.")
    p.add_argument("sketches", nargs="+", metavar="SKETCH")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the PNGs")
    p.add_argument("--json", action="store_true", help="print one JSON object per input")
    add_render_options(p)
    p.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    options = pool_options(args)
    sources = [extract_sketch(read_sketch_file(f)) for f in args.sketches]
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    cache = RenderCache(args.cache) if args.cache else None
    names = unique_png_names(args.sketches)
    async with RenderPool(options) as pool:
        verdicts = await _render_all(pool, sources, args, cache)
    rows = []
    for file, name, verdict in zip(args.sketches, names, verdicts, strict=True):
        png_path = None
        if verdict.png is not None:
            png_path = str(out_dir / name)
            Path(png_path).write_bytes(verdict.png)
        rows.append({"file": file, **verdict.to_dict(), "png": png_path})
    if args.json:
        for row in rows:
            print_json_line(row)
    else:
        _print_table(rows)
    return 0 if all(r["passed"] for r in rows) else 1


async def _render_all(pool: RenderPool, sources: list[str], args: argparse.Namespace,
                      cache: RenderCache | None) -> list[PaintingVerdict]:
    import asyncio

    columns = (TextColumn("rendering"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=len(sources) < 2) as progress:
        task = progress.add_task("render", total=len(sources))

        async def one(src: str) -> PaintingVerdict:
            verdict = await paint_sketch(pool, src, seed=args.seed, size=args.size,
                                         paint_floor=args.paint_floor, cache=cache)
            progress.advance(task)
            return verdict

        return list(await asyncio.gather(*(one(s) for s in sources)))


def _print_table(rows: list[dict]) -> None:
    table = Table(title="critique-paint render")
    for col in ("file", "verdict", "paint", "ms", "png / violations"):
        table.add_column(col)
    for r in rows:
        verdict = "[green]pass[/]" if r["passed"] else "[red]reject[/]"
        paint = f"{r['paint_fraction']:.1%}" if r["paint_fraction"] is not None else "-"
        ms = f"{r['render_ms']:.0f}" if r["render_ms"] is not None else "-"
        detail = r["png"] or ""
        if r["violations"]:
            detail = "; ".join(f"{v['code']} (line {v['line']}): {v['message']}" if v["line"] else
                               f"{v['code']}: {v['message']}" for v in r["violations"][:4])
            if r["png"]:
                detail += f"  -> {r['png']}"
        table.add_row(r["file"], verdict, paint, ms, detail)
    out.print(table)
