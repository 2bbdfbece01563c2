"""The painting environment over a real OpenEnv WebSocket server, with load and fault cases."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import urllib.request

import pytest
import websockets

from critique_paint.env.client import EpisodeLost, PaintEnvClient, ServerError
from critique_paint.env.wire import PaintAction

from env_server import EnvServer


@pytest.fixture(scope="module")
def server():
    with EnvServer(max_sessions=16) as srv:
        yield srv


def test_health(server):
    with urllib.request.urlopen(server.url + "/health", timeout=5) as r:
        assert json.load(r)["status"] == "healthy"


async def episode(url: str, subject: str, seed: int, sketch: str, turns: int = 3):
    client = PaintEnvClient(url)
    try:
        first = await client.reset(subject=subject, seed=seed, max_turns=turns)
        results = [await client.step(PaintAction(sketch=sketch)) for _ in range(turns)]
        state = await client.state()
    finally:
        await client.close()
    return first, results, state


def test_a_three_turn_episode(server, bloom_source):
    first, results, state = asyncio.run(episode(server.url, "lemons", 5, bloom_source))
    assert "lemons" in first.observation.text and first.observation.turns_left == 3
    assert [r.observation.turn for r in results] == [1, 2, 3]
    assert [r.done for r in results] == [False, False, True]
    assert all(r.observation.image_png_b64 and r.observation.gate_passed for r in results)
    assert state.subject == "lemons" and state.seed == 5 and len(state.history) == 3
    assert results[-1].reward == state.history[-1]["total"] and results[-1].reward is not None
    for r in results:  # the policy-facing text never carries a score or the references
        assert "score" not in r.observation.text.lower() and "reference" not in r.observation.text.lower()


def test_sixteen_concurrent_sessions_keep_their_own_state(server, bloom_source):
    async def all_of_them():
        return await asyncio.gather(*(episode(server.url, f"subject {i}", i, bloom_source) for i in range(16)))

    for i, (_first, results, state) in enumerate(asyncio.run(all_of_them())):
        assert state.subject == f"subject {i}" and state.seed == i
        assert len(state.history) == 3 and results[-1].done


@pytest.mark.parametrize("sketch,code", [
    ("", "empty"),
    ("function setup() {}\n// " + "x" * (2 * 1024 * 1024), "too_large"),
    (b"\xff\xfe\x00 function setup(){ \x9c }".decode("latin-1"), None),
    ("function setup() {\ud800 createCanvas(600, 600, WEBGL) }", None),
])
def test_bad_sketches_get_verdicts_not_crashes(server, sketch, code):
    async def one():
        client = PaintEnvClient(server.url)
        try:
            await client.reset(subject="pears", seed=1, max_turns=1)
            return await client.step(PaintAction(sketch=sketch))
        finally:
            await client.close()

    result = asyncio.run(one())
    assert result.observation.gate_passed is False and result.reward == 0.0
    codes = [v["code"] for v in result.observation.violations]
    assert codes and (code is None or code in codes)


def test_a_generic_openenv_client_can_drive_it(server, bloom_source):
    async def raw():
        async with websockets.connect(server.url.replace("http", "ws") + "/ws", max_size=2**26) as ws:
            await ws.send(json.dumps({"type": "reset", "data": {"subject": "irises", "seed": 2, "max_turns": 1}}))
            reset = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "step", "data": {"sketch": bloom_source}}))
            step = json.loads(await ws.recv())
            return reset, step

    reset, step = asyncio.run(raw())
    assert reset["type"] == "observation" and "irises" in reset["data"]["observation"]["text"]
    assert step["data"]["done"] is True and step["data"]["observation"]["gate_passed"] is True


def test_step_after_a_timeout_reports_the_lost_episode(server, bloom_source):
    async def go():
        client = PaintEnvClient(server.url, message_timeout_s=0.05)
        try:
            await client.reset(subject="koi", seed=1, max_turns=3)
        except EpisodeLost:
            pytest.skip("even reset took longer than 50 ms on this machine")
        with pytest.raises(EpisodeLost, match="timed out"):
            await client.step(PaintAction(sketch=bloom_source))
        with pytest.raises(EpisodeLost, match="no live episode"):
            await client.step(PaintAction(sketch=bloom_source))
        client._message_timeout = 600
        again = await client.reset(subject="koi", seed=1, max_turns=3)
        await client.close()
        return again

    assert asyncio.run(go()).observation.turns_left == 3


def test_full_server_says_so_and_a_killed_client_frees_its_slot(bloom_source, tmp_path):
    with EnvServer(max_sessions=1) as srv:
        holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
            import asyncio, time
            from critique_paint.env.client import PaintEnvClient
            async def main():
                c = PaintEnvClient({srv.url!r})
                await c.reset(subject="a lighthouse", seed=1, max_turns=3)
                print("holding", flush=True)
                await asyncio.sleep(600)
            asyncio.run(main())
        """)], stdout=subprocess.PIPE, text=True)
        assert holder.stdout.readline().strip() == "holding"

        async def try_reset():
            client = PaintEnvClient(srv.url)
            try:
                return await client.reset(subject="tulips", seed=1, max_turns=1)
            finally:
                await client.close()

        with pytest.raises(ServerError, match="capacity"):
            asyncio.run(try_reset())
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
        deadline = time.monotonic() + 30
        while True:
            try:
                assert asyncio.run(try_reset()).observation.turns_left == 1
                break
            except ServerError:
                assert time.monotonic() < deadline, "the dead client's session was not reclaimed within 30 s"
                time.sleep(0.5)


def test_server_keeps_serving_after_its_browser_is_killed(bloom_source):
    with EnvServer(max_sessions=2) as srv:
        asyncio.run(episode(srv.url, "pears", 1, bloom_source, turns=1))
        pids = srv.browser_pids()
        assert pids
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        _, results, _ = asyncio.run(episode(srv.url, "pears", 1, bloom_source, turns=2))
        assert all(r.observation.gate_passed for r in results)
        assert set(srv.browser_pids()).isdisjoint(pids)


def test_trl_adapter_over_servers_round_robin(server, bloom_source):
    from critique_paint.train.rewards import revision_gain
    from critique_paint.train.tool_env import ToolEnvFactory

    factory = ToolEnvFactory(server_urls=[server.url, server.url])
    try:
        envs = [factory() for _ in range(2)]
        for env in envs:
            task = env.reset(subject="irises", seed=4, max_turns=2, prompt=[{"role": "user", "content": ""}])
            assert "irises" in task
            first = env.paint(sketch=bloom_source)
            assert isinstance(first, str) and "Painting 1 rendered" in first
            env.paint(sketch="```js\n" + bloom_source + "\n```")
            assert "no paintings left" in env.paint(sketch=bloom_source).lower()
        assert [len(e.turns) for e in envs] == [2, 2]
        assert all(e.get_reward() is not None for e in envs) and len(revision_gain(envs)) == 2
        assert [t.sketch for t in envs[0].turns] == [bloom_source.strip()] * 2  # the server extracted the fenced reply
        assert all(t.png and t.png.startswith(b"\x89PNG") for e in envs for t in e.turns)
    finally:
        factory.close()


def test_trl_adapter_edits_a_draft_on_a_server(server, bloom_source):
    """TRL's rollout slot over a server: a row's draft is painted at reset, an edit group of two calls is one
    painting (a receipt, then its answer) on the server's episode."""
    from critique_paint.env.replies import ToolCall
    from critique_paint.train.tool_env import ToolEnvFactory, play_reply

    factory = ToolEnvFactory(server_urls=[server.url])
    try:
        env = factory()
        task = env.reset(subject="irises", seed=4, max_turns=3, draft=bloom_source)
        assert bloom_source.strip() in task and "Painting 1 rendered" in task
        calls = [ToolCall("edit", {"old": 'brush.fill("#e8a07a", 120);', "new": 'brush.fill("#9b7fc0", 120);'}),
                 ToolCall("edit", {"old": "sin(a) * 120", "new": "sin(a) * 90"})]
        (ok1, receipt), (ok2, answer) = play_reply(env, calls)
        assert ok1 and ok2 and receipt.startswith("Edit 1 of 2 received;") and "Painting 2 rendered" in answer
        assert "Painting 3 was rejected" in env.edit(old="no such text", new="x")
        assert [(t.action, t.base_turn, t.codes) for t in env.turns] == [
            ("draft", None, []), ("edit", 1, []), ("edit", 2, ["edit_not_found"])]
        assert env.turns[1].png and env.get_reward() == 0.0  # the last painting, rejected, counts
    finally:
        factory.close()


def test_trl_adapter_reports_a_dead_server_as_unscored(bloom_source):
    from critique_paint.errors import InfrastructureError
    from critique_paint.train.rewards import logging_functions
    from critique_paint.train.tool_env import ToolEnvFactory

    factory = ToolEnvFactory(server_urls=["http://127.0.0.1:9"])
    try:
        env = factory()
        assert env.reset(subject="pears", seed=1) == ""
        with pytest.raises(InfrastructureError):
            env.paint(sketch=bloom_source)
        assert env.get_reward() is None and env.unscored_reason
        assert all(f(environments=[env]) == [None] for f in logging_functions(2))  # all None: TRL drops the rollout
    finally:
        factory.close()
