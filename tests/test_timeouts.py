"""A sketch that never ends gives a clean `timeout` verdict from every CLI path: no traceback, no task left
unretrieved (run under asyncio debug mode and -X dev), and the pool keeps serving after it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import launch_cli, with_setup_extra

NOISE = ("Traceback", "was never retrieved", "Task was destroyed", "Unclosed")


def _cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONASYNCIODEBUG": "1", "CRITIQUE_PAINT_RENDER_DEADLINE": "3"}
    return launch_cli(args, python_args=("-X", "dev"), cwd=cwd, env=env, timeout=300)  # a hang guard, not timing


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
                 "--deadline", "10", "--workers", "1"], tmp_path)  # room for the good one on a busy machine
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
