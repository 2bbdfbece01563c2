"""Running it for real: services checked before the model loads, progress from the first second, the same reward
options on every command, and config mistakes caught whichever stage runs."""

from __future__ import annotations

import asyncio
import io
import json
import re

import pytest
from rich.console import Console

from critique_paint.config.training import load_train_config
from critique_paint.env.preflight import preflight, run_checks
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import ConfigError, SetupError
from critique_paint.paths import CONFIGS_DIR
from critique_paint.reward.judge import JudgeConfig

from conftest import run_cli
from helpers.scripted import scripted_paint
from helpers.seeds import seed_overrides
from helpers.sketches import SHORT_SKETCH
from helpers.tiny import FROM_SCRATCH
from openai_server import ChatServer

D = r"\d[\dhms]*"  # a duration: 12s, 2m05s, 1h03m
DEAD = "http://127.0.0.1:9"  # the discard port: nothing listens
TINY = str(CONFIGS_DIR / "tiny-cpu.yaml")


def test_set_reaches_nested_settings():
    cfg = load_train_config(TINY, ["environment.judge.base_url=http://judge:8001/v1", "environment.judge.timeout_s=5",
                                   "environment.render.workers=1", "environment.critique=self"])
    env = cfg.environment
    assert env.judge == JudgeConfig(base_url="http://judge:8001/v1", timeout_s=5.0)
    assert env.render.workers == 1 and env.episode.critique == "self"
    assert env.runtime_config().judge == env.judge
    with pytest.raises(ConfigError, match=r"environment.judge: unknown key\(s\) base_ur;"):
        load_train_config(TINY, ["environment.judge.base_ur=x"])
    with pytest.raises(ConfigError, match="environment.critique must be one of reward, self, image, blind"):
        load_train_config(TINY, ["environment.critique=loud"])


@pytest.mark.parametrize("command", ["sft", "grpo", "plan"])
def test_a_misspelt_trainer_key_stops_every_stage(command, tmp_path):
    result = run_cli(command, "--config", TINY, "--set", "grpo.learnin_rate=1", *(
        ["--out", str(tmp_path / "run")] if command != "plan" else []))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        f"error: {TINY}: grpo: learnin_rate is not a field of GRPOConfig")
    assert not (tmp_path / "run" / "final").exists()


def test_preflight_checks_the_judge_with_a_real_comparison():
    def judge(request, index):
        return 200, json.dumps({"reason": "A reads as pears", "winner": "A"}), 0

    with ChatServer(judge) as server:
        checks = preflight(RuntimeConfig(reward_preset="judge-led", judge=JudgeConfig(base_url=server.base_url),
                                         hps_url=None, weights={"hps": 0.0}))
    assert [c.service for c in checks] == ["judge"] and checks[0].ok
    assert len(server.requests) == 2  # one comparison, both orders
    assert all(len([p for m in r["messages"] if isinstance(m["content"], list) for p in m["content"]
                    if p.get("type") == "image_url"]) == 2 for r in server.requests)


def test_preflight_names_the_dead_service_and_what_answered():
    with pytest.raises(SetupError) as info:
        preflight(RuntimeConfig(reward_preset="judge-led", judge=JudgeConfig(base_url=DEAD + "/v1"), hps_url=DEAD))
    line = str(info.value)
    assert line.startswith(f"judge at {DEAD}/v1: FAILED (") or line.startswith(f"hps at {DEAD}: FAILED (")
    assert "\n" not in line
    assert line.count(f" at {DEAD}") == 1, line  # the service and its URL are named once
    config = RuntimeConfig(reward_preset="judge-led", judge=JudgeConfig(base_url=DEAD + "/v1"), hps_url=DEAD)
    lines = [c.line() for c in asyncio.run(run_checks(config, server_urls=[DEAD]))]
    assert len(lines) == 3 and all(x.count(f" at {DEAD}") == 1 and "FAILED" in x for x in lines), lines
    with pytest.raises(SetupError, match=f"environment server at {DEAD}: FAILED"):
        preflight(RuntimeConfig(), server_urls=[DEAD])


def test_grpo_against_a_dead_judge_fails_before_loading_the_model(tmp_path):
    result = run_cli("grpo", "--config", TINY, "--reward-preset", "judge-led", "--judge-base-url", DEAD + "/v1",
                     "--hps-url", DEAD, "--out", str(tmp_path / "run"))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("error: ") and f"at {DEAD}" in lines[-1] and "FAILED" in lines[-1]
    assert any("checking services (judge " in line for line in lines)
    assert not any("loading model" in line for line in lines)  # refused before anything heavy


def test_a_tiny_grpo_run_reports_every_step(tmp_path, capsys):
    """Two steps of the tiny model (scripted paint calls): the stages from the first second, each step's phases,
    then a line per step with its reward (mean, median, best), per-turn totals, bad share, gate pass rate and
    paintings per rollout."""
    from critique_paint.models.loading import TINY_TEXT, load_policy
    from critique_paint.train.grpo import run_grpo
    from critique_paint.train.progress import RunProgress

    cfg = load_train_config(TINY, ["model.name=tiny:text", "grpo.max_steps=2", "grpo.num_generations=2",
                                   "grpo.per_device_train_batch_size=2", "grpo.max_completion_length=700",
                                   "grpo.save_strategy=no", "environment.prompts=2", "environment.render.workers=1",
                                   *seed_overrides(), *FROM_SCRATCH])
    _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp_path / "cache")
    buffer = io.StringIO()
    progress = RunProgress(Console(file=buffer, width=200, force_terminal=False), "grpo")
    run_grpo(cfg, tmp_path / "run", progress=progress, callbacks=[scripted_paint(tok, SHORT_SKETCH)])
    lines = buffer.getvalue().splitlines()
    assert all(re.match(r"\[\s*\d+\.\ds\] ", line) for line in lines), lines
    text = "\n".join(lines)
    for stage in ("checking services (none: the offline reward runs in process)", "loading model tiny:text",
                  "model loaded: Qwen3ForCausalLM", "renderer ready: 1 warm pages", "grpo: 2 steps",
                  "step 1/2 · generating round 1", "step 1/2 · painting round 1: 2 paintings",
                  "step 1/2 · generating round 2", "step 1/2 · training", "grpo done: 2 steps"):
        assert stage in text, (stage, text)
    steps = [line for line in lines if " grpo step " in line]
    assert len(steps) == 2, steps
    for k, line in enumerate(steps, 1):
        assert re.search(rf"grpo step {k}/2 · took {D} · elapsed {D} · ETA {D} · reward 0\.\d{{3}} \(median "
                         r"0\.\d{3}, best 0\.\d{3}\) · per turn 0\.\d{3} / 0\.\d{3} · under 0\.3 \d+% · gate pass "
                         r"100% · paintings 2\.00/rollout", line), line
    assert "'loss'" not in capsys.readouterr().out  # the run's own lines replace transformers' log dicts


def test_doctor_runs_the_same_service_checks_on_demand():
    result = run_cli("doctor", "--config", TINY, "--set", "environment.reward_preset=judge-led",
                     "--set", f"environment.judge.base_url={DEAD}/v1", "--set", f"environment.hps_url={DEAD}",
                     "--json")
    assert result.exit_code == 1
    checks = json.loads(result.stdout.strip().splitlines()[-1])
    judge = checks[f"judge {DEAD}/v1"]
    assert judge["ok"] is False and "docs/environment.md, Ports" in judge["fix"]
    assert checks[f"hps {DEAD}"]["ok"] is False
    quiet = json.loads(run_cli("doctor", "--config", TINY, "--json").stdout.strip().splitlines()[-1])
    assert quiet["services"] == {"ok": True, "found": "none: the offline reward runs in process", "fix": ""}
