"""`benchmarks/learning_check.py`: its warm start (the tiny CPU config's SFT, as the demo trains it, cut to its
first WARM_STEPS steps) calls its tools, so a change to the prompt or the SFT recipe cannot silently leave GRPO
nothing to learn from; and its comparison cannot pass on nothing."""

from __future__ import annotations

import learning_check as lc
import pytest

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)

WARM_CALL_RATE = 0.9
PROBES = 20
WARM_STEPS = 200  # the recipe's first 200 of 500 steps: the calls' form is learnt by then (its loss under 0.08)


@pytest.fixture(scope="module")
def warm_start(tmp_path_factory, render_cache):
    from critique_paint.config.training import load_train_config
    from critique_paint.train.sft import run_sft, sft_dataset

    from helpers.built_once import SYNTHETIC_CORPUS, built_once, one_at_a_time

    sets = [f"sft.max_steps={WARM_STEPS}", f"environment.render.cache_dir={render_cache}"]
    cfg = load_train_config("tiny-cpu", sets)

    def build(folder):
        with one_at_a_time(tmp_path_factory, SYNTHETIC_CORPUS):  # test_channel paints the same drafts
            sft_dataset(cfg)  # its renders, into the run's cache: the SFT reads them back
        return run_sft(cfg, folder, disable_tqdm=True)

    path = built_once(tmp_path_factory, "tiny-cpu-sft", {"config": "tiny-cpu", "sets": sets[:1]}, build)
    return cfg, path


@pytest.mark.timeout(1800)  # a hang guard: the first test to ask pays for the SFT (4-10 min on a busy machine)
def test_the_warm_start_calls_its_tools(warm_start, tmp_path):
    from critique_paint.train.model import load_training_model

    cfg, path = warm_start
    model, tok, _ = load_training_model(cfg, tmp_path, str(path))
    rate = lc.tool_call_rate(model, tok, cfg, PROBES)
    assert rate >= WARM_CALL_RATE, f"tool-call rate after SFT {rate:.2f} of {PROBES} sampled replies"


def test_the_check_repairs_by_applying_the_edit():
    from critique_paint.pool.synthetic import repair_edit

    env = lc.environment_for(("edit",))()
    env.reset(subject="a red rose", actions=["edit"])
    edit = repair_edit("ground")
    answer = env.edit(edit.old, edit.new)
    assert "rejected" not in answer
    assert lc.target_reward("ground")([env]) == [1.0] and lc.target_reward("sky")([env]) == [0.0]
    missing = lc.environment_for(("edit",))()
    missing.reset(subject="a red rose")
    assert "rejected" in missing.edit("no such line", "x") and lc.target_reward("ground")([missing]) == [0.0]


def test_no_variance_is_no_signal_not_infinity():
    with pytest.raises(lc.NoSignal, match="no variance"):
        lc.welch_t([0.0] * 5, [0.0] * 5)
    assert lc.welch_t([0.0, 0.1, 0.0, 0.1, 0.0], [1.0, 0.9, 1.0, 0.9, 1.0]) > 3
