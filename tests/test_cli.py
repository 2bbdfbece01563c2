"""The click command line: help for every command, the flags the README documents, parameter types, completion,
exit codes, and the import rule that keeps `commands` below `cli`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import rich_click as click
from click.shell_completion import ShellComplete

from critique_paint.cli import CritiquePaintGroup, cli, main
from critique_paint.commands.options import WeightParam, reward_options
from critique_paint.errors import ConfigError
from critique_paint.paths import EXAMPLES_DIR
from critique_paint.reward.mix import COMPONENTS, DEFAULT_PRESET, preset_names

from conftest import launch_cli, run_cli

ROOT = Path(__file__).resolve().parents[1]
WIDE = {"COLUMNS": "250"}


def walk(group: click.Group, path: tuple[str, ...] = ()):
    """(path, command) for every command under `group`, sub-groups included (the lazy ones imported)."""
    for name in list(group.commands):
        command = group.load(name) if isinstance(group, CritiquePaintGroup) else group.commands[name]
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from walk(command, (*path, name))


def flags(command: click.Command) -> set[str]:
    return {o for p in command.params if isinstance(p, click.Option) for o in (*p.opts, *p.secondary_opts)}


def test_every_command_has_help_that_shows_all_its_flags():
    commands = dict(walk(cli))
    assert {"render", "gate", "score", "pool", "serve", "sft", "grpo", "plan", "paint", "eval", "doctor", "demo",
            ("pool", "verify"), ("pool", "add-sheet"), ("pool", "judge")} <= {p[0] if len(p) == 1 else p
                                                                            for p in commands}
    for path, command in commands.items():
        result = run_cli(*path, "--help", env=WIDE)
        assert result.exit_code == 0, (path, result.output)
        assert f"critique-paint {' '.join(path)}" in result.stdout
        for flag in flags(command) - {"-h"}:
            assert flag in result.stdout, (path, flag)


def documented_invocations() -> list[tuple[tuple[str, ...], set[str]]]:
    """(command path, flags) of every `critique-paint ...` the README shows, in code spans and code blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for span in re.findall(r"(?<!# )critique-paint ([a-z][^`\n]*)", text):
        words = span.split()
        path = (words[0],)
        if words[0] == "pool" and len(words) > 1 and words[1] in cli.load("pool").commands:
            path = ("pool", words[1])
        found.append((path, set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", span))))
    return found


def test_every_flag_the_readme_shows_exists_on_its_command():
    commands = dict(walk(cli))
    invocations = documented_invocations()
    assert len(invocations) > 20
    for path, documented in invocations:
        assert path in commands, f"the README shows `critique-paint {' '.join(path)}`, which is not a command"
        assert documented <= flags(commands[path]) | {"--help"}, (path, documented - flags(commands[path]))


def test_weight_type_reads_name_and_weight_and_refuses_the_rest():
    weight = WeightParam()
    assert weight.convert("judge=0.5", None, None) == ("judge", 0.5)
    assert weight.convert(" hps =0", None, None) == ("hps", 0.0)

    @click.command()
    @reward_options
    def show(reward):
        click.echo(f"{reward.reward_preset} {sorted(reward.weights.items())} {reward.judge.timeout_s}")

    result = click.testing.CliRunner().invoke(show, ["--weight", "judge=0.5", "--weight", "length=2"])
    assert result.output.strip() == f"{DEFAULT_PRESET} [('judge', 0.5), ('length', 2.0)] 60.0"

    names = "expected NAME=W with NAME one of " + ", ".join(COMPONENTS)
    for bad, message in [("nope=1", names), ("judge", names), ("judge=x", "the weight must be a number"),
                         ("judge=-1", "the weight must be >= 0"), ("judge=nan", "the weight must be >= 0")]:
        result = run_cli("serve", "--weight", bad)
        assert result.exit_code == 2, bad
        assert result.stderr.strip() == f"error: --weight {bad!r}: {message}"


@pytest.mark.parametrize("args, message", [
    (["paint", "pears", "--max-turns", "0"], "error: --max-turns must be 1..16, got 0"),
    (["eval", "--policy", "human", "--episodes", "0"], "error: --episodes must be >= 1, got 0"),
    (["render", "README.md", "--out", "x", "--size", "9"], "error: --size must be 16..4096, got 9"),
    (["render", "README.md", "--out", "x", "--deadline", "0"], "error: --deadline must be > 0, got 0.0"),
    (["paint", "pears", "--temperature", "-0.1"], "error: --temperature must be >= 0, got -0.1"),
    (["serve", "--max-sessions", "0"], "error: --max-sessions must be >= 1, got 0"),
    (["paint", "pears", "--max-turns", "two"], "error: --max-turns: 'two' is not a valid integer range."),
    (["score", "no/such.png"], "error: SKETCH_OR_PNG: File 'no/such.png' does not exist."),
    (["gate"], "error: Missing argument 'SKETCH'. (see critique-paint gate --help)"),
    (["paint", "pears", "--no-such-flag"], "error: No such option '--no-such-flag'. (see critique-paint paint --help)"),
])
def test_usage_errors_are_one_line_and_exit_2(args, message):
    result = run_cli(*args)
    assert result.exit_code == 2
    assert result.stderr.strip() == message and result.stdout == ""


def completions(args: list[str], incomplete: str) -> list[str]:
    complete = ShellComplete(cli, {}, "critique-paint", "_CRITIQUE_PAINT_COMPLETE")
    return [item.value for item in complete.get_completions(args, incomplete)]


def test_shell_completion_offers_presets_policies_weights_and_commands():
    assert completions(["score", "x.js", "--reward-preset"], "") == preset_names()
    assert {"offline", "judge-led", "hps-led"} <= set(preset_names())
    assert completions(["paint", "pears", "--reward-preset"], "hps") == [n for n in preset_names() if
                                                                         n.startswith("hps")]
    assert completions(["grpo", "--reward-preset"], "off") == ["offline"]
    assert completions(["eval", "--policy"], "") == ["human", "hf:", "openai:", "replay:"]
    assert completions(["score", "x.js", "--weight"], "j") == ["judge="]
    assert completions([], "p") == ["pool", "plan", "paint"]
    assert "add-sheet" in completions(["pool"], "")


def test_help_lists_the_presets_and_defaults_from_their_single_source():
    from critique_paint.env.protocol import DEFAULT_MAX_TURNS
    from critique_paint.sketch import CANVAS_SIZE

    preset = next(p for p in cli.load("score").params if p.name == "reward_preset")
    assert preset.default == DEFAULT_PRESET and ", ".join(preset_names()) in preset.help
    for name in ("paint", "eval"):
        turns = next(p for p in cli.load(name).params if p.name == "max_turns")
        assert turns.default == DEFAULT_MAX_TURNS
    size = next(p for p in cli.load("render").params if p.name == "size")
    assert size.default == CANVAS_SIZE


def test_the_group_turns_results_errors_and_interrupts_into_exit_codes():
    group = CritiquePaintGroup("t")

    @group.command()
    async def rejected():
        return 1

    @group.command()
    def fails():
        raise ConfigError("bad [setting]")

    @group.command()
    def stopped():
        raise KeyboardInterrupt

    runner = click.testing.CliRunner()
    assert runner.invoke(group, ["rejected"]).exit_code == 1  # a coroutine is run, its result is the exit code
    result = runner.invoke(group, ["fails"])
    assert result.exit_code == 2 and result.stderr == "error: bad [setting]\n"  # markup is escaped
    result = runner.invoke(group, ["stopped"])
    assert result.exit_code == 130 and "interrupted" in result.stderr
    assert main(["--version"]) == 0
    assert main([]) == 2  # the help, and the exit code of a missing command


def test_a_launched_command_line_exits_with_its_code():
    proc = launch_cli(["gate", str(ROOT / "no-such-sketch.js")])
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and "does not exist" in proc.stderr
    sketch = next(EXAMPLES_DIR.glob("*.js"))
    proc = launch_cli(["gate", str(sketch), "--json"])
    assert proc.returncode == 0 and '"passed": true' in proc.stdout


def test_commands_never_import_the_cli():
    for path in (ROOT / "src" / "critique_paint" / "commands").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom) else
                     [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            assert not any(n == "critique_paint.cli" or n.startswith("critique_paint.cli.") for n in names), path
