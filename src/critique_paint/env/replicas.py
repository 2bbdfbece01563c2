"""`serve --replicas N`: N environment servers on consecutive ports, each its own process (its own renderer and
event loop, so one crash or hang ends only its own episodes), watched by this one.

A replica that ends unexpectedly is started again (after 1 s, doubling up to a minute while it keeps dying young);
one that fails before it ever answered (a busy port, a bad preset: it printed why) stops the fleet with exit 2.
SIGTERM or SIGINT stops every replica gracefully (each within its render deadline) and exits 0.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import signal
import socket
import sys
import time
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any

from critique_paint.base.console import err
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.env.server import check_port_free, serve
from critique_paint.errors import CritiquePaintError

RESTART_DELAY_S = (1.0, 60.0)  # first and longest wait before starting a dead replica again
YOUNG_S = 30.0  # a replica that dies sooner than this after starting doubles the next wait
POLL_S = 0.5


@dataclass
class Replica:
    """One server of the fleet, as the parent sees it."""

    index: int
    port: int
    process: Any = None
    started_at: float = 0.0
    healthy: bool = False
    ever_healthy: bool = False
    delay_s: float = RESTART_DELAY_S[0]
    restart_at: float | None = None
    restarts: int = 0


@dataclass
class ReplicaSpec:
    """What every replica serves with (picklable: it travels to spawned processes)."""

    host: str
    max_sessions: int
    config: RuntimeConfig
    log_level: str = "info"
    defaults: Mapping[str, Any] = field(default_factory=dict)
    on_ready: Callable[..., None] | None = None  # a module-level function: on_ready(runtime, host, port)


def split_render_workers(config: RuntimeConfig, replicas: int) -> RuntimeConfig:
    """Each replica's share of this host's cores as warm render pages (at least 1), unless the pages were set."""
    if config.render.workers > 0:
        return config
    share = max(1, (os.cpu_count() or 1) // replicas)
    return dataclasses.replace(config, render=dataclasses.replace(config.render, workers=share))


def public_url(host: str, port: int) -> str:
    """The URL other hosts (or this one) reach a replica on."""
    name = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
    return f"http://{f'[{name}]' if ':' in name else name}:{port}"


def _probe_url(host: str, port: int) -> str:
    name = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
    return f"http://{f'[{name}]' if ':' in name else name}:{port}/health"


def _run_replica(spec: ReplicaSpec, port: int) -> None:
    """A replica process: serve on `port` like `critique-paint serve` does (one error line and exit 2 on a user
    error). Its own session, so a terminal's Ctrl-C reaches only the parent, which stops it; ends with the parent."""
    with contextlib.suppress(OSError):
        os.setsid()
    end_with_parent()
    ready = None
    on_ready = spec.on_ready
    if on_ready is not None:
        def ready(runtime: Any) -> None:
            on_ready(runtime, spec.host, port)
    try:
        serve(spec.host, port, spec.max_sessions, spec.config, spec.log_level, defaults=spec.defaults,
              on_ready=ready)
    except CritiquePaintError as exc:
        err.print(f"[bold red]error:[/] replica on port {port}: {exc}", highlight=False, soft_wrap=True)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)


def end_with_parent() -> None:
    """Linux: the kernel sends this process SIGTERM when the fleet's process dies (even by SIGKILL)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Fleet:
    """Starts, watches and stops the replicas; `run()` returns the exit code."""

    def __init__(self, spec: ReplicaSpec, first_port: int, replicas: int, say: Callable[[str], None]):
        self.spec = spec
        self.replicas = [Replica(i + 1, first_port + i) for i in range(replicas)]
        self.say = say
        self._context = multiprocessing.get_context("spawn")
        self._stopping = False

    @property
    def urls(self) -> list[str]:
        return [public_url(self.spec.host, r.port) for r in self.replicas]

    def run(self) -> int:
        for r in self.replicas:
            check_port_free(self.spec.host, r.port)
        previous = {s: signal.signal(s, self._stop) for s in (signal.SIGTERM, signal.SIGINT)}
        try:
            for r in self.replicas:
                self._start(r)
            announced = False
            while not self._stopping:
                sentinels = [r.process.sentinel for r in self.replicas if r.process is not None]
                if sentinels:
                    wait(sentinels, timeout=POLL_S)
                else:
                    time.sleep(POLL_S)
                code = self._watch()
                if code is not None:
                    return code
                if not announced and all(r.healthy for r in self.replicas):
                    announced = True
                    urls = ",".join(f'"{u}"' for u in self.urls)
                    self.say(f"fleet ready: {len(self.replicas)} servers; train on them with "
                             f"--set 'environment.server_urls=[{urls}]'")
            return 0
        finally:
            self._stop_all()
            for s, handler in previous.items():
                signal.signal(s, handler)

    def _stop(self, signum: int, frame: Any) -> None:
        self._stopping = True

    def _start(self, r: Replica) -> None:
        r.process = self._context.Process(target=_run_replica, args=(self.spec, r.port),
                                          name=f"critique-paint-replica-{r.index}")
        r.process.start()
        r.started_at, r.healthy, r.restart_at = time.monotonic(), False, None
        self.say(f"replica {r.index}: {public_url(self.spec.host, r.port)} (pid {r.process.pid})")

    def _watch(self) -> int | None:
        """One pass: note deaths, schedule and make restarts, probe health. An exit code ends the fleet."""
        now = time.monotonic()
        for r in self.replicas:
            if r.process is not None and not r.process.is_alive():
                code = r.process.exitcode
                with contextlib.suppress(OSError):  # what it started (its browsers) ends with it
                    os.killpg(r.process.pid, signal.SIGKILL)
                r.process, r.healthy = None, False
                if not r.ever_healthy and code == 2:
                    self.say(f"replica {r.index} (port {r.port}) could not start (exit 2); stopping the fleet")
                    return 2
                r.delay_s = min(2 * r.delay_s, RESTART_DELAY_S[1]) if now - r.started_at < YOUNG_S \
                    else RESTART_DELAY_S[0]
                r.restart_at = now + r.delay_s
                self.say(f"replica {r.index} (port {r.port}) ended ({_exit_text(code)}); starting it again in "
                         f"{r.delay_s:g} s")
            elif r.process is None and r.restart_at is not None and now >= r.restart_at:
                r.restarts += 1
                self._start(r)
            elif r.process is not None and not r.healthy and _healthy(self.spec.host, r.port):
                r.healthy = True
                if r.ever_healthy:
                    self.say(f"replica {r.index} (port {r.port}) is back after {now - r.started_at:.0f} s")
                r.ever_healthy = True
        return None

    def _stop_all(self) -> None:
        live = [r.process for r in self.replicas if r.process is not None and r.process.is_alive()]
        for p in live:
            with contextlib.suppress(OSError):
                os.kill(p.pid, signal.SIGTERM)
        grace = max(5.0, self.spec.config.render.deadline_s + 10)
        deadline = time.monotonic() + grace
        for p in live:
            p.join(max(0.0, deadline - time.monotonic()))
            if p.is_alive():
                with contextlib.suppress(OSError):
                    os.killpg(p.pid, signal.SIGKILL)
                p.join(5)


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _healthy(host: str, port: int) -> bool:
    try:
        with _DIRECT.open(_probe_url(host, port), timeout=1) as reply:
            return reply.status == 200
    except OSError:
        return False


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
