"""`critique-paint demo`: the embedded CPU default job."""

from __future__ import annotations

import argparse
from pathlib import Path

from critique_paint.cli import out
from critique_paint.paths import EXAMPLES_DIR


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="gate and render the example sketches and write a contact sheet")
    p.add_argument("--out", default="runs/demo", metavar="DIR")
    p.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    from critique_paint.pipeline import paint_sketch
    from critique_paint.render.pool import RenderPool
    from critique_paint.sheet import contact_sheet

    sketches = sorted(EXAMPLES_DIR.glob("*.js"))
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    async with RenderPool() as pool:
        import asyncio

        verdicts = await asyncio.gather(*(paint_sketch(pool, s.read_text(), seed=0) for s in sketches))
    captions = []
    for path, verdict in zip(sketches, verdicts, strict=True):
        if verdict.png:
            (out_dir / f"{path.stem}.png").write_bytes(verdict.png)
        state = f"{verdict.paint_fraction:.0%} paint" if verdict.passed else ",".join(verdict.codes)
        captions.append(f"{path.stem} · {state}")
        out.print(f"{path.name}: {'pass' if verdict.passed else 'reject ' + ','.join(verdict.codes)}"
                  f"  {verdict.render_ms or 0:.0f} ms")
    sheet = out_dir / "contact_sheet.png"
    contact_sheet([v.png for v in verdicts], captions, title="critique-paint examples").save(sheet)
    out.print(f"contact sheet: {sheet}")
    return 0 if all(v.passed for v in verdicts) else 1
