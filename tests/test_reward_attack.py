"""The reward under attack: generator families that stay legal, `critique-paint reward attack` on a tiny budget
against a built-in preset and a user's YAML mix (real Chromium, the real critic)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from critique_paint.reward.attack_families import FAMILIES, HELD_OUT, family_names
from critique_paint.sketch import check_sketch

from conftest import run_cli


def test_every_family_sketch_passes_the_gate_anywhere_in_its_cube():
    rng = np.random.default_rng(7)
    for name, family in FAMILIES.items():
        d = len(family.genes)
        for x in (np.zeros(d), np.ones(d), *rng.random((12, d))):
            verdict = check_sketch(family.source(x))
            assert verdict.passed, (name, [v.code for v in verdict.violations])


def test_families_split_into_training_and_held_out():
    assert set(HELD_OUT) < set(FAMILIES) and len(HELD_OUT) >= 4
    assert family_names("train") == [n for n in FAMILIES if n not in HELD_OUT]
    assert family_names("held-out,tiling") == [*HELD_OUT, "tiling"]
    with pytest.raises(ValueError, match="unknown family 'lion'"):
        family_names("tiling,lion")


@pytest.fixture(scope="module")
def pool_renders(tmp_path_factory) -> str:
    """A render cache the tests that do not count renders share: the pool's good paintings are rendered once."""
    return str(tmp_path_factory.mktemp("attack-renders"))


def attack(tmp_path, *args: str, cache: str | None = None) -> tuple[int, dict]:
    result = run_cli("reward", "attack", "--renders", "3", "--families", "polygon_heap,blob_lump", "--subjects",
                     "a lighthouse,pears", "--workers", "2", "--out", str(tmp_path / "out"), "--cache",
                     cache or str(tmp_path / "cache"), "--json", *args)
    return result.exit_code, json.loads(result.stdout.strip().splitlines()[-1])


def check_result(code: int, data: dict, tmp_path) -> None:
    rows = data["families"]
    assert [(r["family"], r["subject"]) for r in rows] == [
        (f, s) for f in ("polygon_heap", "blob_lump") for s in ("a lighthouse", "pears")]
    assert data["renders"] == 3 and sum({r["family"]: r["renders"] for r in rows}.values()) == 3
    for r in rows:
        assert r["held_out"] == (r["family"] in HELD_OUT)
        assert 0 <= r["best"] <= 1 and 0 < r["weakest_good"] <= r["median_good"] <= 1
        assert r["ratio"] == pytest.approx(r["best"] / r["weakest_good"], abs=1e-3)
    assert code == (1 if any(r["ratio"] > data["safe_ratio"] for r in rows) else 0)
    assert Image.open(data["sheet"]).size[0] > 200
    finds = json.loads((tmp_path / "out" / "finds.json").read_text())["finds"]
    assert len(finds) == 3 and all(check_sketch(f["source"]).passed for f in finds)
    best = {(f["family"], s): max(g["scores"][s] for g in finds if g["family"] == f["family"])
            for f in finds for s in f["scores"]}
    assert {(r["family"], r["subject"]): r["best"] for r in rows} == pytest.approx(best, abs=1e-4)


def test_attack_against_a_preset_is_deterministic_and_uses_the_render_cache(tmp_path):
    code, first = attack(tmp_path, "--preset", "offline")
    check_result(code, first, tmp_path)
    assert first["fresh_renders"] == 3 - first["cache_hits"] and first["fresh_renders"] >= 1
    again_code, again = attack(tmp_path, "--preset", "offline")
    assert again["cache_hits"] == 3 and again["fresh_renders"] == 0
    assert again["families"] == first["families"] and again_code == code
    # the offline preset pays the same painting the same under every subject
    for r in first["families"]:
        assert r["best"] == next(o["best"] for o in first["families"] if o["family"] == r["family"])


def test_attack_against_a_users_yaml_mix(tmp_path, pool_renders):
    mix = tmp_path / "mine.yaml"
    mix.write_text("name: mine\nweights: {judge: 0.0, hps: 0.5, gate: 0.5, length: 0.0}\n"
                   "backends: {judge: offline, hps: offline}\n")
    code, mine = attack(tmp_path, "--preset", str(mix), cache=pool_renders)
    check_result(code, mine, tmp_path)
    assert mine["preset"] == "mine"
    # half the weight on the gate: every painting that passes earns at least 0.5, the pool's too
    assert all(r["best"] >= 0.5 and r["weakest_good"] >= 0.5 for r in mine["families"])


def test_an_unknown_family_is_one_line(tmp_path):
    result = run_cli("reward", "attack", "--families", "lion", "--out", str(tmp_path))
    assert result.exit_code == 2 and "unknown family 'lion'" in result.stderr


class ScoresThenFails:
    """An HPSv3 scorer (the real service app over loopback) that answers its first `answers` requests and fails
    every later one, as a service that goes down mid-attack."""

    def __init__(self, answers: int):
        from test_hps import BrightnessScorer

        self.answers, self.calls, self.brightness = answers, 0, BrightnessScorer.brightness

    def __call__(self, images, prompt):
        self.calls += 1
        if self.calls > self.answers:
            raise RuntimeError("CUDA out of memory (simulated)")
        return self.brightness(images, prompt)


def test_a_candidate_the_service_cannot_score_is_left_out_not_scored_zero(tmp_path, pool_renders):
    """pears has 5 love paintings: the service answers those and 8 candidates, then goes down."""
    from test_hps import serve

    mix = tmp_path / "hps.yaml"
    mix.write_text("name: hps-only\nweights: {judge: 0.0, hps: 1.0, gate: 0.0, length: 0.0}\n"
                   "backends: {judge: offline, hps: hpsv3}\n")
    common = ["reward", "attack", "--preset", str(mix), "--families", "polygon_heap", "--subjects", "pears",
              "--workers", "2", "--cache", pool_renders, "--json"]
    with serve(ScoresThenFails(5 + 8)) as srv:
        result = run_cli(*common, "--renders", "16", "--hps-url", srv.url, "--out", str(tmp_path / "half"))
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    # 8 answers for candidates: a gate-refused one asks the service nothing, and the generations go in turn
    unscored = 16 - data["rejected"] - 8
    assert unscored > 0 and data["unscored"] == unscored and "HPSv3 service" in data["unscored_reason"]
    assert f"{unscored} of 16 candidates could not be scored" in " ".join(result.stderr.split())
    assert data["untold_generations"] == 1  # the second generation: CMA-ES is told nothing rather than 0s
    finds = json.loads((tmp_path / "half" / "finds.json").read_text())["finds"]
    assert len(finds) == 8 and all(f["mean"] is not None and None not in f["scores"].values() for f in finds)
    [row] = data["families"]
    assert row["best"] == pytest.approx(max(f["mean"] for f in finds), abs=1e-4) and row["renders"] == 16
    assert data["growth"][-1]["best"] == row["best"]

    with serve(ScoresThenFails(5)) as srv:  # the good paintings scored, then nothing: no result to report
        result = run_cli(*common, "--renders", "8", "--hps-url", srv.url, "--out", str(tmp_path / "none"))
    assert result.exit_code == 2 and "scored none of the" in result.stderr and "passed the gate" in result.stderr
    with serve(ScoresThenFails(0)) as srv:  # down from the start: nothing to compare with
        result = run_cli(*common, "--renders", "8", "--hps-url", srv.url, "--out", str(tmp_path / "down"))
    assert result.exit_code == 2 and "could not score the pool's good paintings of 'pears'" in result.stderr


def test_the_search_maximises_the_worst_ratio_over_subjects():
    from critique_paint.reward.attack import Good, worst_ratio

    good = [Good("a lighthouse", [0.4, 0.8]), Good("pears", [0.2, 0.5]), Good("a xylophone", [])]
    assert worst_ratio({"a lighthouse": 0.2, "pears": 0.2, "a xylophone": 0.9}, good) == pytest.approx(1.0)
    assert worst_ratio({"a lighthouse": 0.6, "pears": 0.1, "a xylophone": 0.0}, good) == pytest.approx(1.5)
    assert worst_ratio({"a lighthouse": 0.6, "pears": None, "a xylophone": 0.0}, good) is None
    assert worst_ratio({"a xylophone": 0.3, "an ocarina": 0.5}, good) == pytest.approx(0.4)  # no good painting: mean


def test_a_preset_that_pays_one_subject_ranks_finds_by_their_worst_ratio(tmp_path, pool_renders):
    """An HPSv3 service that pays light paintings for the lighthouse and dark ones for pears: every painted
    candidate's mean is 0.5, so only its worst ratio, what the search is told, tells the candidates apart."""
    from test_hps import BrightnessScorer, serve

    def by_subject(images, prompt):
        light = BrightnessScorer.brightness(images, prompt)
        return light if "lighthouse" in prompt else [(-mu, sigma) for mu, sigma in light]

    mix = tmp_path / "hps.yaml"
    mix.write_text("name: hps-only\nweights: {judge: 0.0, hps: 1.0, gate: 0.0, length: 0.0}\n"
                   "backends: {judge: offline, hps: hpsv3}\n")
    with serve(by_subject) as srv:
        result = run_cli("reward", "attack", "--preset", str(mix), "--families", "polygon_heap", "--subjects",
                         "a lighthouse,pears", "--workers", "2", "--cache", pool_renders, "--json", "--renders", "8",
                         "--hps-url", srv.url, "--out", str(tmp_path / "out"))
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    weakest = {s["subject"]: s["weakest_good"] for s in data["subjects"]}
    finds = json.loads((tmp_path / "out" / "finds.json").read_text())["finds"]
    assert len(finds) == 8
    for f in finds:
        assert f["objective"] == pytest.approx(max(v / weakest[s] for s, v in f["scores"].items()), abs=1e-3)
    assert [f["objective"] for f in finds] == sorted((f["objective"] for f in finds), reverse=True)
    painted = [f for f in finds if any(f["scores"].values())]  # a candidate under the paint floor totals 0
    assert len(painted) >= 5
    assert max(f["mean"] for f in painted) - min(f["mean"] for f in painted) < 0.01  # the mean could not rank them
    assert painted[0]["objective"] - painted[-1]["objective"] > 0.05
