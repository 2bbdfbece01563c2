"""Wall time of `critique-paint demo` by stage, against its 10-minute budget and optionally another revision.

Runs the demo (`python -m critique_paint.cli demo --out TMP`) on this tree and, with `--baseline REV`, on a
temporary git worktree of REV (one after the other), stamps every line the demo prints as it arrives, and splits
the run at the stage lines it prints: the examples, `1/3 SFT warm start` (building the corpus and training),
`2/3 GRPO`, `3/3 held-out eval`, `done`. Prints a table of seconds per stage and, last, `total_s: N` for this tree.
Run it on a quiet machine: the demo's budget is for a quiet 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from startup_bench import ROOT, checkout

BUDGET_S = 600
STAGES = [("examples", "examples:"), ("SFT (corpus and training)", "1/3 SFT"), ("GRPO", "2/3 GRPO"),
          ("held-out eval and report", "3/3 held-out eval"), ("summary", "What the demo shows")]


def run_demo(tree: Path, out_dir: Path, config: str | None) -> dict[str, float]:
    """Seconds from one stage line to the next (the first stage from the start); exits on a failure."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "COLUMNS": "120", "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "critique_paint.cli", "demo", "--out", str(out_dir)]
    cmd += ["--config", config] if config else []
    start = time.perf_counter()
    marks: list[tuple[str, float]] = []
    child = subprocess.Popen(cmd, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    tail: list[str] = []
    assert child.stdout is not None
    for line in child.stdout:
        now = time.perf_counter() - start
        tail = (tail + [line])[-40:]
        for name, marker in STAGES:
            if marker in line and name not in dict(marks):
                marks.append((name, now))
    if child.wait() != 0:
        sys.exit(f"{tree}: the demo exited {child.returncode}:\n{''.join(tail)}")
    total = time.perf_counter() - start
    ends = [t for _, t in marks[1:]] + [total]
    return {**{name: end - (t if i else 0.0) for i, ((name, t), end) in enumerate(zip(marks, ends, strict=True))},
            "total": total}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default=None, metavar="REV", help="also time the demo of this git revision")
    ap.add_argument("--config", default=None, help="training YAML for both (default: the demo's own)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="demo-time-") as tmp:
        trees = {"now": ROOT}
        if args.baseline:
            trees = {f"baseline {args.baseline}": checkout(args.baseline, Path(tmp) / "baseline"), **trees}
        times = {}
        try:
            for label, tree in trees.items():
                print(f"running the demo on {label} ...", flush=True)
                times[label] = run_demo(tree, Path(tmp) / f"out-{len(times)}", args.config)
        finally:
            if args.baseline:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(Path(tmp) / "baseline")],
                               check=False)
    labels = list(times)
    print("| stage | " + " | ".join(f"{label} s" for label in labels) + " | share of the budget (now) |")
    print("|---|" + "---:|" * len(labels) + "---:|")
    for name in [n for n, _ in STAGES] + ["total"]:
        cells = " | ".join(f"{times[label].get(name, float('nan')):.0f}" for label in labels)
        print(f"| {name} | {cells} | {times['now'].get(name, 0.0) / BUDGET_S:.0%} |")
    print(f"budget_s: {BUDGET_S}\ntotal_s: {times['now']['total']:.0f}")


if __name__ == "__main__":
    main()
