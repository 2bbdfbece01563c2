"""`critique-paint serve`: the painting environment as an OpenEnv WebSocket server."""

from __future__ import annotations

import argparse

from critique_paint.cli import UsageError, err
from critique_paint.commands.score import add_reward_options, judge_config, parse_weights


def runtime_config(args: argparse.Namespace, workers: int = 0):
    from critique_paint.env.runtime import RuntimeConfig
    from critique_paint.render.pages import RenderOptions

    return RuntimeConfig(reward_preset=args.reward_preset, weights=parse_weights(args.weight),
                         judge=judge_config(args), hps_url=args.hps_url, render=RenderOptions(workers=workers))


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="serve the painting environment over OpenEnv (WebSocket /ws)",
                       description="Run the OpenEnv app: /ws episodes (reset: subject, seed, max_turns; "
                                   'step: {"sketch": ...}), /health, /schema.')
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--max-sessions", type=int, default=8, help="concurrent episodes (default 8)")
    p.add_argument("--render-workers", type=int, default=0, help="warm render pages (default: one per core)")
    p.add_argument("--log-level", default="info")
    add_reward_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from critique_paint.env.server import serve

    if args.max_sessions < 1:
        raise UsageError("--max-sessions must be at least 1")
    config = runtime_config(args, args.render_workers)
    err.print(f"critique-paint environment on http://{args.host}:{args.port} (ws /ws, {args.max_sessions} sessions, "
              f"reward preset {args.reward_preset})")
    serve(args.host, args.port, args.max_sessions, config, args.log_level)
    return 0
