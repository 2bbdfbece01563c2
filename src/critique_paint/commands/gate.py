"""`critique-paint gate`: static verdicts, no browser."""

from __future__ import annotations

import argparse

from rich.table import Table

from critique_paint.cli import out, print_json_line, read_sketch_file
from critique_paint.sketch import DEFAULT_BRUSH_ALLOWLIST, check_sketch, extract_sketch


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("gate", help="check sketches statically (no browser)",
                       description="Parse each sketch and list every rule it breaks, without rendering.")
    p.add_argument("sketches", nargs="+", metavar="SKETCH")
    p.add_argument("--json", action="store_true", help="print one JSON object per input")
    p.add_argument("--allow", metavar="NAMES",
                   help="comma-separated brush methods to allow instead of the default 10")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    allow = {a.strip() for a in args.allow.split(",") if a.strip()} if args.allow else DEFAULT_BRUSH_ALLOWLIST
    rows = []
    for f in args.sketches:
        verdict = check_sketch(extract_sketch(read_sketch_file(f)), brush_allowlist=allow)
        rows.append({"file": f, **verdict.to_dict()})
    if args.json:
        for row in rows:
            print_json_line(row)
    else:
        table = Table(title="critique-paint gate (static)")
        for col in ("file", "verdict", "violations"):
            table.add_column(col)
        for r in rows:
            detail = "\n".join(f"{v['code']} (line {v['line']}): {v['message']}" for v in r["violations"])
            table.add_row(r["file"], "[green]pass[/]" if r["passed"] else "[red]reject[/]", detail)
        out.print(table)
    return 0 if all(r["passed"] for r in rows) else 1
