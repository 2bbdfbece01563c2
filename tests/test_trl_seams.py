"""The seam with TRL: what `train/trainer.py` relies on in TRL 1.16, pinned, and the tool rounds it runs.

When TRL moves, re-check exactly these (each test below names what broke):
1. `GRPOTrainer._tool_call_loop(prompts, prompt_ids, completion_ids, completions, logprobs, images,
   multimodal_fields)` still returns `tool_mask` first and still asks each rollout's tool table
   `self._sync_tool_dicts[i]` for every function call (`name in table`, then `table[name](**arguments)`), the tables
   being rebuilt per batch before the loop runs, beside `self.environments`, the batch's environment per rollout.
   If TRL runs tools another way, the trainer stops with a RuntimeError rather than paint edits one at a time.
2. `_log_metric(name, value)` still feeds the step's logs (flushed after the tool loop, averaged over ranks).
3. `log(logs, start_time)`, `log_completions` and `_logs["prompt" | "completion"]` still hold the completion log.
4. `_get_tool_suffix_ids(tool_messages)` still gives the ids TRL appends after a reply (the archive counts with it).
5. `GRPOConfig.generation_kwargs` still overrides TRL's own per-call length (`max_new_tokens` for transformers,
   `max_tokens` for vLLM), which carries the per-round cap.
These are all the TRL names the trainer uses (`TRL_NAMES`); a new one fails `test_the_trainer_uses_only_pinned_names`.
"""

from __future__ import annotations

import inspect
import re
import threading
from pathlib import Path

import pytest

from critique_paint.train.tool_rounds import ToolRounds

TRAINER = Path(__file__).resolve().parents[1] / "src" / "critique_paint" / "train" / "trainer.py"
TRL_NAMES = ("_tool_call_loop", "_sync_tool_dicts", "environments", "_log_metric", "log_completions", "_logs",
             "_get_tool_suffix_ids")


def reply(*sketches: str) -> dict:
    """An assistant turn calling `paint` once per sketch."""
    return {"role": "assistant", "content": "", "tool_calls": [
        {"type": "function", "function": {"name": "paint", "arguments": {"sketch": s}}} for s in sketches]}


def echo(env, calls):
    """Stands in for `play_reply` on environment `env`: one answer per call, in order."""
    return [(True, f"{env} painted {c.sketch}") for c in calls]


def test_the_calls_of_a_round_overlap_and_come_back_in_order():
    both_in_flight = threading.Barrier(2, timeout=20)  # opens only when two replies are played at the same time

    def play(env, calls):
        both_in_flight.wait()
        return echo(env, calls)

    with ToolRounds([[reply("a", "b")], [reply("c")]], ["left", "right"], workers=2, play=play) as rounds:
        # TRL reads the answers one rollout after another, each in its reply's order
        answers = [rounds.answer(0), rounds.answer(0), rounds.answer(1)]
    assert answers == [(True, "left painted a"), (True, "left painted b"), (True, "right painted c")]
    assert rounds.rounds == 1 and rounds.read == 3 and rounds.unread() == 0


def test_a_failed_reply_is_handed_back_and_the_others_still_answer():
    def play(env, calls):
        if env == "broken":
            return [(False, ValueError("the renderer exploded"))] * len(calls)
        return echo(env, calls)

    with ToolRounds([[reply("a")], [reply("b")]], ["broken", "fine"], workers=2, play=play) as rounds:
        ok, error = rounds.answer(0)
        assert not ok and "exploded" in str(error)
        assert rounds.answer(1) == (True, "fine painted b")


def test_a_round_is_reported_and_a_played_reply_is_never_played_again():
    heard = []
    conversations = [[reply("a")], [reply("b")], [{"role": "assistant", "content": "done"}]]
    with ToolRounds(conversations, ["x", "y", "z"], workers=2, play=echo,
                    on_round=lambda k, n: heard.append(("round", k, n)),
                    on_answered=lambda k: heard.append(("answered", k))) as rounds:
        rounds.answer(0)
        rounds.answer(1)
        conversations[0].append({"role": "tool", "content": "x painted a"})
        # rollout 1's answer was rolled back by TRL (too long): its played reply ends its conversation again
        conversations[0].append(reply("c"))
        assert rounds.answer(0) == (True, "x painted c")
        assert rounds.pending(1) is None
        with pytest.raises(RuntimeError, match="did not call for"):
            rounds.answer(2)  # the rollout that answered without a call has nothing to paint
    assert heard == [("round", 1, 2), ("answered", 1), ("round", 2, 1), ("answered", 2)]


def test_the_answer_table_answers_every_name_in_order():
    from critique_paint.train.trainer import AnswerTable

    with ToolRounds([[reply("a", "b")]], ["x"], workers=1, play=echo) as rounds:
        table = AnswerTable(rounds, 0)
        assert "paint" in table and "draw" in table  # an unknown tool is the environment's to judge
        first = table["paint"]  # the answer is taken here, as TRL looks the name up
        assert table["draw"]() == "x painted b" and first(sketch="a") == "x painted a"


def test_generation_rounds_are_read_from_the_tool_mask():
    from critique_paint.train.trainer import Round, generated_runs, rounds_of

    assert generated_runs([1, 1, 0, 0, 1, 0, 1, 1, 1]) == [2, 1, 3]
    assert rounds_of([[1, 1, 0, 1], [1, 1, 1], [1, 0, 0, 1, 1, 0, 1]]) == [(2, 3, 1), (1, 2), (1,)]
    assert Round(2, (2, 3, 1)).capped == 2


def trl_source(name: str) -> str:
    from trl import GRPOTrainer

    assert hasattr(GRPOTrainer, name), f"TRL's GRPOTrainer has no {name} any more: re-check train/trainer.py"
    return inspect.getsource(getattr(GRPOTrainer, name))


def signature(name: str) -> list[str]:
    from trl import GRPOTrainer

    return list(inspect.signature(getattr(GRPOTrainer, name)).parameters)


def test_the_trainer_uses_only_pinned_names():
    source = TRAINER.read_text(encoding="utf-8")
    used = set(re.findall(r"(?:self|super\(\))\.(_[a-z]\w*)", source))
    assert used == {n for n in TRL_NAMES if n.startswith("_")}, used


def test_the_tool_loop_asks_each_rollouts_table_for_every_call():
    assert signature("_tool_call_loop") == ["self", "prompts", "prompt_ids", "completion_ids", "completions",
                                            "logprobs", "images", "multimodal_fields"]
    loop = trl_source("_tool_call_loop")
    for line in ("sync_tool_dict = self._sync_tool_dicts[idx_with_tool]", "if name in sync_tool_dict:",
                 'sync_tool_dict[name](**function["arguments"])',
                 "return tool_mask, completions, completion_ids, logprobs,"):
        assert line in loop, f"TRL's _tool_call_loop no longer has `{line}`: re-check train/trainer.py"
    batch = trl_source("_generate_and_score_completions")
    built, environments, run = (batch.index(s) for s in ("self._sync_tool_dicts = []", "self.environments = []",
                                                         "self._generate("))
    assert environments < built < run, "TRL no longer sets the environments and tool tables before generating"


def test_metrics_completion_log_and_tool_suffix():
    assert signature("_log_metric") == ["self", "name", "value"]
    batch = trl_source("_generate_and_score_completions")
    assert batch.index("self._generate(") < batch.index("self._pending_metrics.clear()"), \
        "TRL no longer flushes _log_metric's values after generating: the tool loop's metrics would be lost"
    assert signature("log") == ["self", "logs", "start_time"]
    log = trl_source("log")
    assert 'self._logs["prompt"]' in log and 'self._logs["completion"]' in log and "self.log_completions" in log
    assert signature("_get_tool_suffix_ids") == ["self", "tool_messages"]


def test_generation_kwargs_carry_the_per_round_cap():
    from trl.generation import vllm_client, vllm_generation

    init = trl_source("__init__")
    assert init.index('"max_new_tokens": self.max_completion_length') \
        < init.index("generation_kwargs.update(args.generation_kwargs)"), "transformers: the cap would be replaced"
    colocate = inspect.getsource(vllm_generation.VLLMGeneration.generate)
    assert colocate.index('"max_tokens": max_completion_length') \
        < colocate.index("generation_kwargs.update(self.generation_kwargs)"), "vLLM colocate: the cap would be lost"
    assert "sampling_params.update(generation_kwargs or {})" in inspect.getsource(vllm_client), "vLLM server"


def test_the_config_sets_the_cap_as_trls_generation_length(tmp_path):
    from critique_paint.config.grpo import PaintGRPOConfig

    cpu = {"output_dir": str(tmp_path), "use_cpu": True, "bf16": False, "max_completion_length": 1000,
           "max_tool_calling_iterations": 3}
    assert PaintGRPOConfig(**cpu).generation_kwargs == {"max_new_tokens": 334}
    kept = PaintGRPOConfig(**cpu, max_turn_tokens=200, generation_kwargs={"suppress_tokens": [5]}).generation_kwargs
    assert kept == {"suppress_tokens": [5], "max_new_tokens": 200}
    with pytest.raises(ValueError, match="would replace the per-round cap"):
        PaintGRPOConfig(**cpu, generation_kwargs={"max_new_tokens": 50})
