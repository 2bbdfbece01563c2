"""A fleet of environment servers: `serve --replicas`, episodes that move off a dead server and back, and GRPO over
two real servers with one killed mid-step and started again."""

from __future__ import annotations

import asyncio
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from transformers import TrainerCallback

from critique_paint.env.client import PaintEnvClient
from critique_paint.env.fleet import ServerFleet
from critique_paint.env.wire import PaintAction

from env_server import EnvServer, free_port
from helpers.sketches import SHORT_SKETCH

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)

SERVER_ARGS = ("--render-workers", "1")


def test_the_fleet_tries_its_own_server_first_and_a_failed_one_last():
    now = [0.0]
    fleet = ServerFleet(["a", "b", "c"], retry_s=5, clock=lambda: now[0])
    assert [fleet.assign() for _ in range(4)] == ["a", "b", "c", "a"]
    assert fleet.candidates("b") == ["b", "c", "a"]
    fleet.failed("b", "refused")
    assert fleet.candidates("b") == ["c", "a", "b"] and fleet.down == ["b"]
    now[0] = 5.0
    assert fleet.candidates("b") == ["b", "c", "a"]  # rested: tried first again
    fleet.started("c", home="b")
    fleet.started("b", home="b")
    assert fleet.down == [] and fleet.failovers == 1
    ranks = [ServerFleet(["a", "b", "c", "d"], start=r) for r in range(8)]  # eight ranks with one slot each
    assert sorted(f.assign() for f in ranks) == ["a", "a", "b", "b", "c", "c", "d", "d"]


def kill(server: EnvServer) -> None:
    """SIGKILL the server and everything in its process group, as a crash or the OOM killer would."""
    os.killpg(server.proc.pid, signal.SIGKILL)
    server.proc.wait()


def test_episodes_move_off_a_dead_server_and_back_when_it_returns(bloom_source):
    from critique_paint.errors import InfrastructureError
    from critique_paint.train.tool_env import ToolEnvFactory

    with EnvServer(max_sessions=4, args=SERVER_ARGS) as a, EnvServer(max_sessions=4, args=SERVER_ARGS) as b:
        factory = ToolEnvFactory(server_urls=[a.url, b.url])
        factory.fleet.retry_s = 0.0  # no rest: the next reset tries the dead server first again
        try:
            on_a, on_b = factory(), factory()
            for env in (on_a, on_b):
                assert "pears" in env.reset(subject="pears", seed=1, max_turns=2)
                env.paint(sketch=bloom_source)
            assert (on_a.endpoint.url, on_b.endpoint.url) == (a.url, b.url)
            kill(b)
            with pytest.raises(InfrastructureError):
                on_b.paint(sketch=bloom_source)
            on_a.paint(sketch=bloom_source)
            assert on_b.get_reward() is None and on_a.get_reward() is not None  # unscored, never 0
            assert "pears" in on_b.reset(subject="pears", seed=2, max_turns=1)  # b is dead: the episode runs on a
            on_b.paint(sketch=bloom_source)
            assert on_b.endpoint.url == a.url and on_b.get_reward() is not None
            assert factory.fleet.down == [b.url] and factory.fleet.failovers == 1
            b.__enter__()  # the same port again
            on_b.reset(subject="pears", seed=3, max_turns=1)
            assert on_b.endpoint.url == b.url and factory.fleet.down == []
            on_b.paint(sketch=bloom_source)
            assert on_b.get_reward() is not None
        finally:
            factory.close()


class FleetProcess:
    """`critique-paint serve --replicas N` as its own process; its stderr lines are collected as they come."""

    def __init__(self, replicas: int, port: int, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "critique_paint.cli", "serve", "--replicas", str(replicas), "--port", str(port),
             "--log-level", "warning", *args], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.lines.put(line.rstrip("\n"))

    def until(self, pattern: str, timeout: float = 240) -> re.Match:
        """The first line from now on matching `pattern` (a failure guard, not a measurement)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r}; seen: {self.seen}") from None
            self.seen.append(line)
            if match := re.search(pattern, line):
                return match

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(120)


async def one_turn(url: str, sketch: str) -> float | None:
    client = PaintEnvClient(url)
    try:
        await client.reset(subject="plums", seed=1, max_turns=1)
        return (await client.step(PaintAction(sketch=sketch))).reward
    finally:
        await client.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_serve_replicas_starts_again_a_killed_replica_and_stops_cleanly(bloom_source):
    port = free_port()
    while any(_busy(port + i) for i in range(2)):
        port = free_port()
    fleet = FleetProcess(2, port, *SERVER_ARGS)
    try:
        pids = {int(m[1]): int(m[2]) for m in (fleet.until(r"replica (\d): \S+ \(pid (\d+)\)") for _ in range(2))}
        ready = fleet.until(r"fleet ready: 2 servers; train on them with --set '(.+)'")
        urls = [f"http://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}"]
        assert ready[1] == f'environment.server_urls=["{urls[0]}","{urls[1]}"]'
        assert all(asyncio.run(one_turn(u, bloom_source)) is not None for u in urls)
        os.kill(pids[2], signal.SIGKILL)
        fleet.until(rf"replica 2 \(port {port + 1}\) ended \(killed by SIGKILL\); starting it again")
        again = int(fleet.until(r"replica 2: \S+ \(pid (\d+)\)")[1])
        fleet.until(r"replica 2 .* is back after")
        assert again != pids[2] and asyncio.run(one_turn(urls[1], bloom_source)) is not None
        assert _alive(pids[1]), "the other replica was disturbed"
    finally:
        code = fleet.stop()
    assert code == 0
    assert not _alive(pids[1]) and not _alive(again)


def _busy(port: int) -> bool:
    import socket

    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_busy_port_in_the_fleet_is_one_error_line():
    import socket

    from conftest import launch_cli

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        result = launch_cli(["serve", "--replicas", "2", "--port", str(taken - 1)], timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"error: cannot serve on 127.0.0.1:{taken}: ")


class KillAndRestart(TrainerCallback):
    """Kills server `victim` just before the trainer's second generation of step 0 (its episodes have painted once
    and are waiting for their revision) and starts it again at the beginning of step 2."""

    def __init__(self, script, victim: EnvServer):
        self.script = script
        self.victim = victim

    def on_train_begin(self, args, state, control, model=None, **kwargs):
        scripted = model.generate

        def generate(*a, **k):
            if self.script.calls == 1:
                kill(self.victim)
            return scripted(*a, **k)

        model.generate = generate

    def on_step_begin(self, args, state, control, **kwargs):
        if state.global_step == 2:
            self.victim.__enter__()


@pytest.mark.timeout(1200)
def test_grpo_over_two_servers_survives_one_killed_and_uses_it_again(tmp_path):
    """Four rollouts a step over servers A and B (two each). B dies in step 0 between the first painting and the
    revision: its two rollouts are unscored (None, never 0), A's are scored. Step 1 runs all four on A. B is started
    again before step 2, which runs on both again."""
    from critique_paint.config.training import load_train_config
    from critique_paint.models.loading import TINY_TEXT, load_policy
    from critique_paint.paths import CONFIGS_DIR
    from critique_paint.train.grpo import run_grpo

    from helpers.scripted import scripted_paint
    from helpers.seeds import seed_overrides
    from helpers.tiny import FROM_SCRATCH

    with EnvServer(max_sessions=4, args=SERVER_ARGS) as a, EnvServer(max_sessions=4, args=SERVER_ARGS) as b:
        cfg = load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", [
            "model.name=tiny:text", "environment.prompts=4", "environment.max_turns=2",
            f'environment.server_urls=["{a.url}", "{b.url}"]', "grpo.max_steps=3", "grpo.num_generations=4",
            "grpo.per_device_train_batch_size=4", "grpo.max_completion_length=700", "grpo.save_steps=100",
            *seed_overrides(), *FROM_SCRATCH])
        _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp_path / "cache")
        script = scripted_paint(tok, SHORT_SKETCH)
        steps: list[list[tuple[str, float | None]]] = []

        def where(environments, **kwargs):
            steps.append([(e.endpoint.url, e.get_reward()) for e in environments])
            return [None if r is None else 0.0 for _, r in steps[-1]]

        trainer = run_grpo(cfg, tmp_path, reward_funcs=[where], reward_weights=[0.0],
                           callbacks=[script, KillAndRestart(script, b)])
    assert trainer.state.global_step == 3 and len(steps) == 3
    first, during, after = steps
    assert [u for u, _ in first] == [a.url, b.url, a.url, b.url]
    assert [r is None for _, r in first] == [False, True, False, True]  # only B's episodes, and None, not 0
    assert [u for u, _ in during] == [a.url] * 4 and all(r is not None for _, r in during)
    assert [u for u, _ in after] == [a.url, b.url, a.url, b.url] and all(r is not None for _, r in after)
    assert trainer.environment_factories[None].fleet.failovers == 2
