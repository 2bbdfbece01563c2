"""Shared fixtures: one warm renderer per test session, sketch sources; the command line in process or launched.
Every process a run starts ends with it (`helpers.reaper`; SIGTERM tears the run down as Ctrl-C does)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

# huggingface_hub reads this once, when first imported: no test downloads anything, and a name looked up online
# fails only after five retries (about 23 s each, seen as the slowest calls of the suite)
os.environ.setdefault("HF_HUB_OFFLINE", "1")

if os.environ.get("PYTEST_XDIST_WORKER"):  # execnet starts workers with an 80x24 terminal, which rich would keep
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)

from critique_paint.render import Renderer, RenderOptions  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))  # test-only helpers live beside the benchmarks (hacks.py, patterns.py)


TINY_CACHE = pytest.StashKey[str]()


def _interrupted(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def pytest_configure(config: pytest.Config) -> None:
    """The top-level run marks its environment with a fresh token and starts the reaper; an xdist worker ends when
    the run does (a parent-death signal). SIGTERM anywhere unwinds like Ctrl-C, so fixtures close what they
    started."""
    from critique_paint.env.replicas import end_with_parent
    from critique_paint.models.loading import TINY_CACHE_ENV

    from helpers.reaper import TOKEN_VAR

    signal.signal(signal.SIGTERM, _interrupted)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        share = max(1, (os.cpu_count() or 1) // int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
        os.environ.setdefault("OMP_NUM_THREADS", str(share))  # before torch loads: the workers share the cores
        end_with_parent()
        if os.getppid() == 1:
            raise KeyboardInterrupt("the run that started this worker is gone")
        return
    if os.environ.get(TOKEN_VAR):
        return  # a run inside a run that kept the token: the outer reaper covers it
    token = uuid.uuid4().hex
    os.environ[TOKEN_VAR] = token
    # one tiny tokenizer for the whole run (workers and the processes tests start), trained by the first to ask
    if not os.environ.get(TINY_CACHE_ENV):
        os.environ[TINY_CACHE_ENV] = config.stash[TINY_CACHE] = tempfile.mkdtemp(prefix="critique-paint-tiny-")
    clean = {k: v for k, v in os.environ.items() if k != TOKEN_VAR}
    subprocess.Popen([sys.executable, str(Path(__file__).parent / "helpers" / "reaper.py"), str(os.getpid()), token],
                     env=clean, start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)


def pytest_unconfigure(config: pytest.Config) -> None:
    made = config.stash.get(TINY_CACHE, None)  # only by the run that made it (not a run inside a test)
    if made:
        shutil.rmtree(made, ignore_errors=True)


@pytest.fixture(scope="session")
def bloom_source() -> str:
    return (FIXTURES / "render" / "bloom.js").read_text()


@pytest.fixture(scope="session")
def render_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One render cache for the whole run, every xdist worker's: for tests that paint sketches but are not about
    rendering (corpora, warm starts), so a painting another test already rendered is read back."""
    from helpers.built_once import run_dir

    return str(run_dir(tmp_path_factory) / "render-cache")


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules marked `slow` first, so the longest modules start while the others fill the gaps (xdist hands out
    whole modules in this order) instead of one of them ending the run alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
