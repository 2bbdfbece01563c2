"""`critique-paint eval` end to end on replay policies whose per-turn rewards are known in advance.

With the judge and HPS weights set to 0 and gate = length = 1, a painting that passes the gate scores
1 + length, where length is 0 at 600 characters and rises by 0.1 per 1140 characters; a rejected one scores 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from critique_paint.sketch import extract_sketch

from conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
BLOOM = extract_sketch((Path(__file__).parent / "fixtures" / "render" / "bloom.js").read_text())
KNOWN_WEIGHTS = ["--weight", "judge=0", "--weight", "hps=0", "--weight", "gate=1", "--weight", "length=1"]


def sketch_with_length_score(tenths: int) -> str:
    """The test bloom padded with a string constant to exactly 600 + 1140 * tenths characters of code."""
    from critique_paint.reward.length import code_text

    assert len(BLOOM) < 600
    target = 600 + 1140 * tenths
    return BLOOM + '\nlet pad = "' + "x" * (target - len(code_text(BLOOM)) - len('let pad="";')) + '";'


REJECTED = BLOOM.replace("brush.noStroke();", "brush.noStroke(;")
# subject -> the policy's three paintings and their known totals
POLICY = {
    "a yellow poppy": ([sketch_with_length_score(1), sketch_with_length_score(3), sketch_with_length_score(2)],
                       [1.1, 1.3, 1.2]),
    "a teapot": ([REJECTED, sketch_with_length_score(1), sketch_with_length_score(3)], [0.0, 1.1, 1.3]),
    "a red barn": ([sketch_with_length_score(2), sketch_with_length_score(2), sketch_with_length_score(3)],
                   [1.2, 1.2, 1.3]),
}


def write_replay(path: Path, label: str, episodes: dict[str, list[str]]) -> None:
    with path.open("w") as f:
        for subject, sketches in episodes.items():
            for turn, sketch in enumerate(sketches, 1):
                f.write(json.dumps({"event": "turn", "policy": label, "subject": subject, "turn": turn,
                                    "sketch": sketch}) + "\n")


def run_eval(*args: str):
    return run_cli("eval", *args, "--render-workers", "1", env={"COLUMNS": "160"})


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("eval")
    write_replay(tmp / "policy.jsonl", "p", {s: sk for s, (sk, _) in POLICY.items()})
    write_replay(tmp / "baseline.jsonl", "b", {s: [BLOOM] * 3 for s in POLICY})
    subjects = tmp / "subjects.txt"
    subjects.write_text("# three held-out subjects\n" + "\n".join(POLICY) + "\n\n")
    proc = run_eval("--policy", f"replay:{tmp / 'policy.jsonl'}", "--baseline",
                    f"replay:{tmp / 'baseline.jsonl'}", "--subjects", str(subjects), "--max-turns", "3",
                    "--concurrency", "4", "--out", str(tmp / "out"), *KNOWN_WEIGHTS)
    assert proc.exit_code == 0, proc.stderr[-2000:]
    return tmp / "out", proc.stdout


def test_results_hold_the_known_totals_per_episode_and_turn(evaluated):
    out, _ = evaluated
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(rows) == 18
    policy = f"replay:{out.parent / 'policy.jsonl'}"
    for subject, (_, totals) in POLICY.items():
        got = [r["total"] for r in rows if r["policy"] == policy and r["subject"] == subject]
        assert got == pytest.approx(totals, abs=1e-6)
        base = [r["total"] for r in rows if r["policy"] != policy and r["subject"] == subject]
        assert base == pytest.approx([1.0, 1.0, 1.0], abs=1e-6)
    rejected = next(r for r in rows if r["subject"] == "a teapot" and r["turn"] == 1 and r["policy"] == policy)
    assert not rejected["gate_passed"] and rejected["png"] is None and "syntax_error" in rejected["codes"]
    assert {r["seed"] for r in rows} == {0} and {r["episode"] for r in rows} == {0}
    assert {r["draft"] for r in rows} == {None} and {r["tokens"] for r in rows} == {None}  # a replay counts none


def test_the_per_turn_table_has_the_expected_gains(evaluated):
    out, stdout = evaluated
    summary = (out / "summary.md").read_text()
    # turn 1: (1.1 + 0 + 1.2) / 3; turn 2: 1.2, paired gains (0.2, 1.1, 0.0); turn 3: 3.8 / 3, gains (-0.1, 0.2, 0.1)
    per_turn = summary.split("Diversity of each policy's final paintings", 1)[0]
    lines = {ln.split("|")[2].strip(): ln for ln in per_turn.splitlines()
             if ln.startswith("| replay:") and "policy.jsonl" in ln}
    # 95 % CI half widths with t(2) = 4.303: sd(1.1, 0, 1.2) = 0.6658 -> 1.654; sd(0.2, 1.1, 0) = 0.5859 -> 1.456
    assert "0.767 ± 1.654" in lines["1"] and "67%" in lines["1"]  # mean, gate pass
    assert "1.200 ± 0.248" in lines["2"] and "+0.433 ± 1.456" in lines["2"] and "| 67% | 100% |" in lines["2"]
    assert "1.267" in lines["3"] and "+0.067" in lines["3"]
    assert "+0.500" in summary  # last minus first: (0.1, 1.3, 0.1)
    base_lines = [ln for ln in summary.splitlines() if ln.startswith("| replay:") and "baseline.jsonl" in ln]
    assert all("1.000" in ln and "100%" in ln for ln in base_lines[:3])
    assert "-0.233" in summary  # turn-1 delta against the baseline: (0.1, -1.0, 0.2) / 3
    assert "revision gains" in stdout or "turn" in stdout
    # the baseline replays one sketch for every episode (same seed): its final paintings do not vary at all
    diversity = summary.split("Diversity of each policy's final paintings", 1)[1]
    base = next(ln for ln in diversity.splitlines() if ln.startswith("| replay:") and "baseline.jsonl" in ln)
    assert base.split("|")[2].strip() == "3" and "| 0.000 [0.000, 0.000] |" in base, base


def test_the_summary_shows_how_each_policy_revised(evaluated):
    import re

    out, stdout = evaluated
    summary = (out / "summary.md").read_text()
    # turns 2 and 3 of three episodes, all rewrites that pass the gate; a replay cannot count generated tokens
    assert len(re.findall(r"^\| replay:\S+ \| 6 \| 0% \| 100% \| 100% \| – \| – \| – \| 0 \| – \|$", summary,
                          re.M)) == 2, summary
    assert "revisions 6 · by edit 0% · gate pass 100% · – tokens each" in stdout


def test_the_summary_shows_helpers_and_shapes_by_subject(evaluated):
    import re

    out, _ = evaluated
    summary = (out / "summary.md").read_text()
    assert re.search(r"^\| `sin\(\)` \| 100% · 1\.0 \| 100% · 1\.0 \|$", summary, re.M), summary  # both paint the bloom
    assert re.search(r"^\| gate: ", summary, re.M) is None  # a syntax error is no refused call
    for subject in POLICY:
        assert re.search(rf"^\| {subject} \| \d+ · 0\.\d{{3}} \| \d+ · 0\.\d{{3}} \|$", summary, re.M), subject
    # every final painting is the same bloom: as many shapes whatever the subject, so no share to give
    assert "| between subjects (eta squared) | – | – |" in summary


def test_plot_and_gallery_are_written(evaluated):
    out, _ = evaluated
    plot = out / "revision_gains.png"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(plot).size[0] > 600
    html = (out / "gallery.html").read_text()
    assert html.count("<img") == 17  # 18 paintings less the rejected one
    assert html.count("<section") == 3 and "syntax_error" in html
    for row in (out / "results.jsonl").read_text().splitlines():
        png = json.loads(row)["png"]
        assert png is None or (out / png).stat().st_size > 1000


def test_eval_refuses_a_human_policy_and_bad_subjects(tmp_path):
    proc = run_eval("--policy", "human", "--max-turns", "1", "--out", str(tmp_path / "out"))
    assert proc.exit_code == 2 and "needs a person" in proc.stderr and "Traceback" not in proc.stderr
    (tmp_path / "none.txt").write_text("# nothing\n")
    proc = run_eval("--policy", "replay:" + str(ROOT / "reference_pool"), "--subjects",
                    str(tmp_path / "none.txt"))
    assert proc.exit_code == 2 and "lists no subjects" in proc.stderr
