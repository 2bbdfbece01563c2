"""TRL's GRPO extended by declaration: `PaintGRPOConfig` declares the painting trainer's own fields beside TRL's,
and `PaintGRPOTrainer` takes its collaborators (the rollout archive, the progress display) as constructor arguments.

Importing this module imports TRL; `TrainConfig.grpo_args` and `train.grpo` import it when a run starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trl import GRPOConfig, GRPOTrainer

from critique_paint.config.training import turn_token_budget
from critique_paint.train.completion_log import TextCompletionLogMixin
from critique_paint.train.concurrent import ConcurrentToolsMixin
from critique_paint.train.progress import ProgressMixin
from critique_paint.train.round_cap import RoundCapMixin


@dataclass
class PaintGRPOConfig(GRPOConfig):
    r"""
    Configuration class for [`PaintGRPOTrainer`]: [`~trl.GRPOConfig`] with the painting trainer's own parameters.

    Parameters:
        max_turn_tokens (`int`, *optional*):
            Most new tokens one generation round (the first reply, or one after a tool result) may decode. When not
            set, an even share of `max_completion_length` per tool-calling iteration; never above
            `max_completion_length`. Resolved to a number when the config is built.
        tool_concurrency (`int`, *optional*, defaults to `64`):
            Tool calls run at once across the rollouts of a batch (TRL runs them one rollout after another).
    """

    max_turn_tokens: int | None = field(
        default=None,
        metadata={
            "help": "Most new tokens one generation round (the first reply, or one after a tool result) may decode. "
            "When not set, an even share of `max_completion_length` per tool-calling iteration; never above "
            "`max_completion_length`."
        },
    )
    tool_concurrency: int = field(
        default=64,
        metadata={"help": "Tool calls run at once across the rollouts of a batch (TRL runs them one after another)."},
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        cap = self.max_turn_tokens
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
            raise ValueError(f"max_turn_tokens must be a positive integer or None, got {cap!r}")
        if isinstance(self.tool_concurrency, bool) or not isinstance(self.tool_concurrency, int) \
                or self.tool_concurrency < 1:
            raise ValueError(f"tool_concurrency must be a positive integer, got {self.tool_concurrency!r}")
        self.max_turn_tokens = turn_token_budget(self.max_completion_length, self.max_tool_calling_iterations or 1,
                                                 cap)


class PaintGRPOTrainer(ProgressMixin, ConcurrentToolsMixin, RoundCapMixin, TextCompletionLogMixin, GRPOTrainer):
    """GRPOTrainer with concurrent tool calls, a per-round token cap, progress reports and a completion log that
    holds paintings.

    `args` must be a `PaintGRPOConfig`. `archive` (a `train.archive.RolloutArchive`) is the run's record of its
    rollouts, read by `progress` (a `train.progress.RunProgress`) for each finished step; `progress` reports the
    generation rounds and replaces transformers' own printing. Either may be left out.
    """

    def __init__(self, model: Any, reward_funcs: Any = None, args: PaintGRPOConfig | None = None, *rest: Any,
                 archive: Any = None, progress: Any = None, **kwargs: Any):
        if not isinstance(args, PaintGRPOConfig):
            raise TypeError(f"PaintGRPOTrainer needs a PaintGRPOConfig (TrainConfig.grpo_args builds one), "
                            f"not {type(args).__name__}")
        self.archive = archive
        self.progress = progress
        super().__init__(model, reward_funcs, args, *rest, **kwargs)
        if progress is not None:
            progress.archive = archive
            progress.replace_printer(self)
