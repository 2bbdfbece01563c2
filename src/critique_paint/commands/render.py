"""`critique-paint render`: gate and render sketches to PNG."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import rich_click as click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from critique_paint.base.console import err, out, print_json_line, read_sketch_file, unique_png_names, violation_text
from critique_paint.commands.options import json_option, render_options, sketch_files
from critique_paint.pipeline import PaintingVerdict, paint_sketch
from critique_paint.render.pages import RenderOptions, RenderPool
from critique_paint.sketch import extract_sketch


@click.command("render", short_help="gate and render sketches to PNG")
@sketch_files()
@click.option("--out", "out_dir", required=True, metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              help="folder for the PNGs")
@json_option
@render_options
async def render_command(sketches: tuple[str, ...], out_dir: Path, as_json: bool, seed: int, size: int,
                 render: RenderOptions, paint_floor: float) -> int:
    """Gate each sketch (or model reply), render it in headless Chromium, write PNGs."""
    sources = [extract_sketch(read_sketch_file(f)) for f in sketches]
    out_dir.mkdir(parents=True, exist_ok=True)
    async with RenderPool(render) as pool:
        verdicts = await _render_all(pool, sources, seed=seed, size=size, paint_floor=paint_floor)
    rows = []
    for file, name, verdict in zip(sketches, unique_png_names(sketches), verdicts, strict=True):
        png_path = None
        if verdict.png is not None:
            png_path = str(out_dir / name)
            Path(png_path).write_bytes(verdict.png)
        rows.append({"file": file, **verdict.to_dict(), "png": png_path})
    if as_json:
        for row in rows:
            print_json_line(row)
    else:
        _print_table(rows)
    return 0 if all(r["passed"] for r in rows) else 1


async def _render_all(pool: RenderPool, sources: list[str], **paint: Any) -> list[PaintingVerdict]:
    columns = (TextColumn("rendering"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=len(sources) < 2) as progress:
        task = progress.add_task("render", total=len(sources))

        async def one(src: str) -> PaintingVerdict:
            verdict = await paint_sketch(pool, src, **paint)
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
            detail = "; ".join(violation_text(v) for v in r["violations"][:4])
            if r["png"]:
                detail += f"  -> {r['png']}"
        table.add_row(r["file"], verdict, paint, ms, detail)
    out.print(table)
