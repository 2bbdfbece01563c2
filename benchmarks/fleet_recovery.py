"""A server of the fleet killed mid-step: rollouts lost and time to recover, with and without failover.

`critique-paint serve --replicas 2` runs the fleet (it starts a dead replica again). Rollouts run in GRPO-shaped
steps: every slot resets (one after another, as TRL does), then each turn paints on all slots at once, with
`--generate-s` of pause before each turn standing in for generation. Half the slots have server 2 as their own.
In step `--kill-step`, after the first painting, server 2 is killed with SIGKILL. Steps go on until every rollout of
a step is scored again with server 2 serving its share.

Two policies over the same kill, one after the other:
- fixed: each slot only ever uses its own server (how the adapter behaved before failover): the baseline;
- failover: the fleet (`env.fleet.ServerFleet`): a slot whose server is down starts its episode on the other one.

Columns: lost = unscored rollouts (reward None; none is ever 0); in flight = rollouts on server 2 when it died;
healthy = seconds from the kill until server 2 answers /health again (the fleet's restart plus its warm-up);
back = seconds from the kill until an episode starts on server 2 again; per step = rollouts scored per second of
step time before the kill, from the kill until server 2 is back, and after.
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from critique_paint.base.aio import BackgroundLoop  # noqa: E402
from critique_paint.env.remote import RemoteEndpoint  # noqa: E402
from critique_paint.errors import InfrastructureError  # noqa: E402
from critique_paint.train.tool_env import PaintToolEnv, ToolEnvFactory  # noqa: E402

from env_server import free_port  # noqa: E402

TURNS = 2
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass
class Step:
    index: int
    seconds: float
    rewards: list[float | None]
    urls: list[str]
    started_at: float


@dataclass
class Outcome:
    policy: str
    steps: list[Step] = field(default_factory=list)
    in_flight: int = 0
    killed_at: float = 0.0
    healthy_s: float | None = None
    back_s: float | None = None
    back_step: int | None = None

    def lost(self) -> int:
        return sum(r is None for s in self.steps for r in s.rewards)

    def rate(self, steps: list[Step]) -> str:
        seconds = sum(s.seconds for s in steps)
        scored = sum(r is not None for s in steps for r in s.rewards)
        return f"{scored / seconds:.2f}" if seconds else "-"


class FleetProcess:
    """`critique-paint serve --replicas 2`, its stderr read for the replicas' pids."""

    def __init__(self, port: int, workers: int):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "critique_paint.cli", "serve", "--replicas", "2", "--port", str(port),
             "--render-workers", str(workers), "--log-level", "warning"],
            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        self.pids: dict[int, int] = {}
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            print(f"  [fleet] {line.rstrip()}", file=sys.stderr)
            if m := re.search(r"replica (\d): \S+ \(pid (\d+)\)", line):
                self.pids[int(m[1])] = int(m[2])
            if "fleet ready" in line:
                self.ready.set()

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(120)


def healthy(url: str) -> bool:
    try:
        with DIRECT.open(url + "/health", timeout=1) as reply:
            return reply.status == 200
    except OSError:
        return False


def wait_healthy(url: str, since: float, limit_s: float = 300) -> float:
    while not healthy(url):
        if time.monotonic() - since > limit_s:
            raise SystemExit(f"{url} did not come back within {limit_s:.0f} s")
        time.sleep(0.1)
    return time.monotonic() - since


def slots(policy: str, urls: list[str], count: int) -> tuple[list[PaintToolEnv], object]:
    if policy == "failover":
        factory = ToolEnvFactory(server_urls=urls)
        return [factory() for _ in range(count)], factory.close
    loop = BackgroundLoop("fixed-clients")
    endpoints = [RemoteEndpoint(urls[i % len(urls)], loop) for i in range(count)]

    def close() -> None:
        for e in endpoints:
            try:
                e.close()
            except Exception:  # noqa: BLE001 - clients of a dead server
                pass
        loop.stop()

    return [PaintToolEnv(e) for e in endpoints], close


def run(policy: str, fleet: FleetProcess, urls: list[str], args: argparse.Namespace, sketch: str) -> Outcome:
    envs, close = slots(policy, urls, args.slots)
    out = Outcome(policy)
    pool = ThreadPoolExecutor(args.slots)
    watcher: threading.Thread | None = None
    try:
        for step in range(args.max_steps):
            t0 = time.monotonic()
            for i, env in enumerate(envs):
                env.reset(subject="a peach hibiscus", seed=step * args.slots + i, max_turns=TURNS)
            started_on = [e.endpoint.url if e.endpoint.episode is not None else "" for e in envs]
            if out.killed_at and out.back_s is None and urls[1] in started_on:
                out.back_s, out.back_step = time.monotonic() - out.killed_at, step
            for turn in range(TURNS):
                time.sleep(args.generate_s)
                if step == args.kill_step and turn == 1:
                    out.in_flight = sum(u == urls[1] for u in started_on)
                    signal_replica(fleet, 2)
                    out.killed_at = time.monotonic()
                    watcher = threading.Thread(target=lambda: setattr(
                        out, "healthy_s", wait_healthy(urls[1], out.killed_at)), daemon=True)
                    watcher.start()
                list(pool.map(lambda e: paint_quietly(e, sketch), envs))
            rewards = [e.get_reward() for e in envs]
            out.steps.append(Step(step, time.monotonic() - t0, rewards, started_on, t0))
            print(f"  {policy} step {step}: {time.monotonic() - t0:.1f} s, lost {sum(r is None for r in rewards)}, "
                  f"on server 2: {sum(u == urls[1] for u in started_on)}", file=sys.stderr)
            if out.back_s is not None and all(r is not None for r in rewards):
                break
        if watcher is not None:
            watcher.join(300)
    finally:
        pool.shutdown()
        close()
    return out


def paint_quietly(env: PaintToolEnv, sketch: str) -> None:
    try:
        env.paint(sketch=sketch)
    except InfrastructureError:
        pass  # TRL sends the error back to the policy; the rollout is unscored


def signal_replica(fleet: FleetProcess, index: int) -> None:
    import os

    os.kill(fleet.pids[index], signal.SIGKILL)


def table(outcomes: list[Outcome], slots: int) -> str:
    head = ("policy", "steps", "rollouts", "lost", "in flight", "healthy s", "back s",
            "scored/s before", "while down", "after")
    rows = [head]
    for o in outcomes:
        killed = next(i for i, s in enumerate(o.steps) if s.started_at + s.seconds >= o.killed_at)
        back = o.back_step if o.back_step is not None else len(o.steps)
        rows.append((o.policy, str(len(o.steps)), str(len(o.steps) * slots), str(o.lost()), str(o.in_flight),
                     f"{o.healthy_s:.1f}" if o.healthy_s is not None else "-",
                     f"{o.back_s:.1f}" if o.back_s is not None else "-",
                     o.rate(o.steps[:killed]), o.rate(o.steps[killed:back]), o.rate(o.steps[back:])))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slots", type=int, default=4, help="rollouts per step (half on each server)")
    parser.add_argument("--kill-step", type=int, default=2, help="the step in which server 2 is killed")
    parser.add_argument("--max-steps", type=int, default=12)
    parser.add_argument("--generate-s", type=float, default=1.0, help="pause before each turn (generation)")
    parser.add_argument("--workers", type=int, default=1, help="render pages per server")
    args = parser.parse_args()
    sketch = (ROOT / "tests" / "fixtures" / "render" / "bloom.js").read_text()
    port = free_port()
    fleet = FleetProcess(port, args.workers)
    urls = [f"http://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}"]
    try:
        if not fleet.ready.wait(300):
            raise SystemExit("the fleet did not start")
        outcomes = []
        for policy in ("fixed", "failover"):
            for url in urls:
                wait_healthy(url, time.monotonic())
            outcomes.append(run(policy, fleet, urls, args, sketch))
    finally:
        fleet.stop()
    print(f"{args.slots} rollouts a step x {TURNS} turns over 2 servers ({args.workers} render page each), "
          f"server 2 killed (SIGKILL) after the first painting of step {args.kill_step}; "
          f"{args.generate_s:g} s of 'generation' before each turn")
    print(table(outcomes, args.slots))


if __name__ == "__main__":
    main()
