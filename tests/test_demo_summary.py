"""The demo's opening paragraph says each measured figure with its interval, and whether that interval excludes 0."""

from __future__ import annotations

from critique_paint.evaluate.reading import Choice, choice_rate
from critique_paint.train.demo_summary import DemoFigures, demo_paragraph


def test_the_paragraph_opens_with_both_comparisons_and_says_where_each_interval_lies():
    reads = [Choice("sky", "sky", 0.9)] * 26 + [Choice("sky", "pale", 0.2)] * 14
    guesses = [Choice("sky", "sky", 0.3)] * 13 + [Choice("ground", "sky", 0.3)] * 27
    figures = DemoFigures(
        steps=6, first_step=0.1, last_step=0.2, slope_t=2.5, slope_p=0.05,
        versus_sft={"mean": 0.04, "ci95": 0.03, "n": 16},
        contrasts={"grpo": {"vs_reference": 0.11, "vs_reference_ci95": 0.05},
                   "sft": {"vs_reference": 0.01, "vs_reference_ci95": 0.05}},
        repairs={}, episodes=16, spread=0.75,
        revisions={"grpo reward": {"revisions": 16, "gate_pass": 1.0, "edit_share": 1.0, "tokens": 61.2},
                   "sft reward": {"revisions": 14, "gate_pass": 0.857, "edit_share": 1.0, "tokens": None}},
        reading={"sft reward": choice_rate(reads), "sft blind": choice_rate(guesses)})
    text = demo_paragraph(figures)
    assert text.startswith("On 16 held-out episodes")
    assert "+0.040 ± 0.030 (95 % interval, n = 16; above 0)" in text
    assert "is +0.110 ± 0.050 for the GRPO model (above 0) and +0.010 ± 0.050 for its SFT start (the interval " \
           "contains 0)" in text
    assert "GRPO 100% of 16 passed the gate, 100% by edit, 61 generated tokens each; SFT 86% of 14" in text
    assert "0.100 -> 0.200" in text and "t +2.50" in text and "75% of its groups had spread" in text
    assert "(40 held-out drafts, no sampling): the SFT start the named one in 26/40 (65%, 95 % 50%-78%)" in text
    assert "and 13/40 (32%, 95 % 20%-48%) blind (chance 33 %), the GRPO model in n/a and n/a." in text
    assert choice_rate([])["rate"] is None


def test_missing_figures_read_as_such():
    figures = DemoFigures(steps=0, first_step=None, last_step=None, slope_t=None, slope_p=None,
                          versus_sft={"mean": None, "ci95": None, "n": 0}, contrasts={}, repairs={}, episodes=0)
    text = demo_paragraph(figures)
    assert "is n/a (95 % interval, n = 0; no interval)" in text and "GRPO none; SFT none" in text
    assert "GRPO logged no trend" in text
