"""The `critique-paint` command line: a click group of the sub-commands in `critique_paint.commands`.

Exit codes: 0 ok; 1 rejected, problems found or does not fit; 2 a usage or set-up error (one line "error: ..." on
stderr); 3 `score` could not score or `judge check` got no answer; 130 interrupted.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import sys
from collections.abc import Sequence
from typing import Any

import rich_click as click

from critique_paint import __version__
from critique_paint.base.console import err, error_line
from critique_paint.commands import COMMANDS
from critique_paint.errors import CritiquePaintError

EXIT_USAGE, EXIT_INTERRUPTED = 2, 130


def usage_message(exc: click.ClickException) -> str:
    """A click usage error as one line: `--turns must be 1..16, got 0`, `--subjects: File 'x' does not exist.`"""
    from critique_paint.commands.options import OptionError
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter) and exc.param is not None:
        name = exc.param.opts[0] if isinstance(exc.param, click.Option) else exc.param.human_readable_name
        return f"{name} {exc.message}" if isinstance(exc, OptionError) else f"{name}: {exc.message}"
    message = exc.format_message()
    if isinstance(exc, click.UsageError) and exc.ctx is not None:
        message += f" (see {exc.ctx.command_path} --help)"
    return message


class LazyCommand(click.RichCommand):
    """A sub-command known by its name and one-line help until it runs: `target` ("module:attribute") is imported
    then."""

    name: str  # always given

    def __init__(self, name: str, target: str, short_help: str):
        super().__init__(name=name, short_help=short_help)
        self.target = target

    def load(self) -> click.Command:
        module, _, attribute = self.target.partition(":")
        return getattr(importlib.import_module(module), attribute)


class CritiquePaintGroup(click.RichGroup):
    """Runs a sub-command (awaiting it if it is a coroutine) and turns what it returns or raises into an exit code.

    A LazyCommand stands in for its command (in the listing, in completion of names) until the command is resolved
    to run or to show its help.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)  # the order they are added in: the pipeline's order

    def load(self, name: str) -> click.Command | None:
        """The command `name`, its module imported if it is still a LazyCommand."""
        command = self.commands.get(name)
        if isinstance(command, LazyCommand):
            command = self.commands[name] = command.load()
        return command

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                             list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, LazyCommand):
            command = self.load(command.name)
        return name, command, rest

    def invoke(self, ctx: click.Context) -> int:
        try:
            result = super().invoke(ctx)
            if inspect.iscoroutine(result):
                result = asyncio.run(result)
        except CritiquePaintError as exc:
            error_line(str(exc))
            return EXIT_USAGE
        except KeyboardInterrupt:
            err.print("interrupted")
            return EXIT_INTERRUPTED
        return int(result or 0)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        try:
            code = super().main(args, prog_name or "critique-paint", complete_var, standalone_mode=False, **extra)
        except click.ClickException as exc:
            error_line(usage_message(exc))
            code = exc.exit_code
        except click.Abort:
            err.print("interrupted")
            code = EXIT_INTERRUPTED
        except SystemExit as exc:  # shell completion, or help shown for a group called bare
            code = exc.code if isinstance(exc.code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


@click.group("critique-paint", cls=CritiquePaintGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="critique-paint")
def cli() -> None:
    """Train a coding model to paint watercolours in p5.brush by critiquing its own renders."""


for _name, (_target, _short_help) in COMMANDS.items():
    cli.add_command(LazyCommand(_name, _target, _short_help))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on `argv` (default: `sys.argv[1:]`) and return its exit code."""
    return cli.main(args=argv, standalone_mode=False)


if __name__ == "__main__":
    sys.exit(main())
