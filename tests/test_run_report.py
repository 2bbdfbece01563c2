"""The run report and gallery: a real archive (real renders, the offline critic) of a run whose paintings get
better step by step, read back by `critique-paint report`, and the gallery driven in Chromium."""

from __future__ import annotations

import json
import re

import pytest

from critique_paint.env.endpoint import LocalEndpoint
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.pool.synthetic import draft_and_revision
from critique_paint.render.pages import RenderOptions
from critique_paint.train.archive import RolloutArchive
from critique_paint.train.tool_env import PaintToolEnv

from conftest import run_cli
from helpers.sketches import SHORT_SKETCH

DOT = SHORT_SKETCH.replace("brush.circle(300, 300, 150, false);", "brush.circle(300, 300, 90, false);")
BROKEN = "function setup() { createCanvas(600, 600, WEBGL); }\nfunction draw() { text('hi', 1, 1); }"
STEPS = 6


def paintings(step: int, rollout: int) -> list[str]:
    """Two paintings per rollout; the run paints lone discs (some too faint to count: blank), then drafts, then
    drafts and their revisions."""
    draft, revision = draft_and_revision(rollout)
    if step < 2:
        return [DOT, BROKEN if rollout == 1 else DOT]
    if step < 4:
        return [DOT, draft]
    return [draft, revision if rollout != 1 else draft]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory, render_cache):
    run = tmp_path_factory.mktemp("run")
    archive = RolloutArchive(run, bad_reward=0.3)
    render = RenderOptions(workers=1, cache_dir=render_cache)  # the steps repeat paintings: each is rendered once
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=render)) as runtime:
        for step in range(STEPS):
            envs = []
            for r in range(4):
                env = PaintToolEnv(LocalEndpoint(runtime))
                env.reset(subject="a peach hibiscus", seed=r // 2, max_turns=2)
                for sketch in paintings(step, r):
                    env.paint(sketch)
                envs.append(env)
            archive.record(envs, step)
    return run


def test_steps_carry_every_metric(run_dir):
    steps = [json.loads(x) for x in (run_dir / "rollouts" / "steps.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == list(range(STEPS))
    for s in steps:
        for key in ("reward_p10", "reward_median", "reward_p90", "reward_best", "bad_share", "blank_share",
                    "coverage", "shapes", "zero_spread_share", "group_std", "gate_codes", "per_turn", "turn_gains",
                    "revision_gain", "ended", "draw", "components", "reward_draw_adjusted", "revisions",
                    "revision_edit_share", "revision_gate_pass", "tokens_per_revision", "edit_failures"):
            assert key in s, key
        assert s["rollouts"] == 4 and s["ended"] == {"turns_used": 4}
    assert steps[0]["gate_codes"]["text_drawing"] == 1 and steps[0]["bad_share"] == 1.0
    first = [json.loads(x) for x in (run_dir / "rollouts" / "step-0000" / "rollouts.jsonl").read_text().splitlines()]
    assert steps[0]["blank_share"] == sum("blank" in r["turns"][-1]["codes"] for r in first) / 4
    assert steps[-1]["bad_share"] < 1.0 and steps[-1]["reward_best"] > steps[0]["reward_best"]
    # a revision adds petals, glazes and stamens: more filled shapes, counted as the render ran
    assert steps[-1]["shapes"] > steps[0]["shapes"] >= 1
    # the brush methods the paintings called, counted by the sandbox: the discs call fill and circle only
    assert set(steps[0]["tool_use"]["methods"]) <= {"noStroke", "fill", "circle"}
    assert steps[0]["tool_use"]["methods"]["circle"]["share"] == 1.0
    assert steps[-1]["tool_use"]["methods"]["vertex"]["share"] == 1.0  # drafts and revisions draw washes
    assert steps[-1]["methods_per_painting"] > steps[0]["methods_per_painting"]
    # p5 helpers read from the source (the discs call four, every one), and the gate codes of refused calls: one
    # sketch of step 0's eight calls text()
    assert set(steps[0]["tool_use"]["helpers"]) == {"createCanvas", "noLoop", "translate", "background"}
    assert steps[0]["tool_use"]["helpers"]["translate"] == {"share": 1.0, "per_painting": 1.0}
    assert steps[0]["tool_use"]["refused"] == {"text_drawing": {"share": 1 / 8, "per_sketch": 1 / 8}}
    assert steps[-1]["tool_use"]["refused"] == {} and steps[0]["helpers_per_painting"] == 4.0
    assert steps[0]["subjects"]["a peach hibiscus"]["paintings"] == 3  # a rollout ended on the refused sketch
    assert steps[0]["shapes_subject_share"] is None  # one subject: nothing to compare it with
    # diversity of the final paintings: step 0 repeats one disc sketch; the last steps paint four different drafts
    assert steps[0]["diversity_code"] == 0.0
    assert steps[-1]["diversity_image"] > 2 * steps[0]["diversity_image"] and steps[-1]["diversity_code"] > 0
    assert steps[0]["diversity"]["paintings"] == 4
    records = [json.loads(x) for x in (run_dir / "rollouts" / "step-0005" / "rollouts.jsonl").read_text().splitlines()]
    assert len({r["id"] for r in records}) == 4 and all(r["group"].startswith("a peach hibiscus|") for r in records)
    assert all((run_dir / "rollouts" / "step-0005" / t["png"]).is_file() for r in records for t in r["turns"])


def test_report_command_writes_the_checklist(run_dir):
    result = run_cli("report", str(run_dir))
    assert result.exit_code == 0, result.stderr
    report = (run_dir / "report.md").read_text()
    headline = report.splitlines()[2]
    assert re.search(r"mean reward went 0\.\d{3} -> 0\.\d{3}", headline) and "slope t +" in headline
    assert "the run learned" in headline
    for row in ("mean reward", "share under 0.3", "median reward per step", "best reward per step", "coverage",
                "filled shapes per painting", "groups with zero spread", "revision gain", "draw-adjusted reward"):
        assert re.search(rf"^\| {re.escape(row)}[^|]* \|", report, re.M), row
    thirds = {m.group(1): m for m in re.finditer(r"^\| (mean reward) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| "
                                                   r"([+-][\d.]+) \|", report, re.M)}
    first, last = float(thirds["mean reward"].group(2)), float(thirds["mean reward"].group(4))
    assert last > first
    assert "## Per step" in report and "## Shapes and coverage against reward" in report
    assert "## Diversity" in report and re.search(r"^\| sketches \(code distance\) \| 0\.000 \|", report, re.M)
    assert re.search(r"^\| `brush.vertex` \| - \| [\d]+% · [\d.]+ \| 100% · [\d.]+ \|$", report, re.M), report
    assert re.search(r"^\| `translate\(\)` \| 100% · 1.0 \| 100% · 1.0 \| 100% · 1.0 \|$", report, re.M), report
    assert re.search(r"^\| gate: text_drawing \| \d+% · [\d.]+ \| - \| - \|$", report, re.M), report
    assert re.search(r"^\| a peach hibiscus \| 1 · 0\.\d{3} \| [\d.]+ · 0\.\d{3} \| [\d.]+ · 0\.\d{3} \|$", report,
                     re.M), report
    assert "No judge references were drawn" in report  # the offline preset draws none
    # every rollout's second painting is a rewrite; painted without a policy, its tokens are unknown
    assert re.search(r"^\| share by paint \| 1\.000 \| 1\.000 \| 1\.000 \| \+0\.000 \|", report, re.M), report
    assert re.search(r"^\| generated tokens per revision \| - \| - \| - \| - \|", report, re.M), report
    for plot in ("report_reward.png", "report_bad.png", "report_paint.png", "report_turns.png"):
        assert (run_dir / plot).stat().st_size > 5000, plot
    assert run_cli("report", str(run_dir / "rollouts")).exit_code == 2  # not a run folder: one clear line


def test_gallery_sorts_and_filters_in_chromium(run_dir, tmp_path):
    from playwright.sync_api import sync_playwright

    from critique_paint.render.assets import find_chromium

    run_cli("report", str(run_dir))
    page_url = (run_dir / "gallery.html").resolve().as_uri()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(page_url)
        assert page.text_content("#count") == f"{STEPS * 4} of {STEPS * 4} rollouts"
        assert page.locator("figure.turn img").count() == STEPS * 4 * 2 - 2  # the two broken sketches have none

        page.select_option("#sort", "reward-desc")
        rewards = [float(x) for x in page.eval_on_selector_all(
            "section.rollout", "els => els.map(e => e.dataset.reward)")]
        assert rewards == sorted(rewards, reverse=True) and rewards[0] > rewards[-1]

        page.select_option("#turn", "2")
        visible = page.eval_on_selector_all("section.rollout:not([hidden])",
                                            "els => els.map(e => e.querySelectorAll('figure:not([hidden])').length)")
        assert visible and set(visible) == {1}

        page.select_option("#gate", "rejected")
        records = [json.loads(x) for step in range(STEPS) for x in
                   (run_dir / "rollouts" / f"step-{step:04d}" / "rollouts.jsonl").read_text().splitlines()]
        rejected = sum(not r["turns"][1]["gate_passed"] for r in records)
        assert rejected >= 2 and page.text_content("#count") == f"{rejected} of {STEPS * 4} rollouts"
        page.select_option("#turn", "all")
        page.select_option("#gate", "all")
        page.select_option("#sort", "step-desc")
        assert page.eval_on_selector("section.rollout", "e => e.dataset.step") == str(STEPS - 1)
        page.locator("details.sketch summary").first.click()
        assert "brush." in page.locator("details.sketch pre").first.text_content()
        page.screenshot(path=str(tmp_path / "gallery.png"))
        browser.close()
    assert (tmp_path / "gallery.png").stat().st_size > 20000
