"""`critique-paint paint`: paint one subject turn by turn in the terminal, with any policy."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from critique_paint.cli import UsageError, out
from critique_paint.commands.policy_options import POLICY_HELP, add_policy_options, policy_options
from critique_paint.commands.score import add_reward_options


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("paint", help="paint a subject turn by turn: a policy paints, you watch, comment and steer",
                       description="Each turn shows the sketch and its diff, the gate verdict, the reward components, "
                                   "the critique and the painting; then you can go on, add your own critique, undo, "
                                   "accept or stop. Everything is saved (transcript.jsonl, PNGs, index.html).")
    p.add_argument("subject", help='what to paint, e.g. "a peach hibiscus"')
    p.add_argument("--policy", default="human", help=POLICY_HELP + " (default human)")
    p.add_argument("--turns", type=int, default=4, help="paintings in the episode (default 4)")
    p.add_argument("--seed", type=int, default=0, help="render and reference seed")
    p.add_argument("--out", help="session folder (default runs/paint/<time>-<subject>)")
    p.add_argument("--auto", action="store_true", help="no questions: paint every turn, then save")
    p.add_argument("--open", dest="open_images", action=argparse.BooleanOptionalAction, default=None,
                   help="open each painting in an image viewer (default: when a display is available)")
    p.add_argument("--preview", action=argparse.BooleanOptionalAction, default=True,
                   help="draw a small colour preview in the terminal (default on)")
    p.add_argument("--full-sketch", action="store_true", help="show whole sketches, not the first 40 lines")
    p.add_argument("--render-workers", type=int, default=1, help="warm render pages (default 1)")
    add_policy_options(p)
    add_reward_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from critique_paint.commands.serve import runtime_config
    from critique_paint.env.runtime import PaintRuntime
    from critique_paint.policy import make_policy
    from critique_paint.session.episode import Episode, slug
    from critique_paint.session.interactive import PaintSession, SessionFiles
    from critique_paint.viewer import can_open_images

    if not args.subject.strip():
        raise UsageError("the subject is empty")
    policy = make_policy(args.policy, policy_options(args))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out_dir = Path(args.out) if args.out else Path("runs") / "paint" / f"{stamp}-{slug(args.subject)}"
    runtime = PaintRuntime.configure(runtime_config(args, args.render_workers))
    try:
        episode = Episode(policy, args.subject, max_turns=args.turns, seed=args.seed,
                          reward_preset=args.reward_preset, runtime=runtime)
        session = PaintSession(episode, SessionFiles(out_dir), out, auto=args.auto,
                               open_images=can_open_images() if args.open_images is None else args.open_images,
                               preview=args.preview, full_sketch=args.full_sketch,
                               weights=runtime.preset(args.reward_preset).weights)
        return session.run()
    finally:
        policy.close()
        runtime.close()
