"""Environment throughput: 8 rollouts x 3 turns, TRL's sequential tool calls against concurrent ones.

Setting 1 (realistic): judge-led reward, the pairwise judge (and critique) served by a local
OpenAI-compatible server that answers after 1 s per request, as a hosted vision judge would.
Setting 2: the offline critic alone, in-process and against two local `critique-paint serve` servers
(CPU-bound on 2 cores; reported, no target).
Sequential calls each rollout's `paint` one after another, as TRL's `_tool_call_loop` does; concurrent
runs the same calls through `ToolRounds`, the mechanism the GRPO trainer uses.
Last line: `speedup: X.XX` for setting 1.
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from critique_paint.env.runtime import PaintRuntime, RuntimeConfig  # noqa: E402
from critique_paint.render.pages import RenderOptions  # noqa: E402
from critique_paint.reward.judge import JudgeConfig  # noqa: E402
from critique_paint.train.tool_env import PaintToolEnv, ToolEnvFactory  # noqa: E402
from critique_paint.train.tool_rounds import ToolRounds  # noqa: E402

from env_server import EnvServer  # noqa: E402

ROLLOUTS, TURNS = 8, 3


def sketches() -> list[str]:
    """Eight simple paintings of the kind an early policy writes (the test bloom in eight palettes)."""
    base = (ROOT / "tests" / "fixtures" / "render" / "bloom.js").read_text()
    palettes = ["#e8a07a", "#d9776b", "#f0b27a", "#c98bb9", "#e6c36a", "#8fb9a8", "#e59a8c", "#b5a0d8"]
    return [base.replace("#e8a07a", p) for p in palettes]


def make_envs(factory: ToolEnvFactory) -> list[PaintToolEnv]:
    envs = [factory() for _ in range(ROLLOUTS)]
    for i, env in enumerate(envs):
        env.reset(subject="a peach hibiscus", seed=i // 4, max_turns=TURNS)
    return envs


def run_sequential(envs: list[PaintToolEnv], srcs: list[str]) -> float:
    t0 = time.perf_counter()
    for _ in range(TURNS):
        for env, src in zip(envs, srcs, strict=True):
            env.paint(sketch=src)
    return time.perf_counter() - t0


def run_concurrent(envs: list[PaintToolEnv], srcs: list[str]) -> float:
    t0 = time.perf_counter()
    for _ in range(TURNS):
        completions = [[{"role": "assistant", "content": "", "tool_calls": [
            {"type": "function", "function": {"name": "paint", "arguments": {"sketch": s}}}]}] for s in srcs]
        with ToolRounds(completions, envs, workers=ROLLOUTS) as rounds:
            for i in range(ROLLOUTS):  # read in TRL's order
                rounds.answer(i)
    return time.perf_counter() - t0


def check(envs: list[PaintToolEnv]) -> None:
    totals = [env.get_reward() for env in envs]
    assert all(t is not None for t in totals), totals
    assert all(len(env.turns) == TURNS for env in envs)


def measure(label: str, rows: list, srcs: list[str], factory: ToolEnvFactory) -> tuple[float, float]:
    seq_envs = make_envs(factory)
    seq = run_sequential(seq_envs, srcs)
    check(seq_envs)
    con_envs = make_envs(factory)
    con = run_concurrent(con_envs, srcs)
    check(con_envs)
    assert [[t.total for t in e.turns] for e in seq_envs] == [[t.total for t in e.turns] for e in con_envs], \
        "results differ"
    rows.append((label, seq, con))
    return seq, con


JUDGE_SERVER = """
import json, sys, time
sys.path.insert(0, {tests!r})
from openai_server import ChatServer, image_urls
def behaviour(request, _i):
    if len(image_urls(request)) == 1:
        return 200, "Glaze a darker layer at the petal bases and soften the outer edges.", 1.0
    return 200, json.dumps({{"winner": "A", "reason": "softer edges"}}), 1.0
with ChatServer(behaviour) as server:
    print(server.base_url, flush=True)
    sys.stdin.read()
    print(len(server.requests), flush=True)
"""


@contextlib.contextmanager
def judge_process():
    """The 1 s judge in its own process (a hosted judge does not share our interpreter)."""
    proc = subprocess.Popen([sys.executable, "-c", JUDGE_SERVER.format(tests=str(ROOT / "tests"))],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().strip()
        counter = {"requests": 0}
        yield url, counter
        proc.stdin.close()
        counter["requests"] = int(proc.stdout.readline().strip() or 0)
    finally:
        proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-servers", action="store_true", help="skip setting 2's two-server variant")
    args = ap.parse_args()
    srcs = sketches()
    rows: list = []
    with judge_process() as (judge_url, counter):
        judged = RuntimeConfig(reward_preset="judge-led", weights={"hps": 0.0},
                               judge=JudgeConfig(base_url=judge_url, model="bench-judge", timeout_s=30,
                                                 max_concurrency=128))
        with PaintRuntime(judged) as runtime:
            factory = ToolEnvFactory(runtime=runtime)
            seq1, con1 = measure("1: judge server (1 s/request), in-process", rows, srcs, factory)
            factory.close()
    requests = counter["requests"]
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions())) as runtime:
        factory = ToolEnvFactory(runtime=runtime)
        measure("2: offline critic, in-process", rows, srcs, factory)
        factory.close()
    if not args.skip_servers:
        with EnvServer(max_sessions=8, args=("--render-workers", "1")) as a, \
                EnvServer(max_sessions=8, args=("--render-workers", "1")) as b:
            factory = ToolEnvFactory(server_urls=[a.url, b.url])
            measure("2: offline critic, two local servers", rows, srcs, factory)
            factory.close()
    print(f"{ROLLOUTS} rollouts x {TURNS} turns; judge requests in setting 1: {requests}")
    print(f"{'setting':44s} {'sequential s':>13s} {'concurrent s':>13s} {'speedup':>8s}")
    for label, seq, con in rows:
        print(f"{label:44s} {seq:13.1f} {con:13.1f} {seq / con:8.2f}")
    print(f"speedup: {seq1 / con1:.2f}")


if __name__ == "__main__":
    main()
