"""`eval --scorers`: every painting scored again by each preset, the trained-on scorer marked and the others held
out, the scorers' rank correlation, and a scorer whose service was not given reported and skipped (never 0)."""

from __future__ import annotations

import json

import pytest
from test_eval import BLOOM, KNOWN_WEIGHTS, POLICY, write_replay

from conftest import run_cli

LENGTH_ONLY = """name: length-only
weights: {judge: 0.0, hps: 0.0, gate: 0.0, length: 1.0}
backends: {judge: offline, hps: offline}
references: 4
"""


@pytest.fixture(scope="module")
def scored(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("scorers")
    write_replay(tmp / "policy.jsonl", "p", {s: sk for s, (sk, _) in POLICY.items()})
    write_replay(tmp / "baseline.jsonl", "b", {s: [BLOOM] * 3 for s in POLICY})
    (tmp / "length.yaml").write_text(LENGTH_ONLY)
    subjects = tmp / "subjects.txt"
    subjects.write_text("\n".join(POLICY) + "\n")
    proc = run_cli("eval", "--policy", f"replay:{tmp / 'policy.jsonl'}",
                   "--baseline", f"replay:{tmp / 'baseline.jsonl'}", "--subjects", str(subjects),
                   "--max-turns", "3", "--out", str(tmp / "out"), "--render-workers", "1",
                   "--scorers", f"offline,{tmp / 'length.yaml'},judge-led", "--trained-on", "offline",
                   *KNOWN_WEIGHTS, env={"COLUMNS": "160"})
    assert proc.exit_code == 0, proc.stderr[-2000:]
    return tmp / "out"


def test_each_policys_gain_under_each_scorer_with_the_trained_on_one_marked(scored):
    data = json.loads((scored / "scorers.json").read_text())
    assert data["trained_on"] == "offline"
    gains = {(g["policy"].rsplit("/", 1)[-1], g["scorer"].rsplit("/", 1)[-1]): g for g in data["gains"]}
    assert set(gains) == {(p, s) for p in ("policy.jsonl", "baseline.jsonl") for s in ("offline", "length.yaml")}
    assert {g["role"] for (_, s), g in gains.items() if s == "offline"} == {"trained on"}
    assert {g["role"] for (_, s), g in gains.items() if s == "length.yaml"} == {"held out"}
    # the length preset scores exactly the length ramp: tenths 1,3,2 | rejected,1,3 | 2,2,3
    length = gains[("policy.jsonl", "length.yaml")]
    assert length["final"] == pytest.approx((0.2 + 0.3 + 0.3) / 3, abs=1e-6)
    assert length["gain"] == pytest.approx((0.1 + 0.3 + 0.1) / 3, abs=1e-6) and length["episodes"] == 3
    assert gains[("baseline.jsonl", "length.yaml")]["gain"] == pytest.approx(0.0, abs=1e-9)
    assert gains[("policy.jsonl", "offline")]["final"] > 0


def test_an_unreachable_scorer_is_skipped_and_the_scorers_are_correlated(scored):
    data = json.loads((scored / "scorers.json").read_text())
    assert list(data["skipped"]) == ["judge-led"] and "needs a pairwise judge" in data["skipped"]["judge-led"]
    assert "judge-led" not in data["scores"]
    (corr,) = data["rank_correlations"]
    assert corr["n"] == 17 and -1.0 <= corr["rho"] <= 1.0  # 8 + 9 rendered paintings (one was rejected)
    summary = (scored / "summary.md").read_text()
    assert "Scorers (every painting scored again by each; trained on: offline)" in summary
    assert "Scorer judge-led: skipped (" in summary and "Rank correlation between scorers" in summary
    assert "| trained on |" in summary and "| held out |" in summary


def test_a_misspelt_scorer_is_one_line_before_any_episode(tmp_path):
    result = run_cli("eval", "--policy", "replay:x.jsonl", "--scorers", "offline,no-such-preset",
                     "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "no-such-preset" in result.stderr
    assert not (tmp_path / "out").exists()
