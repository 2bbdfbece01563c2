"""`critique-paint serve`: the painting environment as an OpenEnv WebSocket server."""

from __future__ import annotations

import rich_click as click

from critique_paint.commands.options import (
    IntRange,
    critique_option,
    deadline_option,
    render_workers_option,
    reward_options,
    with_render_workers,
)
from critique_paint.console import err
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.env.server import DEFAULT_MAX_SESSIONS
from critique_paint.ports import ENV_SERVER_PORT


@click.command(short_help="serve the painting environment over OpenEnv (WebSocket /ws)")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=IntRange(1, 65535), default=ENV_SERVER_PORT, show_default=True,
              help="port to listen on (README: Ports)")
@click.option("--max-sessions", type=IntRange(min=1), default=DEFAULT_MAX_SESSIONS, show_default=True,
              help="concurrent episodes")
@critique_option
@render_workers_option()
@deadline_option
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]), default="info",
              show_default=True, help="uvicorn's log level")
@reward_options
def serve(host: str, port: int, max_sessions: int, critique: str, render_workers: int, deadline_s: float | None,
          log_level: str, reward: RuntimeConfig) -> int:
    """Run the OpenEnv app: /ws episodes (README "The episode protocol"), /health, /schema. The port is checked
    before the renderer warms up; SIGINT or SIGTERM stops it within the render deadline."""
    from critique_paint.env.server import serve as serve_app

    def ready(runtime) -> None:
        err.print(f"critique-paint environment on http://{host}:{port} (ws /ws, {max_sessions} sessions, "
                  f"reward preset {reward.reward_preset}, critique {critique}, "
                  f"{runtime.pages.options.resolved_workers()} render pages)")

    serve_app(host, port, max_sessions, with_render_workers(reward, render_workers, deadline_s), log_level,
              defaults={"critique": critique}, on_ready=ready)
    return 0
