"""A generation round's tool calls, played on every rollout of the batch at once (TRL 1.16 plays one rollout after
another).

TRL's tool loop asks for each call's answer in turn, rollout by rollout (`answer`). The first ask of a round plays
the whole round: every rollout whose conversation ends in an assistant turn with calls not yet played has that
reply played move by move on its environment (`train.tool_env.play_reply`: a run of edit calls is one painting, any
other call one attempt, whatever its tool's name), all rollouts at once in a thread pool. Each later ask reads the
next answer of its rollout, in the reply's order. A reply is known as played by its place in its conversation.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from critique_paint.env.replies import Reply, ToolCall
from critique_paint.train.tool_env import Outcome, play_reply

Play = Callable[[Any, Sequence[ToolCall]], list[Outcome]]  # (environment, a reply's calls) -> one outcome per call


class ToolRounds:
    """One batch's tool rounds. `completions[i]` is rollout i's conversation so far (TRL's list, read as it grows),
    `environments[i]` its environment; `workers` replies are played at once. `on_round(k, replies)` hears round k
    start with that many replies; `on_answered(k)` hears its answers are all in."""

    def __init__(self, completions: Sequence[list[dict]], environments: Sequence[Any], workers: int, *,
                 play: Play = play_reply, on_round: Callable[[int, int], None] | None = None,
                 on_answered: Callable[[int], None] | None = None):
        self.completions = completions
        self.environments = environments
        self.play = play
        self.on_round = on_round
        self.on_answered = on_answered
        self.pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="paint-tool")
        self.lock = threading.Lock()
        self.played = [0] * len(completions)  # each conversation's length when its last reply was played
        self.answers: list[deque[Outcome]] = [deque() for _ in completions]
        self.rounds = 0
        self.read = 0  # answers handed out

    def answer(self, index: int) -> Outcome:
        """Rollout `index`'s next answer, `(True, value)` or `(False, exception)`; plays the round on first ask."""
        with self.lock:
            if not self.answers[index]:
                self._play_round()
            if not self.answers[index]:
                raise RuntimeError(f"rollout {index} was asked for a tool answer its last reply did not call for")
            self.read += 1
            return self.answers[index].popleft()

    def unread(self) -> int:
        """Answers played but never asked for (0 when the loop read every call it was given)."""
        return sum(len(a) for a in self.answers)

    def pending(self, index: int) -> list[ToolCall] | None:
        """The calls of rollout `index`'s last reply when it is an assistant turn with calls not yet played."""
        conversation = self.completions[index]
        if len(conversation) <= self.played[index]:
            return None
        message = conversation[-1]
        if message.get("role") != "assistant" or not message.get("tool_calls"):
            return None
        return list(Reply.from_message(message).calls)

    def _play_round(self) -> None:
        jobs = {}
        for index in range(len(self.completions)):
            calls = self.pending(index)
            if calls is not None:
                self.played[index] = len(self.completions[index])
                jobs[index] = self.pool.submit(self.play, self.environments[index], calls)
        if not jobs:
            return
        self.rounds += 1
        if self.on_round is not None:
            self.on_round(self.rounds, len(jobs))
        for index, job in jobs.items():
            self.answers[index].extend(job.result())
        if self.on_answered is not None:
            self.on_answered(self.rounds)

    def close(self) -> None:
        self.pool.shutdown(wait=True)

    def __enter__(self) -> ToolRounds:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
