"""Sub-commands of the `critique-paint` CLI; each module adds itself with `register(subparsers)`."""

from __future__ import annotations

import argparse


def register_all(sub: argparse._SubParsersAction) -> None:
    from critique_paint.commands import demo, doctor, eval, gate, paint, plan, pool, render, score, serve, train

    for module in (render, gate, score, pool, serve, train, plan, paint, eval, doctor, demo):
        module.register(sub)
