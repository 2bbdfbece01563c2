"""Every shipped YAML sets only what its mode reads, and every command its comments suggest does too."""

from __future__ import annotations

import re
import shlex

import pytest
import yaml

from critique_paint.config.training import load_train_config
from critique_paint.paths import CONFIGS_DIR
from critique_paint.plan.effect import ignored_accelerate_keys, ignored_settings

TRAINING = sorted(p for p in CONFIGS_DIR.glob("*.yaml"))
ACCELERATE = sorted((CONFIGS_DIR / "accelerate").glob("*.yaml"))
SUGGESTION = re.compile(r"--config[ =]([^\s`]+)((?:\s+--(?:config|set)[ =][^\s`]+)*)")  # a name or a path


@pytest.mark.parametrize("path", TRAINING, ids=lambda p: p.name)
def test_training_configs_set_nothing_their_mode_ignores(path):
    """Each file alone (cpu-smoke.yaml stacked on a GPU config turns vLLM off on purpose: it is checked alone)."""
    assert ignored_settings(load_train_config(path)) == []


@pytest.mark.parametrize("path", ACCELERATE, ids=lambda p: p.name)
def test_accelerate_files_set_nothing_their_launch_ignores(path):
    assert ignored_accelerate_keys(yaml.safe_load(path.read_text())) == []


def _suggestions():
    for path in [*TRAINING, *ACCELERATE]:
        text = " ".join(line.lstrip("# ").rstrip("\\") for line in path.read_text().splitlines()
                        if line.lstrip().startswith("#"))
        for match in SUGGESTION.finditer(text):
            words = shlex.split(match.group(0))
            configs = [w for a, w in zip(words, words[1:], strict=False) if a == "--config"]
            sets = [w for a, w in zip(words, words[1:], strict=False) if a == "--set"]
            yield pytest.param(configs, sets, id=f"{path.name}:{' '.join(words)[:60]}")


@pytest.mark.parametrize("configs,sets", list(_suggestions()))
def test_commands_in_comments_set_nothing_their_mode_ignores(configs, sets):
    assert ignored_settings(load_train_config(configs, sets)) == []


def test_the_rules_catch_what_the_shipped_files_used_to_set():
    one_gpu = CONFIGS_DIR / "qwen3.5-35b-a3b.yaml"
    assert ignored_settings(load_train_config(one_gpu, ["grpo.vllm_mode=server"])) == [
        "grpo.vllm_mode: only read with grpo.use_vllm true"]
    server = load_train_config(CONFIGS_DIR / "qwen3.5-35b-a3b-2gpu.yaml", ["grpo.vllm_max_model_length=14336"])
    assert ignored_settings(server) == [
        "grpo.vllm_max_model_length: only read in vllm_mode colocate (the server takes its own flags)"]
    assert ignored_accelerate_keys({"num_machines": 1, "rdzv_backend": "static", "main_training_function": "main",
                                    "deepspeed_config": {"deepspeed_multinode_launcher": "standard",
                                                         "zero_stage": 2, "zero3_init_flag": True}}) == [
        "rdzv_backend: only read with num_machines > 1",
        "deepspeed_config.deepspeed_multinode_launcher: only read with num_machines > 1",
        "main_training_function: only read for TPU launches",
        "deepspeed_config.zero3_init_flag: only read with zero_stage 3"]
