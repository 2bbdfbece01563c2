"""What a charged work unit costs in CPU time, per bulk builtin a sketch can call in a loop.

Each call of `tests/test_sandbox.py` (BULK_CALLS over 1e5-element data, ENDLESS_CALLS that never end, and
UNSEEN_WORK's costly bodies, work V8 does where no counted step sees it) runs in a loop on one warm page until the
work budget refuses it; the time that took over the budget is the nanoseconds one
charged unit costs. The renderer's defaults refuse a render past WORK_BUDGET units or DEFAULT_CPU_S CPU seconds,
so a builtin dearer than DEFAULT_CPU_S / WORK_BUDGET a unit (10 ns) meets the CPU net before the budget. Prints
one row per call and marks those over that line.

    python benchmarks/bulk_cost.py [--budget 500000000] [NAME ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    from test_sandbox import BULK_CALLS, ENDLESS, ENDLESS_CALLS, UNSEEN_WORK, bulk_loop

    from critique_paint.render import Renderer, RenderOptions
    from critique_paint.render.pages import DEFAULT_CPU_S
    from critique_paint.render.prepare import WORK_BUDGET

    from conftest import with_setup_extra

    calls = {**{k: bulk_loop(v) for k, v in BULK_CALLS.items()},
             **{f"endless {k}": ENDLESS + v + ";" for k, v in ENDLESS_CALLS.items()},
             **{f"unseen {k}": f"{setup}\nfor (;;) {{ {body}; }}" for k, (setup, body, _, _) in UNSEEN_WORK.items()}}
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", choices=[[], *calls], metavar="NAME", help=f"of {', '.join(calls)}")
    parser.add_argument("--budget", type=int, default=500_000_000, help="work units per render")
    args = parser.parse_args()
    line_ns = DEFAULT_CPU_S / WORK_BUDGET * 1e9
    bloom = (ROOT / "tests" / "fixtures" / "render" / "bloom.js").read_text()
    print(f"work budget {args.budget:.3g} units; the defaults' line: {line_ns:.1f} ns a unit "
          f"({DEFAULT_CPU_S:g} CPU s / {WORK_BUDGET:.3g} units)")
    print(f"{'call':42s} {'s':>7s} {'ns/unit':>8s}  verdict")
    over = 0
    with Renderer(RenderOptions(workers=1, work_budget=args.budget, cpu_s=600)) as renderer:
        renderer.render(bloom, seed=1)
        for name in args.names or calls:
            start = time.monotonic()
            result = renderer.render(with_setup_extra(bloom, calls[name]), seed=1)
            took = time.monotonic() - start
            refused = not result.ok and "did more work than a render allows" in (result.message or "")
            ns = took / args.budget * 1e9
            over += ns > line_ns
            verdict = "budget" if refused else f"{result.code}: {result.message}"
            print(f"{name:42s} {took:7.2f} {ns:8.1f}  {verdict}{'  OVER THE LINE' if ns > line_ns else ''}")
    print(f"{over} of {len(args.names or calls)} calls cost more than {line_ns:.1f} ns a unit")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
