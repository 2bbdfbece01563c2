"""Several training processes on the CPU (torchrun, gloo): the services checked once, progress printed once, and
every rank's rollouts archived once, with ids unique over the run, by the main process."""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from critique_paint.config.training import load_train_config
from critique_paint.paths import CONFIGS_DIR
from critique_paint.train.grpo import rank_runtime_config
from critique_paint.train.ranks import Ranks

from helpers.ranked_grpo import SCRIPTS
from helpers.tiny import FROM_SCRATCH

TESTS = Path(__file__).parent
TINY = str(CONFIGS_DIR / "tiny-cpu.yaml")
DEAD = "http://127.0.0.1:9"  # the discard port: nothing listens
TORCHRUN = Path(sys.executable).parent / "torchrun"


def torchrun(module: str, *args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    """`torchrun --nproc_per_node 2 -m MODULE ARGS`: two ranks on this machine's CPU, over gloo."""
    import critique_paint

    path = [str(TESTS), str(Path(critique_paint.__file__).parents[1]), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path if p), "ACCELERATE_USE_CPU": "true",
           "HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1"}
    for name in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"):
        env.pop(name, None)
    return subprocess.run([str(TORCHRUN), "--standalone", "--nproc_per_node", "2", "-m", module, *args],
                          env=env, cwd=TESTS.parent, capture_output=True, text=True, timeout=timeout)


def test_each_rank_renders_on_its_share_of_the_cores():
    assert Ranks.from_env({}) == Ranks(0, 1, 1) and Ranks.from_env({}).main
    two = Ranks.from_env({"RANK": "1", "WORLD_SIZE": "4", "LOCAL_WORLD_SIZE": "2"})
    assert two == Ranks(1, 4, 2) and not two.main
    assert [Ranks(0, n, n).share_of_cores(16) for n in (1, 2, 3, 8, 32)] == [16, 8, 5, 2, 1]
    cfg = load_train_config(TINY, [])
    assert rank_runtime_config(cfg, two).render.workers == max(1, (os.cpu_count() or 1) // 2)
    cfg = load_train_config(TINY, ["environment.render.workers=3"])
    assert rank_runtime_config(cfg, two).render.workers == 3  # set: each rank's, as set


@pytest.mark.skipif(not TORCHRUN.exists(), reason="torchrun is not installed beside this Python")
def test_two_ranks_archive_every_rollout_once(tmp_path):
    """Two gloo ranks, two steps, two rollouts per rank (one group each, two subjects painted differently)."""
    run = tmp_path / "run"
    sets = ["model.name=tiny:text", "grpo.max_steps=2", "grpo.num_generations=2",
            "grpo.per_device_train_batch_size=2", "grpo.max_completion_length=1800", "grpo.save_strategy=steps",
            "grpo.save_steps=2", "grpo.seed=0", "environment.prompts=2", "environment.render.workers=1",
            f"environment.subjects={json.dumps(list(SCRIPTS))}", *FROM_SCRATCH]
    result = torchrun("helpers.ranked_grpo", "grpo", "--config", TINY, "--out", str(run),
                      *[w for s in sets for w in ("--set", s)])
    assert result.returncode == 0, result.stderr[-4000:]
    err = result.stderr.splitlines()
    for once in ("checking services (", "loading model tiny:text on 2 ranks", "renderer ready: 1 warm pages on each "
                 "of 2 ranks", "grpo: 2 steps", "grpo step 1/2 · ", "grpo step 2/2 · ", "grpo done: 2 steps"):
        assert sum(once in line for line in err) == 1, (once, result.stderr[-4000:])
    assert result.stdout.count("report: ") == 1, result.stdout

    root = run / "rollouts"
    steps = [json.loads(line) for line in (root / "steps.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [0, 1] and [s["rollouts"] for s in steps] == [4, 4]
    ids = []
    for s in steps:
        folder = root / f"step-{s['step']:04d}"
        records = [json.loads(line) for line in (folder / "rollouts.jsonl").read_text().splitlines()]
        assert [r["rollout"] for r in records] == [0, 1, 2, 3] and [r["rank"] for r in records] == [0, 0, 1, 1]
        assert {r["subject"] for r in records[:2]} | {r["subject"] for r in records[2:]} == set(SCRIPTS)
        assert len({r["subject"] for r in records[:2]}) == 1  # a group stays on its rank, as TRL deals them
        ids += [r["id"] for r in records]
        paintings = [t for r in records for t in r["turns"]]
        assert len(paintings) == 6 and all(t["png"] and (folder / t["png"]).is_file() for t in paintings)
        assert len(list(folder.glob("r*-t*.png"))) == len({t["png"] for t in paintings}) == 6  # no file shared
        assert (folder / "sheet.png").is_file()
        rewards = [r["reward"] for r in records]
        assert None not in rewards and abs(statistics.fmean(rewards[:2]) - statistics.fmean(rewards[2:])) > 0.03
        assert s["totals"] == rewards and s["reward_mean"] == pytest.approx(statistics.fmean(rewards))
        for rank in (0, 1):  # both trainers logged the step's reward over both ranks' rollouts
            logged = [json.loads(line) for line in (run / f"logged-rank{rank}.jsonl").read_text().splitlines()]
            [entry] = [x for x in logged if x["step"] == s["step"] + 1 and "reward" in x]
            assert entry["reward"] == pytest.approx(statistics.fmean(rewards), abs=1e-6)
            assert entry["paint/reward_median"] == pytest.approx(s["reward_median"], abs=1e-6)
    assert len(ids) == len(set(ids)) == 8

    report = (run / "report.md").read_text()
    assert "Over 2 steps (8 rollouts)" in report.splitlines()[2]
    rows = [line for line in report.splitlines() if re.match(r"^\| [01] \| ", line)]
    assert len(rows) == 2, rows  # the per-step table: one row a step
    head = next(line for line in report.splitlines() if line.startswith("| step | mean |"))
    separator = report.splitlines()[report.splitlines().index(head) + 1]
    assert head.count("|") == separator.count("|") == rows[0].count("|")
    assert (run / "gallery.html").is_file() and "8 rollouts" in (run / "gallery.html").read_text()
    assert (run / "final" / "model.safetensors").is_file() and (run / "final" / "tokenizer.json").is_file()
    checkpoint = run / "checkpoints" / "checkpoint-2"
    assert sorted(p.name for p in checkpoint.glob("rng_state*")) == ["rng_state_0.pth", "rng_state_1.pth"]
    print("\n".join(report.splitlines()[:3]))


@pytest.mark.skipif(not TORCHRUN.exists(), reason="torchrun is not installed beside this Python")
def test_a_dead_service_stops_every_rank_after_one_check(tmp_path):
    result = torchrun("critique_paint.cli", "grpo", "--config", TINY, "--reward-preset", "judge-led",
                      "--judge-base-url", DEAD + "/v1", "--hps-url", DEAD, "--out", str(tmp_path / "run"),
                      timeout=600)
    assert result.returncode != 0
    err = result.stderr.splitlines()
    assert sum("checking services (judge " in line for line in err) == 1, result.stderr[-3000:]
    checks = [line for line in err if f"judge at {DEAD}/v1: FAILED" in line and not line.startswith("error: ")]
    assert len(checks) == 1, result.stderr[-3000:]  # the main process's check, printed once
    errors = [line for line in err if line.startswith("error: ")]
    assert len(errors) == 2 and len(set(errors)) == 1 and "FAILED" in errors[0], result.stderr[-3000:]
    assert not any("loading model" in line for line in err)
    assert not (tmp_path / "run" / "rollouts").exists()
