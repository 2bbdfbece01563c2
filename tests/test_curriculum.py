"""The reference curriculum: the judge's love share as a schedule over GRPO steps, validated in the training
config, sent in every reset (in process and to a server), drawn by the judge and logged per step."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from critique_paint.config.curriculum import ReferenceCurriculum
from critique_paint.config.training import load_train_config
from critique_paint.errors import ConfigError
from critique_paint.paths import CONFIGS_DIR, pool_dir
from critique_paint.pool import load_manifest
from critique_paint.pool.sampler import love_count
from critique_paint.reward.judge import png_data_url

from env_server import EnvServer
from openai_server import ChatServer, image_urls

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)

TINY = CONFIGS_DIR / "tiny-cpu.yaml"


def test_the_share_moves_linearly_then_holds():
    curriculum = ReferenceCurriculum(start=0.5, end=1.0, steps=4)
    assert [curriculum.love_share(s) for s in range(7)] == [0.5, 0.625, 0.75, 0.875, 1.0, 1.0, 1.0]
    assert [love_count(4, curriculum.love_share(s)) for s in range(5)] == [2, 3, 3, 4, 4]
    assert ReferenceCurriculum(start=1.0, end=0.0, steps=2).love_share(1) == 0.5


def config_error(*sets: str) -> str:
    with pytest.raises(ConfigError) as info:
        load_train_config(TINY, list(sets))
    text = str(info.value).removeprefix(f"{TINY}: ")
    assert "\n" not in text and "pydantic" not in text, text
    return text


def test_the_config_refuses_a_bad_curriculum_in_one_line():
    cfg = load_train_config(TINY, ["environment.reference_curriculum={start: 0.5, end: 1.0, steps: 4}"])
    assert cfg.environment.reference_curriculum == ReferenceCurriculum(start=0.5, end=1.0, steps=4)
    assert load_train_config(TINY).environment.reference_curriculum is None
    key = "environment.reference_curriculum"
    assert config_error(f"{key}={{start: 1.5, steps: 4}}") == f"{key}.start must be 0..1, got 1.5"
    assert config_error(f"{key}={{steps: 0}}") == f"{key}.steps must be >= 1, got 0"
    assert config_error(f"{key}={{steps: '3'}}") == f"{key}.steps must be a whole number >= 1, got '3'"
    assert config_error(f"{key}={{start: 0.5, step: 4}}") == f"unknown key {key}.step; known: end, start, steps"
    assert config_error(f"{key}={{start: 0.5}}").startswith(f"{key} must be a mapping with steps")
    assert config_error(f"{key}={{steps: 3}}", "environment.reference_love_share=0.7").endswith("give one")
    share = "environment.reference_love_share"
    assert config_error(f"{share}=1.2") == f"{share} must be 0..1, got 1.2"


def test_a_run_whose_reward_draws_no_references_refuses_a_curriculum(tmp_path):
    from critique_paint.train.grpo import run_grpo

    cfg = load_train_config(TINY, ["environment.reference_curriculum={steps: 3}"])  # the offline preset: judge 0
    with pytest.raises(ConfigError, match="reward preset 'offline' weighs the judge 0: set environment.weights.judge"):
        run_grpo(cfg, tmp_path / "run")


def test_a_server_draws_the_share_the_reset_sends(bloom_source):
    from critique_paint.train.tool_env import ToolEnvFactory

    share = {"reference_love_share": 1.0}
    with EnvServer(args=("--reward-preset", "offline", "--weight", "judge=0.5", "--render-workers", "1")) as server:
        factory = ToolEnvFactory(server_urls=[server.url], schedule=lambda: dict(share))
        try:
            env = factory()
            tiers = []
            for love in (1.0, 0.0, 0.75):
                share["reference_love_share"] = love
                env.reset(subject="pears", seed=3, max_turns=1)
                env.paint(bloom_source)
                assert env.settings is not None and env.settings.reference_love_share == love  # the server's state
                tiers.append(Counter(r["tier"] for r in env.turns[0].references))
        finally:
            factory.close()
    assert tiers == [{"love": 4}, {"okay": 4}, {"love": 3, "okay": 1}]


def pool_tiers() -> dict[str, str]:
    """Each pool painting's render, as the judge receives it (a data URL), to its tier."""
    root = pool_dir()
    return {png_data_url((root / e.render).read_bytes()): e.tier for e in load_manifest(root)}


def test_grpo_follows_the_curriculum_and_logs_it(tmp_path, bloom_source):
    """Three steps on the tiny model with a judge that prefers the painting to `okay` references and `love` ones to
    the painting: the logged share moves 0.5, 0.75, 1.0, the judge sees love and okay references in that share, and
    the judge component is the okay share."""
    from critique_paint.models.loading import TINY_TEXT, load_policy
    from critique_paint.train.grpo import run_grpo

    from helpers.scripted import scripted_paint
    from helpers.seeds import seed_overrides
    from helpers.tiny import FROM_SCRATCH

    tiers = pool_tiers()
    seen: list[str] = []

    def judge(request: dict, index: int) -> tuple[int, str, float]:
        urls = image_urls(request)
        if len(urls) == 1:
            return 200, "Soft washes; deepen the centre.", 0
        pool = [tiers[u] for u in urls if u in tiers]
        if len(pool) != 1:  # the services check compares two pool paintings
            return 200, json.dumps({"reason": "check", "winner": "A"}), 0
        seen.append(pool[0])
        painting = "B" if urls[0] in tiers else "A"
        reference = "A" if painting == "B" else "B"
        return 200, json.dumps({"reason": "tier", "winner": reference if pool[0] == "love" else painting}), 0

    preset = tmp_path / "fake-judge.yaml"
    preset.write_text("name: fake-judge\nweights: {judge: 0.6, hps: 0.3, gate: 0.05, length: 0.05}\n"
                      "backends: {judge: judge, hps: offline}\nreferences: 4\n")
    with ChatServer(judge) as server:
        cfg = load_train_config(TINY, [
            "model.name=tiny:text", "grpo.max_steps=3", "grpo.num_generations=2", "grpo.per_device_train_batch_size=2",
            "grpo.max_completion_length=900", "grpo.save_strategy=no", "environment.prompts=3",
            "environment.max_turns=1", "environment.render.workers=1", f"environment.reward_preset={preset}",
            f"environment.judge.base_url={server.base_url}", "environment.judge.retries=0",
            "environment.reference_curriculum={start: 0.5, end: 1.0, steps: 2}", *seed_overrides(),
            *FROM_SCRATCH])
        _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp_path / "cache")
        trainer = run_grpo(cfg, tmp_path / "run", callbacks=[scripted_paint(tok, bloom_source)])
    logged = [h for h in trainer.state.log_history if "paint/reference_love_share" in h]
    assert [h["paint/reference_love_share"] for h in logged] == [0.5, 0.75, 1.0]
    assert [h["paint/draw_love_share"] for h in logged] == [0.5, 0.75, 1.0]
    assert [round(h["paint/components/judge"], 6) for h in logged] == [0.5, 0.25, 0.0]
    steps = [json.loads(x) for x in (tmp_path / "run" / "rollouts" / "steps.jsonl").read_text().splitlines()]
    assert [s["reference_love_share"] for s in steps] == [0.5, 0.75, 1.0]
    drawn = [Counter(ref["tier"] for rollout in (tmp_path / "run" / "rollouts" / f"step-{s:04d}" / "rollouts.jsonl")
                     .read_text().splitlines() for turn in json.loads(rollout)["turns"] for ref in turn["references"])
             for s in range(3)]
    assert drawn == [{"love": 4, "okay": 4}, {"love": 6, "okay": 2}, {"love": 8}]  # two paintings a step
    assert Counter(seen) == {"love": 2 * 18, "okay": 2 * 6}  # what the judge was shown, both orders
    report = (tmp_path / "run" / "report.md")
    from critique_paint.train.report import write_report

    write_report(tmp_path / "run")
    assert "| love share asked | love share drawn |" in report.read_text()
    assert "| 2 | 4 | love 4 | " in report.read_text()
