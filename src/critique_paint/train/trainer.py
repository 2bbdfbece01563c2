"""`PaintGRPOTrainer`: TRL's GRPOTrainer with one override of its tool loop, the project's only seam into TRL.

TRL 1.16 runs a batch's tool calls one rollout after another, looking each call's name up in the rollout's tool
table. `_tool_call_loop` keeps TRL's own loop (its generation rounds, masks, length rollback and images) and hands
it, for the batch, tables that answer every call from `train.tool_rounds.ToolRounds`: the round's replies played on
all rollouts at once, each move by move, so a run of edit calls is one painting and a call to any tool name is
judged by the environment, as `eval` judges it. Around TRL's loop it reports progress (painting round k, generating
round k + 1, training), records each generation round (`generation_rounds`) and logs `tools/concurrent_rounds` and
`round_cap/capped_replies`. `log` flattens the logged conversations so TRL's parquet completion log can hold
paintings. The per-round token cap is no override: `PaintGRPOConfig` sets it as TRL's own `generation_kwargs`.

TRL names this module relies on, each pinned by `tests/test_trl_seams.py` (every `self._...` here is TRL's):
`_tool_call_loop` (overridden; signature and return order), `_sync_tool_dicts` (the per-rollout tool tables its
loop reads by rollout index, `name in table` then `table[name](**arguments)`; TRL rebuilds them each batch),
`environments` (the batch's environment per rollout), `_log_metric` (TRL's metric channel, averaged over ranks),
`log_completions` and `_logs` (the completion log), `_get_tool_suffix_ids` (given to the archive).

Importing this module imports TRL; `train.grpo` imports it when a run starts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from trl import GRPOTrainer

from critique_paint.config.grpo import PaintGRPOConfig
from critique_paint.train.completion_log import text_messages
from critique_paint.train.tool_env import EpisodeSlot
from critique_paint.train.tool_rounds import ToolRounds


@dataclass(frozen=True)
class Round:
    """One generation round: the tokens each reply may decode (`max_turn_tokens`) and what each reply of the round
    kept (after TRL's cut to the completion budget)."""

    cap: int
    decoded: tuple[int, ...]

    @property
    def capped(self) -> int:
        """Replies that ran to the cap."""
        return sum(1 for n in self.decoded if n >= self.cap)


def generated_runs(tool_mask: Sequence[int]) -> list[int]:
    """The lengths of a completion's runs of generated tokens (1 in TRL's tool mask): one per generation round."""
    runs, n = [], 0
    for bit in [*tool_mask, 0]:
        if bit:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    return runs


def rounds_of(tool_masks: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Each generation round's kept tokens per reply, from a batch's tool masks (round k: every rollout's k-th run)."""
    runs = [generated_runs(mask) for mask in tool_masks]
    return [tuple(r[k] for r in runs if len(r) > k) for k in range(max(map(len, runs), default=0))]


class AnswerTable(dict):
    """Rollout `index`'s tool table as TRL's loop reads it: every name is a tool, answering with the rollout's next
    answer (taken when TRL looks the name up, so a call whose arguments TRL cannot unpack still uses its answer)."""

    def __init__(self, rounds: ToolRounds, index: int):
        super().__init__()
        self.rounds = rounds
        self.index = index

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str)

    def __getitem__(self, name: str) -> Callable[..., Any]:
        ok, value = self.rounds.answer(self.index)

        def tool(**_: Any) -> Any:
            if ok:
                return value
            raise value

        return tool


class PaintGRPOTrainer(GRPOTrainer):
    """GRPOTrainer whose tool calls run concurrently across rollouts, with progress reports, a record of each
    generation round and a completion log that holds paintings (see the module docstring).

    `args` must be a `PaintGRPOConfig`. `archive` (a `train.archive.RolloutArchive`) is the run's record of its
    rollouts, read by `progress` (a `train.progress.RunProgress`) for each finished step; `progress` reports the
    generation rounds and replaces transformers' own printing. Either may be left out.
    """

    args: PaintGRPOConfig

    def __init__(self, model: Any, reward_funcs: Any = None, args: PaintGRPOConfig | None = None, *rest: Any,
                 archive: Any = None, progress: Any = None, **kwargs: Any):
        if not isinstance(args, PaintGRPOConfig):
            raise TypeError(f"PaintGRPOTrainer needs a PaintGRPOConfig (TrainConfig.grpo_args builds one), "
                            f"not {type(args).__name__}")
        self.archive = archive
        self.progress = progress
        self.generation_rounds: list[Round] = []
        super().__init__(model, reward_funcs, args, *rest, **kwargs)
        if archive is not None:  # the tool answers' ids, so the archive can count each reply's generated tokens
            archive.tool_suffix = self._get_tool_suffix_ids
        if progress is not None:
            progress.archive = archive
            progress.replace_printer(self)

    def _tool_call_loop(self, prompts, prompt_ids, completion_ids, completions, *rest):
        slots: list[Any] = list(self.environments or [])
        if not slots or not all(isinstance(s, EpisodeSlot) for s in slots):  # not our environment: TRL's own calls
            result = super()._tool_call_loop(prompts, prompt_ids, completion_ids, completions, *rest)
        else:
            progress = self.progress
            with ToolRounds(completions, slots, min(self.args.tool_concurrency, len(slots)),
                            on_round=progress.painting if progress is not None else None,
                            on_answered=progress.answered if progress is not None else None) as rounds:
                self._sync_tool_dicts = [AnswerTable(rounds, i) for i in range(len(slots))]
                result = super()._tool_call_loop(prompts, prompt_ids, completion_ids, completions, *rest)
            check_all_read(rounds, completions)
            self._log_metric("tools/concurrent_rounds", float(rounds.rounds))
        for decoded in rounds_of(result[0]):
            played = Round(self.args.max_turn_tokens or 0, decoded)
            self.generation_rounds.append(played)
            self._log_metric("round_cap/capped_replies", float(played.capped))
        if self.progress is not None:
            self.progress.training()
        return result

    def log(self, logs: dict[str, float], start_time: float | None = None) -> None:
        if self.log_completions:
            for key in ("prompt", "completion"):
                logged: deque = self._logs[key]  # type: ignore[assignment]  # TRL's deques (maxlen kept)
                flat = [text_messages(m) for m in logged]
                logged.clear()
                logged.extend(flat)
        super().log(logs, start_time)


def check_all_read(rounds: ToolRounds, completions: Sequence[list[dict]]) -> None:
    """RuntimeError when TRL's loop did not take its answers from the tables: a played answer left unread, or tool
    answers in the conversations while none was read (TRL called the tools another way)."""
    answered = any(m.get("role") == "tool" for conversation in completions for m in conversation)
    if rounds.unread() or (answered and not rounds.read):
        raise RuntimeError("TRL's tool loop no longer reads each call's answer from _sync_tool_dicts "
                           f"({rounds.read} read, {rounds.unread()} unread): re-check train/trainer.py against "
                           "TRL's _tool_call_loop (tests/test_trl_seams.py)")
