"""Critique sources (reward, self, image, blind), keep-best revisions and reward modes: in process, through a real
server, in `eval`'s paired ablation, in `paint`, and in GRPO on a tiny model."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from critique_paint.env.endpoint import LocalEndpoint
from critique_paint.env.protocol import CRITIQUE_SOURCES, PROMPTS_DIR
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.render.pages import RenderOptions

from conftest import run_cli
from env_server import EnvServer

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)


ROOT = Path(__file__).resolve().parents[1]
SELF_PROMPT = (PROMPTS_DIR / "self_critique.md").read_text().strip()
REJECTED = "function setup() { createCanvas(600, 600, WEBGL); }\nfunction draw() { text('hi', 1, 1); }"


@pytest.fixture(scope="module")
def runtime():
    with PaintRuntime(RuntimeConfig(render=RenderOptions(workers=1))) as rt:
        yield rt


def paint_twice(runtime, bloom_source: str, **settings):
    endpoint = LocalEndpoint(runtime)
    task = endpoint.start(subject="a peach hibiscus", seed=1, max_turns=2, **settings)
    first = endpoint.paint(bloom_source)
    second = endpoint.paint(REJECTED)
    return task, endpoint.episode, first, second


@pytest.mark.parametrize("source", CRITIQUE_SOURCES)
def test_each_source_decides_what_the_policy_reads(runtime, bloom_source, source):
    task, episode, first, second = paint_twice(runtime, bloom_source, critique=source)
    assert first.critique and first.gate_passed  # the reward's critique is always recorded ...
    shown = first.critique in first.observation
    assert shown == (source == "reward")  # ... and read by the policy only under `reward`
    assert (SELF_PROMPT in first.observation) == (source == "self")
    assert ("Revise it." in first.observation) == (source == "blind")
    assert (first.shown_turn == 1) == (source != "blind") and episode.shown_png(first) == (
        None if source == "blind" else first.png)
    assert not second.gate_passed and second.critique in second.observation  # the gate verdict, always
    assert "score" not in first.observation.lower() and "reference" not in first.observation.lower()
    assert task == paint_twice(runtime, bloom_source, critique="blind")[0]  # the same task under every source
    assert first.total == paint_twice(runtime, bloom_source)[2].total  # the reward does not depend on the source


def test_keep_best_keeps_the_best_painting_and_says_so(runtime, bloom_source):
    _, episode, first, second = paint_twice(runtime, bloom_source, keep_best=True)
    assert second.total < first.total
    assert "does not improve on painting 1, which stands and is shown again" in second.observation
    assert second.shown_turn == 1 and episode.shown_png(second) == first.png
    assert episode.final_turn() is first and episode.reward() == first.total
    _, plain, first_plain, second_plain = paint_twice(runtime, bloom_source)
    assert plain.final_turn() is second_plain and plain.reward() == second_plain.total == 0.0
    assert "does not improve" not in second_plain.observation and second_plain.shown_turn is None


@pytest.mark.parametrize("mode,expected", [("final", lambda a, b: b), ("best", lambda a, b: max(a, b)),
                                           ("final_plus_gain", lambda a, b: b + 0.5 * (b - a))])
def test_reward_modes(runtime, bloom_source, mode, expected):
    _, episode, first, second = paint_twice(runtime, bloom_source, reward_mode=mode)
    assert episode.reward() == pytest.approx(expected(first.total, second.total))


@pytest.mark.parametrize("source", CRITIQUE_SOURCES)
def test_sources_through_a_real_server(bloom_source, source, server):
    from critique_paint.env.client import PaintEnvClient
    from critique_paint.env.wire import PaintAction

    async def go():
        client = PaintEnvClient(server.url)
        try:
            reset = await client.reset(subject="pears", seed=2, max_turns=2, critique=source)
            step = await client.step(PaintAction(sketch=bloom_source, self_critique="Too pale." if
                                                 source == "self" else None))
            state = await client.state()
        finally:
            await client.close()
        return reset, step, state

    reset, step, state = asyncio.run(go())
    turn = step.observation.metadata["turn"]
    assert state.critique == source and reset.observation.metadata["settings"]["critique"] == source
    assert (turn["critique"] in step.observation.text) == (source == "reward")
    assert (step.observation.image_png_b64 is None) == (source == "blind")
    assert turn["self_critique"] == ("Too pale." if source == "self" else None)


@pytest.fixture(scope="module")
def server():
    with EnvServer(max_sessions=4) as srv:
        yield srv


def test_eval_runs_the_paired_ablation(tmp_path):
    subjects = tmp_path / "subjects.txt"
    subjects.write_text("pears\nirises\n")
    out = tmp_path / "eval"
    result = run_cli("eval", "--policy", f"replay:{ROOT / 'reference_pool'}", "--subjects", str(subjects),
                     "--critique", "reward,self,image,blind", "--max-turns", "2", "--render-workers", "1",
                     "--render-cache", str(tmp_path / "renders"), "--out", str(out))
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert {r["critique_source"] for r in rows} == set(CRITIQUE_SOURCES)
    # a replay paints the same sketches under every source: with --render-cache each is rendered once
    painted = [r for r in rows if r["painted"] and r["critique_source"] == "blind"]
    assert painted and len(list((tmp_path / "renders").rglob("*.png"))) == len(painted)
    keys = {s: {(r["subject"], r["episode"], r["seed"], r["turn"]) for r in rows if r["critique_source"] == s}
            for s in CRITIQUE_SOURCES}
    assert all(k == keys["reward"] for k in keys.values())  # the same episodes and seeds for every source
    summary = (out / "summary.md").read_text()
    assert "Critique sources" in summary and "− blind ± 95 % CI" in summary
    for source in ("reward", "self", "image"):
        # a replay paints the same sketches whatever it reads: each source's gain equals blind's exactly
        assert re.search(rf"\| {source} \| 2 \| [^|]+ \| [^|]+ \| \+0\.000 (± 0\.000 )?\| 2 \| 0% \|", summary), summary
    gallery = (out / "gallery.html").read_text()
    assert all(f"· {s}</h3>" in gallery for s in CRITIQUE_SOURCES)
    self_rows = [r for r in rows if r["critique_source"] == "self" and r["turn"] == 1]
    assert all(SELF_PROMPT in r["observation"] for r in self_rows)


def test_a_seeded_policy_paints_the_same_first_reply_under_every_source(tmp_path):
    """The source changes only what comes back after a painting: a seeded hf policy's turn-1 reply is the same
    under all four sources for one seed (and differs between the two seeds: the sampling is seeded)."""
    from critique_paint.models.loading import load_policy

    model, tok, _ = load_policy("tiny:text-64", cache_dir=ROOT / "runs" / "cache")
    model.save_pretrained(tmp_path / "model")
    tok.save_pretrained(tmp_path / "model")
    subjects = tmp_path / "subjects.txt"
    subjects.write_text("pears\nirises\n")
    out = tmp_path / "eval"
    # 128 tokens at 0.5: enough for a random model's reply to move with its prompt (a task ending in the source's
    # name fails this test; 24 tokens at 1.0 did not)
    result = run_cli("eval", "--policy", f"hf:{tmp_path / 'model'}", "--subjects", str(subjects),
                     "--episodes", "2", "--critique", ",".join(CRITIQUE_SOURCES), "--max-turns", "2",
                     "--temperature", "0.5", "--max-new-tokens", "128", "--out", str(out))
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    first = {}
    for r in rows:
        if r["turn"] <= 1:
            first.setdefault((r["subject"], r["seed"]), {})[r["critique_source"]] = r["reply"]
    assert len(first) == 4 and all(set(by_source) == set(CRITIQUE_SOURCES) for by_source in first.values())
    assert all(len(set(by_source.values())) == 1 for by_source in first.values()), first
    seeds = {seed for _, seed in first}
    assert len(seeds) == 2 and len({by_source["reward"] for by_source in first.values()}) >= 2  # seeded sampling


def test_paint_shows_the_models_own_critique(tmp_path):
    out = tmp_path / "session"
    result = run_cli("paint", "pears", "--policy", f"replay:{ROOT / 'reference_pool'}", "--critique", "self",
                     "--keep-best", "--max-turns", "2", "--auto", "--no-open", "--no-preview", "--render-workers",
                     "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in (out / "transcript.jsonl").read_text().splitlines()]
    assert events[0]["critique"] == "self"
    turns = [e for e in events if e["event"] == "turn"]
    assert len(turns) == 2 and all(SELF_PROMPT in t["observation"] for t in turns[:1])
    assert "the model's own critique" not in result.output  # a replay writes none: no panel
    assert (out / "index.html").is_file()


def grpo_with_script(tmp_path, script_pairs, *sets: str):
    """Two GRPO steps of the random tiny text model whose every reply is scripted."""
    from critique_paint.config.training import load_train_config
    from critique_paint.models.loading import TINY_TEXT, load_policy
    from critique_paint.paths import CONFIGS_DIR
    from critique_paint.train.grpo import run_grpo

    from helpers.scripted import scripted_paint
    from helpers.seeds import seed_overrides
    from helpers.tiny import FROM_SCRATCH

    cfg = load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", [
        "model.name=tiny:text", "grpo.max_steps=2", "grpo.num_generations=2", "grpo.per_device_train_batch_size=2",
        "grpo.max_completion_length=900", "grpo.save_strategy=no", "grpo.log_completions=true",
        "environment.prompts=2", "environment.render.workers=1", *seed_overrides(), *FROM_SCRATCH, *sets])
    _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp_path / "cache")
    return run_grpo(cfg, tmp_path / "run", callbacks=[scripted_paint(tok, *script_pairs)])


def test_grpo_with_keep_best_never_ends_on_a_worse_painting(tmp_path, bloom_source):
    trainer = grpo_with_script(tmp_path, [bloom_source, REJECTED], "environment.keep_best=true")
    for env in trainer.environments:
        turns = env.turns
        assert len(turns) == 2 and turns[1].total < turns[0].total
        final = env.endpoint.episode.final_turn()
        assert final is turns[0] and all(final.total >= t.total for t in turns)
        assert env.get_reward() == turns[0].total


def test_grpo_trains_the_policys_own_critique(tmp_path, bloom_source):
    own = "My painting reads as a hibiscus but the petals are pale; I will deepen the washes."
    trainer = grpo_with_script(tmp_path, [("", bloom_source), (own, bloom_source)], "environment.critique=self")
    for env in trainer.environments:
        assert all(t.critique and t.critique not in t.observation for t in env.turns)  # no critique was sent
        assert SELF_PROMPT in env.turns[0].observation
    steps = [json.loads(line) for line in (tmp_path / "run" / "rollouts" / "step-0000" / "rollouts.jsonl")
             .read_text().splitlines()]
    assert all(r["turns"][1]["policy_text"] == own for r in steps)  # the archive records what the policy wrote
    import pandas as pd

    logged = sorted((tmp_path / "run" / "checkpoints" / "completions").glob("*.parquet"))
    texts = [m["content"] for f in logged for c in pd.read_parquet(f)["completion"] for m in c
             if m["role"] == "assistant"]
    assert any(own in t for t in texts)  # the critique is part of the completion GRPO trains on
    report = (tmp_path / "run" / "rollouts" / "steps.jsonl").read_text()
    assert '"critique_source": "self"' in report
