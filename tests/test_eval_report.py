"""Evaluation statistics and report outputs, checked against hand-computed values."""

from __future__ import annotations

import math

import pytest
from PIL import Image
from rich.console import Console

from critique_paint.evaluate.report import plot_revision_gains, stats_markdown, stats_table
from critique_paint.evaluate.stats import (
    baseline_deltas,
    mean_ci,
    overall_gain,
    t_quantile_975,
    turn_stats,
)
from critique_paint.show.gallery import gallery_html, page_html

T1 = 12.7062047  # t at df 1 (tables print 12.706): every two-episode CI below is T1 * sd / sqrt(2)


def rows_for(policy: str, totals: list[float | None], *, subject: str = "fox", episode: int = 0, seed: int = 0,
             gates: list[bool] | None = None, paint: list[float | None] | None = None) -> list[dict]:
    return [{"policy": policy, "subject": subject, "episode": episode, "seed": seed, "turn": t + 1, "total": total,
             "gate_passed": True if gates is None else gates[t], "paint_fraction": None if paint is None else paint[t]}
            for t, total in enumerate(totals)]


def known_rows() -> list[dict]:
    return (rows_for("A", [0.2, 0.5, 0.4], episode=0, seed=0, paint=[0.8, 0.8, 0.8])
            + rows_for("A", [0.4, 0.3, 0.6], episode=1, seed=1, gates=[False, True, True],
                       paint=[None, 0.6, 0.6]))


def by_turn(stats, policy="A"):
    return {s.turn: s for s in stats if s.policy == policy}


@pytest.mark.parametrize(("df", "expected"), [(1, 12.706), (10, 2.228), (30, 2.042), (40, 2.021), (120, 1.980),
                                             (1000, 1.962)])
def test_t_quantile_matches_the_printed_table(df, expected):
    assert t_quantile_975(df) == pytest.approx(expected, abs=6e-4)
    with pytest.raises(ValueError):
        t_quantile_975(0)


def test_mean_ci_by_hand():
    mean, half = mean_ci([1.0, 2.0, 3.0, 4.0])
    # sample variance = (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3; half width = t(3) * sd / sqrt(4)
    assert mean == pytest.approx(2.5)
    assert half == pytest.approx(3.1824463 * math.sqrt(5 / 3) / 2)
    assert half == pytest.approx(2.0543, abs=1e-4)
    assert mean_ci([0.7]) == (pytest.approx(0.7), None)
    assert mean_ci([]) == (None, None)
    assert mean_ci([None, 0.7, None]) == (pytest.approx(0.7), None)


def test_turn_stats_known_rows():
    stats = turn_stats(known_rows())
    assert [(s.policy, s.turn) for s in stats] == [("A", 1), ("A", 2), ("A", 3)]
    t = by_turn(stats)
    assert (t[1].episodes, t[1].scored, t[1].pairs) == (2, 2, 0)
    assert t[1].mean == pytest.approx(0.3)
    assert t[1].ci95 == pytest.approx(T1 * 0.1)
    assert t[1].gain is None and t[1].gain_ci95 is None and t[1].improved is None
    assert t[1].gate_pass == pytest.approx(0.5)
    assert t[1].paint_fraction == pytest.approx(0.8)
    assert t[2].mean == pytest.approx(0.4)
    assert t[2].gain == pytest.approx(0.1)  # diffs +0.3 and -0.1
    assert t[2].gain_ci95 == pytest.approx(T1 * 0.2)
    assert t[2].improved == pytest.approx(0.5)
    assert t[2].pairs == 2
    assert t[2].gate_pass == pytest.approx(1.0)
    assert t[2].paint_fraction == pytest.approx(0.7)
    assert t[3].mean == pytest.approx(0.5)
    assert t[3].gain == pytest.approx(0.1)  # diffs -0.1 and +0.3
    assert t[3].improved == pytest.approx(0.5)


def test_overall_gain_known_rows():
    g = overall_gain(known_rows())["A"]
    assert g.n == 2
    assert g.mean == pytest.approx(0.2)
    assert g.ci95 == pytest.approx(0.0, abs=1e-12)
    assert g.improved == pytest.approx(1.0)


def test_unscored_and_uneven_episodes():
    rows = (known_rows()
            + rows_for("A", [0.9, None, 0.1], episode=2, seed=2)
            + rows_for("A", [0.1, 0.3], episode=3, seed=3)
            + rows_for("A", [0.5], episode=4, seed=4)
            + rows_for("A", [None, 0.7], episode=5, seed=5))
    t = by_turn(turn_stats(rows))
    assert (t[1].episodes, t[1].scored) == (6, 5)
    assert t[1].mean == pytest.approx(2.1 / 5)
    assert (t[2].episodes, t[2].scored) == (5, 4)
    assert t[2].mean == pytest.approx(1.8 / 4)
    assert t[2].pairs == 3  # ep 0, 1, 3; ep 2 unscored at turn 2, ep 5 unscored at turn 1
    assert t[2].gain == pytest.approx(0.4 / 3)
    assert t[2].improved == pytest.approx(2 / 3)
    assert (t[3].episodes, t[3].scored, t[3].pairs) == (3, 3, 2)
    assert t[3].mean == pytest.approx(1.1 / 3)
    assert t[3].gain == pytest.approx(0.1)
    g = overall_gain(rows)["A"]
    # ep 0, 1, 3: +0.2 each; ep 2: 0.1 - 0.9 from its last scored turn; ep 4 has one turn; ep 5 no first total
    assert g.n == 4
    assert g.mean == pytest.approx(-0.05)
    assert g.improved == pytest.approx(0.75)


def test_overall_gain_uses_last_scored_turn():
    g = overall_gain(rows_for("A", [0.3, 0.6, None]) + rows_for("B", [0.4]))
    assert (g["A"].n, g["A"].ci95) == (1, None)
    assert g["A"].mean == pytest.approx(0.3)
    assert (g["B"].n, g["B"].mean, g["B"].improved) == (0, None, None)


def test_policies_keep_first_appearance_order():
    rows = rows_for("zeta", [0.1, 0.2]) + rows_for("alpha", [0.3, 0.1])
    assert [(s.policy, s.turn) for s in turn_stats(rows)] == [("zeta", 1), ("zeta", 2), ("alpha", 1), ("alpha", 2)]
    assert list(overall_gain(rows)) == ["zeta", "alpha"]


def delta_rows() -> list[dict]:
    return (known_rows()
            + rows_for("B", [0.1, 0.6, 0.4], episode=0, seed=0)
            + rows_for("B", [0.5, None, 0.2], episode=1, seed=1)
            + rows_for("B", [0.0, 0.0, 0.0, 0.0], episode=0, seed=99))  # no partner in A


def test_baseline_deltas_pairing():
    d = {x["turn"]: x for x in baseline_deltas(delta_rows(), "A", "B")}
    assert sorted(d) == [1, 2, 3]  # turn 4 only in B
    assert d[1]["n"] == 2
    assert d[1]["mean"] == pytest.approx(0.0, abs=1e-12)  # +0.1 and -0.1
    assert d[1]["ci95"] == pytest.approx(T1 * 0.1)
    assert d[1]["better"] == pytest.approx(0.5)
    assert (d[2]["n"], d[2]["ci95"]) == (1, None)  # B's episode 1 is unscored at turn 2
    assert d[2]["mean"] == pytest.approx(-0.1)
    assert d[2]["better"] == pytest.approx(0.0)
    assert d[3]["mean"] == pytest.approx(0.2)  # 0.0 and +0.4; a tie is not better
    assert d[3]["better"] == pytest.approx(0.5)
    assert d[1]["policy"] == "A" and d[1]["baseline"] == "B"
    with pytest.raises(ValueError, match="nope"):
        baseline_deltas(delta_rows(), "A", "nope")


def test_markdown_and_table_numbers():
    rows = delta_rows()
    stats = turn_stats(rows)
    md = stats_markdown(stats, overall_gain(rows), baseline_deltas(rows, "A", "B"))
    a1, a2 = (line for line in md.splitlines() if line.startswith("| A | 1 ") or line.startswith("| A | 2 "))
    assert a1 == "| A | 1 | 2/2 | 0.300 ± 1.271 | – | – | 50% | 80% |"
    assert a2 == "| A | 2 | 2/2 | 0.400 ± 1.271 | +0.100 ± 2.541 | 50% | 100% | 70% |"
    assert "- **A**: +0.200 ± 0.000 · improved 100% · n = 2" in md
    assert "| 1 | 2 | +0.000 ± 1.271 | 50% |" in md
    assert "| 2 | 1 | -0.100 | 0% |" in md
    assert "| 3 | 2 | +0.200 ± " in md
    console = Console(record=True, width=200)
    console.print(stats_table(stats))
    text = console.export_text()
    assert "0.400 ± 1.271" in text and "+0.100 ± 2.541" in text and "2/2" in text


def test_markdown_without_deltas():
    md = stats_markdown(turn_stats(known_rows()), overall_gain(known_rows()))
    assert "Paired difference" not in md
    assert md.count("\n| A |") == 3


def _check_png(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(path) as im:
        assert im.width > 600


def test_plot_two_policies(tmp_path):
    out = plot_revision_gains(turn_stats(delta_rows()), tmp_path / "plots" / "gains.png")
    assert out == tmp_path / "plots" / "gains.png"
    _check_png(out)


def test_plot_one_policy_one_turn_without_ci(tmp_path):
    stats = turn_stats(rows_for("A", [0.4]))
    assert stats[0].ci95 is None
    _check_png(plot_revision_gains(stats, tmp_path / "one.png"))


def test_plot_unscored_gains(tmp_path):
    _check_png(plot_revision_gains(turn_stats(rows_for("A", [None, 0.4, None])), tmp_path / "none.png"))


def test_gallery_escapes_and_renders(tmp_path):
    turns = [
        {"turn": 1, "png": "img/a & b/t1.png", "total": 0.512, "gate_passed": True, "codes": [],
         "observation": "Painting 1 rendered.\n\n<script>alert(1)</script>", "critique": "<script>alert(1)</script>"},
        {"turn": 2, "png": None, "total": None, "gate_passed": False, "codes": ["<b>loop</b>", "no_brush"],
         "observation": "", "critique": ""},
        {"turn": 3, "png": "img/t3.png", "total": 0.7, "gate_passed": True, "codes": ["slow"],
         "observation": "Painting 3 rendered.", "critique": "too pale", "note": "warmer, please",
         "self_critique": "The petals are thin."},
    ]
    episodes = [
        {"policy": "base", "subject": "salt & pepper", "episode": 0, "seed": 7, "turns": turns},
        {"policy": "tuned <v2>", "subject": "salt & pepper", "episode": 0, "seed": 7, "turns": turns[:1]},
        {"policy": "base", "subject": "fox", "episode": 1, "seed": 7, "turns": turns[2:]},
    ]
    out = gallery_html(episodes, tmp_path / "gallery.html", "Gallery <run & 1>")
    page = out.read_text(encoding="utf-8")
    assert "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "salt &amp; pepper" in page and "salt & pepper" not in page
    assert "&lt;b&gt;loop&lt;/b&gt;" in page and "<b>" not in page
    assert "tuned &lt;v2&gt;" in page
    assert "<title>Gallery &lt;run &amp; 1&gt;</title>" in page
    assert page.count("<img ") == 4  # 2 rendered turns + 1 + 1
    assert page.count('loading="lazy"') == 4 and page.count('width="220"') == 4
    assert 'src="img/a%20%26%20b/t1.png"' in page
    assert page.count('class="missing"') == 1
    assert page.count('<section class="episode">') == 2
    assert "turn 1 · total 0.512" in page and "turn 2 · unscored" in page
    assert "✓" in page and "✗" in page
    assert page.count('<details class="observation">') == 4  # turns 1, 3 twice each; the empty answer gets none
    assert page.count('<details class="unseen">') == 2  # turn 3's critique was not in what the model read
    assert page.count('<details class="note">') == 2 and page.count('<details class="self_critique">') == 2
    assert "warmer, please" in page and "The petals are thin." in page
    assert "http" not in page


def test_page_html_skeleton():
    page = page_html("a < b", "<p>body</p>")
    assert page.startswith("<!doctype html>")
    assert "<h1>a &lt; b</h1>" in page and "<p>body</p>" in page and "<style>" in page


def test_a_policy_that_painted_nothing_is_summarised_not_a_crash(tmp_path):
    """Every episode of the first policy ended without a call (one unpainted row each): no pairing, a summary."""
    from critique_paint.evaluate.outputs import write_outputs
    from critique_paint.evaluate.settings import EvalSettings

    plan = EvalSettings(subjects=["fox"], episodes=2, seed=0, max_turns=2, critiques=["reward"])
    silent = [{"policy": "A", "subject": "fox", "episode": k, "seed": k, "turn": 0, "total": None,
               "painted": False, "ended": "no_call", "episode_reward": None} for k in range(2)]
    rows = silent + rows_for("B", [0.1, 0.6]) + rows_for("B", [0.5, 0.2], episode=1, seed=1)
    write_outputs(rows, ["A", "B"], plan, tmp_path, Console(record=True, width=120))
    summary = (tmp_path / "summary.md").read_text()
    assert "| B | 1 |" in summary and "| A | 1 |" not in summary


def turn(shapes: int | None = None, paint: float | None = None, brush: dict | None = None, p5: dict | None = None,
         codes: list[str] | None = None) -> dict:
    return {"total": 0.5, "shapes": shapes, "paint_fraction": paint, "brush_calls": brush or {}, "p5_calls": p5 or {},
            "codes": codes or [], "gate_passed": paint is not None}


def test_tool_use_refused_calls_and_shapes_by_subject_known_records():
    from critique_paint.evaluate.report import subject_shapes_table, tool_use_table
    from critique_paint.evaluate.rollout_metrics import rollout_metrics

    records = [
        {"subject": "fox", "group": "fox|0", "reward": 0.5, "turns": [
            turn(codes=["p5_drawing", "p5_drawing"]),
            turn(2, 0.2, {"fill": 2, "circle": 2}, {"random": 3, "sin": 1})]},
        {"subject": "fox", "group": "fox|0", "reward": 0.5,
         "turns": [turn(4, 0.4, {"fill": 1, "vertex": 8}, {"random": 1})]},
        {"subject": "owl", "group": "owl|0", "reward": 0.5, "turns": [turn(9, 0.6, {"fill": 3})]},
        {"subject": "owl", "group": "owl|0", "reward": 0.0,
         "turns": [turn(codes=["brush_not_allowed", "syntax_error"])]},
    ]
    m = rollout_metrics(records)
    use = m["tool_use"]
    assert use["paintings"] == 3 and use["sketches"] == 5
    assert use["helpers"] == {"random": {"share": pytest.approx(2 / 3), "per_painting": pytest.approx(4 / 3)},
                              "sin": {"share": pytest.approx(1 / 3), "per_painting": pytest.approx(1 / 3)}}
    assert m["helpers_per_painting"] == 1.0
    assert use["refused"] == {"brush_not_allowed": {"share": 0.2, "per_sketch": 0.2},
                              "p5_drawing": {"share": 0.2, "per_sketch": 0.4}}  # syntax_error is no call
    # final paintings: fox 2 and 4 shapes, owl 9 (its rejected episode has none); eta squared = 24 / 26
    assert m["subjects"] == {"fox": {"paintings": 2, "shapes_mean": 3, "shapes_median": 3,
                                     "coverage": pytest.approx(0.3)},
                             "owl": {"paintings": 1, "shapes_mean": 9, "shapes_median": 9, "coverage": 0.6}}
    assert m["shapes_subject_share"] == pytest.approx(24 / 26)
    assert tool_use_table({"P": use})[2:] == [
        "| `brush.fill` | 100% · 2.0 |", "| `brush.circle` | 33% · 0.7 |", "| `brush.vertex` | 33% · 2.7 |",
        "| brush methods per painting | 1.7 |", "| `random()` | 67% · 1.3 |", "| `sin()` | 33% · 0.3 |",
        "| p5 helpers per painting | 1.0 |", "| gate: brush_not_allowed | 20% · 0.2 |",
        "| gate: p5_drawing | 20% · 0.4 |"]
    assert subject_shapes_table({"P": m})[2:] == ["| fox | 3 · 0.300 |", "| owl | 9 · 0.600 |",
                                                  "| between subjects (eta squared) | 0.923 |"]
    one_subject = rollout_metrics(records[:2])
    assert one_subject["shapes_subject_share"] is None  # nothing to compare a subject with


def test_p5_calls_counts_call_sites_of_allowed_helpers_the_sketch_does_not_declare():
    from critique_paint.evaluate.sketch_calls import p5_calls

    source = """function lerp(a, b) { return a; }
function setup() { createCanvas(600, 600, WEBGL); noLoop(); }
function draw() {
  translate(-width / 2, -height / 2);
  for (let i = 0; i < 9; i++) { brush.circle(random(600), random(600), 20 + Math.sin(i), false); }
  const c = lerp(1, 2) + map(PI, 0, 1, 0, 2);
  rect(1, 2, 3, 4);
}"""
    assert p5_calls(source) == {"createCanvas": 1, "map": 1, "noLoop": 1, "random": 2, "translate": 1}
    assert p5_calls("") == {} and p5_calls("function setup( {") == {}
