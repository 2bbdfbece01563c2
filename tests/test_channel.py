"""The critique's channel: a tiny model warm-started by SFT on the demo task's readings chooses the repair the
critique names far above chance when the environment shows it the critique, and at about chance when the critique
is withheld (the `blind` source).

Chromium paints each held-out seed's draft in a real environment episode, the offline critic writes the critique
the environment answers with, and the model's choice is its most likely opening sentence after that answer
(`evaluate.reading`). If the critique stopped reaching the policy, both sources would read at chance and the first
test would fail. The SFT rows are the demo corpus's conversations up to the revision (prompt) and its opening
sentence (completion), without the system prompt, the draft's code and the tool schemas, in training and in the
measurement alike: trained on whole episodes behind the 1,138-token system prompt the 2-layer model reads at about
0.5-0.67 after 10-20 minutes of SFT (docs/index.md), which is the demo's question, not the channel's. The draft is
the same 1,601-character sketch in every episode (its seed decides which fault shows) and the tools are the same
two schemas, so neither tells the model anything; together they made a row 1,680 tokens instead of 262 (and the
SFT about six times slower).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest

from critique_paint.config.training import load_train_config
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.evaluate.reading import choices, turn_two
from critique_paint.evaluate.repairs import wilson
from critique_paint.render.pages import RenderOptions

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)


HELD_OUT = ["a yellow poppy", "a sprig of lavender"]  # eval subjects, not the corpus's
SEEDS = range(1000, 1030)  # the corpus uses seeds from 0
SFT = ["sft.max_steps=250", "sft.per_device_train_batch_size=2", "sft.learning_rate=3e-3", "sft.logging_steps=100"]


DRAFT_CODE = re.compile(r"```js\n.*?```", re.S)


def reading_context(messages):
    """No system prompt, and the task's quoted draft (the same code in every episode) reduced to its fence."""
    return [{**m, "content": DRAFT_CODE.sub("```js\n// the draft\n```", m["content"], count=1)}
            if m["role"] == "user" and isinstance(m.get("content"), str) else m
            for m in messages if m["role"] != "system"]


def reading_row(row):
    """The conversation up to the revision as the prompt, the revision's opening sentence as the completion."""
    messages = reading_context(row["messages"])
    k = next(i for i, m in enumerate(messages) if m["role"] == "assistant" and (m.get("content") or "").strip())
    return {"prompt": messages[:k], "completion": [{"role": "assistant", "content": messages[k]["content"]}]}


@pytest.fixture(scope="module")
def reader(tmp_path_factory, render_cache):
    from datasets import Dataset

    from critique_paint.models.adapters import load_model
    from critique_paint.train.datasets import synthetic_conversations
    from critique_paint.train.sft import run_sft

    from helpers.built_once import SYNTHETIC_CORPUS, one_at_a_time

    run = tmp_path_factory.mktemp("channel")
    render = RenderOptions(cache_dir=render_cache)
    cfg = load_train_config("tiny-cpu", SFT)
    drafted, actions = cfg.environment.drafts is not None, cfg.environment.episode.actions
    with one_at_a_time(tmp_path_factory, SYNTHETIC_CORPUS):  # the warm start (test_learning_check) paints these too
        rows = synthetic_conversations(cfg.data.synthetic_episodes, cfg.environment.subjects, 2, render,
                                       blind=cfg.data.synthetic_blind, reading_rows=2, actions=actions,
                                       drafted=drafted)
    final = run_sft(cfg, run / "sft", dataset=Dataset.from_list([reading_row(row) for row in rows]),
                    disable_tqdm=True)
    model, processing, _ = load_model(str(final), cache_dir=run / "cache")
    model.eval()
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=render)) as runtime:
        episodes = {source: turn_two(runtime, SEEDS, HELD_OUT, source, actions=actions, drafted=drafted)
                    for source in ("reward", "blind")}
    return {source: choices(model, processing, [dataclasses.replace(e, messages=reading_context(e.messages), tools=None)
                                                for e in eps])
            for source, eps in episodes.items()}


def summary(rows) -> str:
    right = sum(c.chosen == c.named for c in rows)
    named, chosen = Counter(c.named for c in rows), Counter(c.chosen for c in rows)
    return f"{right}/{len(rows)} right; named {dict(named)}, chosen {dict(chosen)}"


def test_with_the_critique_the_named_repair_is_chosen_far_above_chance(reader):
    rows = reader["reward"]
    low, _ = wilson(sum(c.chosen == c.named for c in rows), len(rows))
    assert len(rows) >= 25 and low is not None and low > 0.6, summary(rows)


def test_without_it_the_choice_is_a_guess(reader):
    rows = reader["blind"]
    low, high = wilson(sum(c.chosen == c.named for c in rows), len(rows))
    assert low is not None and high is not None and low < 1 / 3 < high, summary(rows)
    # the same conversations but for the critique: the choice no longer follows the named fault
    assert sum(c.chosen == c.named for c in rows) < sum(c.chosen == c.named for c in reader["reward"]), (
        summary(rows), summary(reader["reward"]))
