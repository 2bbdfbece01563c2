"""Configs resolve by name or path, from a wheel's packaged copy or a checkout's configs/; the reference pool comes
from CRITIQUE_PAINT_POOL or the checkout, and a command that needs it without either says so in one line."""

from __future__ import annotations

import pytest

from critique_paint import paths
from critique_paint.config.training import load_train_config
from critique_paint.errors import ConfigError
from critique_paint.reward.mix import load_preset
from critique_paint.reward.scorer import Scorer, ScorerConfig

from conftest import run_cli


def test_a_packaged_config_resolves_by_name_and_a_path_as_given(tmp_path, monkeypatch):
    tiny = paths.CONFIGS_DIR / "tiny-cpu.yaml"
    assert paths.training_config("tiny-cpu") == paths.training_config("tiny-cpu.yaml") == tiny
    assert paths.training_config(str(tiny)) == tiny
    assert "qwen3.5-4b" in paths.config_names() and "tiny-cpu" in paths.config_names()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny-cpu.yaml").write_text(tiny.read_text())
    assert paths.training_config("tiny-cpu.yaml").resolve() == tmp_path / "tiny-cpu.yaml"  # a file there first
    with pytest.raises(ConfigError, match="one of cpu-smoke, ") as exc:
        paths.training_config("configs/tiny-cpu.yaml")
    assert "\n" not in str(exc.value)
    assert load_train_config(["qwen3.5-4b", "cpu-smoke"]).path == "qwen3.5-4b+cpu-smoke"


def test_the_config_option_takes_a_name_and_refuses_an_unknown_one():
    assert run_cli("plan", "--config", "tiny-cpu", "--json").exit_code == 0
    result = run_cli("plan", "--config", "no-such-config")
    assert result.exit_code == 2 and "no training config 'no-such-config'" in result.stderr


@pytest.fixture
def no_pool(monkeypatch):
    monkeypatch.delenv(paths.POOL_ENV, raising=False)
    monkeypatch.setattr(paths, "CHECKOUT", None)


def test_the_pool_comes_from_the_setting_else_the_checkout(monkeypatch, tmp_path):
    monkeypatch.delenv(paths.POOL_ENV, raising=False)
    assert paths.pool_dir() == paths.CHECKOUT / "reference_pool"
    monkeypatch.setenv(paths.POOL_ENV, str(tmp_path))
    assert paths.pool_dir() == tmp_path
    monkeypatch.setenv(paths.POOL_ENV, str(tmp_path / "missing"))
    with pytest.raises(ConfigError, match=f"{paths.POOL_ENV}=.*missing is not a folder"):
        paths.pool_dir()


@pytest.mark.usefixtures("no_pool")
def test_without_a_pool_what_needs_it_names_the_setting_in_one_line():
    with pytest.raises(ConfigError, match=f"no reference pool: set {paths.POOL_ENV}"):
        paths.pool_dir()
    Scorer(ScorerConfig(preset=load_preset("offline")))  # the judge slot is off: no references, no pool
    with pytest.raises(ConfigError, match=paths.POOL_ENV):
        Scorer(ScorerConfig(preset=load_preset("offline").with_weights({"judge": 0.5})))
    assert run_cli("pool", "sample", "--help").exit_code == 0
    result = run_cli("pool", "sample")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [f"error: no reference pool: set {paths.POOL_ENV} to a reference "
                                                  "pool folder (a checkout's reference_pool/)"]


@pytest.mark.usefixtures("no_pool")
def test_the_tokenizer_corpus_does_not_follow_the_pool_setting(monkeypatch, tmp_path):
    """The tiny tokenizer reads the wheel's copy of the pool's sketches, or a checkout's; never CRITIQUE_PAINT_POOL."""
    monkeypatch.setenv(paths.POOL_ENV, str(tmp_path))
    monkeypatch.setattr(paths, "CORPUS_DIR", tmp_path / "corpus")
    with pytest.raises(ConfigError, match="no corpus for the tiny tokenizer"):
        paths.tokenizer_sketches()
    (tmp_path / "corpus").mkdir()
    assert paths.tokenizer_sketches() == tmp_path / "corpus"


def test_prompts_and_configs_come_from_the_wheel_else_the_checkout(monkeypatch, tmp_path):
    """A checkout reads its top-level prompts/ and configs/; a wheel its packaged copy; with neither, what needs
    them says so in one line."""
    assert paths.PROMPTS_DIR == paths.CHECKOUT / "prompts" and paths.CONFIGS_DIR == paths.CHECKOUT / "configs"
    assert paths.EXAMPLES_DIR == paths.PROMPTS_DIR / "examples"
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path / "data")
    assert paths._shipped("configs") == paths.CHECKOUT / "configs"
    (tmp_path / "data" / "configs").mkdir(parents=True)
    assert paths._shipped("configs") == tmp_path / "data" / "configs"
    monkeypatch.setattr(paths, "CHECKOUT", None)
    assert paths._shipped("prompts") == tmp_path / "data" / "prompts"
    monkeypatch.setattr(paths, "CONFIGS_DIR", tmp_path / "data" / "missing")
    with pytest.raises(ConfigError, match="missing is missing: critique-paint reads its prompts and configs") as exc:
        paths.training_config("tiny-cpu")
    assert "\n" not in str(exc.value)
