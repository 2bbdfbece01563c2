"""`critique-paint serve`: the painting environment as an OpenEnv WebSocket server."""

from __future__ import annotations

import rich_click as click

from critique_paint.commands.options import IntRange, render_workers_option, reward_options, with_render_workers
from critique_paint.console import err
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.env.server import DEFAULT_MAX_SESSIONS


@click.command(short_help="serve the painting environment over OpenEnv (WebSocket /ws)")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--max-sessions", type=IntRange(min=1), default=DEFAULT_MAX_SESSIONS, show_default=True,
              help="concurrent episodes")
@render_workers_option()
@click.option("--log-level", default="info", show_default=True)
@reward_options
def serve(host: str, port: int, max_sessions: int, render_workers: int, log_level: str, reward: RuntimeConfig) -> int:
    """Run the OpenEnv app: /ws episodes (reset: subject, seed, max_turns; step: {"sketch": ...}), /health,
    /schema."""
    from critique_paint.env.server import serve as serve_app

    err.print(f"critique-paint environment on http://{host}:{port} (ws /ws, {max_sessions} sessions, "
              f"reward preset {reward.reward_preset})")
    serve_app(host, port, max_sessions, with_render_workers(reward, render_workers), log_level)
    return 0
