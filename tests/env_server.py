"""Start `critique-paint serve` as a real subprocess on a free loopback port, for tests and benchmarks."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EnvServer:
    """`with EnvServer(max_sessions=4) as srv:` ... `srv.url`; extra CLI flags via `args`."""

    def __init__(self, max_sessions: int = 4, args: tuple[str, ...] = (), log: Path | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.cmd = [sys.executable, "-m", "critique_paint.cli", "serve", "--port", str(self.port),
                    "--max-sessions", str(max_sessions), "--log-level", "warning", *args]
        self.log = log
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> EnvServer:
        out = open(self.log, "w") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(self.cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("server did not become healthy")

    def __exit__(self, *exc: object) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)

    def browser_pids(self) -> list[int]:
        """Chromium browser processes started by this server (descendants, without --type=)."""
        found = []
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                args = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if not any(a.startswith(b"--critique-paint-pool=") for a in args):
                continue
            if any(a.startswith(b"--type=") for a in args):
                continue
            if self._descends(int(proc.name)):
                found.append(int(proc.name))
        return found

    def _descends(self, pid: int) -> bool:
        while pid > 1:
            if pid == self.proc.pid:
                return True
            try:
                pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                return False
        return False
