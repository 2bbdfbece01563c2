"""A reward preset given as a YAML path scores every episode it is named for: in process, `serve`, `paint`, `eval`.

(`grpo` with a YAML path: tests/test_train.py, through the library and through the command.) The preset weighs
only the gate and the length, so each total is exactly 0.5 + 0.5 x the length component when the painting passes:
its weights, not a built-in preset's, were applied.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from critique_paint.cli import main

from env_server import EnvServer

ROOT = Path(__file__).resolve().parents[1]
PRESET_NAME = "gate-and-length-test"


@pytest.fixture(scope="module")
def preset_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("preset") / "my-preset.yaml"
    path.write_text(f"name: {PRESET_NAME}\nweights: {{judge: 0, hps: 0, gate: 0.5, length: 0.5}}\n"
                    "backends: {judge: offline, hps: offline}\nreferences: 2\n")
    return path


def assert_scored_by_the_yaml(turn: dict) -> None:
    assert turn["preset_name"] == PRESET_NAME
    assert turn["gate_passed"], turn.get("codes")
    assert turn["total"] == pytest.approx(0.5 + 0.5 * turn["components"]["length"], abs=1e-6)


def test_environment_reset_takes_a_preset_path(preset_path, bloom_source):
    from critique_paint.env.environment import PaintEnvironment
    from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
    from critique_paint.render import RenderOptions

    runtime = PaintRuntime(RuntimeConfig(render=RenderOptions(workers=1)))
    try:
        env = PaintEnvironment(runtime)
        env.reset(subject="pears", seed=1, max_turns=1, reward_preset=str(preset_path))
        assert env.state.reward_preset == str(preset_path)
        turn = env.paint(bloom_source)
        assert_scored_by_the_yaml(turn.row())
        assert env.episode.reward() == turn.total and env.episode.turns_left == 0
    finally:
        runtime.close()


def test_serve_with_a_preset_path(preset_path, bloom_source):
    from critique_paint.env.client import PaintEnvClient
    from critique_paint.env.wire import PaintAction

    async def one_turn(url: str):
        client = PaintEnvClient(url)
        try:
            await client.reset(subject="pears", seed=2, max_turns=1)
            result = await client.step(PaintAction(sketch=bloom_source))
            return result, await client.state()
        finally:
            await client.close()

    with EnvServer(max_sessions=2, args=("--reward-preset", str(preset_path), "--render-workers", "1")) as srv:
        result, state = asyncio.run(one_turn(srv.url))
    assert state.reward_preset == str(preset_path)
    assert_scored_by_the_yaml(state.history[-1])
    assert result.reward == state.history[-1]["total"]


def test_paint_with_a_preset_path(preset_path, tmp_path):
    out = tmp_path / "session"
    code = main(["paint", "pears", "--policy", f"replay:{ROOT / 'reference_pool'}", "--max-turns", "1", "--auto",
                 "--no-open", "--no-preview", "--reward-preset", str(preset_path), "--render-workers", "1",
                 "--out", str(out)])
    assert code == 0
    turns = [e for e in map(json.loads, (out / "transcript.jsonl").read_text().splitlines()) if e.get("total")]
    assert turns
    for turn in turns:
        assert_scored_by_the_yaml(turn)


def test_eval_with_a_preset_path(preset_path, tmp_path):
    subjects = tmp_path / "subjects.txt"
    subjects.write_text("pears\n")
    out = tmp_path / "eval"
    code = main(["eval", "--policy", f"replay:{ROOT / 'reference_pool'}", "--subjects", str(subjects),
                 "--max-turns", "2", "--reward-preset", str(preset_path), "--render-workers", "1", "--out", str(out)])
    assert code == 0
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(rows) == 2
    for row in rows:
        assert_scored_by_the_yaml(row)


def test_an_unknown_preset_path_is_one_line_before_anything_runs(tmp_path, capsys):
    code = main(["eval", "--policy", f"replay:{ROOT / 'reference_pool'}", "--reward-preset",
                 str(tmp_path / "missing.yaml"), "--out", str(tmp_path / "eval")])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert "missing.yaml" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "eval" / "results.jsonl").exists()
