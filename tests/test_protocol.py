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


# Edits of tests/fixtures/render/bloom.js: a violet, smaller bloom (two edits, one painting).
VIOLET = [{"old": 'brush.fill("#e8a07a", 120);', "new": 'brush.fill("#9b7fc0", 120);'},
          {"old": "sin(a) * 120", "new": "sin(a) * 90"}]


def test_openenvs_generic_client_plays_an_edit_episode(server, bloom_source):
    """OpenEnv's stock client, unchanged: a reset with a draft and the actions, a step with edits, the state."""
    from openenv.core.generic_client import GenericEnvClient

    async def go():
        async with GenericEnvClient(base_url=server.url) as env:
            first = await env.reset(subject="pears", seed=2, max_turns=3, draft=bloom_source,
                                    actions=["paint", "edit"])
            edited = await env.step({"edits": VIOLET})
            missing = await env.step({"edits": [{"old": "no such text", "new": "x"}]})
            state = await env.state()
        return first, edited, missing, state

    first, edited, missing, state = asyncio.run(go())
    draft = first.observation["metadata"]["turn"]
    assert draft["action"] == "draft" and draft["turn"] == 1 and draft["gate_passed"]
    assert draft["sketch"] == bloom_source and bloom_source.strip() in first.observation["text"]
    assert first.observation["text"].endswith(draft["observation"])
    assert first.observation["painting_png_b64"] and first.observation["turn"] == 1
    assert first.observation["turns_left"] == 2 and first.observation["metadata"]["settings"]["draft"] == bloom_source
    turn = edited.observation["metadata"]["turn"]
    assert turn["action"] == "edit" and turn["base_turn"] == 1 and turn["calls"] == 2 and turn["gate_passed"]
    assert turn["edits"] == [{**VIOLET[0], "line": 11}, {**VIOLET[1], "line": 17}]
    assert turn["sketch"] == bloom_source.replace("#e8a07a", "#9b7fc0").replace("sin(a) * 120", "sin(a) * 90")
    assert edited.reward == turn["total"] and edited.observation["image_png_b64"]
    refused = missing.observation["metadata"]["turn"]
    assert refused["codes"] == ["edit_not_found"] and refused["base_turn"] == 2 and missing.done
    assert "the closest line is" in missing.observation["text"] and missing.reward == 0.0
    assert [(h["action"], h["base_turn"]) for h in state["history"]] == [("draft", None), ("edit", 1), ("edit", 2)]
    assert state["history"][1] == turn and state["draft"] == bloom_source and state["actions"] == ["paint", "edit"]


def test_our_client_rebuilds_an_edit_episode(server, bloom_source):
    """`RemoteEndpoint` (on `PaintEnvClient`): the draft turn is rebuilt from the reset, each edit turn from its
    step, and the conversation is the one the server's episode holds."""
    from critique_paint.base.aio import BackgroundLoop
    from critique_paint.env.remote import RemoteEndpoint
    from critique_paint.sketch.edits import Edit

    loop = BackgroundLoop("test-remote")
    endpoint = RemoteEndpoint(server.url, loop)
    try:
        opening = endpoint.start(subject="pears", seed=2, max_turns=3, draft=bloom_source)
        edited = endpoint.edit([Edit(**e) for e in VIOLET])
        state = loop.run(_state_of(endpoint.client))
    finally:
        endpoint.close()
        loop.stop()
    episode = endpoint.episode
    draft = episode.turns[0]
    assert draft.action == "draft" and draft.sketch == bloom_source and draft.png.startswith(b"\x89PNG")
    assert opening == episode.opening() and opening.endswith(draft.observation)
    assert edited is episode.turns[1] and edited.action == "edit" and edited.base_turn == 1 and edited.png
    assert [e["line"] for e in edited.edits] == [11, 17] and episode.standing_turn() is edited
    assert [t.summary() for t in episode.turns] == state.history  # the client's record is the server's
    messages = episode.messages()
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool", "tool"]
    assert messages[3]["content"].startswith("Edit 1 of 2 received;") and messages[4]["content"] == edited.observation


async def _state_of(client):
    return await client.state()


def test_a_step_that_paints_and_edits_is_refused(server, bloom_source):
    replies = asyncio.run(frames(server.url, reset(subject="pears", max_turns=2),
                                 {"type": "step", "data": {"sketch": bloom_source, "edits": VIOLET}},
                                 {"type": "state"}))
    assert error_of(replies[1]) == ("INVALID_STEP: a step paints a sketch or edits the standing one, not both")
    assert replies[2]["data"]["turn"] == 0  # nothing was spent


@pytest.mark.parametrize("edits,field", [
    ([{"old": "noLoop();"}], "new"),
    ([{"old": "noLoop();", "new": "noLoop();", "line": 3}], "line"),
    ([{"old": 1, "new": "x"}], "old"),
    ("noLoop();", "edits"),
    ([["noLoop();", "x"]], "edits"),
])
def test_a_malformed_edits_payload_is_refused(server, edits, field):
    replies = asyncio.run(frames(server.url, reset(subject="pears", max_turns=2),
                                 {"type": "step", "data": {"edits": edits}}, {"type": "state"}))
    assert replies[1]["type"] == "error" and replies[1]["data"]["code"] == "VALIDATION_ERROR"
    [error] = replies[1]["data"]["errors"]  # pydantic's, as OpenEnv sends it: where and what
    assert error["loc"][0] == "edits" and field in error["loc"] and error["msg"], error
    assert replies[2]["data"]["turn"] == 0


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
