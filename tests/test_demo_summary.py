"""The demo's opening paragraph says each measured figure with its interval, and whether that interval excludes 0."""

from __future__ import annotations

from critique_paint.evaluate.reading import Choice, choice_rate
from critique_paint.train.demo_summary import DemoFigures, demo_paragraph


def test_the_paragraph_reports_every_figure_and_where_its_interval_lies():
    reads = [Choice("sky", "sky", 0.9)] * 26 + [Choice("sky", "pale", 0.2)] * 14
    guesses = [Choice("sky", "sky", 0.3)] * 13 + [Choice("ground", "sky", 0.3)] * 27
    figures = DemoFigures(
        steps=6, first_step=0.1, last_step=0.2, slope_t=2.5, slope_p=0.05,
        versus_sft={"mean": 0.04, "ci95": 0.03, "n": 16},
        contrasts={"reward": {"vs_reference": 0.01, "vs_reference_ci95": 0.05}, "image": {}},
        repairs={}, episodes=16,
        reading={"sft reward": choice_rate(reads), "sft blind": choice_rate(guesses)})
    text = demo_paragraph(figures)
    assert "0.100 -> 0.200" in text and "t +2.50" in text
    assert "+0.040 ± 0.030 (95 % interval, n = 16; above 0)" in text
    assert "+0.010 ± 0.050 with the reward's critique (the interval contains 0)" in text
    assert "n/a with the image alone (no interval)" in text
    assert "(40 held-out drafts, no sampling): the SFT start the named one in 26/40 (65%, 95 % 50%-78%)" in text
    assert "and 13/40 (32%, 95 % 20%-48%) blind (chance 33 %), the GRPO model in n/a and n/a." in text
    assert choice_rate([])["rate"] is None
