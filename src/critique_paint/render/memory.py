"""Resident memory and CPU time of one Chromium's processes, read from /proc (Linux; elsewhere they are unknown).

The JavaScript heap cap does not bound what a page holds outside the heap, native work a sketch starts is not
counted by the work budget, and a page busy in a sketch's loop answers no DevTools query, so both are watched from
outside the browser.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["browser_pid", "cpu_seconds", "renderer_pids", "resident_mib", "worker_pids"]

PROC = Path("/proc")
_PAGE_MIB = (os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096) / 2**20
_TICK_S = 1 / (os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100)


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


def _descendants(browser: int | None, types: tuple[bytes, ...]) -> list[int]:
    """Processes descended from ``browser`` (through the zygote) whose command line names one of ``types``."""
    if browser is None:
        return []
    parents = {pid: _parent(pid) for pid in _pids()}
    found = []
    for pid in parents:
        node, hops = parents.get(pid), 0
        while node is not None and node != browser and hops < 8:
            node, hops = parents.get(node), hops + 1
        if node == browser and any(t in _cmdline(pid) for t in types):
            found.append(pid)
    return found


def renderer_pids(browser: int | None) -> list[int]:
    """Renderer processes descended from ``browser``."""
    return _descendants(browser, (b"--type=renderer",))


def worker_pids(browser: int | None) -> list[int]:
    """The processes that do a page's work: its renderers and the GPU process that rasterises its WebGL."""
    return _descendants(browser, (b"--type=renderer", b"--type=gpu-process"))


def cpu_seconds(pids: list[int]) -> float | None:
    """User and system CPU time ``pids`` have spent, seconds, summed (None when none can be read)."""
    total, read = 0.0, False
    for pid in pids:
        try:
            fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) * _TICK_S
            read = True
        except (OSError, ValueError, IndexError):
            continue
    return total if read else None


def resident_mib(pids: list[int]) -> float | None:
    """The largest resident set among ``pids`` in MiB (None when none can be read)."""
    sizes = []
    for pid in pids:
        try:
            sizes.append(int((PROC / str(pid) / "statm").read_text().split()[1]) * _PAGE_MIB)
        except (OSError, ValueError, IndexError):
            continue
    return max(sizes) if sizes else None
