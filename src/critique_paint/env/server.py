"""The OpenEnv app for the painting environment, and running it with uvicorn."""

from __future__ import annotations

import functools
from typing import Any

from critique_paint.env.environment import PaintEnvironment
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.env.wire import PaintAction, PaintObservation, PaintState

# uvicorn pings every WebSocket this often and drops it when no pong comes back in time, so the session
# of a client that vanished without closing its socket is reclaimed within ~20 s (a killed process's
# socket is closed by its kernel and reclaimed at once).
WS_PING_INTERVAL_S = 10.0
WS_PING_TIMEOUT_S = 10.0
DEFAULT_MAX_SESSIONS = 8  # concurrent episodes per server


def build_app(runtime: PaintRuntime, max_sessions: int = DEFAULT_MAX_SESSIONS) -> Any:
    """A FastAPI app serving /ws (episodes), /reset, /step, /state, /health and /schema on `runtime`."""
    from openenv.core.env_server import create_app

    app = create_app(functools.partial(PaintEnvironment, runtime), PaintAction, PaintObservation,
                     env_name="critique-paint", max_concurrent_envs=max_sessions, state_cls=PaintState)
    app.state.paint_runtime = runtime
    return app


def serve(host: str, port: int, max_sessions: int, config: RuntimeConfig, log_level: str = "info") -> None:
    import uvicorn

    with PaintRuntime(config) as runtime:
        uvicorn.run(build_app(runtime, max_sessions), host=host, port=port, log_level=log_level,
                    ws_ping_interval=WS_PING_INTERVAL_S, ws_ping_timeout=WS_PING_TIMEOUT_S,
                    ws_max_size=64 * 1024 * 1024)
