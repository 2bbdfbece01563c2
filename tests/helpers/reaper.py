"""Nothing a test run starts outlives it.

The top-level pytest process marks its environment with a run token (`TOKEN_VAR`) that every process it starts
inherits: xdist workers, `critique-paint serve` in its own session, replica supervisors, Chromium and its helpers.
`python reaper.py PID TOKEN` is started beside it, in its own session, and when PID ends (finished, SIGTERM,
SIGKILL, crashed) kills every process still carrying the token until none is left, so a supervisor that restarts
a replica cannot outrun it.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

TOKEN_VAR = "CRITIQUE_PAINT_TEST_RUN"
POLL_S = 0.5


def start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (None once it is gone): a pid is reused, this is not."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def marked(token: str) -> list[int]:
    """Pids of the processes whose environment carries `token`, this one excluded."""
    needle = f"{TOKEN_VAR}={token}".encode()
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        pid = int(proc.name)
        if pid == os.getpid():
            continue
        try:
            if needle in (proc / "environ").read_bytes().split(b"\0"):
                found.append(pid)
        except OSError:
            continue
    return found


def kill_marked(token: str, rounds: int = 40) -> list[int]:
    """SIGKILL every marked process until two scans in a row find none; the pids killed."""
    killed: list[int] = []
    quiet = 0
    for _ in range(rounds):
        pids = marked(token)
        if not pids:
            quiet += 1
            if quiet == 2:
                break
        else:
            quiet = 0
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            except OSError:
                pass
        time.sleep(0.1)
    return killed


def watch(pid: int, token: str) -> None:
    started = start_time(pid)
    while started is not None and start_time(pid) == started:
        time.sleep(POLL_S)
    killed = kill_marked(token)
    if killed:
        print(f"reaper: killed {len(killed)} processes left by pytest {pid}", file=sys.stderr)


if __name__ == "__main__":
    watch(int(sys.argv[1]), sys.argv[2])
