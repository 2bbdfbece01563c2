"""The OpenEnv app for the painting environment, and running it with uvicorn."""

from __future__ import annotations

import contextlib
import functools
import socket
from collections.abc import Mapping
from typing import Any

from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.errors import UsageError

# uvicorn pings every WebSocket this often and drops it when no pong comes back in time, so the session
# of a client that vanished without closing its socket is reclaimed within ~20 s (a killed process's
# socket is closed by its kernel and reclaimed at once).
WS_PING_INTERVAL_S = 10.0
WS_PING_TIMEOUT_S = 10.0
DEFAULT_MAX_SESSIONS = 8  # concurrent episodes per server


def build_app(runtime: PaintRuntime, max_sessions: int = DEFAULT_MAX_SESSIONS,
              defaults: Mapping[str, Any] | None = None) -> Any:
    """A FastAPI app serving /ws (episodes), /reset, /step, /state, /health and /schema on `runtime`; `defaults`
    are the episode settings a reset does not give (e.g. the critique source)."""
    from critique_paint.env.environment import PaintEnvironment
    from critique_paint.env.openenv_core import create_app
    from critique_paint.env.wire import PaintAction, PaintObservation, PaintState

    factory = functools.partial(PaintEnvironment, runtime, defaults=dict(defaults or {}))
    app = create_app(factory, PaintAction, PaintObservation, env_name="critique-paint",
                     max_concurrent_envs=max_sessions, state_cls=PaintState)
    app.state.paint_runtime = runtime
    return app


def check_port_free(host: str, port: int) -> None:
    """UsageError now, before the renderer warms up, when something already listens on host:port."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise UsageError(f"cannot serve on {host}:{port}: {exc.strerror or exc} (is another server running "
                             f"there? choose another --port)") from None


def serve(host: str, port: int, max_sessions: int, config: RuntimeConfig, log_level: str = "info",
          defaults: Mapping[str, Any] | None = None, on_ready: Any = None) -> None:
    """Serve until SIGINT/SIGTERM; then stop taking messages, give running renders up to the render deadline
    (plus a little) to finish, close the browsers and return. `on_ready(runtime)` runs once it listens."""
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets)
            if self.started and on_ready is not None:
                on_ready(runtime)  # listening now: announce

        def capture_signals(self):
            """uvicorn's, without re-raising the signal after a graceful stop: a requested stop exits 0."""
            self._captured_signals = []
            inner = super().capture_signals()

            @contextlib.contextmanager
            def forgetting():
                with inner:
                    try:
                        yield
                    finally:
                        self._captured_signals.clear()

            return forgetting()

    check_port_free(host, port)
    with PaintRuntime(config) as runtime:
        server = Server(uvicorn.Config(
            build_app(runtime, max_sessions, defaults), host=host, port=port, log_level=log_level,
            ws_ping_interval=WS_PING_INTERVAL_S, ws_ping_timeout=WS_PING_TIMEOUT_S, ws_max_size=64 * 1024 * 1024,
            timeout_graceful_shutdown=max(1, int(config.render.deadline_s)) + 1))
        server.run()
