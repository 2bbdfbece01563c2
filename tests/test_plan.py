"""The memory planner on the real architectures (meta device, no weights) and the shipped configs."""

from __future__ import annotations

import inspect
import json

import pytest

from critique_paint.config.training import load_train_config
from critique_paint.errors import ConfigError
from critique_paint.paths import CONFIGS_DIR
from critique_paint.plan import check_fits, plan_run
from critique_paint.plan.launch import accelerate_config
from critique_paint.plan.table import plan_json

from conftest import run_cli

BIG = str(CONFIGS_DIR / "qwen3.5-35b-a3b.yaml")
BIG_2GPU = str(CONFIGS_DIR / "qwen3.5-35b-a3b-2gpu.yaml")
SMALL = str(CONFIGS_DIR / "qwen3.5-4b.yaml")
OLD_SETTING = ["grpo.use_vllm=true", "grpo.vllm_mode=colocate", "grpo.vllm_gpu_memory_utilization=0.35",
               "grpo.vllm_enable_sleep_mode=false"]
EXPERTS = ["peft.target_parameters=[mlp.experts.gate_up_proj, mlp.experts.down_proj]"]


def _plan(path: str, stage: str = "grpo", sets: list[str] | None = None, **kw):
    """Planned with the reference Gated DeltaNet kernel (the larger figure) unless told otherwise."""
    return plan_run(load_train_config(path, sets or []), stage, **{"reference_kernels": True, **kw})


def _item(plan, name: str):
    return next(i for g in plan.gpus for i in g.items if i.name == name)


@pytest.mark.parametrize("path", [BIG, SMALL])
def test_trainer_weights_are_the_meta_parameter_count_in_bf16(path):
    from critique_paint.models.architectures import architecture_config, meta_model

    cfg = load_train_config(path)
    count = sum(p.numel() for p in meta_model(architecture_config(cfg.model.name)).parameters())
    plan = plan_run(cfg, "grpo")
    assert plan.params == count
    assert _item(plan, "trainer weights").bytes == count * 2


def test_the_old_35b_colocate_setting_is_refused_in_one_line():
    cfg = load_train_config(BIG, OLD_SETTING)
    with pytest.raises(ConfigError) as exc:
        check_fits(cfg, "grpo")
    msg = str(exc.value)
    assert "\n" not in msg
    assert "vLLM budget 49.0 GiB is below its weights" in msg
    assert "biggest item" in msg and "grpo.use_vllm false" in msg


def test_sleep_mode_at_half_the_gpu_still_does_not_fit_the_35b():
    sets = [*OLD_SETTING[:2], "grpo.vllm_gpu_memory_utilization=0.5", "grpo.vllm_enable_sleep_mode=true",
            "grpo.vllm_max_model_length=14336"]
    plan = _plan(BIG, sets=sets)
    assert not plan.fits
    assert plan.tightest.peak_phase == "generation"
    assert plan.biggest.name == "vLLM colocate budget"
    awake = _plan(BIG, sets=[*sets[:-2], "grpo.vllm_max_model_length=14336"])  # no sleep: resident in backward
    assert awake.tightest.phases["training"] > plan.tightest.phases["training"]


@pytest.mark.parametrize("path", [BIG, BIG_2GPU, SMALL])
@pytest.mark.parametrize("stage", ["grpo", "sft"])
def test_every_shipped_config_fits_with_ten_percent_margin(path, stage):
    assert check_fits(load_train_config(path), stage).fits
    plan = _plan(path, stage)  # even without flash-linear-attention's kernels
    assert plan.fits and not plan.cpu
    for gpu in plan.gpus:
        assert gpu.margin_gib >= 0.10 * gpu.capacity_gib, (gpu.name, gpu.peak_gib)


def test_the_reference_deltanet_kernel_is_planned_larger_than_fla():
    fla, reference = _plan(BIG, reference_kernels=False), _plan(BIG)
    assert fla.kernels.startswith("flash-linear-attention")
    assert _item(reference, "one layer recomputed").bytes > _item(fla, "one layer recomputed").bytes
    assert _item(reference, "HF generate: prefill").bytes > _item(fla, "HF generate: prefill").bytes
    assert _item(reference, "checkpointed layer inputs").bytes == _item(fla, "checkpointed layer inputs").bytes


def test_a_model_without_an_offline_architecture_is_not_planned():
    plan = check_fits(load_train_config(BIG, ["model.name=someone/unknown-model"]), "grpo")
    assert plan.fits and not plan.gpus and plan.notes[0].startswith("not planned")


def test_the_2gpu_config_puts_vllm_on_the_second_gpu():
    plan = _plan(BIG_2GPU)
    trainer, server = plan.gpus
    assert not any(i.name.startswith("vLLM") for i in trainer.items)
    assert _item(plan, "vLLM weights").bytes == plan.params * 2
    one_gpu = _plan(BIG_2GPU, gpus=1)
    assert not one_gpu.fits and "second GPU" in one_gpu.problems[0][0]


def test_lora_lands_on_the_language_model_and_experts_cost_more():
    from critique_paint.models.architectures import architecture_config, text_config

    text = text_config(architecture_config("Qwen/Qwen3.5-35B-A3B"))
    base = _plan(BIG)
    targets = dict(base.lora.targets)
    assert targets["linear_attn.in_proj_qkv"] == text.layer_types.count("linear_attention")
    assert targets["self_attn.q_proj"] == text.layer_types.count("full_attention")
    assert not any("visual" in t or "merger" in t for t in targets)
    assert not any("experts" in t and "shared" not in t for t in targets)
    experts = _plan(BIG, sets=EXPERTS)
    assert dict(experts.lora.targets)["mlp.experts.gate_up_proj"] == text.num_hidden_layers
    assert experts.lora.params > 10 * base.lora.params
    assert _item(experts, "LoRA parameters (fp32)").bytes > _item(base, "LoRA parameters (fp32)").bytes
    assert _item(experts, "AdamW states").bytes == 8 * experts.lora.params
    assert experts.peak_gib > base.peak_gib


def test_a_smaller_gpu_names_the_biggest_adjustable_item_and_its_setting():
    plan = _plan(BIG, gpu_memory_gib=80)
    assert not plan.fits
    reason, item, setting = plan.problems[0]
    assert item == "HF generate: prefill" and setting == "grpo.max_completion_length"
    assert "80 GiB" in reason


def test_longer_completions_cost_more_memory_and_tokens():
    short, long = _plan(BIG, sets=["grpo.max_completion_length=4096"]), _plan(BIG)
    assert short.peak_gib < long.peak_gib
    assert short.tokens["max_completion_tokens_per_step"] * 3 == long.tokens["max_completion_tokens_per_step"]


def test_steps_come_from_max_steps_or_epochs_over_prompts():
    assert _plan(BIG).optimizer_steps == load_train_config(BIG).grpo["max_steps"]
    plan = _plan(BIG, sets=["grpo.max_steps=-1", "grpo.num_train_epochs=3", "environment.prompts=512"])
    assert plan.optimizer_steps == 3 * 512 * 8 // (1 * 8)  # 8 generations per prompt, 8 sequences per step


@pytest.mark.parametrize("files", [[BIG, str(CONFIGS_DIR / "cpu-smoke.yaml")], [str(CONFIGS_DIR / "tiny-cpu.yaml")]])
def test_cpu_runs_pass_at_once(files):
    plan = check_fits(load_train_config(files), "grpo")
    assert plan.cpu and plan.fits and plan.notes == ["CPU run: no GPU budget"]


def test_trl_scores_through_the_fused_lm_head_the_planner_assumes():
    from trl import GRPOTrainer, SFTTrainer

    assert "fused_lm_head=True" in inspect.getsource(GRPOTrainer._get_per_token_logps_and_entropies)
    assert '"fused_lm_head": True' in inspect.getsource(SFTTrainer)


def test_cli_prints_the_table_and_valid_json():
    result = run_cli("plan", "--config", BIG)
    assert result.exit_code == 0
    assert "GPU 0 (trainer)" in result.stdout and "trainer weights" in result.stdout and "fits" in result.stdout
    result = run_cli("plan", "--config", BIG, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["fits"] is True and data["margin_gib"] > 0
    assert data["peak_gib"] == pytest.approx(data["gpus"][0]["peak_gib"])
    assert data["biggest"]["name"] in data["items"]
    assert data == plan_json(plan_run(load_train_config(BIG), "grpo"))
    result = run_cli("plan", "--config", BIG, "--json", *(x for s in OLD_SETTING for x in ("--set", s)))
    assert result.exit_code == 1
    refused = json.loads(result.stdout)
    assert refused["fits"] is False and "grpo.use_vllm false" in refused["refusal"]


@pytest.mark.parametrize("path", [BIG, BIG_2GPU, SMALL])
@pytest.mark.parametrize("stage", ["grpo", "sft"])
def test_every_shipped_config_and_stage_has_hours_and_host_memory(path, stage):
    plan = _plan(path, stage)
    t = plan.step_time
    assert t is not None and 0 < t.low_min <= t.central_min <= t.high_min, plan.time_basis
    assert plan.stage_hours["sft"] and plan.stage_hours["grpo"] and plan.run_hours
    assert plan.run_hours[0] == pytest.approx(plan.stage_hours["sft"][0] + plan.stage_hours["grpo"][0])
    assert plan.host[0].name.startswith("checkpoint")
    assert plan.host[0].bytes == plan.params * 2 * plan.processes  # every DDP rank loads its own copy
    text = plan_json(plan)
    assert text["run_hours"] and text["host_gib"] > plan.params * 2 / 2**30


def test_the_one_gpu_35b_is_the_slow_route_and_two_gpus_the_fast_one():
    one, two = _plan(BIG), _plan(BIG_2GPU)
    assert one.minutes_per_step == pytest.approx((17 * 60 + 46) / 60)  # the reference run's measured step
    assert "HF generate" in one.time_basis and "vLLM server" in two.time_basis
    assert 3 * two.step_time.central_min < one.step_time.central_min
    assert one.stage_hours["grpo"][0] > 24  # more than a day for the shipped 100 steps


def test_the_round_cap_bounds_the_worst_step():
    capped = _plan(BIG)
    uncapped = _plan(BIG, sets=["environment.max_turn_tokens=12288"])
    assert capped.round_tokens == 4096 and uncapped.round_tokens == 12288
    assert capped.step_time.parts["decode"][1] * 3 == pytest.approx(uncapped.step_time.parts["decode"][1])


def test_the_server_length_and_command_come_from_the_config():
    plan = _plan(BIG_2GPU)
    prompt = plan.tokens["prompt_tokens_estimate"]
    need = prompt + 12288 + 4096
    assert need <= plan.server_model_len < need + 256
    serve, train = plan.server_commands
    assert serve.startswith("CUDA_VISIBLE_DEVICES=1 trl vllm-serve --model Qwen/Qwen3.5-35B-A3B --port 8000 ")
    assert f"--max_model_len {plan.server_model_len}" in serve
    assert train == f"CUDA_VISIBLE_DEVICES=0 critique-paint grpo --config {BIG_2GPU}"
    moved = _plan(BIG_2GPU, sets=["grpo.vllm_server_base_url=http://10.0.0.2:8123", "grpo.max_completion_length=8192",
                                  "environment.max_turn_tokens=2048"])
    assert "--port 8123" in moved.server_commands[0] and moved.server_model_len < plan.server_model_len
    assert "trl vllm-serve" not in json.dumps(plan_json(_plan(BIG)))


def test_a_colocate_length_below_a_rounds_request_is_refused():
    plan = _plan(SMALL, sets=["grpo.vllm_max_model_length=14336"])
    assert not plan.fits
    assert "below the longest request a round can send" in plan.problems[0][0]
    assert plan.problems[0][2].startswith("grpo.vllm_max_model_length (>=")


def test_the_cli_prints_hours_and_the_server_command():
    result = run_cli("plan", "--config", BIG_2GPU)
    assert result.exit_code == 0
    assert "h for 100 steps" in result.stdout and "whole run" in result.stdout and "host memory" in result.stdout
    assert "trl vllm-serve --model Qwen/Qwen3.5-35B-A3B" in result.stdout


def _full_fine_tuning(tmp_path):
    overlay = tmp_path / "full.yaml"
    overlay.write_text("peft: null\n")
    return [BIG, str(overlay)]


def test_eight_gpus_of_the_35b_launch_ddp_and_zero3_would_gather_the_model_to_generate():
    one, eight = _plan(BIG), _plan(BIG, gpus=8)
    assert eight.processes == 8 and eight.launch_mode == "ddp"
    assert eight.launch_commands == [f"accelerate launch --config_file {accelerate_config('ddp')} --num_processes 8 "
                                     f"-m critique_paint.cli grpo --config {BIG}"]
    trainer = eight.gpus[0]
    assert trainer.name == "GPUs 0-7 (trainer ranks, each)"
    buckets = next(i for i in trainer.items if i.name == "DDP all-reduce buckets")
    assert buckets.bytes == _item(one, "LoRA gradients (fp32)").bytes
    assert trainer.tensor_bytes("generation") == one.gpus[0].tensor_bytes("generation")  # each rank: one process
    assert eight.tokens["sequences_per_step"] == 8 * one.tokens["sequences_per_step"]
    alt = eight.alternative
    assert alt["mode"] == "zero3" and alt["peak_gib"] > eight.peak_gib and alt["peak_phase"] == "generation"
    assert alt["biggest"]["name"] == "ZeRO-3 whole model gathered to generate"
    assert f"{accelerate_config('zero3')} --num_processes 8" in alt["commands"][0]
    assert plan_json(eight)["launch"]["commands"] == eight.launch_commands


def test_zero3_shards_weights_gradients_and_optimizer_state(tmp_path):
    """Full fine-tuning of the 35B: no single GPU holds its AdamW state. ZeRO-3 over 8 shards it, but HF generate
    gathers the whole model on every rank to generate unless grpo.ds3_gather_for_generation is off."""
    files = _full_fine_tuning(tmp_path)
    assert not plan_run(load_train_config(files), "grpo", reference_kernels=True).fits
    gathered = plan_run(load_train_config(files), "grpo", gpus=8, reference_kernels=True)
    assert gathered.launch_mode == "zero3" and not gathered.fits and not gathered.alternative["fits"]
    items = {i.name: i.bytes for i in gathered.gpus[0].items}
    assert items["trainer weights (ZeRO-3 shard)"] == -(-gathered.params * 2 // 8)
    assert items["gradients (full fine-tuning) (ZeRO-3 shard)"] == -(-gathered.params * 2 // 8)
    assert items["optimizer: fp32 master + Adam (ZeRO-3 shard)"] == -(-gathered.params * 12 // 8)
    assert items["ZeRO-3 whole model gathered to generate"] == gathered.params * 2
    assert gathered.problems[0][1] == "ZeRO-3 whole model gathered to generate"
    lazy = plan_run(load_train_config(files, ["grpo.ds3_gather_for_generation=false"]), "grpo", gpus=8,
                    reference_kernels=True)
    assert lazy.fits and lazy.launch_mode == "zero3" and not lazy.alternative["fits"]
    assert "ZeRO-3 whole model gathered to generate" not in {i.name for i in lazy.gpus[0].items}
    assert lazy.step_time.parts["ZeRO-3 gathers while decoding"][0] > 0  # every decoded token gathers the model
    assert lazy.minutes_per_step > gathered.minutes_per_step
    assert plan_run(load_train_config(files), "grpo", gpus=8, sharding="ddp").launch_mode == "ddp"


def test_the_check_before_a_run_plans_the_ranks_it_was_launched_with(tmp_path, monkeypatch):
    files = _full_fine_tuning(tmp_path)
    with pytest.raises(ConfigError, match="does not fit"):
        check_fits(load_train_config(files), "grpo")  # one process: hardware.gpus does not matter
    monkeypatch.setenv("WORLD_SIZE", "8")
    monkeypatch.setenv("ACCELERATE_USE_DEEPSPEED", "true")
    monkeypatch.setenv("ACCELERATE_DEEPSPEED_ZERO_STAGE", "3")
    plan = check_fits(load_train_config(files, ["grpo.ds3_gather_for_generation=false"]), "grpo")
    assert plan.fits and plan.processes == 8 and plan.launch_mode == "zero3"


def test_a_cpu_run_prints_the_launch_lines_that_start_its_processes():
    """A packaged config by name: the launch lines pass the name on as given."""
    result = run_cli("plan", "--config", "tiny-cpu", "--gpus", "2")
    assert result.exit_code == 0
    tiny = "tiny-cpu"
    assert (f"accelerate launch --config_file {accelerate_config('cpu')} --num_processes 2 -m critique_paint.cli "
            f"grpo --config {tiny}") in " ".join(result.stdout.split())
    assert f"torchrun --nproc_per_node 2 -m critique_paint.cli grpo --config {tiny}" in " ".join(result.stdout.split())
    assert "--cpu" not in result.stdout  # `accelerate launch --cpu --num_processes 2` starts one process


def test_paint_only_revisions_are_the_plan_without_the_edit_action():
    from critique_paint.plan.timing import CLOSING_TOKENS, SKETCH_TOKENS

    paint = _plan(SMALL, sets=["environment.actions=[paint]"])
    mixed = _plan(SMALL)
    assert paint.step_time.decode_steps[0] == 3 * SKETCH_TOKENS + CLOSING_TOKENS  # three whole sketches, a close
    g = paint.generation
    assert g["edit_share"] == 0 and g["edit_mix"] == g["paint_only"]
    assert g["paint_only"]["per_rollout"] == 3 * SKETCH_TOKENS + CLOSING_TOKENS
    assert mixed.generation["paint_only"] == g["paint_only"]  # the baseline row is the paint-only plan's
    assert mixed.generation["paint_only"]["minutes_per_step"] == pytest.approx(paint.minutes_per_step, abs=0.01)


@pytest.mark.parametrize("path", [BIG, SMALL])
def test_the_edit_mix_sets_the_generated_tokens_of_each_revision(path):
    from critique_paint.plan.timing import CLOSING_TOKENS, EDIT_SHARE, EDIT_TOKEN_RATIO, SKETCH_TOKENS

    plan = _plan(path)
    g = plan.generation
    mix, paint = g["edit_mix"], g["paint_only"]
    revision = EDIT_SHARE * EDIT_TOKEN_RATIO * SKETCH_TOKENS + (1 - EDIT_SHARE) * SKETCH_TOKENS
    assert g["edit_share"] == EDIT_SHARE and mix["first"] == SKETCH_TOKENS
    assert mix["revision"] == round(revision)
    assert mix["per_rollout"] == SKETCH_TOKENS + 2 * round(revision) + CLOSING_TOKENS
    assert mix["per_step"] == mix["per_rollout"] * plan.tokens["sequences_per_step"] < paint["per_step"]
    assert mix["revision"] < mix["revision_round"] < SKETCH_TOKENS  # a round waits for the batch's longest reply
    assert plan.step_time.decode_steps[0] == round(SKETCH_TOKENS + 2 * plan.step_time.turn_tokens.revision_round) \
        + CLOSING_TOKENS
    assert mix["minutes_per_step_range"][0] < paint["minutes_per_step_range"][0]
    assert mix["minutes_per_step_range"][1] == paint["minutes_per_step_range"][1]  # every round to its cap


def test_edit_only_revisions_of_a_draft_generate_no_first_painting():
    from critique_paint.plan.timing import CLOSING_TOKENS, EDIT_TOKEN_RATIO

    plan = _plan(SMALL, sets=["environment.drafts=synthetic", "environment.actions=[edit]"])
    mix, paint = plan.generation["edit_mix"], plan.generation["paint_only"]
    assert plan.generation["draft"] and plan.generation["edit_share"] == 1
    assert mix["first"] == paint["first"] == 0 and mix["revisions"] == 2
    assert mix["revision"] == mix["revision_round"] == round(EDIT_TOKEN_RATIO * paint["revision"])
    assert mix["per_rollout"] == 2 * mix["revision"] + CLOSING_TOKENS
    full = _plan(SMALL)
    assert plan.step_time.decode_steps[1] * 4 == full.step_time.decode_steps[1] * 3  # no first round to the cap


def test_a_round_waits_for_its_longest_reply():
    from critique_paint.plan.timing import turn_tokens

    one = turn_tokens(1000, 3, batch=1, edit_share=0.5, ratio=0.2)
    assert one.revision == one.revision_round == 600  # one reply: its longest is its mean
    many = turn_tokens(1000, 3, batch=64, edit_share=0.5, ratio=0.2)
    assert many.revision == 600 and many.revision_round == pytest.approx(1000)  # someone paints in every round
    assert turn_tokens(1000, 3, batch=64, edit_share=1.0, ratio=0.2).revision_round == pytest.approx(200)


def test_the_cli_shows_generated_tokens_painted_whole_and_with_edits():
    result = run_cli("plan", "--config", SMALL)
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "generated tokens a rollout, revisions painted whole: 1,800 + 2 x 1,800 + 100 = 5,500" in text
    assert "with 68% of revisions edits (0.51 x a sketch): 1,800 + 2 x 1,200 + 100 = 4,300" in text
    data = json.loads(run_cli("plan", "--config", SMALL, "--json").stdout)
    assert data["generation"]["edit_mix"]["per_rollout"] < data["generation"]["paint_only"]["per_rollout"]
