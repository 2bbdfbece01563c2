"""Training end to end on CPU: config mapping, SFT prompt identity, SFT, and GRPO with real multi-turn tool calls."""

from __future__ import annotations

from pathlib import Path

import pytest

from critique_paint.config.training import load_train_config
from critique_paint.errors import ConfigError
from critique_paint.paths import CONFIGS_DIR

from helpers.scripted import load_tokenizer, scripted_paint
from helpers.seeds import seed_overrides
from helpers.sketches import SHORT_SKETCH
from helpers.tiny import FROM_SCRATCH

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)


CONFIGS = sorted(p for p in CONFIGS_DIR.glob("*.yaml") if p.stem != "cpu-smoke")  # the overlay: test_real_models


@pytest.mark.parametrize("path", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_every_config_maps_onto_trl_and_peft(path, tmp_path):
    cfg = load_train_config(path)
    cpu = {"bf16": False, "use_cpu": True} if cfg.grpo.get("bf16") else {}  # GPU configs, checked on CPU
    grpo = cfg.grpo_args(tmp_path, **cpu)
    assert grpo.max_tool_calling_iterations == cfg.environment.episode.max_turns
    if cfg.sft:
        assert cfg.sft_args(tmp_path, **cpu).assistant_only_loss is True
    lora = cfg.lora_config()
    if "qwen3.5" in path.stem:
        assert lora.r == 16 and lora.lora_alpha == 32 and lora.lora_dropout == 0.0
        assert grpo.learning_rate == 5e-5 and grpo.scale_rewards == "none" and grpo.num_generations == 8
        assert grpo.chat_template_kwargs == {"enable_thinking": False}
        assert grpo.max_completion_length >= 4096 * cfg.environment.episode.max_turns


def test_bad_configs_are_one_line_errors(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("grpo:\n  learning_rat: 0.1\n")
    with pytest.raises(ConfigError, match="learning_rat is not a field of GRPOConfig"):
        load_train_config(bad).grpo_args(tmp_path)
    bad.write_text("modle: {}\n")
    with pytest.raises(ConfigError, match="unknown section"):
        load_train_config(bad)
    bad.write_text("grpo: [1\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_train_config(bad)
    with pytest.raises(ConfigError, match="expected SECTION.KEY=VALUE"):
        load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", ["learning_rate=1"])
    assert load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", ["grpo.max_steps=3"]).grpo["max_steps"] == 3
    assert load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", ["sft.learning_rate=3e-3"]).sft["learning_rate"] == 3e-3


def test_stacked_configs_override_in_order(tmp_path):
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("model: {tiny: true}\ngrpo: {max_steps: 3}\npeft: null\n")
    cfg = load_train_config([CONFIGS_DIR / "qwen3.5-35b-a3b.yaml", overlay], ["grpo.max_steps=4"])
    assert cfg.model.name == "Qwen/Qwen3.5-35B-A3B" and cfg.model_spec == "tiny:qwen3_5_moe"
    assert cfg.grpo["max_steps"] == 4 and cfg.grpo["learning_rate"] == 5e-5 and cfg.peft is None
    assert cfg.path.endswith("overlay.yaml")
    with pytest.raises(ConfigError, match="no training config"):
        load_train_config([CONFIGS_DIR / "qwen3.5-4b.yaml", tmp_path / "missing.yaml"])


def test_tiny_text_width_and_window_are_part_of_the_spec(tmp_path):
    import torch

    from critique_paint.models.loading import load_policy

    model, _, _ = load_policy("tiny:text-128", cache_dir=tmp_path)
    assert model.config.hidden_size == 128
    with pytest.raises(ConfigError, match="multiple of 16"):
        load_policy("tiny:text-100", cache_dir=tmp_path)
    local, _, _ = load_policy("tiny:text-64-w32", cache_dir=tmp_path)
    assert local.config.sliding_window == 32 and set(local.config.layer_types) == {"sliding_attention"}
    ids = torch.randint(0, 100, (1, 80))
    moved = ids.clone()
    moved[0, :16] = (moved[0, :16] + 1) % 100  # over two windows back: no longer seen by the last token
    with torch.no_grad():
        assert torch.equal(local(ids).logits[0, -1], local(moved).logits[0, -1])
        assert not torch.equal(model(ids).logits[0, -1], model(moved).logits[0, -1])
    with pytest.raises(ConfigError, match="attention window"):
        load_policy("tiny:text-64-32", cache_dir=tmp_path)


def test_sft_prompt_is_byte_identical_to_the_grpo_prompt(tmp_path):
    from critique_paint.env.protocol import episode_messages, paint_tool_schema, task_text
    from critique_paint.models.loading import TINY_TEXT, load_policy
    from critique_paint.train.datasets import grpo_row
    from critique_paint.train.tool_env import PaintToolEnv

    _, tok, _ = load_policy(TINY_TEXT, cache_dir=tmp_path)
    row = grpo_row("a peach hibiscus", 3, 2)
    # what TRL does: user content + the environment's reset() text, tools from the env's public methods
    grpo_prompt = [dict(m) for m in row["prompt"]]
    grpo_prompt[-1]["content"] += task_text("a peach hibiscus", 2)
    grpo_text = tok.apply_chat_template(grpo_prompt, tools=[PaintToolEnv(endpoint=None).paint], tokenize=False,
                                        add_generation_prompt=True, enable_thinking=False)
    sft = episode_messages("a peach hibiscus", ["function setup() {}", "function setup() {}"], ["a", "b"])
    sft_text = tok.apply_chat_template(sft[:2], tools=[paint_tool_schema()], tokenize=False,
                                       add_generation_prompt=True, enable_thinking=False)
    assert grpo_text == sft_text
    full = tok.apply_chat_template(sft, tools=[paint_tool_schema()], tokenize=False)
    assert full.startswith(sft_text.removesuffix("<|im_start|>assistant\n"))


def test_vision_sft_answers_carry_the_painting_as_grpo_does(tmp_path, bloom_source, renderer):
    """For vision-language policies an SFT paint answer is the GRPO tool result, image included: same text."""
    from PIL import Image

    from critique_paint.env.protocol import episode_messages, paint_tool_schema, with_paintings
    from critique_paint.models.loading import load_policy
    from critique_paint.train.sft import PaintingsCollator

    _, processor, is_vision = load_policy("tiny:qwen3_5_moe", cache_dir=tmp_path)
    assert is_vision
    png = tmp_path / "p.png"
    png.write_bytes(renderer.render(bloom_source, seed=0).png)
    image = Image.open(png).convert("RGB")
    text = "Painting 1 rendered."
    sft = with_paintings(episode_messages("a peach hibiscus", [bloom_source], [text]), [image])
    grpo = episode_messages("a peach hibiscus", [bloom_source], [text])
    grpo[3] = {**grpo[3], "content": [{"type": "image", "image": image}, {"type": "text", "text": grpo[3]["content"]}]}
    render = dict(tools=[paint_tool_schema()], tokenize=False, enable_thinking=False)
    assert processor.apply_chat_template(sft, **render) == processor.apply_chat_template(grpo, **render)
    assert "<|vision_start|><|image_pad|><|vision_end|>" in processor.apply_chat_template(sft, **render)

    seen = {}

    def inner(batch):
        seen["batch"] = batch
        return batch

    row = {"messages": episode_messages("a peach hibiscus", [bloom_source], [text]), "tools": [paint_tool_schema()],
           "paintings": [str(png)], "images": []}
    PaintingsCollator(inner)([row])
    answer = seen["batch"][0]["messages"][3]
    assert answer["content"][0]["type"] == "image" and answer["content"][0]["image"].size == image.size
    assert "paintings" not in seen["batch"][0] and seen["batch"][0]["images"] == []


def test_vision_pool_conversations_name_a_render_per_paint_answer():
    from critique_paint.env.protocol import is_receipt
    from critique_paint.train.datasets import sft_conversations

    rows = sft_conversations(max_sketch_chars=3000, images=True)
    assert rows
    for row in rows:
        answers = [m for m in row["messages"] if m["role"] == "tool" and not is_receipt(m)]
        assert len(row["paintings"]) == len(answers) and all(Path(p).is_file() for p in row["paintings"])
        assert row["images"] == []


def short_sft_config(tmp_path: Path, steps: int):
    """The tiny CPU config with short SFT and GRPO runs, on the test seed."""
    cfg = load_train_config(CONFIGS_DIR / "tiny-cpu.yaml", [
        "model.name=tiny:text", "sft.learning_rate=0.01", f"sft.max_steps={steps}",
        "sft.lr_scheduler_type=linear",  # decays to 0 over the round: the round ends settled, not mid-oscillation
        "sft.per_device_train_batch_size=1", "sft.logging_steps=50",
        "data.max_sketch_chars=1", "environment.prompts=4", "environment.render.workers=1",
        "environment.system_prompt=full",  # the warm rows are `episode_messages`' (the full system prompt)
        "grpo.max_steps=2", "grpo.num_generations=2", "grpo.per_device_train_batch_size=2",
        "grpo.max_completion_length=700", "grpo.save_strategy=steps", "grpo.save_steps=1", "grpo.temperature=0.3",
        *seed_overrides(),
        *FROM_SCRATCH,
    ])
    return cfg


def warm_rows(renderer, seeds=range(4)) -> list[dict]:
    """Two-painting episodes of SHORT_SKETCH whose tool answers are exactly what the environment says about it at
    the GRPO rows' seeds (render + offline critic)."""
    from critique_paint.env.protocol import episode_messages, paint_tool_schema
    from critique_paint.reward.offline import OfflineCritic

    critic = OfflineCritic()
    rows = []
    for seed in seeds:
        critique = critic.critique(renderer.render(SHORT_SKETCH, seed=seed).png, "a peach hibiscus", SHORT_SKETCH)
        rows.append({"messages": episode_messages("a peach hibiscus", [SHORT_SKETCH] * 2, [critique] * 2),
                     "tools": [paint_tool_schema()]})
    return rows


def call_probability(final: Path, rows: list[dict], temperature: float) -> tuple[float, bool]:
    """The warm model's probability of writing each paint call of a warm row exactly (teacher forced, the least
    over both turns) at GRPO's temperature, and whether every token of them is its most likely one."""
    import math

    from critique_paint.env.protocol import paint_tool_schema
    from critique_paint.models.loading import load_policy

    from helpers.scripted import reply_ids, reply_logprob

    model, tok, _ = load_policy(str(final), cache_dir=final.parent / "probe-cache")
    messages, tools = rows[0]["messages"], [paint_tool_schema()]
    probabilities, argmax = [], True
    for k, message in enumerate(messages):
        if message["role"] == "assistant" and message.get("tool_calls"):
            ids = reply_ids(tok, messages[:k], message, tools=tools, enable_thinking=False)
            logp, top = reply_logprob(model, tok, messages[:k], ids, temperature, tools=tools)
            probabilities.append(math.exp(logp))
            argmax &= top
    return min(probabilities), argmax


@pytest.fixture(scope="module")
def warm_model(tmp_path_factory, renderer):
    """SFT for real (TRL SFTTrainer) on SHORT_SKETCH's two-painting episodes, trained on until the measured
    probability of each paint call clears WARM_CALL_BOUND (at most WARM_ROUNDS rounds of WARM_STEPS steps)."""
    from datasets import Dataset

    from critique_paint.train.sft import run_sft

    rows = warm_rows(renderer)
    run_dir = tmp_path_factory.mktemp("sft")
    cfg = short_sft_config(run_dir, steps=WARM_STEPS)
    measured, model_path = [], None
    for k in range(WARM_ROUNDS):
        final = run_sft(cfg, run_dir / f"round-{k}", dataset=Dataset.from_list(rows), model_path=model_path)
        measured.append(call_probability(final, rows, cfg.grpo["temperature"]))
        if measured[-1][0] >= WARM_CALL_BOUND:
            break
        model_path = str(final)
    print(f"warm model: paint-call probability per SFT round {[round(p, 4) for p, _ in measured]}")
    return cfg, final, measured


WARM_CALL_BOUND = 0.99
# Whichever test first asks for the warm model pays for its SFT rounds (4-10 min on a busy 2-core machine).
WARM_SETUP_TIMEOUT_S = 1800
WARM_ROUNDS = 4
# On the test seed, measured every 10 steps of one linearly decaying round of 100-120: 0.0 up to step 60, 0.93-0.94
# at 80, >= 0.99 from 90-100 on (the bound is crossed steeply). At a constant 0.01 the probability swung between
# 0.0005 and 1.0 from step to step, so a round of 100 could end on a low and need a second.
WARM_STEPS = 120


@pytest.mark.timeout(WARM_SETUP_TIMEOUT_S)
def test_sft_saves_a_loadable_model(warm_model):
    _, final, _ = warm_model
    assert (Path(final) / "config.json").is_file() and (Path(final) / "tokenizer.json").is_file()


@pytest.mark.timeout(WARM_SETUP_TIMEOUT_S)
def test_sft_warm_start_makes_paint_calls_likely(warm_model):
    """The SFT warm start's purpose, measured rather than sampled: each paint call of the episode it learnt is
    written exactly with probability >= WARM_CALL_BOUND at GRPO's temperature, every token its most likely."""
    _, _, measured = warm_model
    probability, argmax = measured[-1]
    assert probability >= WARM_CALL_BOUND, f"paint-call probability per SFT round: {measured}"
    assert argmax


@pytest.mark.timeout(WARM_SETUP_TIMEOUT_S)
def test_grpo_runs_multi_turn_tool_calls_concurrently(warm_model, tmp_path):
    """Also: the reward preset is a YAML path (offline's weights under another name), and the reward trained on
    is the environment's own (`PaintToolEnv.get_reward`, TRL's hook)."""
    import copy

    from critique_paint.train.grpo import run_grpo

    cfg, final, _ = warm_model
    cfg = copy.deepcopy(cfg)
    preset = tmp_path / "preset.yaml"
    offline = (CONFIGS_DIR / "rewards" / "offline.yaml").read_text()
    preset.write_text(offline.replace("name: offline", "name: from-a-path"))
    cfg.environment.reward_preset = str(preset)
    script = scripted_paint(load_tokenizer(final), SHORT_SKETCH)
    trainer = run_grpo(cfg, tmp_path, model_path=str(final), callbacks=[script])
    history = trainer.state.log_history
    assert any(h.get("tools/call_frequency", 0) > 0 for h in history), history
    assert any("rewards/PaintToolEnv/mean" in h for h in history), history
    envs = trainer.environments
    assert all(len(e.turns) == 2 for e in envs)  # the scripted policy paints twice in every rollout
    assert {t.preset_name for e in envs for t in e.turns} == {"from-a-path"}
    assert all(t.gate_passed and t.total is not None for e in envs for t in e.turns)
    assert script.calls == 2 * 3  # per step: the first call, the revision after painting 1, the turn after 2
    assert any(h.get("tools/concurrent_rounds", 0) >= 1 for h in history), history  # paint calls ran in rounds
    steps = trainer.archive.steps
    assert len(steps) == 2 and all(len(s["totals"]) == 2 for s in steps)
    assert (tmp_path / "rollouts" / "step-0000" / "sheet.png").is_file() or \
        (tmp_path / "rollouts" / "step-0001" / "sheet.png").is_file()
    assert (tmp_path / "checkpoints" / "checkpoint-1").is_dir()


def test_vision_policies_get_the_painting_as_an_image(bloom_source):
    from PIL import Image

    from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
    from critique_paint.render.pages import RenderOptions
    from critique_paint.train.tool_env import ToolEnvFactory

    with PaintRuntime(RuntimeConfig(render=RenderOptions(workers=1))) as runtime:
        env = ToolEnvFactory(runtime=runtime, vision=True)()
        env.reset(subject="a peach hibiscus", seed=0, max_turns=1)
        image, text = env.paint(sketch=bloom_source)
        assert image["type"] == "image" and isinstance(image["image"], Image.Image)
        assert image["image"].size == (600, 600) and text["type"] == "text" and "Painting 1" in text["text"]


@pytest.mark.timeout(WARM_SETUP_TIMEOUT_S)
def test_grpo_resumes_from_a_checkpoint(warm_model, tmp_path):
    from critique_paint.train.grpo import run_grpo

    cfg, final, _ = warm_model
    run_grpo(cfg, tmp_path, model_path=str(final), max_steps=1)
    checkpoint = tmp_path / "checkpoints" / "checkpoint-1"
    assert (checkpoint / "trainer_state.json").is_file()
    trainer = run_grpo(cfg, tmp_path, model_path=str(final), resume=str(checkpoint), max_steps=2)
    assert trainer.state.global_step == 2
    assert [s["step"] for s in trainer.archive.steps] == [1]  # only the step after the checkpoint ran


def test_grpo_passes_the_painting_to_a_vision_language_policy(tmp_path):
    """tiny:vl warm-started with TRL's SFTTrainer, then GRPO where the paint tool returns [image, text]."""
    from datasets import Dataset

    from critique_paint.env.protocol import episode_messages, paint_tool_schema
    from critique_paint.train.grpo import run_grpo
    from critique_paint.train.sft import run_sft

    rows = [{"messages": episode_messages("a peach hibiscus", [SHORT_SKETCH], ["Add a ground wash."]),
             "tools": [paint_tool_schema()]}] * 4
    cfg = short_sft_config(tmp_path, steps=10)
    cfg.model.name, cfg.model.modality = "tiny:vl", "vision"
    cfg.environment.episode = cfg.environment.episode.model_copy(update={"max_turns": 1})
    final = run_sft(cfg, tmp_path / "sft", dataset=Dataset.from_list(rows))
    trainer = run_grpo(cfg, tmp_path / "grpo", model_path=str(final), max_steps=1,
                                 max_tool_calling_iterations=1,
                                 callbacks=[scripted_paint(load_tokenizer(final), SHORT_SKETCH)])
    envs = trainer.environments
    assert all(len(e.turns) == 1 and e.turns[0].png for e in envs)
    assert all(e.vision for e in envs)


def test_pool_conversations_teach_revision_and_single_paintings():
    from critique_paint.pool.chains import improving_chains
    from critique_paint.train.datasets import sft_conversations

    rows = sft_conversations(max_sketch_chars=2600)
    assert rows and all([t["function"]["name"] for t in r["tools"]] == ["paint", "edit"] for r in rows)
    multi = [r for r in rows if sum(m["role"] == "tool" for m in r["messages"]) > 1]
    assert multi, "no revision chain made it into the SFT data"
    edited = 0
    for row in rows:
        roles = [m["role"] for m in row["messages"]]
        assert roles[:2] == ["system", "user"] and roles[-1] == "assistant"
        for m in row["messages"][2:-1]:  # each call answered once per tool call (an edit group's receipts too)
            if m["role"] == "assistant":
                calls = m["tool_calls"]
                edited += calls[0]["function"]["name"] == "edit"
                k = row["messages"].index(m)
                assert [x["role"] for x in row["messages"][k + 1:k + 1 + len(calls)]] == ["tool"] * len(calls)
    assert edited, "no revision was written as edits"
    paint_only = sft_conversations(max_sketch_chars=2600, actions=["paint"])
    assert all(c["function"]["name"] == "paint" for r in paint_only for m in r["messages"]
               for c in m.get("tool_calls") or [])
    from critique_paint.paths import pool_dir
    from critique_paint.pool import load_manifest

    chains = improving_chains(load_manifest(pool_dir()))
    assert len(chains) >= 30 and all(c[i + 1].parent_id == c[i].id for c in chains for i in range(len(c) - 1))
    first_chain = next(r for r in multi)
    critique_turn = next(m for m in first_chain["messages"] if m["role"] == "tool")["content"]
    assert critique_turn.startswith("Painting 1 rendered. You can revise it")


def test_the_tools_trl_sees_are_the_protocols_actions():
    """TRL offers every public method but reset and get_reward as a tool: the episode's actions (default `paint` and
    `edit`), each with the protocol's schema, and nothing else."""
    import inspect

    from transformers.utils import get_json_schema

    from critique_paint.env.protocol import tool_schemas
    from critique_paint.train.tool_env import PaintToolEnv, tool_env_class

    def public(cls: type) -> set[str]:
        return {n for n, _ in inspect.getmembers(cls, predicate=inspect.isfunction) if not n.startswith("_")}

    assert public(PaintToolEnv) == {"reset", "get_reward", "paint", "edit"}
    slot = PaintToolEnv(endpoint=None)
    assert [get_json_schema(slot.paint), get_json_schema(slot.edit)] == tool_schemas(["paint", "edit"])
    assert public(tool_env_class(("paint",))) == {"reset", "get_reward", "paint"}
    assert public(tool_env_class(("edit",))) == {"reset", "get_reward", "edit"}
    assert get_json_schema(tool_env_class(("paint",))(endpoint=None).paint) == tool_schemas(["paint"])[0]


@pytest.mark.timeout(WARM_SETUP_TIMEOUT_S)
def test_grpo_command_takes_a_preset_path_and_typed_flags(warm_model, tmp_path):
    """`critique-paint grpo --reward-preset X.yaml --max-turns 1`, one step from the warm model: every turn is
    scored by the YAML's preset and no rollout paints twice. The command runs the warm model as it is (no script):
    its measured paint-call probability (>= WARM_CALL_BOUND each) makes a rollout without a call a 1e-4 event."""
    import json

    from conftest import run_cli

    _, final, measured = warm_model
    assert measured[-1][0] >= WARM_CALL_BOUND, measured
    preset = tmp_path / "preset.yaml"
    offline = (CONFIGS_DIR / "rewards" / "offline.yaml").read_text()
    preset.write_text(offline.replace("name: offline", "name: from-the-cli"))
    sets = ["model.name=tiny:text", "grpo.max_steps=1", "grpo.num_generations=2", "grpo.per_device_train_batch_size=2",
            "grpo.max_completion_length=700", "grpo.temperature=0.3", "environment.prompts=2",
            "environment.render.workers=1", "environment.system_prompt=full", *seed_overrides(), *FROM_SCRATCH]
    result = run_cli("grpo", "--config", str(CONFIGS_DIR / "tiny-cpu.yaml"), "--model", str(final),
                     "--reward-preset", str(preset), "--max-turns", "1", "--out", str(tmp_path / "run"),
                     *(x for s in sets for x in ("--set", s)))
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in
            (tmp_path / "run" / "rollouts" / "step-0000" / "rollouts.jsonl").read_text().splitlines()]
    turns = [t for r in rows for t in r["turns"]]
    assert turns and {t["preset_name"] for t in turns} == {"from-the-cli"}
    assert max(len(r["turns"]) for r in rows) == 1
