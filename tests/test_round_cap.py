"""The per-round generation cap on tiny real-architecture models: a policy that never ends a reply.

The policy is the tiny random-weight build of each shipped Qwen3.5 architecture with a logits processor installed
by the test: every generation round starts with a whole `paint` call (so TRL's loop goes on to the next round), then
the end-of-turn tokens are banned, so the reply runs on until something stops it. The processor counts the decoding
steps of each round itself; the trainer's own record is only compared with it.
"""

from __future__ import annotations

import functools
import os

import pytest

from critique_paint.config.training import load_train_config
from critique_paint.env.protocol import turn_token_budget
from critique_paint.errors import ConfigError
from critique_paint.paths import CONFIGS_DIR

pytestmark = pytest.mark.slow  # among the longest modules: xdist starts them first (conftest)

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")

FAMILIES = {"qwen3_5_moe": "qwen3.5-35b-a3b.yaml", "qwen3_5": "qwen3.5-4b.yaml"}
CALL = "<tool_call>\n<function=paint>\n<parameter=sketch>\nfunction setup() {}\n</parameter>\n</function>\n</tool_call>"
MAX_COMPLETION = 1400
TURNS = 3
CAP = 150  # well below the completion budget, so every round's tool result still fits after it


def test_the_budget_is_an_even_share_of_the_completion_unless_set():
    assert turn_token_budget(12288, 3) == 4096
    assert turn_token_budget(1000, 3) == 334
    assert turn_token_budget(12288, 3, 2500) == 2500
    assert turn_token_budget(1000, 3, 5000) == 1000  # never above the whole budget
    smoke = [CONFIGS_DIR / "qwen3.5-35b-a3b.yaml", CONFIGS_DIR / "cpu-smoke.yaml"]  # GRPOConfig refuses bf16 on CPU
    cfg = load_train_config(smoke, ["grpo.max_completion_length=12288", "environment.max_turns=3"])
    assert cfg.grpo_args("/tmp/x").max_turn_tokens == 4096
    cfg = load_train_config(smoke, ["environment.max_turn_tokens=300"])
    assert cfg.grpo_args("/tmp/x").max_turn_tokens == 300
    assert cfg.grpo_args("/tmp/x").generation_kwargs["max_new_tokens"] == 300  # what every round of TRL's loop reads
    with pytest.raises(ConfigError, match="max_turn_tokens must be a positive integer"):
        load_train_config(CONFIGS_DIR / "qwen3.5-35b-a3b.yaml", ["environment.max_turn_tokens=0"])


class NeverEnds:
    """Forces a `paint` call at the start of each round, then bans the end tokens; counts steps per round."""

    def __init__(self, forced: list[int], banned: list[int]):
        self.forced, self.banned = forced, banned
        self.start: int | None = None
        self.rounds: list[int] = []

    def begin(self) -> None:
        self.start = None
        self.rounds.append(0)

    def __call__(self, input_ids, scores):
        import torch

        if self.start is None:
            self.start = input_ids.shape[1]
        k = input_ids.shape[1] - self.start
        self.rounds[-1] += 1
        if k < len(self.forced):
            forced = torch.full_like(scores, float("-inf"))
            forced[:, self.forced[k]] = 0.0
            return forced
        scores[:, self.banned] = float("-inf")
        return scores


def _install(model, tokenizer, eos_ids: list[int]) -> NeverEnds:
    from transformers import LogitsProcessorList

    base = model.get_base_model() if hasattr(model, "get_base_model") else model
    processor = NeverEnds(tokenizer(CALL, add_special_tokens=False)["input_ids"], eos_ids)
    generate = functools.partial(type(base).generate, base)

    def counted(*args, **kwargs):
        processor.begin()
        return generate(*args, logits_processor=LogitsProcessorList([processor]), **kwargs)

    base.generate = counted
    return processor


def _end_tokens(model, tokenizer) -> list[int]:
    configured = model.generation_config.eos_token_id
    configured = configured if isinstance(configured, list) else [configured]
    return sorted({tokenizer.eos_token_id, *[t for t in configured if t is not None]})


def _run(family: str, tmp_path, *sets: str):
    from transformers import TrainerCallback

    from critique_paint.train.grpo import run_grpo

    cfg = load_train_config([CONFIGS_DIR / FAMILIES[family], CONFIGS_DIR / "cpu-smoke.yaml"],
                            ["environment.render.workers=1", f"environment.max_turns={TURNS}", "grpo.max_steps=1",
                             f"grpo.max_completion_length={MAX_COMPLETION}", "grpo.log_completions=false",
                             "grpo.save_steps=100", *sets])
    seen = {}

    class Install(TrainerCallback):
        def on_train_begin(self, args, state, control, model=None, processing_class=None, **kwargs):
            tok = getattr(processing_class, "tokenizer", processing_class)
            seen["policy"] = _install(model, tok, _end_tokens(model, tok))

    trainer = run_grpo(cfg, tmp_path / "grpo", callbacks=[Install()])
    assert set(trainer.eos_token_ids) <= set(seen["policy"].banned)
    return trainer, seen["policy"]


@pytest.mark.slow
@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_policy_that_never_ends_costs_at_most_the_cap_per_round(family, tmp_path):
    cap = CAP
    trainer, policy = _run(family, tmp_path, f"environment.max_turn_tokens={CAP}")
    steps = policy.rounds
    print(f"{family}: cap {cap}, decoding steps per round {steps}")
    assert len(steps) == TURNS + 1  # the forced calls keep the loop going: the first reply and one per tool result
    assert max(steps) <= cap
    assert sum(steps) <= (TURNS + 1) * cap
    assert [r.cap for r in trainer.generation_rounds] == [cap] * len(steps)
    assert [max(r.decoded) for r in trainer.generation_rounds] == steps  # the trainer's record agrees
    assert trainer.generation_rounds[0].capped == len(trainer.generation_rounds[0].decoded)  # nobody ended


@pytest.mark.slow
def test_without_the_cap_one_round_decodes_the_whole_completion_budget(tmp_path):
    budget = 2 * CAP  # twice the cap, below the capped runs' budget: a CPU decodes every one of these tokens
    _, policy = _run("qwen3_5", tmp_path, f"grpo.max_completion_length={budget}",
                     f"environment.max_turn_tokens={budget}")
    print(f"no cap: decoding steps per round {policy.rounds}")
    assert policy.rounds[0] == budget
    assert len(policy.rounds) == 1  # the next tool result would pass max_completion_length: the episode ends
