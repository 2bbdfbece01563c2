"""The action space as one setting, `brush_methods`: the gate, the sandbox's `brush` and the system prompt all read
it, in process, on a served episode, from a training config and from the command line; the default is the ten."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from critique_paint.base.aio import BackgroundLoop
from critique_paint.config.training import load_train_config
from critique_paint.env.endpoint import LocalEndpoint
from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.protocol import PROMPT_WIDTH, system_prompt
from critique_paint.env.remote import RemoteEndpoint
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.errors import ConfigError
from critique_paint.paths import CONFIGS_DIR
from critique_paint.render.pages import RenderOptions
from critique_paint.sketch import (
    BRUSH_METHODS,
    BRUSH_SIGNATURES,
    DEFAULT_BRUSH_ALLOWLIST,
    DEFAULT_BRUSH_METHODS,
    check_sketch,
)

from conftest import FIXTURES, run_cli
from env_server import EnvServer

WIDER = (*DEFAULT_BRUSH_METHODS, "rect")
RECT = "`brush.rect(x, y, w, h, mode)`"
BOX = (440, 540, 40, 160)  # rows, then columns, of the rectangle the sketch adds
DEFAULT_LINES = (  # the sketch contract's brush lines as the prompt has always written them
    "`angleMode(DEGREES)`, `brush.scaleBrushes(3)` and\n  `noLoop()`.",
    "- Paint only with these brush calls: `brush.noStroke()`, `brush.fill(hex, opacity 0-255)`, `brush.noFill()`,\n"
    "  `brush.fillBleed(amount)`, `brush.fillTexture(amount, borderIntensity)`, `brush.beginShape(curvature)`,\n"
    "  `brush.vertex(x, y)`, `brush.endShape(true)`, `brush.circle(x, y, radius, scribble)`.\n- p5 helpers",
)


def with_call(source: str, calls: str) -> str:
    """The sketch with `calls` painted last in draw()."""
    last = "brush.circle(300, 300, 40, false);"
    return source.replace(last, f"{last}\n  {calls}", 1)


@pytest.fixture(scope="module")
def bloom() -> str:
    return (FIXTURES / "render" / "bloom.js").read_text()


@pytest.fixture(scope="module")
def rect_sketch(bloom: str) -> str:
    return with_call(bloom, f'brush.fill("#2a4a8a", 220);\n  brush.rect({BOX[2]}, {BOX[0]}, 120, 100);')


@pytest.fixture(scope="module")
def line_sketch(rect_sketch: str) -> str:
    return with_call(rect_sketch, 'brush.stroke("#222222");\n  brush.line(100, 100, 500, 120);')


@pytest.fixture(scope="module")
def runtime():
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions(workers=1))) as rt:
        yield rt


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def rejected_codes(turn) -> set[str]:
    assert not turn.gate_passed and turn.png is None
    return {v["code"] for v in turn.violations}


def test_the_default_is_the_ten_and_the_prompt_is_unchanged():
    assert set(DEFAULT_BRUSH_METHODS) == DEFAULT_BRUSH_ALLOWLIST and len(DEFAULT_BRUSH_METHODS) == 10
    assert EpisodeSettings().brush_methods == DEFAULT_BRUSH_METHODS
    assert set(BRUSH_SIGNATURES) == BRUSH_METHODS
    prompt = system_prompt()
    assert all(line in prompt for line in DEFAULT_LINES)
    assert system_prompt(sorted(DEFAULT_BRUSH_ALLOWLIST, reverse=True)) == prompt  # a set: order does not matter
    assert "{" not in prompt and "brush.rect" not in prompt
    everything = system_prompt(BRUSH_METHODS)
    assert all(f"`{signature}`" in everything for signature in BRUSH_SIGNATURES.values())
    assert max(len(line) for line in everything.splitlines()) <= PROMPT_WIDTH
    without_scale = system_prompt(set(DEFAULT_BRUSH_METHODS) - {"scaleBrushes"})
    assert "scaleBrushes" not in without_scale and "`angleMode(DEGREES)` and\n  `noLoop()`." in without_scale


def test_an_added_method_is_prompted_gated_and_painted_in_an_episode(runtime, bloom, rect_sketch, line_sketch):
    endpoint = LocalEndpoint(runtime)
    endpoint.start(subject="pears", seed=1, max_turns=3, brush_methods=list(WIDER))
    episode = endpoint.episode
    assert episode.settings.brush_methods == WIDER
    prompt = episode.messages()[0]["content"]
    assert f"`brush.circle(x, y, radius, scribble)`,\n  {RECT}.\n- p5 helpers" in prompt
    assert check_sketch(rect_sketch, brush_allowlist=WIDER).passed

    plain, added = endpoint.paint(bloom), endpoint.paint(rect_sketch)
    assert plain.gate_passed and added.gate_passed and added.brush_calls["rect"] == 1
    changed = np.abs(pixels(added.png) - pixels(plain.png)).sum(-1) > 30
    inside = changed[BOX[0]:BOX[1], BOX[2]:BOX[3]]
    assert inside.mean() > 0.5, inside.mean()  # the rectangle is painted where it was drawn ...
    assert changed[:400, 200:].mean() < 0.01  # ... and nowhere near the rest of the painting

    outside = endpoint.paint(line_sketch)  # brush.stroke and brush.line are p5.brush methods outside the set
    assert rejected_codes(outside) == {"brush_not_allowed"}
    assert "brush.line is not allowed" in outside.critique and "rect" in outside.critique

    default = LocalEndpoint(runtime)
    default.start(subject="pears", seed=1)
    assert "brush.rect" not in default.episode.messages()[0]["content"]
    assert rejected_codes(default.paint(rect_sketch)) == {"brush_not_allowed"}


def test_a_served_episode_uses_the_servers_brush_methods(rect_sketch, line_sketch):
    loop = BackgroundLoop()
    try:
        with EnvServer(args=("--brush-methods", ",".join(WIDER), "--render-workers", "1")) as server:
            endpoint = RemoteEndpoint(server.url, loop)
            try:
                endpoint.start(subject="pears", seed=1, max_turns=2)
                assert endpoint.episode.settings.brush_methods == WIDER  # rebuilt from the reset's settings
                assert RECT in endpoint.episode.messages()[0]["content"]
                assert endpoint.paint(rect_sketch).gate_passed
                assert rejected_codes(endpoint.paint(line_sketch)) == {"brush_not_allowed"}
                endpoint.start(subject="pears", seed=1, brush_methods=["circle"])  # a reset may still narrow it
                assert endpoint.episode.settings.brush_methods == ("circle",)
                assert rejected_codes(endpoint.paint(rect_sketch)) == {"brush_not_allowed"}
            finally:
                endpoint.close()
    finally:
        loop.stop()


def test_a_training_config_sets_it_and_an_unknown_method_is_one_line(tmp_path):
    cfg = load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", [f"environment.brush_methods=[{', '.join(WIDER)}]",
                                                            "environment.system_prompt=full"])
    assert cfg.environment.episode.brush_methods == WIDER
    assert cfg.environment.episode_defaults()["brush_methods"] == WIDER  # every reset of the run, served or not
    from critique_paint.train.grpo import grpo_dataset

    assert RECT in grpo_dataset(cfg)[0]["prompt"][0]["content"]
    brief = load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", ["environment.system_prompt=brief"])
    assert "sketch contract" not in grpo_dataset(brief)[0]["prompt"][0]["content"]  # what the tool does, no more

    path = tmp_path / "run.yaml"
    path.write_text("environment:\n  brush_methods: [circle, rect, splash, Circle]\n")
    with pytest.raises(ConfigError) as info:
        load_train_config([CONFIGS_DIR / "tiny-cpu.yaml", path])
    text = str(info.value)
    assert "\n" not in text and text.startswith(f"{CONFIGS_DIR / 'tiny-cpu.yaml'}+{path}: ")
    assert "environment.brush_methods has unknown brush methods Circle, splash (p5.brush has add, " in text


def test_the_command_line_refuses_an_unknown_method_in_one_line():
    result = run_cli("serve", "--brush-methods", "circle,splash", "--port", "1")
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--brush-methods has unknown brush method splash (p5.brush has" in lines[0], lines
    painting = run_cli("eval", "--policy", "replay:x", "--brush-methods", "noFill,fill")
    assert painting.exit_code == 2 and "--brush-methods names no painting method" in painting.stderr
