"""Start-up cost of the command line: `critique-paint --help`, `critique-paint gate SKETCH`,
`critique-paint serve --help`, and a server from launch to its "listening" line (`serve` until ready, then
stopped by SIGINT), for this tree and for a baseline git revision.

The baseline (`--baseline`, default `main`) is checked out into a temporary git worktree; each command runs as
`python -m critique_paint.cli ...` with PYTHONPATH at the tree's src/, once to warm the bytecode cache, then
`--repeat` times, baseline and this tree in turn, so both meet the same machine load. CPU time is the child's
user + sys (os.wait4), which a shared machine disturbs less than wall time. Prints a table of medians and, last,
`speedup: X.XX` (the geometric mean of the CPU ratios, baseline / now).
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pick_sketch() -> Path:
    """The first example sketch (else the first reference-pool sketch)."""
    examples = ROOT / "prompts" / "examples"
    found = sorted(examples.glob("*.js")) or sorted((ROOT / "reference_pool" / "sketches").glob("*.js"))
    if not found:
        sys.exit(f"no sketch found in {examples} or reference_pool/sketches")
    return found[0]


READY = "__ready__"  # a command line ending in this runs until it prints its listening line, then gets SIGINT


def free_port() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])


def run_once(tree: Path, args: list[str]) -> tuple[float, float]:
    """(CPU s, wall s) of `python -m critique_paint.cli ARGS` run on `tree`'s src/ (to its listening line, for a
    command ending in READY; CPU then includes the stop); exits on a failure."""
    env = {"CRITIQUE_PAINT_JS_DIR": str(ROOT / "js"), **os.environ, "PYTHONPATH": str(tree / "src"), "COLUMNS": "120"}
    until_ready = args[-1:] == [READY]
    args = [*args[:-1], "--port", free_port()] if until_ready else args
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "critique_paint.cli", *args], cwd=tree, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if until_ready:
        seen = b""
        while b"critique-paint environment on" not in seen:
            line = child.stderr.readline()
            if not line:
                sys.exit(f"{tree}: critique-paint {' '.join(args)} ended before it listened: {seen.decode()[-2000:]}")
            seen += line
        wall = time.perf_counter() - start
        child.send_signal(signal.SIGINT)
    stderr = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    if not until_ready:
        wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    child.stderr.close()
    if child.returncode != 0:
        sys.exit(f"{tree}: critique-paint {' '.join(args)} exited {child.returncode}: {stderr.decode()[-2000:]}")
    return usage.ru_utime + usage.ru_stime, wall


def checkout(rev: str, into: Path) -> Path:
    """A detached git worktree of `rev` at `into`."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(into), rev], check=True)
    return into


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="main", metavar="REV", help="git revision to compare with")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each command per tree (the median is shown)")
    args = ap.parse_args()
    sketch = pick_sketch()
    commands = {"--help": ["--help"], "gate SKETCH": ["gate", str(sketch)], "serve --help": ["serve", "--help"],
                "serve (ready)": ["serve", "--render-workers", "1", READY]}
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.baseline], capture_output=True,
                         text=True, check=True).stdout.strip()
    print(f"baseline {args.baseline} ({rev}) against this tree; SKETCH = {sketch.relative_to(ROOT)}; "
          f"median of {args.repeat}")
    runs: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        baseline = checkout(args.baseline, Path(tmp) / "baseline")
        try:
            trees = {"baseline": baseline, "now": ROOT}
            for name, cli_args in commands.items():
                for tree in trees.values():
                    run_once(tree, cli_args)  # warm the bytecode cache
                for _ in range(args.repeat):
                    for which, tree in trees.items():
                        runs.setdefault((name, which), []).append(run_once(tree, cli_args))
                print(f"  {name}: done", file=sys.stderr, flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(baseline)], check=False)
    print(f"{'command':14s} {'baseline CPU s':>15s} {'now CPU s':>10s} {'ratio':>7s} {'baseline wall s':>16s} "
          f"{'now wall s':>11s}")
    ratios = []
    for name in commands:
        (cpu_b, wall_b), (cpu_n, wall_n) = ([statistics.median(x) for x in zip(*runs[name, which], strict=True)]
                                            for which in ("baseline", "now"))
        ratios.append(cpu_b / cpu_n)
        print(f"{name:14s} {cpu_b:15.2f} {cpu_n:10.2f} {cpu_b / cpu_n:6.1f}x {wall_b:16.2f} {wall_n:11.2f}")
    print(f"speedup: {math.exp(statistics.fmean(math.log(r) for r in ratios)):.2f}")


if __name__ == "__main__":
    main()
