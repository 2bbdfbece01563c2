"""A sketch that never ends gives a clean `timeout` verdict from every CLI path: no traceback, no task left
unretrieved (run under asyncio debug mode and -X dev), and the pool keeps serving after it. The verdict comes
from the counted work budget, so it is the same whatever else the machine is doing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from critique_paint.render import Renderer, RenderOptions

from conftest import FIXTURES, launch_cli, with_setup_extra

NOISE = ("Traceback", "was never retrieved", "Task was destroyed", "Unclosed")


def _cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONASYNCIODEBUG": "1", "CRITIQUE_PAINT_RENDER_WORK": "100000000"}
    env.pop("CRITIQUE_PAINT_RENDER_DEADLINE", None)
    return launch_cli(args, python_args=("-X", "dev"), cwd=cwd, env=env, timeout=900)  # a hang guard, not timing


def _clean(stderr: str) -> None:
    for word in NOISE:
        assert word not in stderr, stderr[-3000:]


@pytest.fixture()
def loops(tmp_path: Path, bloom_source: str) -> dict[str, Path]:
    sketches = {
        "setup": with_setup_extra(bloom_source, "while (true) {}"),
        "top_level": "while (true) {}\n" + bloom_source,
        "draw": bloom_source.replace("brush.noStroke();", "brush.noStroke();\n  for (;;) {}", 1),
        "good": bloom_source,
    }
    paths = {}
    for name, source in sketches.items():
        paths[name] = tmp_path / f"{name}.js"
        paths[name].write_text(source)
    return paths


def test_render_cli_timeouts_are_clean(tmp_path, loops):
    names = ["setup", "top_level", "draw", "good"]
    proc = _cli(["render", *(str(loops[n]) for n in names), "--out", str(tmp_path / "out"), "--json",
                 "--workers", "1"], tmp_path)
    _clean(proc.stderr)
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    codes = [[v["code"] for v in row["violations"]] for row in rows]
    assert codes == [["timeout"], ["timeout"], ["timeout"], []]
    assert rows[3]["passed"] and Path(rows[3]["png"]).is_file()
    assert proc.returncode == 1


def test_score_cli_timeout_is_clean(tmp_path, loops):
    proc = _cli(["score", str(loops["setup"]), "--json"], tmp_path)
    _clean(proc.stderr)
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert [v["code"] for v in data["gate"]["violations"]] == ["timeout"]


@pytest.mark.slow
def test_paint_cli_timeout_is_clean(tmp_path, loops):
    transcript = tmp_path / "transcript.jsonl"
    transcript.write_text(json.dumps({"subject": "a lemon", "turn": 0, "sketch": loops["setup"].read_text()}) + "\n")
    session = tmp_path / "session"
    proc = _cli(["paint", "a lemon", "--policy", f"replay:{transcript}", "--max-turns", "1", "--auto", "--no-open",
                 "--out", str(session)], tmp_path)
    _clean(proc.stderr)
    assert proc.returncode == 0, proc.stdout[-2000:]
    turns = [json.loads(line) for line in (session / "transcript.jsonl").read_text().splitlines()]
    turn = next(t for t in turns if t.get("event") == "turn")
    assert [v["code"] for v in turn["violations"]] == ["timeout"]


# Sketches whose verdicts must not move with the machine's load: an honest painting, a loop just under the
# budget and one just over it (the loop's steps are counted exactly, so "just" is a fixed number of steps).
LOAD_BUDGET = 60_000_000
LOOP = "let s = 0; for (let i = 0; i < STEPS; i++) { s += i % 7; }"


def _verdicts(renderer: Renderer, sources: list[str]) -> list[tuple[bool, str | None]]:
    return [(r.ok, r.code) for r in (renderer.render(source, seed=1) for source in sources)]


def test_verdicts_are_the_same_idle_and_with_every_core_busy(bloom_source):
    sources = [bloom_source, with_setup_extra(bloom_source, LOOP.replace("STEPS", "2000000")),
               with_setup_extra(bloom_source, LOOP.replace("STEPS", "30000000")),
               (FIXTURES / "styles" / "colour_handles.js").read_text()]
    burn = [sys.executable, "-c", "while True: pass"]
    with Renderer(RenderOptions(workers=1, work_budget=LOAD_BUDGET)) as renderer:
        quiet = _verdicts(renderer, sources)
        burners = [subprocess.Popen(burn) for _ in range(2 * (os.cpu_count() or 1))]
        try:
            busy = _verdicts(renderer, sources)
        finally:
            for p in burners:
                p.kill()
                p.wait()
    print(f"verdicts idle {quiet}, busy {busy}")
    assert quiet == busy == [(True, None), (True, None), (False, "timeout"), (True, None)]


NATIVE = ("const a = [];\nfor (let i = 0; i < 200000; i++) a.push((i * 7919) % 100003);\n"
          "for (let k = 0; k < 100000; k++) { a.reverse(); a.sort(); }")  # little counted work, a lot of native work
CPU_NET_S = 3.0  # the bloom spends about 0.5 CPU s (0.3-0.6 measured, idle and busy)


def test_the_cpu_net_stops_native_work_the_same_idle_and_with_every_core_busy(bloom_source):
    """Work inside single native calls is what the work budget cannot count; the CPU time the page's processes
    spend stops it, and a busy machine only makes that take longer."""
    sources = [bloom_source, with_setup_extra(bloom_source, NATIVE)]
    burn = [sys.executable, "-c", "while True: pass"]
    with Renderer(RenderOptions(workers=1, cpu_s=CPU_NET_S)) as renderer:
        quiet = [renderer.render(source, seed=1) for source in sources]
        burners = [subprocess.Popen(burn) for _ in range(2 * (os.cpu_count() or 1))]
        try:
            busy = [renderer.render(source, seed=1) for source in sources]
        finally:
            for p in burners:
                p.kill()
                p.wait()
    for results in (quiet, busy):
        assert [(r.ok, r.code) for r in results] == [(True, None), (False, "timeout")]
        assert f"more than {CPU_NET_S:g} CPU seconds" in (results[1].message or "")
        assert 0 < results[0].cpu_ms < CPU_NET_S * 1000
