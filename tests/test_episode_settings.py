"""One settings schema (`EpisodeSettings`) for a reset, the training config's environment section and the wire
state; the painting trainer's own fields and collaborators declared on TRL's config and trainer classes."""

from __future__ import annotations

import dataclasses
import os

import pytest

from critique_paint.config.training import EPISODE_KEYS, EnvironmentSection, load_train_config
from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.wire import PaintState
from critique_paint.errors import ConfigError, ProtocolError
from critique_paint.fields import default_of, help_of
from critique_paint.paths import CONFIGS_DIR

TINY = CONFIGS_DIR / "tiny-cpu.yaml"


def refused(request: dict) -> str:
    with pytest.raises(ProtocolError) as info:
        EpisodeSettings.parse(request)
    assert info.value.code == "INVALID_RESET"
    text = str(info.value)
    assert "\n" not in text and "pydantic" not in text, text
    return text


def test_a_reset_refuses_unknown_keys_wrong_types_and_values_out_of_range():
    assert "unknown reset field max_turn; known: actions, brush_methods, critique, draft, gain_weight" in refused(
        {"max_turn": 2})
    assert "unknown reset fields max_turn, colour;" in refused({"max_turn": 2, "colour": "red"})
    assert "max_turns must be a whole number 1..16, got '2'" in refused({"max_turns": "2"})  # strict: no coercion
    assert "max_turns must be a whole number 1..16, got True" in refused({"max_turns": True})
    assert "max_turns must be 1..16, got 17" in refused({"max_turns": 17})
    assert "gain_weight must be >= 0, got -0.5" in refused({"gain_weight": -0.5})
    assert "critique must be one of reward, self, image, blind, got 'loud'" in refused({"critique": "loud"})
    both = refused({"max_turns": 0, "reward_mode": "last"})
    assert "max_turns must be 1..16, got 0; reward_mode must be one of final, best, final_plus_gain" in both


def test_a_reset_takes_defaults_for_none_and_an_int_weight():
    settings = EpisodeSettings.parse({"subject": "  pears ", "seed": None, "gain_weight": 2})
    assert settings.subject == "pears" and settings.seed == 0 and settings.gain_weight == 2.0
    with pytest.raises(Exception):  # noqa: B017 - frozen: a copy with changes is `model_copy`
        settings.max_turns = 2


def test_the_in_process_environment_refuses_a_bad_reset():
    from critique_paint.env.environment import PaintEnvironment

    env = PaintEnvironment(runtime=None)  # refused before the runtime is asked for a scorer
    with pytest.raises(ProtocolError, match=r"^INVALID_RESET: unknown reset field max_turn; known: "):
        env.reset(subject="pears", max_turn=2)
    with pytest.raises(ProtocolError, match=r"^INVALID_RESET: max_turns must be a whole number 1\.\.16, got '2'$"):
        env.reset(subject="pears", max_turns="2")


def test_the_wire_state_round_trips_every_setting():
    settings = EpisodeSettings(subject="pears", seed=4, max_turns=2, reward_preset="offline", critique="self",
                               keep_best=True, reward_mode="final_plus_gain", gain_weight=1.25,
                               reference_love_share=0.75)
    state = PaintState(**settings.model_dump(), episode_id="e", turn=1)
    back = PaintState.model_validate_json(state.model_dump_json())
    assert back.gain_weight == 1.25 and back.reward_mode == "final_plus_gain" and back.reference_love_share == 0.75
    assert EpisodeSettings(**{k: getattr(back, k) for k in EpisodeSettings.model_fields}) == settings


def test_help_and_defaults_come_from_the_model():
    assert default_of(EpisodeSettings, "max_turns") == 3 and default_of(EpisodeSettings, "keep_best") is False
    assert help_of(EpisodeSettings, "keep_best") == EpisodeSettings.model_fields["keep_best"].description
    assert "episode" in {f.name for f in dataclasses.fields(EnvironmentSection)}
    assert EPISODE_KEYS == ("max_turns", "critique", "keep_best", "reward_mode", "gain_weight", "brush_methods",
                            "system_prompt", "reference_love_share", "actions")


def yaml_error(tmp_path, environment: str) -> str:
    path = tmp_path / "run.yaml"
    path.write_text(f"environment:\n{environment}\n")
    with pytest.raises(ConfigError) as info:
        load_train_config([TINY, path])
    text = str(info.value)
    assert "\n" not in text and str(path) in text, text
    return text


def test_the_yaml_environment_section_is_validated_by_the_same_model(tmp_path):
    assert "environment: unknown key(s) max_turn;" in yaml_error(tmp_path, "  max_turn: 2")
    assert "environment: unknown key(s) seed;" in yaml_error(tmp_path, "  seed: 2")  # each row's own
    assert "environment.max_turns must be a whole number 1..16, got '2'" in yaml_error(tmp_path, "  max_turns: '2'")
    assert "environment.max_turns must be 1..16, got 0" in yaml_error(tmp_path, "  max_turns: 0")
    assert "environment.gain_weight must be >= 0, got -1" in yaml_error(tmp_path, "  gain_weight: -1")
    assert "environment.keep_best must be true or false, got 'yes please'" in yaml_error(
        tmp_path, "  keep_best: yes please")
    cfg = load_train_config(TINY, ["environment.keep_best=true", "environment.gain_weight=2",
                                   "environment.reward_mode=final_plus_gain", "environment.max_turns=4"])
    episode = cfg.environment.episode
    assert episode.keep_best and episode.gain_weight == 2.0 and episode.max_turns == 4
    defaults = cfg.environment.episode_defaults()
    assert defaults["reward_mode"] == "final_plus_gain" and defaults["reward_preset"] == cfg.environment.reward_preset
    assert "subject" not in defaults and "seed" not in defaults


def test_the_grpo_config_declares_the_trainers_fields(tmp_path):
    from trl import GRPOConfig

    from critique_paint.config.grpo import PaintGRPOConfig

    declared = {f.name: f for f in dataclasses.fields(PaintGRPOConfig)}
    assert {"max_turn_tokens", "tool_concurrency"} <= set(declared) - {f.name for f in dataclasses.fields(GRPOConfig)}
    assert declared["max_turn_tokens"].metadata["help"] and declared["tool_concurrency"].metadata["help"]
    cfg = load_train_config(TINY, ["environment.tool_concurrency=3", "environment.max_turn_tokens=100",
                                   "model.router_aux_loss_coef=null"])
    args = cfg.grpo_args(tmp_path)
    assert isinstance(args, PaintGRPOConfig) and args.tool_concurrency == 3 and args.max_turn_tokens == 100
    assert args.router_aux_loss_coef is None and cfg.sft_args(tmp_path).router_aux_loss_coef is None
    zero = load_train_config(TINY, ["model.router_aux_loss_coef=0"])  # an int: transformers' configs want a float
    assert type(zero.grpo_args(tmp_path).router_aux_loss_coef) is float
    assert type(zero.sft_args(tmp_path).router_aux_loss_coef) is float
    cpu = {"output_dir": str(tmp_path), "use_cpu": True, "bf16": False}
    resolved = PaintGRPOConfig(max_completion_length=1000, max_tool_calling_iterations=3, **cpu)
    assert resolved.max_turn_tokens == 334  # an even share of the completion budget per turn
    with pytest.raises(ValueError, match="tool_concurrency must be a positive integer"):
        PaintGRPOConfig(tool_concurrency=0, **cpu)


def test_the_trainer_takes_its_archive_and_progress_in_its_constructor(tmp_path):
    from datasets import Dataset
    from rich.console import Console
    from transformers.trainer_callback import PrinterCallback, ProgressCallback

    from critique_paint.models.loading import load_policy
    from critique_paint.train.archive import RolloutArchive
    from critique_paint.train.progress import RunProgress
    from critique_paint.train.trainer import PaintGRPOTrainer

    cfg = load_train_config(TINY, ["environment.tool_concurrency=5"])
    model, tok, _ = load_policy("tiny:text", cache_dir=tmp_path / "cache")
    data = Dataset.from_list([{"prompt": [{"role": "user", "content": "paint"}]}] * 2)
    common = {"model": model, "reward_funcs": [lambda completions, **_: [0.0] * len(completions)],
              "train_dataset": data, "processing_class": tok}
    plain = PaintGRPOTrainer(args=cfg.grpo_args(tmp_path / "a"), **common)
    assert plain.archive is None and plain.progress is None and plain.args.tool_concurrency == 5
    archive = RolloutArchive(tmp_path / "b", "reward")
    progress = RunProgress(Console(file=open(os.devnull, "w")), "grpo", live=False)  # noqa: SIM115
    trainer = PaintGRPOTrainer(args=cfg.grpo_args(tmp_path / "b"), archive=archive, progress=progress, **common)
    assert trainer.archive is archive and trainer.progress is progress and progress.archive is archive
    handlers = {type(c) for c in trainer.callback_handler.callbacks}
    assert PrinterCallback not in handlers and ProgressCallback not in handlers
    with pytest.raises(TypeError, match="needs a PaintGRPOConfig"):
        PaintGRPOTrainer(args=None, **common)


def test_the_brief_system_prompt_is_the_full_ones_opening_under_every_source_and_method_set():
    from critique_paint.env.episode import Episode
    from critique_paint.env.protocol import CRITIQUE_SOURCES, system_prompt

    full, brief = system_prompt(), system_prompt(style="brief")
    assert full.startswith(brief + "\n\n") and "`paint` tool" in brief and len(brief) < len(full) / 6
    assert system_prompt(["circle"], "brief") == brief and system_prompt(["circle"]) != full
    firsts = {Episode(EpisodeSettings(critique=source, system_prompt="brief")).messages()[0]["content"]
              for source in CRITIQUE_SOURCES}
    assert firsts == {brief}
    assert refused({"system_prompt": "short"}).endswith("system_prompt must be one of full, brief, got 'short'")
