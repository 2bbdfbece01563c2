"""Killing a pytest run that has started a server (Chromium under it, in its own session) and a renderer leaves no
process of the run: SIGTERM unwinds the run as Ctrl-C does, SIGKILL (of the run, or of the xdist controller above
its worker) leaves it to the reaper."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers.reaper import TOKEN_VAR, marked

TESTS = Path(__file__).parent
INNER = TESTS / "fixtures" / "reaping" / "left_running.py"
STARTUP_S = 300  # a hang guard for the inner run's start on a loaded machine, not a speed check
GONE_S = 120


def wait_for(path: Path, proc: subprocess.Popen) -> dict:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if path.is_file() and path.read_text():
            return json.loads(path.read_text())
        if proc.poll() is not None:
            raise AssertionError(f"the inner run ended first ({proc.returncode}): {proc.stdout.read()}")
        time.sleep(0.5)
    raise AssertionError("the inner run never started its server")


@pytest.mark.parametrize(("how", "workers"),
                         [(signal.SIGTERM, []), (signal.SIGKILL, []), (signal.SIGKILL, ["-n", "1"])],
                         ids=["sigterm", "sigkill", "sigkill-xdist"])
def test_killing_the_run_leaves_nothing_running(tmp_path, how, workers):
    out = tmp_path / "started.json"
    env = {k: v for k, v in os.environ.items() if k not in (TOKEN_VAR, "PYTEST_XDIST_WORKER")}
    env["REAPING_OUT"] = str(out)
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout", "900",
                             *workers, str(INNER)], cwd=TESTS.parent, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        started = wait_for(out, proc)
        alive = marked(started["token"])
        assert started["server"] in alive and len(alive) >= 4, alive  # the run, the server, browsers
        proc.send_signal(how)
        proc.wait(GONE_S)
        deadline = time.monotonic() + GONE_S
        while marked(started["token"]) and time.monotonic() < deadline:
            time.sleep(0.5)
        left = {pid: (Path(f"/proc/{pid}/cmdline").read_bytes()[:120] if Path(f"/proc/{pid}").exists() else b"")
                for pid in marked(started["token"])}
        assert not left, left
    finally:
        if proc.poll() is None:
            proc.kill()
