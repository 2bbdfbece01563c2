"""The reward mix end to end: presets, offline critic, judge through a local server, failures, score CLI."""

from __future__ import annotations

import asyncio
import json

import pytest

from critique_paint.errors import ConfigError
from critique_paint.paths import pool_dir
from critique_paint.pool import load_manifest
from critique_paint.reward.judge import JudgeConfig, png_data_url
from critique_paint.reward.length import length_score
from critique_paint.reward.mix import load_preset, preset_names, weighted_total
from critique_paint.reward.scorer import Scorer, ScorerConfig

from conftest import run_cli
from openai_server import ChatServer, image_urls

POOL_DIR = pool_dir()


@pytest.fixture(scope="module")
def love_png() -> bytes:
    entry = next(e for e in load_manifest(POOL_DIR) if e.tier == "love")
    return (POOL_DIR / entry.render).read_bytes()


def test_presets_load_with_the_documented_weights():
    assert set(preset_names()) >= {"judge-led", "hps-led", "hps-only", "offline"}
    assert load_preset("judge-led").weights == {"judge": 0.6, "hps": 0.3, "gate": 0.05, "length": 0.05}
    assert load_preset("hps-led").weights["hps"] == 0.6
    assert load_preset("hps-only").weights["judge"] == 0.0
    assert load_preset("offline").backends == {"judge": "offline", "hps": "offline"}
    assert load_preset("offline").with_weights({"judge": 0.5}).weights["judge"] == 0.5


def test_bad_presets_are_one_line_errors(tmp_path):
    with pytest.raises(ConfigError, match="unknown reward preset"):
        load_preset("nope")
    bad = tmp_path / "bad.yaml"
    bad.write_text("weights: [1, 2]\n")
    with pytest.raises(ConfigError, match="malformed"):
        load_preset(str(bad))
    with pytest.raises(ConfigError, match="unknown reward component"):
        load_preset("offline").with_weights({"beauty": 1.0})


def test_length_ramp():
    assert length_score("x" * 500) == 0.0
    assert length_score("x" * 600) == 0.0
    assert length_score("x" * 12000) == 1.0
    assert length_score("x" * 24001) == 0.0
    assert abs(length_score("x" * (4 * 1575)) - 0.5) < 1e-9


def test_weighted_total_rules():
    w = {"judge": 0.6, "hps": 0.3, "gate": 0.05, "length": 0.05}
    assert weighted_total(w, {"judge": 1, "hps": 1, "gate": 1, "length": 1}) == pytest.approx(1.0)
    assert weighted_total(w, {"judge": None, "hps": 1, "gate": 1, "length": 1}) is None
    assert weighted_total(w, {"judge": 0.5, "hps": 0.5, "gate": 1}) == pytest.approx(0.5 * 0.9 + 0.05)


def score(scorer: Scorer, **kw):
    async def go():
        try:
            return await scorer.score(**kw)
        finally:
            await scorer.aclose()

    return asyncio.run(go())


def test_offline_preset_weighs_the_critic_once(love_png):
    scorer = Scorer(ScorerConfig(preset=load_preset("offline")))
    result = score(scorer, png=love_png, source="x" * 8000, gate_passed=True, subject="a peach hibiscus", seed=3)
    assert set(result.components) == {"hps", "gate", "length"}  # no judge slot: no references, no second count
    assert result.backends["hps"] == "offline-critic" and result.critique_backend == "offline-critic"
    assert result.judge is None and result.critique and "score" not in result.critique.lower()
    assert result.total == pytest.approx(0.9 * result.components["hps"] + 0.05 + 0.05 * result.components["length"],
                                         abs=1e-5)


SWAP_BAND = 0.05  # the offline total of one painting may move at most this much between subjects


def test_offline_totals_are_comparable_across_subjects(love_png):
    """The same painting under the two subjects whose references differ most in critic score: within the band.
    Weighing the critic a second time through the judge slot (critic vs references) leaves it."""
    from critique_paint.reward.offline import OfflineCritic

    critic, probe = OfflineCritic(cache_size=500), Scorer(ScorerConfig(preset=load_preset("offline")))
    strength = {s: sum(critic.score(r.png) for r in probe.references(0, s)) / 4
                for s in sorted({e.subject for e in load_manifest(POOL_DIR)})}
    easy, hard = min(strength, key=strength.get), max(strength, key=strength.get)
    assert strength[hard] - strength[easy] > 0.2

    def totals(preset):
        return [score(Scorer(ScorerConfig(preset=preset)), png=love_png, source="x" * 8000, gate_passed=True,
                      subject=s, seed=0).total for s in (easy, hard)]

    once = totals(load_preset("offline"))
    assert abs(once[0] - once[1]) <= SWAP_BAND
    twice = totals(load_preset("offline").with_weights({"judge": 0.6, "hps": 0.3}))
    assert abs(twice[0] - twice[1]) > SWAP_BAND


def test_the_smoke_test_notice_names_the_offline_critic_for_real_models_only(tmp_path):
    from critique_paint.reward.mix import SMOKE_TEST_NOTICE, smoke_test_notice

    assert smoke_test_notice("offline", "Qwen/Qwen3.5-4B") == SMOKE_TEST_NOTICE
    assert "smoke-test" in SMOKE_TEST_NOTICE and "\n" not in SMOKE_TEST_NOTICE
    assert smoke_test_notice("offline", "tiny:text-128") is None
    assert smoke_test_notice("judge-led", "Qwen/Qwen3.5-4B") is None
    only_judge = tmp_path / "judge-only-offline.yaml"
    only_judge.write_text("weights: {judge: 1.0}\nbackends: {judge: offline, hps: hpsv3}\n")
    assert smoke_test_notice(str(only_judge), "Qwen/Qwen3.5-4B") == SMOKE_TEST_NOTICE


def test_grpo_prints_the_notice_as_one_line_before_loading_a_real_model(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    proc = run_cli("grpo", "--set", "model.name=no-such/model", "--reward-preset", "offline", "--out", "/nonexistent")
    from critique_paint.reward.mix import SMOKE_TEST_NOTICE

    assert proc.exit_code == 2 and SMOKE_TEST_NOTICE + "\n" in proc.stderr, proc.stderr
    proc = run_cli("grpo", "--set", "model.name=no-such/model", "--reward-preset", "judge-led", "--out", "/nonexistent")
    assert "smoke-test" not in proc.stderr


def test_gate_failure_scores_zero_with_the_violations_as_critique():
    scorer = Scorer(ScorerConfig(preset=load_preset("offline")))
    violations = [{"code": "p5_drawing", "message": "use brush.* instead of rect()", "line": 12}]
    result = score(scorer, png=None, source="x" * 800, gate_passed=False, violations=violations)
    assert result.total == 0.0 and result.components["gate"] == 0.0
    assert "p5_drawing (line 12)" in result.critique


def test_judge_preset_without_a_judge_is_a_config_error(monkeypatch):
    monkeypatch.delenv("CRITIQUE_PAINT_JUDGE_BASE_URL", raising=False)
    with pytest.raises(ConfigError, match="needs a pairwise judge"):
        Scorer(ScorerConfig(preset=load_preset("judge-led")))


def judge_cfg(server: ChatServer, **kw) -> JudgeConfig:
    return JudgeConfig(base_url=server.base_url, model="test-judge", timeout_s=2, retries=1, backoff_s=0.01, **kw)


def test_judge_preset_through_a_local_judge_server(love_png):
    def behaviour(request, i):
        urls = image_urls(request)
        if len(urls) == 1:
            return 200, "The lower third is bare: sink the stems into a sage ground wash.", 0
        return 200, json.dumps({"winner": "A" if urls[0] == png_data_url(love_png) else "B", "reason": "r"}), 0

    preset = load_preset("judge-led").with_weights({"hps": 0.0})
    with ChatServer(behaviour) as server:
        result = score(Scorer(ScorerConfig(preset=preset, judge=judge_cfg(server))), png=love_png,
                       source="x" * 12000, gate_passed=True, subject="a peach hibiscus", seed=1)
    assert result.components["judge"] == 1.0
    assert result.total == pytest.approx(0.6 + 0.05 + 0.05)
    assert result.backends["judge"] == "judge:test-judge"
    assert result.critique.startswith("The lower third") and "critique" in result.critique_backend


def test_unreachable_judge_leaves_the_painting_unscored(love_png):
    with ChatServer(lambda r, i: (500, {"error": {"message": "down"}}, 0)) as server:
        preset = load_preset("judge-led").with_weights({"hps": 0.0})
        result = score(Scorer(ScorerConfig(preset=preset, judge=judge_cfg(server))), png=love_png,
                       source="x" * 12000, gate_passed=True, seed=1)
    assert result.total is None
    assert "judge" in result.unscored_reason and "HTTP 500" in result.unscored_reason
    assert result.critique_backend == "offline-critic"


def test_references_are_shared_by_seed():
    scorer = Scorer(ScorerConfig(preset=load_preset("offline")))
    assert [r.id for r in scorer.references(9)] == [r.id for r in scorer.references(9)]
    assert sorted(r.tier for r in scorer.references(9)) == ["love", "love", "okay", "okay"]
    subject = judged_subject()
    assert [r.id for r in scorer.references(9, subject)] == [r.id for r in scorer.references(9, subject=subject)]
    assert {r.subject for r in scorer.references(9, subject)} == {subject}


def judged_subject() -> str:
    """A subject other than the training one with at least 2 love and 2 okay paintings in the pool."""
    pool = load_manifest(POOL_DIR)
    counts = {s: {t: sum(e.subject == s and e.tier == t for e in pool) for t in ("love", "okay")}
              for s in {e.subject for e in pool}}
    ok = sorted(s for s, c in counts.items() if min(c.values()) >= 3 and s != "a peach hibiscus")
    assert ok, counts
    return ok[0]


def test_the_judge_is_told_the_subject_and_sees_references_of_that_subject():
    subject = judged_subject()
    pool = load_manifest(POOL_DIR)
    same = {png_data_url((POOL_DIR / e.render).read_bytes()): e.id for e in pool if e.subject == subject}
    other = next(e for e in pool if e.subject != subject and e.tier == "love")
    love_png = (POOL_DIR / other.render).read_bytes()  # a painting of another subject, not among the references
    candidate = png_data_url(love_png)

    def behaviour(request, i):
        urls = image_urls(request)
        if len(urls) == 1:
            return 200, "Glaze the shadow side.", 0
        return 200, json.dumps({"reason": "r", "winner": "A" if urls[0] == candidate else "B"}), 0

    preset = load_preset("judge-led").with_weights({"hps": 0.0})
    with ChatServer(behaviour) as server:
        scorer = Scorer(ScorerConfig(preset=preset, judge=judge_cfg(server)))
        expected = [r.id for r in scorer.references(4, subject)]
        result = score(scorer, png=love_png, source="x" * 12000, gate_passed=True, subject=subject, seed=4)
    pairwise = [r for r in server.requests if len(image_urls(r)) == 2]
    assert len(pairwise) == 8 and result.components["judge"] == 1.0
    refs_seen = set()
    for request in pairwise:
        assert f"The subject: {subject}." in json.dumps(request["messages"][1])
        [ref_url] = [u for u in image_urls(request) if u != candidate]
        assert ref_url in same, "a reference of another subject was sent"
        refs_seen.add(same[ref_url])
    assert refs_seen == set(expected) and [c.reference_id for c in result.judge.comparisons] == expected


def test_comment_padding_does_not_change_the_length_term(love_png):
    from hacks import padded

    entry = next(e for e in load_manifest(POOL_DIR) if e.tier == "love")
    source = entry.source_text(POOL_DIR)
    pad = padded(source)
    assert len(pad) > 4 * len(source)
    assert length_score(pad) == length_score(source) < 1.0
    scorer = Scorer(ScorerConfig(preset=load_preset("offline")))
    a = score(scorer, png=love_png, source=source, gate_passed=True, seed=1)
    b = score(Scorer(ScorerConfig(preset=load_preset("offline"))), png=love_png, source=pad, gate_passed=True, seed=1)
    assert a.components["length"] == b.components["length"] and a.total == b.total
    # code does count: the same sketch twice is longer
    assert length_score(source + "\n" + source.replace("function ", "function x_")) > length_score(source)


def test_score_cli_contract(tmp_path, bloom_source):
    sketch = tmp_path / "bloom.js"
    sketch.write_text(bloom_source)
    proc = run_cli("score", str(sketch), "--json")
    assert proc.exit_code == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) >= {"total", "components", "backends", "judge", "critique", "unscored_reason"}
    assert set(data["judge"]) >= {"score", "comparisons"} and data["total"] is not None

    bad = tmp_path / "bad.js"
    bad.write_text(bloom_source.replace("brush.circle(300, 300, 40, false);", "rect(1, 2, 3, 4);"))
    proc = run_cli("score", str(bad), "--json")
    assert proc.exit_code == 1 and json.loads(proc.stdout)["total"] == 0.0

    proc = run_cli("score", str(sketch), "--json", "--reward-preset", "judge-led", "--weight", "hps=0",
                   "--judge-base-url", "http://127.0.0.1:9/v1", "--judge-timeout", "0.5")
    assert proc.exit_code == 3, proc.stderr
    assert json.loads(proc.stdout)["total"] is None

    proc = run_cli("score", str(sketch), "--reward-preset", "nope")
    assert proc.exit_code == 2 and "unknown reward preset" in proc.stderr and "Traceback" not in proc.stderr


def test_score_cli_accepts_a_png(love_png, tmp_path):
    png = tmp_path / "p.png"
    png.write_bytes(love_png)
    proc = run_cli("score", str(png), "--json")
    assert proc.exit_code == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert "length" not in data["components"] and data["total"] > 0


def test_judge_led_with_judge_and_hps_services(love_png):
    from test_hps import BrightnessScorer, serve

    def behaviour(request, i):
        urls = image_urls(request)
        if len(urls) == 1:
            return 200, "Deepen the darks under the petals.", 0
        return 200, json.dumps({"winner": "A", "reason": "r"}), 0

    with ChatServer(behaviour) as judge_server, serve(BrightnessScorer()) as hps_server:
        scorer = Scorer(ScorerConfig(preset=load_preset("judge-led"), judge=judge_cfg(judge_server),
                                     hps_url=hps_server.url, hps_timeout_s=5))
        result = score(scorer, png=love_png, source="x" * 12000, gate_passed=True, seed=2)
        assert hps_server.hits["/score"] == 1
    assert result.components["judge"] == 0.5
    assert 0 < result.components["hps"] < 1
    assert result.backends["hps"] == "hpsv3"
    assert result.total == pytest.approx(0.6 * 0.5 + 0.3 * result.components["hps"] + 0.1, abs=1e-5)


def test_hps_down_leaves_the_painting_unscored(love_png):
    preset = load_preset("hps-only")
    scorer = Scorer(ScorerConfig(preset=preset, hps_url="http://127.0.0.1:9", hps_timeout_s=0.5))
    scorer.hps.config.retries = 1
    result = score(scorer, png=love_png, source="x" * 12000, gate_passed=True)
    assert result.total is None and "hps" in result.unscored_reason
