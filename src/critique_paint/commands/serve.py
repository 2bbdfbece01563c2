"""`critique-paint serve`: the painting environment as an OpenEnv WebSocket server."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import rich_click as click

from critique_paint.base.console import err
from critique_paint.commands.options import (
    IntRange,
    brush_methods_option,
    critique_option,
    deadline_option,
    render_workers_option,
    reward_options,
    with_render_workers,
)
from critique_paint.config.ports import ENV_SERVER_PORT
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.env.server import DEFAULT_MAX_SESSIONS

if TYPE_CHECKING:
    from critique_paint.env.runtime import PaintRuntime


@click.command(short_help="serve the painting environment over OpenEnv (WebSocket /ws)")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=IntRange(1, 65535), default=ENV_SERVER_PORT, show_default=True,
              help="port to listen on (docs/environment.md, Ports)")
@click.option("--max-sessions", type=IntRange(min=1), default=DEFAULT_MAX_SESSIONS, show_default=True,
              help="concurrent episodes (per replica)")
@click.option("--replicas", type=IntRange(min=1), default=1, show_default=True,
              help="servers to run, each its own process, on consecutive ports from --port; one that dies is started "
                   "again; render pages are split among them unless --render-workers is set")
@critique_option
@brush_methods_option
@render_workers_option()
@deadline_option
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]), default="info",
              show_default=True, help="uvicorn's log level")
@reward_options
def serve(host: str, port: int, max_sessions: int, replicas: int, critique: str,
          brush_methods: tuple[str, ...] | None, render_workers: int, deadline_s: float | None, log_level: str,
          reward: RuntimeConfig) -> int:
    """Run the OpenEnv app: /ws episodes (docs/environment.md), /health, /schema. The port is checked
    before the renderer warms up; SIGINT or SIGTERM stops it within the render deadline. With --replicas N, N such
    servers on ports --port .. --port+N-1 (docs/gpu.md, "Scaling out")."""
    config = with_render_workers(reward, render_workers, deadline_s)
    defaults: dict[str, Any] = {"critique": critique}
    if brush_methods is not None:
        defaults["brush_methods"] = brush_methods
    if replicas > 1:
        from critique_paint.env.replicas import Fleet, ReplicaSpec, split_render_workers

        spec = ReplicaSpec(host, max_sessions, split_render_workers(config, replicas), log_level, defaults,
                           on_ready=functools.partial(announce, max_sessions, critique, reward.reward_preset))
        return Fleet(spec, port, replicas, say=lambda line: err.print(line, soft_wrap=True)).run()
    from critique_paint.env.server import serve as serve_app

    serve_app(host, port, max_sessions, config, log_level, defaults=defaults,
              on_ready=functools.partial(announce, max_sessions, critique, reward.reward_preset, host=host, port=port))
    return 0


def announce(max_sessions: int, critique: str, preset: str, runtime: PaintRuntime, host: str, port: int) -> None:
    """The line a server prints once it listens (module level: replicas in other processes call it)."""
    err.print(f"critique-paint environment on http://{host}:{port} (ws /ws, {max_sessions} sessions, "
              f"reward preset {preset}, critique {critique}, {runtime.pages.options.resolved_workers()} render pages)",
              soft_wrap=True)
