"""Run the tool calls of all rollouts in a batch concurrently (TRL runs them one rollout after another).

`ConcurrentToolsMixin._tool_call_loop` wraps each rollout's sync tools for the duration of TRL's own loop.
The first tool call of a round triggers a prefetch: every rollout whose last message is an assistant turn
with pending tool calls has its calls run (in order, per rollout) in a thread pool, all rollouts at once.
TRL's loop then reads the results one rollout after another, exactly as if it had made the calls itself,
so its error handling, masking and length rollback stay untouched. Tested with TRL 1.16.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_Outcome = tuple[bool, Any]  # (ok, value or exception)


class ToolPrefetcher:
    """Caches the results of every pending tool call of a round, computed concurrently."""

    def __init__(self, completions: list[list[dict]], tool_dicts: list[dict[str, Callable]], max_workers: int,
                 on_round: Callable[[int], None] | None = None):
        self.completions = completions
        self.tool_dicts = tool_dicts
        self.on_round = on_round
        self.pool = ThreadPoolExecutor(max_workers=max(1, max_workers), thread_name_prefix="paint-tool")
        self.lock = threading.Lock()
        self.results: dict[int, list[_Outcome]] = {}
        self.served: dict[int, int] = {}
        self.keep: list[dict] = []  # keeps prefetched messages alive so their id() is never reused
        self.rounds = 0

    def wrap(self, index: int, name: str) -> Callable[..., Any]:
        def call(**arguments: Any) -> Any:
            message = self.completions[index][-1]
            with self.lock:
                if id(message) not in self.results:
                    self._prefetch_round()
                outcomes = self.results.get(id(message))
                k = self.served.get(id(message), 0)
                self.served[id(message)] = k + 1
            if outcomes is None or k >= len(outcomes):  # not prefetched (should not happen): call directly
                return self.tool_dicts[index][name](**arguments)
            ok, value = outcomes[k]
            if ok:
                return value
            raise value

        return call

    def _pending_calls(self, index: int) -> list[tuple[str, dict]] | None:
        message = self.completions[index][-1] if self.completions[index] else None
        if not message or message.get("role") != "assistant" or not message.get("tool_calls"):
            return None
        if id(message) in self.results:
            return None
        calls = []
        for call in message["tool_calls"]:
            if call.get("type") == "function" and call["function"]["name"] in self.tool_dicts[index]:
                calls.append((call["function"]["name"], call["function"].get("arguments") or {}))
        return calls

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

    def _run_calls(self, index: int, calls: list[tuple[str, dict]]) -> list[_Outcome]:
        outcomes: list[_Outcome] = []
        for name, arguments in calls:
            try:
                outcomes.append((True, self.tool_dicts[index][name](**arguments)))
            except Exception as exc:  # noqa: BLE001 - handed back to TRL, which reports it to the policy
                outcomes.append((False, exc))
        return outcomes

    def close(self) -> None:
        self.pool.shutdown(wait=True)


class ConcurrentToolsMixin:
    """Mix into a GRPOTrainer subclass: `class Trainer(ConcurrentToolsMixin, GRPOTrainer)`."""

    tool_concurrency: int = 64

    def on_tool_round(self, calls: int) -> None:
        """Hook: a round of `calls` tool calls is starting (ProgressMixin reports it)."""

    def _tool_call_loop(self, prompts, prompt_ids, completion_ids, completions, *args, **kwargs):
        originals = self._sync_tool_dicts
        prefetcher = ToolPrefetcher(completions, originals, min(self.tool_concurrency, len(completions)),
                                    on_round=self.on_tool_round)
        self._sync_tool_dicts = [{name: prefetcher.wrap(i, name) for name in tools}
                                 for i, tools in enumerate(originals)]
        try:
            return super()._tool_call_loop(prompts, prompt_ids, completion_ids, completions, *args, **kwargs)
        finally:
            self._sync_tool_dicts = originals
            prefetcher.close()
            self.last_tool_rounds = prefetcher.rounds


def concurrent_grpo_trainer_class() -> type:
    """GRPOTrainer with concurrent tool calls, progress reports and a completion log that holds paintings (TRL
    imported lazily)."""
    from trl import GRPOTrainer

    from critique_paint.train.completion_log import TextCompletionLogMixin
    from critique_paint.train.progress import ProgressMixin
    from critique_paint.train.round_cap import RoundCapMixin

    class ConcurrentToolGRPOTrainer(ProgressMixin, ConcurrentToolsMixin, RoundCapMixin, TextCompletionLogMixin,
                                    GRPOTrainer):
        pass

    return ConcurrentToolGRPOTrainer
