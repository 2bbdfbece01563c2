"""One reply parser: the same model replies, fed through GRPO's tool loop and through `eval`'s rollout, give the
same paintings, the same verdicts and the same recorded end of the episode."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from critique_paint.env.replies import END_REASONS, parse_reply

from helpers.sketches import SHORT_SKETCH

os.environ.setdefault("HF_HUB_OFFLINE", "1")

VIOLET = SHORT_SKETCH.replace("#e8a07a", "#9b7fc0")
GREEN = SHORT_SKETCH.replace("#e8a07a", "#7fa86a")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


def call(sketch: str, name: str = "paint", parameter: str = "sketch") -> str:
    return f"<tool_call>\n<function={name}>\n<parameter={parameter}>\n{sketch}\n</parameter>\n</function>\n</tool_call>"


# Each subject is one scripted episode of three paintings at most; one reply per round (the last repeats).
SCRIPTS = {
    "a thinking fox": [f"<think>\nwarm colours first\n</think>\n\nA peach disc.\n{call(SHORT_SKETCH)}",
                       f"Now violet.\n{call(VIOLET)}", "That is the one I keep."],
    "two pears": [f"{call(SHORT_SKETCH)}\n{call(VIOLET)}", call(GREEN), call(GREEN)],
    "a broken kettle": [call(SHORT_SKETCH).replace("</parameter>\n", ""), call(SHORT_SKETCH, name="draw"),
                        "I will stop here."],
    "a json swan": ['<tool_call>\n{"name": "paint", "arguments": {"sketch": "x"}}\n</tool_call>'],
}
EXPECTED = {  # (codes per painting, how the episode ended)
    "a thinking fox": ([[], []], "no_call"),
    "two pears": ([[], [], []], "turns_used"),
    "a broken kettle": ([["bad_call"], ["bad_call"]], "no_call"),
    "a json swan": ([], "malformed_call"),
}


def test_each_reply_kind_parses_as_expected():
    fox = parse_reply(SCRIPTS["a thinking fox"][0])
    assert fox.thinking == "warm colours first" and fox.text == "A peach disc." and fox.sketch == SHORT_SKETCH
    assert [c.sketch for c in parse_reply(SCRIPTS["two pears"][0]).calls] == [SHORT_SKETCH, VIOLET]
    broken, other = (parse_reply(r) for r in SCRIPTS["a broken kettle"][:2])
    assert broken.calls and broken.sketch is None and "exactly one argument" in broken.calls[0].error
    assert other.sketch is None and "no tool named 'draw'" in other.calls[0].error
    assert parse_reply(SCRIPTS["a json swan"][0]).ends == "malformed_call"
    assert parse_reply("I will stop here.").ends == "no_call"
    assert parse_reply(call(SHORT_SKETCH)[:40], truncated=True).ends is None  # a cut call is still a (bad) call
    assert parse_reply("half a thought", truncated=True).ends == "length"
    assert set(END_REASONS) >= {r for _, r in EXPECTED.values()}


def test_our_reply_format_parses_as_trls_qwen35_template():
    from transformers.utils.chat_parsing import parse_response
    from trl.chat_template_utils import qwen3_5_template

    from critique_paint.env.protocol import paint_tool_schema
    from critique_paint.env.replies import REPLY_FORMAT, START_OF_REPLY

    tools = [paint_tool_schema()]
    for replies in SCRIPTS.values():
        for text in replies:
            raw = text + "<|im_end|>"
            ours = parse_response(raw, REPLY_FORMAT, prefix=START_OF_REPLY, tools=tools)
            assert ours == parse_response(raw, qwen3_5_template, prefix=START_OF_REPLY, tools=tools)


@pytest.fixture(scope="module")
def grpo_turns(tmp_path_factory):
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
        "model.name=tiny:text", "grpo.max_steps=1", "grpo.num_generations=2", "grpo.per_device_train_batch_size=8",
        "grpo.max_completion_length=2400", "grpo.save_strategy=no", f"environment.subjects={subjects}",
        "environment.prompts=4", "environment.max_turns=3", "environment.render.workers=1", *seed_overrides()])
    _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp / "cache")
    # every subject at seed 0, as eval's episode 0 paints it (the config's rows would give row i seed i)
    rows = Dataset.from_list([grpo_row(subject, 0, 3, cfg.environment.episode.brush_methods) for subject in SCRIPTS])
    trainer = run_grpo(cfg, tmp / "run", dataset=rows, callbacks=[ScriptedBySubject(tok, SCRIPTS)])
    records = [json.loads(line) for line in (tmp / "run" / "rollouts" / "step-0000" / "rollouts.jsonl")
               .read_text().splitlines()]
    return trainer, records, tmp / "run"


@pytest.fixture(scope="module")
def eval_rows(tmp_path_factory):
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
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions(workers=1))) as runtime:
        return run_policy(policy, "scripted", plan, tmp, runtime=runtime)


def test_grpo_and_eval_play_the_same_turns(grpo_turns, eval_rows):
    _, records, _ = grpo_turns
    assert len(records) == 8
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
    swan = [r for r in records if r["subject"] == "a json swan"]
    assert all(r["reward"] == 0.0 and not r["turns"] for r in swan)  # an unpainted episode scores 0 in both
    assert [r["episode_reward"] for r in eval_rows if r["subject"] == "a json swan"] == [0.0]


def test_the_reasons_reach_the_step_metrics(grpo_turns):
    _, _, run = grpo_turns
    [summary] = [json.loads(line) for line in (run / "rollouts" / "steps.jsonl").read_text().splitlines()]
    assert summary["ended"] == {"malformed_call": 2, "no_call": 4, "turns_used": 2}
    assert summary["gate_codes"] == {"bad_call": 4}
