"""Run the tool calls of all rollouts in a batch concurrently (TRL runs them one rollout after another).

`ConcurrentToolsMixin._tool_call_loop` replaces each rollout's tool table for the duration of TRL's own loop.
The first tool call of a round triggers a prefetch: every rollout whose last message is an assistant turn
with pending tool calls has its calls (read by the reply parser) run in order, per rollout, in a thread pool,
all rollouts at once. TRL's loop then reads the results one rollout after another, exactly as if it had made
the calls itself, so its error handling, masking and length rollback stay untouched. Tested with TRL 1.16.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from critique_paint.env.replies import Reply, ToolCall
from critique_paint.train.mixin_base import TrainerMixin

_Outcome = tuple[bool, Any]  # (ok, value or exception)


class ToolPrefetcher:
    """Caches the outcome of every pending tool call of a round, computed concurrently.

    A round's calls are read from each rollout's last assistant message by the reply parser (`env.replies`), so
    every move is a painting attempt on that rollout's environment (`train.tool_env.play_reply`), exactly as `eval`
    and `paint` play it; TRL then reads the outcomes in order through `table(index)`.
    """

    def __init__(self, completions: list[list[dict]], tool_dicts: list[dict[str, Callable]], max_workers: int,
                 on_round: Callable[[int], None] | None = None, environments: list[Any] | None = None):
        self.completions = completions
        self.tool_dicts = tool_dicts
        self.environments = environments
        self.on_round = on_round
        self.pool = ThreadPoolExecutor(max_workers=max(1, max_workers), thread_name_prefix="paint-tool")
        self.lock = threading.Lock()
        self.results: dict[int, list[_Outcome]] = {}
        self.served: dict[int, int] = {}
        self.keep: list[dict] = []  # keeps prefetched messages alive so their id() is never reused
        self.rounds = 0

    def table(self, index: int) -> AttemptTable:
        """TRL's tool table for rollout `index`."""
        return AttemptTable(self, index)

    def answer(self, index: int) -> Any:
        """The next outcome of rollout `index`'s current message (prefetching the round on first use)."""
        message = self.completions[index][-1]
        with self.lock:
            if id(message) not in self.results:
                self._prefetch_round()
            outcomes = self.results.get(id(message)) or []
            k = self.served.get(id(message), 0)
            self.served[id(message)] = k + 1
        if k >= len(outcomes):
            raise RuntimeError("a tool call TRL made was not read from its message")
        ok, value = outcomes[k]
        if ok:
            return value
        raise value

    def _pending_calls(self, index: int) -> list[ToolCall] | None:
        message = self.completions[index][-1] if self.completions[index] else None
        if not message or message.get("role") != "assistant" or not message.get("tool_calls"):
            return None
        if id(message) in self.results:
            return None
        return list(Reply.from_message(message).calls)

    def _prefetch_round(self) -> None:
        jobs = {}
        for index in range(len(self.completions)):
            calls = self._pending_calls(index)
            if calls is not None:
                message = self.completions[index][-1]
                self.keep.append(message)
                jobs[id(message)] = self.pool.submit(self._run_calls, index, calls)
        self.rounds += 1
        if self.on_round is not None:
            self.on_round(len(jobs))
        for key, future in jobs.items():
            self.results[key] = future.result()

    def _run_calls(self, index: int, calls: list[ToolCall]) -> list[_Outcome]:
        from critique_paint.train.tool_env import EpisodeSlot, play_reply

        env = self.environments[index] if self.environments else None
        if isinstance(env, EpisodeSlot):
            return play_reply(env, calls)
        outcomes: list[_Outcome] = []
        for call in calls:  # another environment's tools, called as TRL calls them
            try:
                tool = self.tool_dicts[index].get(call.name)
                if tool is None:
                    raise ValueError(f"Tool {call.name} not found.")
                outcomes.append((True, tool(**dict(call.arguments or {}))))
            except Exception as exc:  # noqa: BLE001 - handed back to TRL, which reports it to the policy
                outcomes.append((False, exc))
        return outcomes

    def close(self) -> None:
        self.pool.shutdown(wait=True)


class AttemptTable(dict):
    """TRL looks each call's name up in a rollout's tool table; here every name answers with the prefetched
    attempt, so a call to an unknown tool is judged by the environment (a `bad_call` turn) like any other."""

    def __init__(self, prefetcher: ToolPrefetcher, index: int):
        super().__init__()
        self.prefetcher = prefetcher
        self.index = index

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str)

    def __getitem__(self, name: str) -> Callable[..., Any]:
        return lambda **_: self.prefetcher.answer(self.index)


class ConcurrentToolsMixin(TrainerMixin):
    """Mix into a GRPOTrainer subclass (`train.trainer.PaintGRPOTrainer`); runs `args.tool_concurrency` calls at once
    (`config.grpo.PaintGRPOConfig`)."""

    def on_tool_round(self, calls: int) -> None:
        """Hook: a round of `calls` tool calls is starting (ProgressMixin reports it)."""

    def _tool_call_loop(self, prompts, prompt_ids, completion_ids, completions, *args, **kwargs):
        originals = self._sync_tool_dicts
        prefetcher = ToolPrefetcher(completions, originals, min(self.args.tool_concurrency, len(completions)),
                                    on_round=self.on_tool_round, environments=self.environments)
        self._sync_tool_dicts = [prefetcher.table(i) for i in range(len(originals))]
        try:
            return super()._tool_call_loop(prompts, prompt_ids, completion_ids, completions, *args, **kwargs)
        finally:
            self._sync_tool_dicts = originals
            prefetcher.close()
            mode = "train" if self.model.training else "eval"
            self._metrics[mode]["tools/concurrent_rounds"].append(float(prefetcher.rounds))

