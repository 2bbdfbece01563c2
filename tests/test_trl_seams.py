"""Fast guards on the TRL internals the trainer overrides: the concurrent tool runner really overlaps calls,
keeps their order and passes errors through; and TRL still has the methods and attributes our mixins rely on, with
the signatures they were written against (TRL 1.16)."""

from __future__ import annotations

import inspect
import threading

import pytest

from critique_paint.train.concurrent import ToolPrefetcher


def pending(index: int, sketch: str) -> list[dict]:
    """A rollout whose last message is an assistant turn with one pending `paint` call."""
    return [{"role": "assistant", "content": "", "tool_calls": [
        {"type": "function", "function": {"name": "paint", "arguments": {"sketch": sketch}}}]}]


def test_calls_of_a_round_overlap_and_come_back_in_order():
    both_in_flight = threading.Barrier(2, timeout=20)  # opens only when two calls run at the same time
    started = []

    def paint(sketch: str) -> str:
        started.append(sketch)
        both_in_flight.wait()
        return f"painted {sketch}"

    completions = [pending(0, "a"), pending(1, "b")]
    runner = ToolPrefetcher(completions, [{"paint": paint}, {"paint": paint}], max_workers=2)
    try:
        tools = [{"paint": runner.table(i)["paint"]} for i in range(2)]
        # TRL reads the results one rollout after another, as if it had made the calls itself
        first = tools[0]["paint"](sketch="a")
        second = tools[1]["paint"](sketch="b")
    finally:
        runner.close()
    assert (first, second) == ("painted a", "painted b")
    assert sorted(started) == ["a", "b"] and runner.rounds == 1  # one round ran both, concurrently


def test_a_failing_call_is_raised_to_trl_and_the_others_still_answer():
    def paint(sketch: str) -> str:
        if sketch == "bad":
            raise ValueError("the renderer exploded")
        return f"painted {sketch}"

    runner = ToolPrefetcher([pending(0, "bad"), pending(1, "ok")], [{"paint": paint}] * 2, max_workers=2)
    try:
        with pytest.raises(ValueError, match="the renderer exploded"):
            runner.table(0)["paint"](sketch="bad")
        assert runner.table(1)["paint"](sketch="ok") == "painted ok"
    finally:
        runner.close()


def test_a_round_reports_its_calls_to_the_progress_hook():
    heard = []
    runner = ToolPrefetcher([pending(0, "a"), pending(1, "b"), [{"role": "assistant", "content": "done"}]],
                            [{"paint": lambda sketch: sketch}] * 3, max_workers=2, on_round=heard.append)
    try:
        runner.table(0)["paint"](sketch="a")
    finally:
        runner.close()
    assert heard == [2]  # the rollout that answered without a call has nothing to paint


EXPECTED = {
    "_tool_call_loop": ["self", "prompts", "prompt_ids", "completion_ids", "completions", "logprobs", "images",
                        "multimodal_fields"],
    "_generate_single_turn": ["self", "prompt_ids", "images", "multimodal_fields", "num_generations",
                              "has_tool_images"],
    "compute_loss": ["self", "model", "inputs", "return_outputs", "num_items_in_batch"],
    "log": ["self", "logs", "start_time"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_trl_methods_our_mixins_override_keep_their_signatures(name):
    from trl import GRPOTrainer

    assert hasattr(GRPOTrainer, name), f"TRL's GRPOTrainer has no {name} any more: review train/concurrent.py, " \
                                       "train/progress.py and train/completion_log.py"
    params = list(inspect.signature(getattr(GRPOTrainer, name)).parameters)
    assert params == EXPECTED[name], (f"GRPOTrainer.{name}{inspect.signature(getattr(GRPOTrainer, name))} changed "
                                      f"from {EXPECTED[name]}: the mixin overriding it must be checked")


def test_the_trl_attributes_our_mixins_use_are_still_there():
    from trl import GRPOTrainer

    source = inspect.getsource(GRPOTrainer)
    for attribute in ("self._sync_tool_dicts", "self._logs", "self.environments"):
        assert attribute in source, f"GRPOTrainer no longer uses {attribute}: train/concurrent.py, " \
                                    "train/completion_log.py and train/tool_env.py rely on it"
    assert "_sync_tool_dicts[" in inspect.getsource(GRPOTrainer._tool_call_loop), \
        "TRL's tool loop no longer calls the tools through _sync_tool_dicts: concurrent tool calls would be lost"
