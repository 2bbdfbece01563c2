"""The episode protocol is strict, through a real `critique-paint serve`: OpenEnv's own generic client, a raw
WebSocket client and ours see the same error frames, reset validation, episode ids and turn summaries."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import websockets

from critique_paint.env.client import PaintEnvClient, ServerError
from critique_paint.env.wire import PaintAction

from env_server import EnvServer

LOOP = """function setup() {
  createCanvas(600, 600, WEBGL);
  noLoop();
}
function draw() {
  translate(-300, -300);
  background("#f4efe4");
  while (true) {}
}"""


@pytest.fixture(scope="module")
def server():
    with EnvServer(max_sessions=4) as srv:
        yield srv


async def frames(url: str, *messages: dict) -> list[dict]:
    """Send each message on one /ws connection and collect each reply."""
    async with websockets.connect(url.replace("http", "ws") + "/ws", max_size=2**26) as ws:
        replies = []
        for message in messages:
            await ws.send(json.dumps(message))
            replies.append(json.loads(await ws.recv()))
        return replies


def reset(**data) -> dict:
    return {"type": "reset", "data": data}


def error_of(frame: dict) -> str:
    assert frame["type"] == "error", frame
    return frame["data"]["message"]


def test_a_step_before_reset_is_an_error_frame(server, bloom_source):
    [frame] = asyncio.run(frames(server.url, {"type": "step", "data": {"sketch": bloom_source}}))
    assert error_of(frame).startswith("NO_EPISODE: ")


@pytest.mark.parametrize("data,message", [
    ({"max_turns": 0}, "max_turns must be 1..16, got 0"),
    ({"max_turns": -1}, "max_turns must be 1..16, got -1"),
    ({"max_turns": 99}, "max_turns must be 1..16, got 99"),
    ({"max_turns": "3"}, "max_turns must be a whole number 1..16, got '3'"),
    ({"max_turns": 2.5}, "max_turns must be a whole number 1..16, got 2.5"),
    ({"max_turn": 2}, "unknown reset field max_turn; known: actions, brush_methods, critique, draft, gain_weight, "
                      "keep_best, max_turns,"),
    ({"actions": ["paint", "erase"]}, "unknown action 'erase'; the actions are paint, edit"),
    ({"actions": ["edit"]}, "actions without paint need a draft: there is nothing to edit before a painting"),
    ({"draft": "function setup() {}", "max_turns": 1}, "an episode with a draft needs max_turns of at least 2"),
    ({"seed": "abc"}, "seed must be a whole number >= 0, got 'abc'"),
    ({"seed": True}, "seed must be a whole number >= 0, got True"),
    ({"seed": -1}, "seed must be >= 0, got -1"),
    ({"gain_weight": "0.5"}, "gain_weight must be a finite number >= 0, got '0.5'"),
    ({"keep_best": 1}, "keep_best must be true or false, got 1"),
    ({"reward_mode": "last"}, "reward_mode must be one of final, best, final_plus_gain, got 'last'"),
    ({"subject": "  "}, "subject must be a non-empty string"),
    ({"critique": "loud"}, "critique must be one of reward, self, image, blind, got 'loud'"),
    ({"brush_methods": ["circle", "splash"]}, "brush_methods has unknown brush method splash (p5.brush has add, "),
    ({"brush_methods": "circle"}, "brush_methods must be a list, got 'circle'"),
    ({"reward_preset": "nope"}, "nope"),
])
def test_reset_checks_every_field(server, data, message):
    [frame] = asyncio.run(frames(server.url, reset(**{"subject": "pears", **data})))
    text = error_of(frame)
    assert text.startswith("INVALID_RESET: ") and message in text, text
    assert "Traceback" not in text and "invalid literal" not in text and "\n" not in text


def test_reset_gives_an_episode_id_and_the_settings(server, bloom_source):
    replies = asyncio.run(frames(server.url, reset(subject="pears", seed=3, max_turns=2),
                                 {"type": "step", "data": {"sketch": bloom_source}}, {"type": "state"}))
    first, step, state = (r["data"] for r in replies)
    meta = first["observation"]["metadata"]
    assert len(meta["episode_id"]) == 32 and meta["settings"]["max_turns"] == 2 and meta["settings"]["seed"] == 3
    assert state["episode_id"] == meta["episode_id"] and state["turn"] == 1 and state["final_turn"] == 1
    turn = step["observation"]["metadata"]["turn"]
    assert turn["turn"] == 1 and turn["total"] == step["reward"] and turn["sketch"] == bloom_source.strip()
    assert turn["critique"] and turn["critique"] in step["observation"]["text"]
    assert state["history"] == [turn]


def test_the_state_carries_every_episode_setting(server):
    replies = asyncio.run(frames(server.url, reset(subject="pears", reward_mode="final_plus_gain", gain_weight=2.0,
                                                   keep_best=True, reference_love_share=0.75), {"type": "state"}))
    settings, state = replies[0]["data"]["observation"]["metadata"]["settings"], replies[1]["data"]
    assert state["gain_weight"] == 2.0 and state["reward_mode"] == "final_plus_gain" and state["keep_best"] is True
    assert state["reference_love_share"] == 0.75
    assert {k: state[k] for k in settings} == settings  # the wire state holds every EpisodeSettings field

    async def ours():
        client = PaintEnvClient(server.url)
        try:
            await client.reset(subject="pears", gain_weight=1.5)
            return await client.state()
        finally:
            await client.close()

    assert asyncio.run(ours()).gain_weight == 1.5


def test_a_step_with_an_unknown_field_is_refused(server, bloom_source):
    replies = asyncio.run(frames(server.url, reset(subject="pears"),
                                 {"type": "step", "data": {"sketch": bloom_source, "sketchy": 1}}))
    assert replies[1]["type"] == "error" and replies[1]["data"]["code"] == "VALIDATION_ERROR"


def test_a_step_after_the_last_painting_is_refused(server, bloom_source):
    step = {"type": "step", "data": {"sketch": bloom_source}}
    replies = asyncio.run(frames(server.url, reset(subject="pears", max_turns=1), step, step))
    assert replies[1]["data"]["done"] is True
    assert error_of(replies[2]).startswith("EPISODE_OVER: ")


def test_openenvs_generic_client_sees_the_same_protocol(server, bloom_source):
    from openenv.core.generic_client import GenericEnvClient

    async def go():
        async with GenericEnvClient(base_url=server.url) as env:
            with pytest.raises(RuntimeError, match="NO_EPISODE"):
                await env.step({"sketch": bloom_source})
            with pytest.raises(RuntimeError, match="INVALID_RESET: unknown reset field max_turn"):
                await env.reset(subject="pears", max_turn=2)
            first = await env.reset(subject="pears", seed=2, max_turns=1, critique="blind")
            result = await env.step({"sketch": bloom_source})
            state = await env.state()
        return first, result, state

    first, result, state = asyncio.run(go())
    assert first.observation["metadata"]["settings"]["critique"] == "blind"
    assert result.done and result.observation["image_png_b64"] is None  # blind: no painting shown
    assert result.observation["painting_png_b64"]  # but the painting travels for the record
    assert state["critique"] == "blind" and state["episode_reward"] == result.reward


def test_our_client_reads_the_codes(server, bloom_source):
    async def go():
        client = PaintEnvClient(server.url)
        try:
            client.live = True  # pretend a reset happened: the server must still refuse
            with pytest.raises(ServerError) as before:
                await client.step(PaintAction(sketch=bloom_source))
            with pytest.raises(ServerError) as bad:
                await client.reset(subject="pears", max_turns=0)
            return before.value, bad.value
        finally:
            await client.close()

    before, bad = asyncio.run(go())
    assert before.code == "NO_EPISODE" and bad.code == "INVALID_RESET"
    assert "max_turns must be 1..16, got 0" in str(bad)


def test_serve_refuses_a_busy_port_before_warming_up():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "critique_paint.cli", "serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: cannot serve on 127.0.0.1:{port}"), proc.stderr
    assert "critique-paint environment on" not in proc.stderr  # refused before the renderer started


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_cleanly_during_a_render(tmp_path, sig):
    """A signal while a render runs: the server stops (a hard loop is cut at the render deadline), exits 0 and
    prints no traceback."""
    deadline = 4
    log = tmp_path / "serve.log"
    with EnvServer(max_sessions=1, args=("--deadline", str(deadline), "--render-workers", "1"), log=log) as srv:
        painter = subprocess.Popen([sys.executable, "-c", PAINT_A_LOOP.format(url=srv.url, loop=LOOP)],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert painter.stdout.readline().strip() == "painting"
            time.sleep(0.5)  # the step reaches the renderer
            start = time.monotonic()
            os.killpg(srv.proc.pid, sig)
            code = srv.proc.wait(timeout=deadline + 60)
            print(f"stopped {time.monotonic() - start:.1f} s after {sig.name} (render deadline {deadline} s)")
        finally:
            painter.kill()
    text = log.read_text()
    assert code == 0, text[-2000:]
    assert "Traceback" not in text, text[-3000:]


PAINT_A_LOOP = """
import asyncio
from critique_paint.env.client import PaintEnvClient
from critique_paint.env.wire import PaintAction

async def go():
    client = PaintEnvClient({url!r})
    await client.reset(subject="pears", max_turns=1)
    print("painting", flush=True)
    await client.step(PaintAction(sketch={loop!r}))

asyncio.run(go())
"""
