"""The demo task, rendered by real Chromium and graded by the offline critic it trains on: each draft paints a
fault its text does not reveal, the critique names it, the right repair is paid and a wrong one changes nothing;
a policy's cheap alternatives are paid far less."""

from __future__ import annotations

import re
import statistics

import pytest

from critique_paint.pool.synthetic import FAULTS, draft_and_repairs, draft_and_revision, named_fault
from critique_paint.render import RenderOptions
from critique_paint.reward.offline import OfflineCritic, critique_claims

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)

SEEDS = range(9)


def cheap(painting: str) -> dict[str, str]:
    """What a policy could emit instead: the washes without a subject, the bloom on bare paper, one disc."""
    lines = painting.split("\n")
    stem = next(k for k, line in enumerate(lines) if '"#5d7a44"' in line)
    washes = next(k for k, line in enumerate(lines) if line.startswith("  if (sky)"))
    head = lines[:washes]
    disc = ['  brush.fill("#d9587a", 200);', "  brush.fillBleed(0.4);", "  brush.fillTexture(0.4, 0.4);",
            "  brush.circle(300, 300, 330, false);", "}"]
    return {"washes only": "\n".join(lines[:stem] + ["}"]), "bloom on bare paper": "\n".join(head + lines[stem:]),
            "sheet-filling disc": "\n".join(head + disc)}


def sources_of(seed: int) -> dict[str, str]:
    """The draft, each one-fault repair, the whole repair and the cheap alternatives of a seed's episode."""
    draft, repairs = draft_and_repairs(seed)
    whole = draft_and_revision(seed)[1]  # every fault repaired
    return {"draft": draft, **repairs, "whole": whole, **cheap(whole)}


@pytest.fixture(scope="module")
def episodes(tmp_path_factory, render_cache):
    from critique_paint.render import Renderer

    from helpers.built_once import SYNTHETIC_CORPUS, one_at_a_time

    critic = OfflineCritic()
    out = []
    # the demo corpus (test_channel, test_learning_check) paints these seeds' drafts and named repairs too: under its
    # lock, whichever comes second reads them back instead of painting them again beside the first
    with one_at_a_time(tmp_path_factory, SYNTHETIC_CORPUS), Renderer(RenderOptions(cache_dir=render_cache)) as renderer:
        # every seed's renders queued at once: the pages stay busy to the end, not idle at each seed's last render
        futures = {seed: [renderer.submit(source, seed=seed) for source in sources_of(seed).values()]
                   for seed in SEEDS}
        results_of = {seed: [f.result() for f in fs] for seed, fs in futures.items()}
    for seed in SEEDS:
        sources, results = sources_of(seed), results_of[seed]
        draft = sources["draft"]
        assert all(r.ok for r in results), [r.message for r in results if not r.ok]
        pngs = {name: r.png for name, r in zip(sources, results, strict=True)}
        claims = [c.key for c in critique_claims(critic.features(pngs["draft"], draft), "a peach hibiscus", draft)]
        out.append({"sources": sources, "pngs": pngs, "named": named_fault(claims),
                    "true": [f for f in FAULTS if pngs[f] != pngs["draft"]],
                    "scores": {name: critic.score(pngs[name], src) for name, src in sources.items()}})
    print([(e["true"], e["named"], {k: round(v, 3) for k, v in e["scores"].items()}) for e in out])
    return out


def test_the_draft_text_is_the_same_whatever_fault_it_paints():
    assert len({draft_and_repairs(seed)[0] for seed in SEEDS}) == 1
    assert 'const fault = ["sky", "ground", "pale"][floor(random(3))];' in draft_and_repairs(0)[0]


def test_each_repair_is_one_edit_of_the_switch_line():
    from critique_paint.pool.synthetic import flower_sketch, repair_edit, repaired
    from critique_paint.sketch.edits import apply_edits, minimal_edits

    draft = flower_sketch()
    for fault in FAULTS:
        edit = repair_edit(fault)
        assert apply_edits(draft, [edit]).source == flower_sketch([fault])
        assert minimal_edits(draft, flower_sketch([fault])) == [edit] and "\n" not in edit.old
        assert repaired(flower_sketch([fault])) == {fault}
    assert repaired(draft) == frozenset() and repaired("function setup() {}") is None


def test_each_draft_paints_exactly_one_fault_and_all_three_occur(episodes):
    assert all(len(e["true"]) == 1 for e in episodes)
    assert {e["true"][0] for e in episodes} == set(FAULTS)


def test_the_critique_names_the_fault_from_the_painting(episodes):
    named = sum(e["named"] == e["true"][0] for e in episodes)
    assert named >= len(episodes) - 1, [(e["true"], e["named"]) for e in episodes]


def test_the_right_repair_is_paid_and_a_wrong_one_changes_nothing(episodes):
    right = [e["scores"][e["true"][0]] - e["scores"]["draft"] for e in episodes]
    for e in episodes:
        for fault in FAULTS:
            if fault not in e["true"]:
                assert e["pngs"][fault] == e["pngs"]["draft"]  # the same painting, byte for byte
    assert statistics.median(right) > 0.1 and sum(g > 0 for g in right) >= len(right) - 2, right


@pytest.mark.parametrize("name", ["washes only", "bloom on bare paper", "sheet-filling disc"])
def test_cheap_alternatives_are_paid_under_half_the_whole_painting(episodes, name):
    whole = statistics.median(e["scores"]["whole"] for e in episodes)
    assert statistics.median(e["scores"][name] for e in episodes) < 0.5 * whole


def test_the_sft_corpus_reads_the_critique_or_says_it_has_none(tmp_path, render_cache):
    """Blind episodes answer as the blind source does and their revision says so; the others read the named fault,
    and so do their reading rows (the same painting critiqued for another subject, up to the revision call);
    episodes cycle over the subjects; a share outside 0..1 is one line."""
    from critique_paint.config.training import load_train_config
    from critique_paint.errors import ConfigError
    from critique_paint.paths import CONFIGS_DIR
    from critique_paint.pool.synthetic import REPAIRS, guess, reading
    from critique_paint.train.datasets import synthetic_conversations

    rows = synthetic_conversations(6, ["a red tulip", "a white daisy"], 2, RenderOptions(cache_dir=render_cache),
                                   blind=0.3, reading_rows=2)  # seeds 2-5 draw blind
    blind = [r for r in rows if r["messages"][3]["content"].endswith("Revise it.")]
    episodes = [r for r in rows if r["messages"][-1]["role"] == "assistant" and "tool_calls" not in r["messages"][-1]]
    readings = [r for r in rows if r not in episodes]
    assert 0 < len(blind) < len(episodes) and len(readings) == 2 * len(episodes)
    for r in readings:  # up to the revision call, which repairs the fault its own critique names
        critique, note = r["messages"][3]["content"], r["messages"][4]["content"]
        assert len(r["messages"]) == 5 and r["messages"][4]["tool_calls"]
        assert ("top third" in critique) == (note == reading("sky"))
        assert ("lower third" in critique) == (note == reading("ground"))
    for r in rows:
        note = r["messages"][4]["content"]
        repaired = next(f for f, phrase in REPAIRS.items() if phrase in note)
        assert note == (guess(repaired) if r in blind else reading(repaired))
        assert r in blind or "The critique says" in note
    for r in rows:  # revisions are edits: the switch line's one-line repair
        [call] = r["messages"][4]["tool_calls"]
        assert call["function"]["name"] == "edit" and call["function"]["arguments"]["new"] == "true"
    assert any("a red tulip" in r["messages"][1]["content"] for r in rows)
    assert any("a white daisy" in r["messages"][1]["content"] for r in rows)
    config = tmp_path / "bad.yaml"
    config.write_text((CONFIGS_DIR / "tiny-cpu.yaml").read_text() + "\n")
    config.write_text(re.sub(r"(?m)^  synthetic_blind: .*$", "  synthetic_blind: 1.5", config.read_text()))
    with pytest.raises(ConfigError, match=r"data.synthetic_blind must be a share 0..1, got 1.5$"):
        load_train_config(config)
    with pytest.raises(ConfigError, match=r"data.synthetic_reading_rows must be a whole number >= 0, got -1$"):
        load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", ["data.synthetic_reading_rows=-1"])


def test_drafted_corpus_starts_from_the_draft_and_misreads_some_episodes(render_cache):
    """Drafted rows quote the draft in the user turn with its painting's answer, and the policy's first reply is the
    revision's edit; `misread` makes some episodes read and repair another fault than the named one."""
    from critique_paint.env.protocol import tool_schemas
    from critique_paint.pool.synthetic import READS, flower_sketch, repair_edit
    from critique_paint.train.datasets import synthetic_conversations

    rows = synthetic_conversations(6, ["a red tulip"], 2, RenderOptions(cache_dir=render_cache), reading_rows=3,
                                   actions=["edit"], drafted=True, misread=0.4, system="brief")
    assert rows and all(r["tools"] == tool_schemas(["edit"]) for r in rows)
    misread = 0
    for r in rows:
        system, user, reply = r["messages"][:3]
        assert flower_sketch() in user["content"] and "Painting 1 rendered." in user["content"]
        [call] = reply["tool_calls"]
        fault = next(f for f in FAULTS if call["function"]["arguments"]["old"] == repair_edit(f).old)
        assert "so I will paint" in reply["content"] and READS[fault] in reply["content"]
        critique = user["content"].split("```")[-1]
        named = "sky" if "top third" in critique else "ground" if "lower third" in critique else None
        misread += named is not None and fault != named
    assert 0 < misread < len(rows)


def test_the_sft_loss_falls_on_every_reply_of_an_episode_and_on_a_reading_rows_reading_only(tmp_path):
    """Whole episodes train every reply but not the empty think block a generation prompt already holds; a reading
    row (up to the revision call) trains its opening sentence and the call's opening, nothing of the sketch; both
    token sequences are the chat template's own."""
    from critique_paint.config.training import load_train_config
    from critique_paint.env.protocol import episode_messages, paint_tool_schema
    from critique_paint.pool.synthetic import flower_sketch, reading
    from critique_paint.train.model import load_training_model
    from critique_paint.train.sft import loss_on_replies

    _, processing, _ = load_training_model(load_train_config("tiny-cpu"), tmp_path, None)
    tools = [paint_tool_schema()]
    messages = episode_messages("a red tulip", [flower_sketch(), flower_sketch(["sky"])],
                                ["The top third is bare.", "Fine."], ["", reading("sky")], system="brief")
    whole = loss_on_replies({"messages": messages, "tools": tools}, processing)
    said = processing.decode([t for t, m in zip(whole["input_ids"], whole["assistant_masks"], strict=True) if m])
    assert "<think>" not in said and said.startswith("<tool_call>") and said.count("<tool_call>") == 2
    assert reading("sky") in said and said.rstrip().endswith("The last painting stands.<|im_end|>")
    reading_row = loss_on_replies({"messages": messages[:5], "tools": tools}, processing)
    assert reading_row["input_ids"] == processing.apply_chat_template(messages[:5], tools=tools, tokenize=True,
                                                                      return_dict=True)["input_ids"]
    said = processing.decode([t for t, m in zip(reading_row["input_ids"], reading_row["assistant_masks"],
                                                strict=True) if m])
    sentence, call = said.split("<tool_call>")
    assert sentence.strip() == reading("sky") and call.strip() == "<function=paint>\n<parameter=sketch>"
