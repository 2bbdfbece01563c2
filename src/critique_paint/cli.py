"""The `critique-paint` command line."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from critique_paint import __version__
from critique_paint.errors import CritiquePaintError

err = Console(stderr=True)
out = Console()


class UsageError(CritiquePaintError):
    """Bad command-line input (exit 2)."""


def read_sketch_file(path: str) -> str:
    """Read a sketch or model reply; undecodable bytes become U+FFFD instead of failing."""
    p = Path(path)
    if not p.is_file():
        raise UsageError(f"no such sketch file: {path}")
    return p.read_bytes().decode("utf-8", errors="replace")


def unique_png_names(files: Sequence[str]) -> list[str]:
    """`<stem>.png` per input, with a numeric suffix where stems collide."""
    seen: dict[str, int] = {}
    names = []
    for f in files:
        stem = Path(f).stem or "sketch"
        count = seen.get(stem, 0)
        seen[stem] = count + 1
        names.append(f"{stem}.png" if count == 0 else f"{stem}-{count}.png")
    return names


def build_parser() -> argparse.ArgumentParser:
    from critique_paint.commands import register_all

    parser = argparse.ArgumentParser(
        prog="critique-paint",
        description="Train a coding model to paint watercolours in p5.brush by critiquing its own renders.",
    )
    parser.add_argument("--version", action="version", version=f"critique-paint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    register_all(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result = args.func(args)
        if asyncio.iscoroutine(result):
            result = asyncio.run(result)
        return int(result or 0)
    except CritiquePaintError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)  # one line, as written
        return 2
    except KeyboardInterrupt:
        err.print("interrupted")
        return 130


def print_json_line(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
