"""One reply parser: the same model replies, fed through GRPO's tool loop and through `eval`'s rollout, give the
same paintings, the same verdicts and the same recorded end of the episode."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from critique_paint.env.replies import END_REASONS, parse_reply
from critique_paint.sketch.edits import Edit, apply_edits

from helpers.sketches import SHORT_SKETCH

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)


VIOLET = SHORT_SKETCH.replace("#e8a07a", "#9b7fc0")
GREEN = SHORT_SKETCH.replace("#e8a07a", "#7fa86a")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


def call(sketch: str, name: str = "paint", parameter: str = "sketch") -> str:
    return f"<tool_call>\n<function={name}>\n<parameter={parameter}>\n{sketch}\n</parameter>\n</function>\n</tool_call>"


def edit(old: str, new: str, names: tuple[str, str] = ("old", "new")) -> str:
    """An `edit` call as Qwen3.5 writes it (its XML arguments lose their outer whitespace when parsed)."""
    args = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in zip(names, (old, new), strict=True))
    return f"<tool_call>\n<function=edit>\n{args}</function>\n</tool_call>"


# Edits of SHORT_SKETCH: two that paint a violet, smaller disc; one that quotes nothing there; one that matches 3 times.
RECOLOUR, SHRINK = edit('"#e8a07a", 200', '"#9b7fc0", 200'), edit("300, 300, 150", "300, 320, 120")
MISSING, AMBIGUOUS = edit("brush.circle(300, 300, 15, false);", "brush.circle(1, 1, 1, false);"), edit("300, ", "310, ")

# Each subject is one scripted episode of three paintings at most; one reply per round (the last repeats).
SCRIPTS = {
    "a thinking fox": [f"<think>\nwarm colours first\n</think>\n\nA peach disc.\n{call(SHORT_SKETCH)}",
                       f"Now violet.\n{call(VIOLET)}", "That is the one I keep."],
    "two pears": [f"{call(SHORT_SKETCH)}\n{call(VIOLET)}", call(GREEN), call(GREEN)],
    "a broken kettle": [call(SHORT_SKETCH).replace("</parameter>\n", ""), call(SHORT_SKETCH, name="draw"),
                        "I will stop here."],
    "a json swan": ['<tool_call>\n{"name": "paint", "arguments": {"sketch": "x"}}\n</tool_call>'],
    "a violet plum": [call(SHORT_SKETCH), f"Violet, and smaller.\n{RECOLOUR}\n{SHRINK}", "Done."],
    "a lost heron": [call(SHORT_SKETCH), MISSING, AMBIGUOUS],
    "an idle moth": [edit("noLoop();", "noLoop(); // first"), call(SHORT_SKETCH), edit("noLoop();", "noLoop();")],
    "a muddled hen": [call(SHORT_SKETCH), edit('"#e8a07a"', '"#9b7fc0"', names=("old", "text")), "Stop."],
    "a quick quince": [f"{call(SHORT_SKETCH)}\n{RECOLOUR}\n{SHRINK}", "Done."],
}
EXPECTED = {  # (codes per painting, how the episode ended)
    "a thinking fox": ([[], []], "no_call"),
    "two pears": ([[], [], []], "turns_used"),
    "a broken kettle": ([["bad_call"], ["bad_call"]], "no_call"),
    "a json swan": ([], "malformed_call"),
    "a violet plum": ([[], []], "no_call"),
    "a lost heron": ([[], ["edit_not_found"], ["edit_ambiguous"]], "turns_used"),
    "an idle moth": ([["edit_no_base"], [], ["edit_noop"]], "turns_used"),
    "a muddled hen": ([[], ["bad_call"]], "no_call"),
    "a quick quince": ([[], []], "no_call"),
}
ACTIONS = {  # each painting's action, where a subject edits
    "a violet plum": ["paint", "edit"], "a lost heron": ["paint", "edit", "edit"],
    "an idle moth": ["edit", "paint", "edit"], "a muddled hen": ["paint", "edit"], "a quick quince": ["paint", "edit"],
}


def test_each_reply_kind_parses_as_expected():
    fox = parse_reply(SCRIPTS["a thinking fox"][0])
    assert fox.thinking == "warm colours first" and fox.text == "A peach disc." and fox.sketch == SHORT_SKETCH
    assert [c.sketch for c in parse_reply(SCRIPTS["two pears"][0]).calls] == [SHORT_SKETCH, VIOLET]
    broken, other = (parse_reply(r) for r in SCRIPTS["a broken kettle"][:2])
    assert broken.calls and broken.sketch is None and "exactly one argument" in broken.calls[0].error
    assert other.sketch is None and "no tool named 'draw'" in other.calls[0].error
    assert parse_reply(SCRIPTS["a json swan"][0]).ends == "malformed_call"
    group = parse_reply(SCRIPTS["a violet plum"][1])
    assert [c.edit for c in group.calls] == [Edit('"#e8a07a", 200', '"#9b7fc0", 200'),
                                             Edit("300, 300, 150", "300, 320, 120")]
    assert [len(m.calls) for m in group.moves()] == [2] and group.text == "Violet, and smaller."
    assert [(m.edits, m.index, len(m.calls)) for m in parse_reply(SCRIPTS["a quick quince"][0]).moves()] == [
        (False, 0, 1), (True, 1, 2)]  # a paint, then an edit group: two paintings
    [wrong] = parse_reply(SCRIPTS["a muddled hen"][1]).moves()
    assert wrong.error == "edit takes exactly two text arguments, old and new; got old, text"
    assert parse_reply(edit("  noLoop();\n", "\n noLoop(); ")).calls[0].edit == Edit("noLoop();", "noLoop();")
    assert parse_reply("I will stop here.").ends == "no_call"
    assert parse_reply(call(SHORT_SKETCH)[:40], truncated=True).ends is None  # a cut call is still a (bad) call
    assert parse_reply("half a thought", truncated=True).ends == "length"
    assert set(END_REASONS) >= {r for _, r in EXPECTED.values()}


def test_our_reply_format_parses_as_trls_qwen35_template():
    from transformers.utils.chat_parsing import parse_response
    from trl.chat_template_utils import qwen3_5_template

    from critique_paint.env.protocol import tool_schemas
    from critique_paint.env.replies import REPLY_FORMAT, START_OF_REPLY

    tools = tool_schemas()
    assert [t["function"]["name"] for t in tools] == ["paint", "edit"]
    for replies in SCRIPTS.values():
        for text in replies:
            raw = text + "<|im_end|>"
            ours = parse_response(raw, REPLY_FORMAT, prefix=START_OF_REPLY, tools=tools)
            assert ours == parse_response(raw, qwen3_5_template, prefix=START_OF_REPLY, tools=tools)


@pytest.fixture(scope="module")
def grpo_turns(tmp_path_factory, render_cache):
    """One GRPO step: two rollouts of each scripted subject, through TRL's tool loop."""
    from datasets import Dataset

    from critique_paint.config.training import load_train_config
    from critique_paint.models.loading import TINY_TEXT, load_policy
    from critique_paint.paths import CONFIGS_DIR
    from critique_paint.train.datasets import grpo_row
    from critique_paint.train.grpo import run_grpo

    from helpers.scripted import ScriptedBySubject
    from helpers.seeds import seed_overrides

    tmp = tmp_path_factory.mktemp("grpo")
    subjects = json.dumps(list(SCRIPTS))
    cfg = load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", [
        "model.name=tiny:text", "grpo.max_steps=1", "grpo.num_generations=2",
        f"grpo.per_device_train_batch_size={2 * len(SCRIPTS)}", "grpo.max_completion_length=2400",
        "grpo.save_strategy=no", f"environment.subjects={subjects}", f"environment.prompts={len(SCRIPTS)}",
        "environment.max_turns=3", "environment.render.workers=1", 'environment.actions=["paint", "edit"]',
        "environment.drafts=null", f"environment.render.cache_dir={render_cache}", *seed_overrides()])
    _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp / "cache")
    # every subject at seed 0, as eval's episode 0 paints it (the config's rows would give row i seed i)
    rows = Dataset.from_list([grpo_row(subject, 0, 3, cfg.environment.episode.brush_methods) for subject in SCRIPTS])
    trainer = run_grpo(cfg, tmp / "run", dataset=rows, callbacks=[ScriptedBySubject(tok, SCRIPTS)])
    records = [json.loads(line) for line in (tmp / "run" / "rollouts" / "step-0000" / "rollouts.jsonl")
               .read_text().splitlines()]
    return trainer, records, tmp / "run"


@pytest.fixture(scope="module")
def eval_rows(tmp_path_factory, render_cache):
    """The same subjects through `eval`'s rollout, a local model policy generating the same replies."""
    from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
    from critique_paint.evaluate.runner import run_policy
    from critique_paint.evaluate.settings import EvalSettings
    from critique_paint.policy import PolicyOptions, make_policy
    from critique_paint.render.pages import RenderOptions

    from helpers.scripted import ScriptedBySubject

    tmp = tmp_path_factory.mktemp("eval")
    os.chdir(tmp)  # the hf policy builds its tiny model under runs/cache
    policy = make_policy("hf:tiny:text", PolicyOptions(max_new_tokens=800, temperature=0.8))
    ScriptedBySubject(policy.tokenizer, SCRIPTS).install(policy.model)
    plan = EvalSettings(subjects=list(SCRIPTS), episodes=1, max_turns=3, seed=0, reward_preset="offline",
                        concurrency=1)
    render = RenderOptions(workers=1, cache_dir=render_cache)  # GRPO's turns paint the same sketches
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=render)) as runtime:
        return run_policy(policy, "scripted", plan, tmp, runtime=runtime)


def test_grpo_and_eval_play_the_same_turns(grpo_turns, eval_rows):
    _, records, _ = grpo_turns
    assert len(records) == 2 * len(SCRIPTS)
    for subject, (codes, ended) in EXPECTED.items():
        trained = [r for r in records if r["subject"] == subject]
        evaluated = [r for r in eval_rows if r["subject"] == subject]
        assert len(trained) == 2
        for record in trained:
            assert [t["codes"] for t in record["turns"]] == codes, subject
            assert record["ended"] == ended, subject
        painted = [r for r in evaluated if r["painted"]]
        assert [r["codes"] for r in painted] == codes, subject
        assert {r["ended"] for r in evaluated} == {ended}, subject
        for record in trained:  # the same sketches, verdicts and totals, turn by turn
            assert [t["source_sha256"] for t in record["turns"]] == [sha256(r["sketch"]) for r in painted]
            assert [t["total"] for t in record["turns"]] == [r["total"] for r in painted]
        actions = ACTIONS.get(subject, ["paint"] * len(codes))
        assert [r["action"] for r in painted] == actions, subject
        assert all([t["action"] for t in record["turns"]] == actions for record in trained), subject
        for record in trained:  # the same edits, each where it applied, on the same base
            assert [(t["edits"], t["base_turn"]) for t in record["turns"]] == [(r["edits"], r["base_turn"])
                                                                           for r in painted], subject
    plum = [r for r in eval_rows if r["subject"] == "a violet plum"]
    assert plum[1]["edits"] == [{"old": '"#e8a07a", 200', "new": '"#9b7fc0", 200', "line": 9},
                                {"old": "300, 300, 150", "new": "300, 320, 120", "line": 10}]
    assert plum[1]["sketch"] == apply_edits(SHORT_SKETCH, [Edit(**{k: e[k] for k in ("old", "new")})
                                                            for e in plum[1]["edits"]]).source
    assert plum[1]["base_turn"] == 1 and plum[1]["gate_passed"] and plum[1]["calls"] == 2
    swan = [r for r in records if r["subject"] == "a json swan"]
    assert all(r["reward"] == 0.0 and not r["turns"] for r in swan)  # an unpainted episode scores 0 in both
    assert [r["episode_reward"] for r in eval_rows if r["subject"] == "a json swan"] == [0.0]


def test_trls_tool_answers_are_the_episodes(grpo_turns):
    """What TRL appended to each conversation after the policy's calls is what `Episode.messages()` answers: an edit
    group's receipts, then the painting's answer (and after the last painting, TRL's calls are told to stop)."""
    from critique_paint.env.protocol import NO_TURNS_LEFT, is_receipt

    trainer, _, _ = grpo_turns
    episodes = {env.settings.subject: env.endpoint.episode for env in trainer.environments}
    assert set(episodes) == set(SCRIPTS)
    checked = 0
    for prompt, completion in zip(trainer._logs["prompt"], trainer._logs["completion"], strict=True):
        subject = next(s for s in SCRIPTS if f"Paint a watercolour of {s}." in json.dumps(prompt))
        appended = [(m["name"], m["content"]) for m in completion if m["role"] == "tool"]
        answers = [(m["name"], m["content"]) for m in episodes[subject].messages() if m["role"] == "tool"]
        if subject == "a broken kettle":  # TRL names an answer by the call's name, the episode by its tool
            appended = [("paint", content) for _, content in appended]
        assert [a for a in appended if a[1] != NO_TURNS_LEFT] == answers, subject
        checked += sum(is_receipt({"role": "tool", "content": c}) for _, c in answers)
    assert checked == 4  # one receipt in each of the plum's and the quince's two rollouts


def test_the_reasons_reach_the_step_metrics(grpo_turns):
    _, _, run = grpo_turns
    [summary] = [json.loads(line) for line in (run / "rollouts" / "steps.jsonl").read_text().splitlines()]
    assert summary["ended"] == {"malformed_call": 2, "no_call": 10, "turns_used": 6}
    assert summary["gate_codes"] == {"bad_call": 6, "edit_not_found": 2, "edit_ambiguous": 2, "edit_no_base": 2,
                                     "edit_noop": 2}
