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


def attack(tmp_path, *args: str) -> tuple[int, dict]:
    result = run_cli("reward", "attack", "--renders", "3", "--families", "polygon_heap,blob_lump", "--subjects",
                     "a lighthouse,pears", "--workers", "2", "--out", str(tmp_path / "out"), "--cache",
                     str(tmp_path / "cache"), "--json", *args)
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


def test_attack_against_a_users_yaml_mix(tmp_path):
    mix = tmp_path / "mine.yaml"
    mix.write_text("name: mine\nweights: {judge: 0.0, hps: 0.5, gate: 0.5, length: 0.0}\n"
                   "backends: {judge: offline, hps: offline}\n")
    code, mine = attack(tmp_path, "--preset", str(mix))
    check_result(code, mine, tmp_path)
    assert mine["preset"] == "mine"
    # half the weight on the gate: every painting that passes earns at least 0.5, the pool's too
    assert all(r["best"] >= 0.5 and r["weakest_good"] >= 0.5 for r in mine["families"])


def test_an_unknown_family_is_one_line(tmp_path):
    result = run_cli("reward", "attack", "--families", "lion", "--out", str(tmp_path))
    assert result.exit_code == 2 and "unknown family 'lion'" in result.stderr
