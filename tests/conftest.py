"""Shared fixtures: one warm renderer per test session, sketch sources; the command line in process or launched."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from critique_paint.render import Renderer, RenderOptions

FIXTURES = Path(__file__).parent / "fixtures"
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))  # test-only helpers live beside the benchmarks (hacks.py, patterns.py)


@pytest.fixture(scope="session")
def bloom_source() -> str:
    return (FIXTURES / "render" / "bloom.js").read_text()


@pytest.fixture(scope="session")
def renderer():
    with Renderer(RenderOptions(workers=2)) as r:  # the work budget decides timeouts; the deadline is a far net
        yield r


def with_setup_extra(source: str, extra: str) -> str:
    """Insert JS right after noLoop() in setup (used to build adversarial sketches)."""
    return source.replace("noLoop();", "noLoop();\n" + extra, 1)


def run_cli(*args: str, input: str | None = None, env: Mapping[str, str] | None = None) -> Result:
    """`critique-paint ARGS` in this process (click's CliRunner): `.exit_code`, `.stdout`, `.stderr`."""
    from critique_paint.cli import cli

    return CliRunner().invoke(cli, list(args), input=input, env=dict(env or {}), catch_exceptions=False)


def launch_cli(args: list[str], *, python_args: tuple[str, ...] = (), **kwargs) -> subprocess.CompletedProcess:
    """`critique-paint ARGS` as its own process, where a separate process is the point (serving, hang guards)."""
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 600)
    return subprocess.run([sys.executable, *python_args, "-m", "critique_paint.cli", *args], **kwargs)
