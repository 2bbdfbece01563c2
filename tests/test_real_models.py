"""The shipped Qwen3.5 configs end to end on CPU, on tiny random-weight builds of the real classes.

For each of the qwen3.5-35b-a3b and qwen3.5-4b configs (stacked with cpu-smoke):
LoRA SFT on the pool (paintings in the tool answers) -> GRPO started from the SFT adapter folder (logging of
completions on, 2 turns, images in tool results) -> `paint --auto` and `eval` on the GRPO output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from critique_paint.config.training import load_train_config
from critique_paint.env.replies import END_REASONS
from critique_paint.paths import CONFIGS_DIR

from conftest import run_cli
from helpers.scripted import load_tokenizer, scripted_paint
from helpers.seeds import seed_overrides
from helpers.sketches import SHORT_SKETCH

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)


FAMILIES = {
    "qwen3_5_moe": "qwen3.5-35b-a3b.yaml",
    "qwen3_5": "qwen3.5-4b.yaml",
}


def smoke_config(name: str, *overrides: str):
    return load_train_config([CONFIGS_DIR / name, CONFIGS_DIR / "cpu-smoke.yaml"],
                             ["environment.render.workers=1", *seed_overrides(), *overrides])


def probe_logits(model, processing_class):
    """Logits of a fixed short conversation (no image), for comparing a model before and after a reload."""
    import torch

    tok = getattr(processing_class, "tokenizer", processing_class)
    ids = tok.apply_chat_template([{"role": "user", "content": "paint a peach hibiscus"}], tokenize=True,
                                  add_generation_prompt=True, return_dict=True, return_tensors="pt")
    model.eval()
    with torch.no_grad():
        return model(input_ids=ids["input_ids"], attention_mask=ids["attention_mask"]).logits.float()


def warm_rows(folder: Path, renderer) -> list[dict]:
    """Two-painting episodes of one short sketch, with its renders in the answers and the environment's real
    critiques at the GRPO rows' seeds."""
    from critique_paint.env.protocol import episode_messages, paint_tool_schema
    from critique_paint.reward.offline import OfflineCritic

    critic = OfflineCritic()
    rows = []
    for seed in range(2):
        png = renderer.render(SHORT_SKETCH, seed=seed).png
        path = folder / f"warm-{seed}.png"
        path.write_bytes(png)
        critique = critic.critique(png, "a peach hibiscus")
        messages = episode_messages("a peach hibiscus", [SHORT_SKETCH] * 2, [critique] * 2)[:-1]  # no closing line:
        rows.append({"messages": messages,  # every assistant turn to learn is a `paint` call
                     "tools": [paint_tool_schema()], "paintings": [str(path)] * 2, "images": []})
    return rows


@pytest.fixture(scope="module", params=list(FAMILIES), ids=list(FAMILIES))
def chain(request, tmp_path_factory, renderer):
    """SFT (LoRA, paintings in the answers) then GRPO from the SFT adapter folder, for one architecture."""
    from datasets import Dataset
    from transformers import TrainerCallback

    from critique_paint.train.grpo import run_grpo
    from critique_paint.train.sft import run_sft

    family = request.param
    root = tmp_path_factory.mktemp(family)
    # A few LoRA steps make the adapter that GRPO trains on; GRPO's replies are scripted (two paint calls of
    # SHORT_SKETCH per rollout), so what follows a call is tested whatever the barely trained model would sample.
    cfg = smoke_config(FAMILIES[family], "sft.max_steps=8", "sft.learning_rate=2e-2",
                       "sft.lr_scheduler_type=constant")
    seen: dict = {}

    class Probe(TrainerCallback):
        def on_train_end(self, args, state, control, model=None, processing_class=None, **kwargs):
            seen["sft_logits"] = probe_logits(model, processing_class)

    sft_final = run_sft(cfg, root / "sft", dataset=Dataset.from_list(warm_rows(root, renderer)), callbacks=[Probe()])
    script = scripted_paint(load_tokenizer(sft_final), SHORT_SKETCH)
    trainer = run_grpo(cfg, root / "grpo", model_path=str(sft_final), callbacks=[script])
    return {"script": script, "family": family, "cfg": cfg, "root": root, "sft": sft_final,
            "grpo": root / "grpo" / "final", "trainer": trainer, **seen}


def test_tiny_builds_are_the_real_classes(chain):
    from critique_paint.models.architectures import TINY_ARCHITECTURES, architecture_config, model_class

    model = chain["trainer"].model.get_base_model()
    real = architecture_config(TINY_ARCHITECTURES[chain["family"]])
    assert type(model) is model_class(real)
    text = model.config.text_config
    assert text.layer_types == list(dict.fromkeys(real.text_config.layer_types))  # one of each, in the real order
    assert text.layer_types == ["linear_attention", "full_attention"]
    assert model.model.visual.merger is not None
    if chain["family"] == "qwen3_5_moe":
        assert text.num_experts > text.num_experts_per_tok and text.shared_expert_intermediate_size > 0
        trainer = chain["trainer"]  # model.router_aux_loss_coef 0 reaches TRL's own field: no load-balancing loss
        assert trainer.args.router_aux_loss_coef == 0 and trainer.router_aux_loss_coef == 0
        assert not trainer.aux_loss_enabled and text.output_router_logits is False


def test_lora_lands_on_the_language_model_only(chain):
    for stage in ("sft", "grpo"):
        report = json.loads((chain[stage] / "lora_modules.json").read_text())
        modules = report["modules"]
        assert any(".linear_attn.in_proj_qkv" in m for m in modules), modules
        assert any(".self_attn.q_proj" in m for m in modules), modules
        assert not any(marker in m for m in modules for marker in ("visual", "merger"))
        assert report["vision_tower_trainable"] == [] and report["non_lora_trainable"] == []
        if chain["family"] == "qwen3_5_moe":
            assert any(".mlp.shared_expert." in m for m in modules)
            assert not any(".mlp.experts" in m for m in modules)  # fused experts: only via target_parameters


def test_grpo_trains_the_sft_adapter_and_reload_is_exact(chain):
    import torch

    from critique_paint.train.model import load_training_model

    sft_config = json.loads((chain["sft"] / "adapter_config.json").read_text())
    grpo_config = json.loads((chain["grpo"] / "adapter_config.json").read_text())
    assert sft_config["base_model_name_or_path"] == grpo_config["base_model_name_or_path"] == f"tiny:{chain['family']}"
    model, processing, is_vision = load_training_model(chain["cfg"], chain["root"] / "reload", str(chain["sft"]))
    assert is_vision
    assert torch.equal(probe_logits(model, processing), chain["sft_logits"])
    assert any(p.requires_grad for n, p in model.named_parameters() if ".lora_" in n)


def test_grpo_logged_completions_with_paintings(chain):
    import pandas as pd

    from critique_paint.train.completion_log import IMAGE_PLACEHOLDER

    trainer = chain["trainer"]
    assert trainer.args.log_completions and trainer.args.max_tool_calling_iterations == 2
    logged = sorted((chain["root"] / "grpo" / "checkpoints" / "completions").glob("*.parquet"))
    assert len(logged) == trainer.args.max_steps
    completions = [m for f in logged for c in pd.read_parquet(f)["completion"] for m in c]
    answers = [m["content"] for m in completions if m["role"] == "tool"]
    args = trainer.args
    rollouts = args.max_steps * args.per_device_train_batch_size * args.gradient_accumulation_steps
    assert len(answers) == 2 * rollouts  # every scripted rollout painted twice, and each answer was logged
    assert all(a.startswith(IMAGE_PLACEHOLDER) for a in answers)  # with the painting that reached the policy
    calls = [h["tools/call_frequency"] for h in trainer.state.log_history if "tools/call_frequency" in h]
    assert calls and min(calls) > 0
    flat = [h["loss"] for h in trainer.state.log_history if h.get("frac_reward_zero_std") == 1 and "loss" in h]
    assert all(loss == 0 for loss in flat)  # zero advantages, zero loss: no router aux loss rides along
    assert list((chain["root"] / "grpo" / "rollouts").glob("step-*/r*-t*.png"))


def test_paint_and_eval_on_the_grpo_output(chain, tmp_path):
    policy = f"hf:{chain['grpo']}"
    proc = run_cli("paint", "a peach hibiscus", "--policy", policy, "--auto", "--no-open", "--max-turns", "1",
                   "--max-new-tokens", "64", "--render-workers", "1", "--out", str(tmp_path / "paint"))
    assert proc.exit_code == 0, proc.output[-2000:]
    lines = [json.loads(line) for line in (tmp_path / "paint" / "transcript.jsonl").read_text().splitlines()]
    events = [line["event"] for line in lines]
    # a tiny model's 64 tokens may paint or end the episode without a call; either way the same parser decides
    assert events[0] == "start" and events[-1] == "end" and ("turn" in events or "ended" in events)
    assert all(line["reason"] in END_REASONS for line in lines if line["event"] == "ended")
    subjects = tmp_path / "subjects.txt"
    subjects.write_text("a yellow poppy\n")
    proc = run_cli("eval", "--policy", policy, "--subjects", str(subjects), "--max-turns", "1", "--episodes", "1",
                   "--max-new-tokens", "64", "--render-workers", "1", "--out", str(tmp_path / "eval"))
    assert proc.exit_code == 0, proc.output[-2000:]
    rows = [json.loads(line) for line in (tmp_path / "eval" / "results.jsonl").read_text().splitlines()]
    assert rows and all(r["policy"] == policy for r in rows)


GPU_CONFIGS = ["qwen3.5-35b-a3b.yaml", "qwen3.5-35b-a3b-2gpu.yaml", "qwen3.5-4b.yaml"]


def sampling_weights(model, processing, grpo: dict) -> float:
    from helpers.sampling import correction_weights, sampler_and_trainer_logprobs

    tok = processing.tokenizer
    ids = tok("function setup() {", return_tensors="pt")
    sampler, trainer = sampler_and_trainer_logprobs(
        model, ids["input_ids"], ids["attention_mask"], temperature=grpo.get("temperature", 1.0),
        top_p=grpo.get("top_p", 1.0), top_k=grpo.get("top_k", 0), max_new_tokens=256)
    weights = correction_weights(sampler, trainer, grpo.get("vllm_importance_sampling_mode", "sequence_mask"),
                                 grpo.get("vllm_importance_sampling_clip_min"),
                                 grpo.get("vllm_importance_sampling_clip_max", 3.0))
    return float(weights.mean())


@pytest.mark.parametrize("name", GPU_CONFIGS)
def test_sampling_keeps_the_importance_correction_near_one(name, tmp_path):
    """The shipped sampling settings keep TRL's vLLM correction weight near 1 over a 256-token completion; the
    old ones (top_p 0.95, top_k 20, sequence-level correction) drive it to about 0."""
    from critique_paint.models.loading import load_policy

    cfg = smoke_config(name)
    model, processing, _ = load_policy(cfg.model_spec, cache_dir=tmp_path)
    assert sampling_weights(model, processing, cfg.grpo) > 0.9
    old = {**cfg.grpo, "top_p": 0.95, "top_k": 20, "vllm_importance_sampling_mode": "sequence_mask"}
    assert sampling_weights(model, processing, old) < 1e-3


@pytest.mark.parametrize("name", GPU_CONFIGS)
def test_shipped_gpu_configs_are_set_on_purpose(name, tmp_path):
    cfg = load_train_config(CONFIGS_DIR / name)
    grpo = cfg.grpo_args(tmp_path, bf16=False, use_cpu=True)
    assert grpo.max_steps > 0 and grpo.mask_truncated_completions
    assert grpo.chat_template_kwargs == {"enable_thinking": False} and grpo.log_completions
    assert cfg.model.router_aux_loss_coef == 0 or "35b" not in name
    prompt_budget = 2048
    if grpo.use_vllm:
        if grpo.vllm_mode == "colocate":  # a server takes its own --max_model_len (`critique-paint plan` prints it)
            assert grpo.vllm_max_model_length >= grpo.max_completion_length + prompt_budget
        assert grpo.top_p == 1.0 and grpo.top_k == 0 and grpo.vllm_importance_sampling_mode.startswith("token")
    assert cfg.sft["max_length"] >= grpo.max_completion_length


def test_grpo_refuses_a_config_that_cannot_fit_before_loading_anything(tmp_path):
    old = ["--set", "grpo.use_vllm=true", "--set", "grpo.vllm_mode=colocate",
           "--set", "grpo.vllm_gpu_memory_utilization=0.35"]
    proc = run_cli("grpo", "--config", str(CONFIGS_DIR / "qwen3.5-35b-a3b.yaml"), *old, "--out", str(tmp_path / "grpo"))
    assert proc.exit_code == 2
    lines = proc.stderr.strip().splitlines()
    error = lines[-1]
    assert error.startswith("error: ") and "Traceback" not in proc.stderr
    assert not any("loading model" in line for line in lines)  # refused before anything was loaded
    assert "trainer weights 65.4 GiB" in error and "grpo.use_vllm" in error
    assert not (tmp_path / "grpo").exists()
