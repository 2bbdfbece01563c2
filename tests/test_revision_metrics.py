"""How a policy revises, measured: edit and paint shares, edit failures, revision gate pass and generated tokens
per revision, from hand-built records, from TRL's completion layout, and off a real `eval` run whose policy is a
tiny model forced to write fixed replies (drafts that share a subject and seed stay two episodes); the galleries
show an edit turn as its edits and a diff against its base."""

from __future__ import annotations

import json
import os
import re
from types import SimpleNamespace

import pytest
from rich.console import Console

from critique_paint.evaluate.rollout_metrics import revision_figures, rollout_metrics
from critique_paint.evaluate.stats import baseline_deltas, episode_records, turn_stats
from critique_paint.show.gallery import gallery_html
from critique_paint.train.archive import reply_tokens, turn_replies
from critique_paint.train.progress import RunProgress

from helpers.sketches import SHORT_SKETCH

END = 2


def turn(n: int, action: str | None, *, passed: bool = True, tokens: int | None = None,
         codes: tuple[str, ...] = ()) -> dict:
    row = {"turn": n, "gate_passed": passed, "codes": list(codes), "total": 1.0 if passed else 0.0}
    if action is not None:
        row["action"] = action
    return {**row, "tokens": tokens} if tokens is not None else row


def test_revision_figures_count_policy_turns_after_the_first_painting():
    drafted = {"reward": 1.0, "turns": [turn(1, "draft"), turn(2, "edit", tokens=40),
                                        turn(3, "edit", passed=False, tokens=30, codes=("edit_not_found",))]}
    # one reply with two moves: an edit and a rewrite that fails the gate; its tokens count on the first move
    painted = {"reward": 1.0, "turns": [turn(1, "paint", tokens=300), turn(2, "edit", tokens=20),
                                        turn(3, "paint", passed=False, tokens=0, codes=("syntax_error",))]}
    before_edits = {"reward": 1.0, "turns": [turn(1, None), turn(2, None)]}  # an archive from before `action`
    no_base = {"reward": 0.0, "turns": [turn(1, "edit", passed=False, tokens=12, codes=("edit_no_base",))]}
    found = revision_figures([drafted, painted, before_edits, no_base])
    assert found["revisions"] == 5 and found["edit_turns"] == 4
    assert found["edit_share"] == pytest.approx(3 / 5) and found["paint_share"] == pytest.approx(2 / 5)
    assert found["gate_pass"] == pytest.approx(3 / 5)
    assert found["tokens"] == pytest.approx((40 + 30 + 20 + 0) / 4)  # the old record's count is unknown
    assert found["tokens_edit"] == pytest.approx(30) and found["tokens_paint"] == 0
    assert found["edit_failures"] == {"edit_not_found": 1, "edit_no_base": 1}  # a gate code is no edit failure
    metrics = rollout_metrics([drafted, painted, before_edits, no_base])
    assert metrics["revision_edit_share"] == found["edit_share"] and metrics["tokens_per_revision"] == 22.5
    assert metrics["edit_failures"] == found["edit_failures"]
    empty = revision_figures([{"reward": 0.5, "turns": [turn(1, "paint", tokens=9)]}])
    assert empty["revisions"] == 0 and empty["edit_share"] is None and empty["tokens"] is None


def edit_message(*pairs: tuple[str, str], text: str = "") -> dict:
    calls = [{"type": "function", "function": {"name": "edit", "arguments": {"old": o, "new": n}}} for o, n in pairs]
    return {"role": "assistant", "content": text, "tool_calls": calls}


def test_reply_tokens_lay_out_trls_completion_ids():
    paint = {"type": "function", "function": {"name": "paint", "arguments": {"sketch": SHORT_SKETCH}}}
    completion = [edit_message(("a", "b"), ("c", "d"), text="warmer"), {"role": "tool", "content": "Edit 1 of 2"},
                  {"role": "tool", "content": "painted"},
                  {"role": "assistant", "content": "", "tool_calls": [paint, *edit_message(("e", "f"))["tool_calls"]]},
                  {"role": "tool", "content": "painted"}, {"role": "tool", "content": "painted"},
                  {"role": "assistant", "content": "done"}]
    suffix = lambda tools: [90, END, 91] * len(tools)  # noqa: E731 - a tool answer's ids hold an end token too
    ids = [5, 6, 7, END] + suffix([1, 2]) + [8, END] + suffix([1, 2]) + [9, 10, END]
    assert reply_tokens(completion, ids, frozenset({END}), suffix) == [4, 2, 3]
    # the two edit calls are one move; the paint and the edit after it two moves, the second counting 0 tokens
    assert list(turn_replies(completion, [4, 2, 3])) == [("warmer", 4), ("", 2), ("", 0)]
    cut = ids[:-1]  # the last reply ran out of tokens: it counts to the end
    assert reply_tokens(completion, cut, frozenset({END}), suffix) == [4, 2, 2]
    assert reply_tokens(completion, ids, frozenset({END}), None) == [None] * 3
    assert reply_tokens(completion, ids + [11], frozenset({END}), lambda tools: [90] * len(tools)) == [None] * 3
    assert list(turn_replies(completion, [None] * 3))[-1] == ("", None)


def rows(policy: str, draft: str | None, totals: list[float]) -> list[dict]:
    base = {"policy": policy, "subject": "a pear", "episode": 0, "seed": 0, "episode_reward": totals[-1]}
    out = [{**base, "turn": k, "total": t, "gate_passed": True} for k, t in enumerate(totals, 1)]
    return [{**r, "draft": draft} for r in out] if draft is not None else out


def test_two_drafts_on_one_subject_and_seed_are_two_episodes():
    found = rows("p", "a", [0.2, 0.5]) + rows("p", "b", [0.4, 0.4]) + rows("q", "a", [0.1, 0.3]) + \
        rows("q", "b", [0.4, 0.2])
    stats = {(s.policy, s.turn): s for s in turn_stats(found)}
    assert stats["p", 2].episodes == 2 and stats["p", 2].gain == pytest.approx((0.3 + 0.0) / 2)
    assert [r["draft"] for r in episode_records(found)["p"]] == ["a", "b"]
    [first, second] = baseline_deltas(found, "p", "q")
    assert first["n"] == 2 and second["mean"] == pytest.approx((0.2 + 0.2) / 2)
    plain = rows("p", None, [0.2, 0.5]) + rows("q", None, [0.1, 0.2])  # rows from before drafts
    assert baseline_deltas(plain, "p", "q")[1]["mean"] == pytest.approx(0.3)


def test_the_gallery_shows_an_edit_as_its_edits_and_a_diff(tmp_path):
    violet = SHORT_SKETCH.replace("#e8a07a", "#9b7fc0")
    edits = [{"old": '"#e8a07a"', "new": '"#9b7fc0"', "line": 9}]
    episode = {"policy": "p", "subject": "a pear", "episode": 0, "seed": 0, "draft": "d<1>", "turns": [
        {"turn": 1, "action": "draft", "sketch": SHORT_SKETCH, "total": 0.5, "gate_passed": True, "png": "a.png"},
        {"turn": 2, "action": "edit", "base_turn": 1, "edits": edits, "sketch": violet, "total": 0.6,
         "gate_passed": True, "png": "b.png"},
        {"turn": 3, "action": "edit", "base_turn": 2, "sketch": "", "total": 0.0, "gate_passed": False,
         "codes": ["edit_not_found"], "edits": [{"old": "<script>x</script>", "new": "y", "line": None}]}]}
    page = gallery_html([episode, {**episode, "draft": "e"}], tmp_path / "g.html", "a <page>").read_text()
    assert "<h1>a &lt;page&gt;</h1>" in page and page.count("<section") == 2
    assert "from the draft d&lt;1&gt;" in page and "from the draft e" in page
    assert page.count('<span class="action">the draft</span>') == 2
    assert 'edit of painting 1</span>' in page and "line 9: <del><code>&quot;#e8a07a&quot;</code></del>" in page
    assert re.search(r'diff against painting 1 \(\+1 −1\)</summary><pre class="diff"><span class="hunk">@@[^<]*'
                     r'</span>.*<span class="del">-  brush.fill\(&quot;#e8a07a&quot;, 200\);</span>'
                     r'<span class="add">\+  brush.fill\(&quot;#9b7fc0&quot;, 200\);</span>', page)
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>" not in page  # escaped; no diff when unpainted
    assert page.count('<details class="diff"') == 2


def test_an_openai_policys_reply_counts_its_tokens_on_its_first_move():
    from critique_paint.env.endpoint import LocalEndpoint
    from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
    from critique_paint.policy import PolicyOptions, make_policy
    from critique_paint.render.pages import RenderOptions
    from critique_paint.session.rollout import Rollout

    from openai_server import ChatServer

    calls = [{"id": f"c{k}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
             for k, (name, args) in enumerate([("paint", {"sketch": SHORT_SKETCH}),
                                               ("edit", {"old": "#e8a07a", "new": "#9b7fc0"})])]
    body = {"id": "c", "object": "chat.completion", "created": 0, "model": "painter",
            "choices": [{"index": 0, "finish_reason": "tool_calls",
                         "message": {"role": "assistant", "content": None, "tool_calls": calls}}],
            "usage": {"prompt_tokens": 900, "completion_tokens": 137, "total_tokens": 1037}}
    with ChatServer(lambda request, index: (200, body, 0)) as server, \
            PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions(workers=1))) as runtime:
        policy = make_policy("openai:painter", PolicyOptions(base_url=server.base_url))
        episode = Rollout(policy, LocalEndpoint(runtime), subject="a peach disc", max_turns=2)
        first, second = episode.run()
        policy.close()
    assert (first.action, first.tokens) == ("paint", 137) and (second.action, second.tokens) == ("edit", 0)
    assert second.gate_passed and second.row()["tokens"] == 0 and len(server.requests) == 1


# The scripted policy: both drafts (the same subject and seed) get the same three replies.
def call(name: str, **arguments: str) -> str:
    params = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in arguments.items())
    return f"<tool_call>\n<function={name}>\n{params}</function>\n</tool_call>"


GREEN = SHORT_SKETCH.replace("#e8a07a", "#7fa86a")
SCRIPTS = {"a peach disc": [f"Cooler.\n{call('edit', old='#e8a07a', new='#9b7fc0')}",
                            call("edit", old="#123456", new="#654321"), call("paint", sketch=GREEN)]}


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory):
    """`eval` of a tiny model forced to write SCRIPTS on two drafts of one subject, four paintings each."""
    from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
    from critique_paint.evaluate.outputs import evaluate
    from critique_paint.evaluate.settings import EvalSettings
    from critique_paint.policy import PolicyOptions, make_policy
    from critique_paint.pool.drafts import load_drafts
    from critique_paint.render.pages import RenderOptions

    from helpers.scripted import ScriptedBySubject

    tmp = tmp_path_factory.mktemp("eval")
    (tmp / "drafts").mkdir()
    (tmp / "drafts" / "big.js").write_text(SHORT_SKETCH)
    (tmp / "drafts" / "small.js").write_text(SHORT_SKETCH.replace("300, 300, 150", "300, 300, 110"))
    here = os.getcwd()
    os.chdir(tmp)  # the hf policy builds its tiny model under runs/cache
    try:
        policy = make_policy("hf:tiny:text", PolicyOptions(max_new_tokens=800, temperature=0.8))
    finally:
        os.chdir(here)
    scripted = ScriptedBySubject(policy.tokenizer, SCRIPTS)
    scripted.install(policy.model)
    plan = EvalSettings(subjects=list(SCRIPTS), episodes=1, max_turns=4, seed=0, reward_preset="offline",
                        concurrency=2, drafts=load_drafts(tmp / "drafts"))
    console = Console(record=True, width=160)
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions(workers=1))) as runtime:
        found = evaluate([policy], plan, tmp / "out", runtime, console)
    return found, tmp / "out", [len(ids) for ids in scripted.scripts["a peach disc"]], console.export_text()


def test_eval_rows_and_summary_carry_the_revisions(evaluated):
    found, out, lengths, printed = evaluated
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert rows == json.loads(json.dumps(found))
    for draft in ("big", "small"):
        episode = [r for r in rows if r["draft"] == draft]
        assert [r["action"] for r in episode] == ["draft", "edit", "edit", "paint"]
        assert [r["tokens"] for r in episode] == [None, *lengths]  # the policy's generated ids, end token included
        assert [r["codes"] for r in episode][1:] == [[], ["edit_not_found"], []]
        assert episode[1]["base_turn"] == 1 and episode[1]["edits"][0]["line"] == 9
    summary = (out / "summary.md").read_text()
    tokens = sum(lengths) / 3
    assert re.search(rf"^\| hf:tiny:text \| 6 \| 67% \| 33% \| 67% \| {tokens:.0f} \| "
                     rf"{(lengths[0] + lengths[1]) / 2:.0f} \| {lengths[2]} \| 4 \| edit_not_found 2 \|$",
                     summary, re.M), summary
    assert "| hf:tiny:text | 1 | 2/2 |" in summary  # two episodes at turn 1: the drafts do not collide
    assert f"revisions 6 · by edit 67% · gate pass 67% · {tokens:.0f} tokens each" in printed
    page = (out / "gallery.html").read_text()
    assert page.count("<section") == 2 and page.count("the draft</span>") == 2
    assert page.count('diff against painting 1 (+1 −1)') == 2 and page.count("edit_not_found") >= 2


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """One GRPO step of the same tiny model forced to write SCRIPTS: two rollouts from a draft."""
    from datasets import Dataset

    from critique_paint.config.training import load_train_config
    from critique_paint.models.loading import TINY_TEXT, load_policy
    from critique_paint.paths import CONFIGS_DIR
    from critique_paint.train.datasets import grpo_row
    from critique_paint.train.grpo import run_grpo

    from helpers.scripted import ScriptedBySubject
    from helpers.seeds import seed_overrides

    tmp = tmp_path_factory.mktemp("grpo")
    cfg = load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", [
        "model.name=tiny:text", "grpo.max_steps=1", "grpo.num_generations=2", "grpo.per_device_train_batch_size=2",
        "grpo.max_completion_length=2400", "grpo.save_strategy=no", "environment.render.workers=1",
        "environment.max_turns=4", 'environment.actions=["paint", "edit"]', "environment.system_prompt=full",
        f"environment.subjects={json.dumps(list(SCRIPTS))}", *seed_overrides()])
    _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp / "cache")
    data = Dataset.from_list([grpo_row("a peach disc", 0, 4, cfg.environment.episode.brush_methods,
                                       draft=SHORT_SKETCH)])
    scripted = ScriptedBySubject(tok, SCRIPTS)
    run_grpo(cfg, tmp / "run", dataset=data, callbacks=[scripted])
    return tmp / "run", [len(ids) for ids in scripted.scripts["a peach disc"]]


def test_grpo_turns_carry_their_replies_tokens(trained):
    run, lengths = trained
    records = [json.loads(x) for x in (run / "rollouts" / "step-0000" / "rollouts.jsonl").read_text().splitlines()]
    assert len(records) == 2
    for record in records:
        assert [t["action"] for t in record["turns"]] == ["draft", "edit", "edit", "paint"]
        assert [t["tokens"] for t in record["turns"]] == [None, *lengths]  # as eval counts them
        assert [t["policy_text"] for t in record["turns"]] == [None, "Cooler.", "", ""]
    [step] = [json.loads(x) for x in (run / "rollouts" / "steps.jsonl").read_text().splitlines()]
    assert step["revisions"]["revisions"] == 6 and step["revision_edit_share"] == pytest.approx(2 / 3)
    assert step["tokens_per_revision"] == pytest.approx(sum(lengths) / 3)
    assert step["edit_failures"] == {"edit_not_found": 2}
    progress = RunProgress(Console(), "grpo", live=False, main=True)
    progress.archive = SimpleNamespace(steps=[step])
    line = progress.step_line(1, {})
    assert (f"revisions 6: edit 67% / paint 33%, gate pass 67%, {sum(lengths) / 3:.0f} tokens each · "
            "edit failures edit_not_found 2") in line, line


def test_the_run_report_and_gallery_show_the_revisions(trained, tmp_path):
    from playwright.sync_api import sync_playwright

    from critique_paint.render.assets import find_chromium
    from critique_paint.train.report import write_report

    run, lengths = trained
    report = write_report(run).read_text()
    tokens = f"{sum(lengths) / 3:.0f}"
    assert f"Revisions (6): by edit 67%, passing the gate 67%, generated tokens each {tokens}." in \
        report.splitlines()[2]
    rest = r" \| - \| - \| - \| - \| - \|$"  # one step: the first third is the run, no change or slope
    assert re.search(rf"^\| generated tokens per revision \| {tokens}{rest}", report, re.M), report
    assert re.search(rf"^\| share by edit \| 0\.667{rest}", report, re.M), report
    assert re.search(rf"^\| edit failure: edit_not_found \| 2{rest}", report, re.M), report
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto((run / "gallery.html").resolve().as_uri())
        assert page.locator(".action", has_text="the draft").count() == 2
        assert page.locator(".action", has_text="edit of painting 1").count() == 2
        diff = page.locator("pre.diff").first
        assert diff.is_visible() and diff.locator(".del").text_content() == '-  brush.fill("#e8a07a", 200);'
        assert diff.locator(".add").text_content() == '+  brush.fill("#9b7fc0", 200);'
        assert page.locator("ol.edits del").first.text_content() == "#e8a07a"
        page.screenshot(path=str(tmp_path / "gallery.png"))
        browser.close()
