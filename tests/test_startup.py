"""Starting fast: the command line lists its commands without importing them, `--help` and `gate` leave the heavy
libraries alone, and an episode played in process never needs OpenEnv."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from critique_paint.cli import LazyCommand, cli
from critique_paint.commands import COMMANDS
from critique_paint.paths import EXAMPLES_DIR

from conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[1]
HEAVY = {"openenv", "gradio", "pandas", "torch", "transformers", "trl", "datasets", "openai", "matplotlib",
         "playwright", "scipy"}
MARK = "--- modules ---"


def imported_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    probe = f"{code}\nimport sys\nprint({MARK!r})\nprint('\\n'.join(sorted(sys.modules)))\n"
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return set(proc.stdout.split(MARK)[-1].split())


def commands_in(modules: set[str]) -> set[str]:
    return {m.rpartition(".")[2] for m in modules if m.startswith("critique_paint.commands.")}


def test_help_and_gate_import_only_their_own_command_and_nothing_heavy():
    sketch = next(EXAMPLES_DIR.glob("*.js"))
    listed = imported_after("from critique_paint.cli import main\nassert main(['--help']) == 0")
    gated = imported_after(f"from critique_paint.cli import main\nassert main(['gate', {str(sketch)!r}]) == 0")
    for modules in (listed, gated):
        assert not {m.partition(".")[0] for m in modules} & HEAVY, sorted(modules)
    assert commands_in(listed) == set()
    assert commands_in(gated) == {"gate", "options"}


def test_the_listing_says_what_each_command_says_of_itself():
    assert list(cli.commands) == list(COMMANDS)
    for name, (target, short_help) in COMMANDS.items():
        stand_in = LazyCommand(name, target, short_help)
        command = stand_in.load()
        assert command is cli.load(name) and command.name == name
        assert stand_in.get_short_help_str(limit=200) == command.get_short_help_str(limit=200) == short_help, name


def test_an_episode_in_process_never_imports_openenv():
    modules = imported_after(f"""
from critique_paint.env.endpoint import LocalEndpoint
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.render.pages import RenderOptions

with PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions(workers=1))) as runtime:
    endpoint = LocalEndpoint(runtime)
    assert "pears" in endpoint.start(subject="pears", seed=1, max_turns=2)
    first = endpoint.paint(open({str(FIXTURES / "render" / "bloom.js")!r}).read())
    second = endpoint.paint("function setup() {{ createCanvas(600, 600, WEBGL); }}")
    assert first.gate_passed and first.png and first.total is not None and not second.gate_passed
    assert endpoint.episode.done and [t.turn for t in endpoint.episode.turns] == [1, 2]
""")
    assert "critique_paint.env.stepper" in modules
    assert not {m.partition(".")[0] for m in modules} & {"openenv", "gradio", "fastapi", "uvicorn"}
    assert "critique_paint.env.wire" not in modules and "critique_paint.env.client" not in modules


def test_a_server_app_and_a_client_never_import_gradio():
    """OpenEnv's web playground (gradio) is never served: a server's app and a client are made without it."""
    modules = imported_after("""
from critique_paint.env.client import PaintEnvClient
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.env.server import build_app

app = build_app(PaintRuntime(RuntimeConfig(reward_preset="offline")))
assert {"/ws", "/reset", "/step", "/health"} <= {route.path for route in app.routes}
""")
    assert "openenv.core.env_server.http_server" in modules and "critique_paint.env.client" in modules
    assert not {m for m in modules if m.partition(".")[0] == "gradio"}, sorted(modules)
