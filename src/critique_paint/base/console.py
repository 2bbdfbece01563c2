"""The terminal: rich consoles for stdout and stderr, one-line JSON output, and reading sketch files."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from critique_paint.errors import UsageError

err = Console(stderr=True)
out = Console()


def error_line(message: str) -> None:
    """`error: MESSAGE` on stderr, one line as written."""
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)


def print_json_line(obj: dict) -> None:
    """One JSON object on one stdout line (greppable, and safe to pipe)."""
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def violation_text(violation: dict) -> str:
    """`code (line 3): message`, or `code: message` when the violation has no line."""
    line = violation.get("line")
    where = f" (line {line})" if line else ""
    return f"{violation.get('code')}{where}: {violation.get('message', '')}"


def read_sketch_file(path: str | Path) -> str:
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
