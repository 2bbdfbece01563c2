"""Time `make test` on fresh clones of this repository's HEAD, as CI and a new contributor run it.

Each clone runs `make install` (timed apart: the venv, torch's CPU wheel, the package, `npm ci`) and then
`make test`. `--beside 2` runs two clones at the same time (a busy neighbour). Prints one row per clone
(install, tests, passed/failed/errors), how busy the machine's cores were over the run, and the 10 slowest test
phases of the first clone, from pytest's own `--durations` table.

    python benchmarks/suite_time.py [--beside 2] [--keep] [--root /tmp/suite-time]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r"^=*\s*(\d+ (?:passed|failed|error).*?) in ([\d.]+)s", re.M)  # with -q: no rule around it
DURATION = re.compile(r"^([\d.]+)s (call|setup|teardown)\s+(\S+)")


@dataclass
class Clone:
    path: Path
    install_s: float = 0.0
    test_s: float = 0.0
    rc: int | None = None
    summary: str = ""
    slowest: list[tuple[float, str, str]] = field(default_factory=list)


def timed(cmd: list[str], cwd: Path, log: Path) -> tuple[int, float]:
    start = time.monotonic()
    with log.open("w") as out:
        rc = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode
    return rc, time.monotonic() - start


def run_clone(clone: Clone) -> None:
    rc, clone.install_s = timed(["make", "install"], clone.path, clone.path / "install.log")
    if rc:
        clone.rc, clone.summary = rc, f"make install failed: {clone.path / 'install.log'}"
        return
    clone.rc, clone.test_s = timed(["make", "test"], clone.path, clone.path / "test.log")
    text = (clone.path / "test.log").read_text(errors="replace")
    found = SUMMARY.findall(text)
    clone.summary = found[-1][0] if found else "no pytest summary"
    clone.slowest = durations(text)


def durations(text: str) -> list[tuple[float, str, str]]:
    return sorted(((float(m.group(1)), m.group(2), m.group(3)) for line in text.splitlines()
                   if (m := DURATION.match(line))), reverse=True)


def cpu_jiffies() -> tuple[int, int]:
    """(busy, total) CPU time of every core since boot, in jiffies (/proc/stat): idle and iowait are not busy."""
    fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return sum(fields) - fields[3] - fields[4], sum(fields)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--beside", type=int, default=1, help="clones run at the same time")
    ap.add_argument("--root", default="/tmp/suite-time")
    ap.add_argument("--keep", action="store_true", help="keep the clones (their install.log and test.log)")
    args = ap.parse_args()
    root = Path(args.root)
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                          text=True).stdout.strip()
    clones = []
    for k in range(args.beside):
        path = root / f"clone-{k}"
        subprocess.run(["git", "clone", "-q", str(REPO), str(path)], check=True)
        clones.append(Clone(path))
    threads = [threading.Thread(target=run_clone, args=(c,)) for c in clones]
    before = cpu_jiffies()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    busy, total = (b - a for a, b in zip(before, cpu_jiffies(), strict=True))
    print(f"`make test` on fresh clones of {head}, {args.beside} at a time")
    print(f"{'clone':8s} {'install s':>10s} {'tests s':>8s} {'total s':>8s}  result")
    for k, c in enumerate(clones):
        print(f"{k:<8d} {c.install_s:10.0f} {c.test_s:8.0f} {c.install_s + c.test_s:8.0f}  rc {c.rc}: {c.summary}")
    print(f"the machine's cores were busy {busy / total:.0%} of the run (/proc/stat)")
    print("\nthe 10 slowest test phases (clone 0):")
    for seconds, phase, name in clones[0].slowest[:10]:
        print(f"{seconds:8.1f}s {phase:8s} {name}")
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(max(c.rc or 0 for c in clones))


if __name__ == "__main__":
    main()
