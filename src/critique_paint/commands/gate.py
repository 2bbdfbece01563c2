"""`critique-paint gate`: static verdicts, no browser."""

from __future__ import annotations

import rich_click as click
from rich.table import Table

from critique_paint.base.console import out, print_json_line, read_sketch_file, violation_text
from critique_paint.commands.options import json_option, sketch_files
from critique_paint.sketch import DEFAULT_BRUSH_ALLOWLIST, check_sketch, extract_sketch


@click.command(short_help="check sketches statically (no browser)")
@sketch_files()
@json_option
@click.option("--allow", metavar="NAMES", help="comma-separated brush methods to allow instead of the default 10")
def gate(sketches: tuple[str, ...], as_json: bool, allow: str | None) -> int:
    """Parse each sketch and list every rule it breaks, without rendering."""
    allowed = {a.strip() for a in allow.split(",") if a.strip()} if allow else DEFAULT_BRUSH_ALLOWLIST
    rows = []
    for f in sketches:
        verdict = check_sketch(extract_sketch(read_sketch_file(f)), brush_allowlist=allowed)
        rows.append({"file": f, **verdict.to_dict()})
    if as_json:
        for row in rows:
            print_json_line(row)
    else:
        table = Table(title="critique-paint gate (static)")
        for col in ("file", "verdict", "violations"):
            table.add_column(col)
        for r in rows:
            detail = "\n".join(violation_text(v) for v in r["violations"])
            table.add_row(r["file"], "[green]pass[/]" if r["passed"] else "[red]reject[/]", detail)
        out.print(table)
    return 0 if all(r["passed"] for r in rows) else 1
