"""TRL's GRPO extended by declaration: `PaintGRPOTrainer` reads its own fields from `config.grpo.PaintGRPOConfig`
and takes its collaborators (the rollout archive, the progress display) as constructor arguments.

Importing this module imports TRL; `train.grpo` imports it when a run starts.
"""

from __future__ import annotations

from typing import Any

from trl import GRPOTrainer

from critique_paint.config.grpo import PaintGRPOConfig
from critique_paint.train.completion_log import TextCompletionLogMixin
from critique_paint.train.concurrent import ConcurrentToolsMixin
from critique_paint.train.progress import ProgressMixin
from critique_paint.train.round_cap import RoundCapMixin


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
        if archive is not None:  # the tool answers' ids, so the archive can count each reply's generated tokens
            archive.tool_suffix = self._get_tool_suffix_ids
        if progress is not None:
            progress.archive = archive
            progress.replace_printer(self)
