"""Resident memory of one Chromium's renderer processes, read from /proc (Linux; elsewhere it is unknown).

The JavaScript heap cap does not bound what a page holds outside the heap, and a page busy in a sketch's
loop answers no DevTools query, so the budget is watched from outside the browser.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["browser_pid", "renderer_pids", "resident_mib"]

PROC = Path("/proc")
_PAGE_MIB = (os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096) / 2**20


def _cmdline(pid: int) -> bytes:
    """The raw command line (Chromium's children rewrite theirs as one space-separated string)."""
    try:
        return (PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return b""


def _pids() -> list[int]:
    try:
        return [int(p.name) for p in PROC.iterdir() if p.name.isdigit()]
    except OSError:
        return []


def browser_pid(marker: str) -> int | None:
    """The browser process launched with the flag ``marker``."""
    flag = marker.encode()
    for pid in _pids():
        args = _cmdline(pid).split(b"\0")
        if flag in args and not any(a.startswith(b"--type=") for a in args):
            return pid
    return None


def _parent(pid: int) -> int | None:
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def renderer_pids(browser: int | None) -> list[int]:
    """Renderer processes descended from ``browser`` (through the zygote)."""
    if browser is None:
        return []
    parents = {pid: _parent(pid) for pid in _pids()}
    found = []
    for pid in parents:
        node, hops = parents.get(pid), 0
        while node is not None and node != browser and hops < 8:
            node, hops = parents.get(node), hops + 1
        if node == browser and b"--type=renderer" in _cmdline(pid):
            found.append(pid)
    return found


def resident_mib(pids: list[int]) -> float | None:
    """The largest resident set among ``pids`` in MiB (None when none can be read)."""
    sizes = []
    for pid in pids:
        try:
            sizes.append(int((PROC / str(pid) / "statm").read_text().split()[1]) * _PAGE_MIB)
        except (OSError, ValueError, IndexError):
            continue
    return max(sizes) if sizes else None
