"""The base class of the trainer mixins: TRL's GRPOTrainer for the type checker, `object` at run time.

`ProgressMixin`, `ConcurrentToolsMixin`, `RoundCapMixin` and `TextCompletionLogMixin` sit before GRPOTrainer in a
trainer's bases and reach its attributes and methods (through `super()` too); deriving from `TrainerMixin` lets the
type checker see them while importing a mixin still does not import TRL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trl import GRPOTrainer

    from critique_paint.config.grpo import PaintGRPOConfig

    class TrainerMixin(GRPOTrainer):
        """GRPOTrainer as the mixins see it while it trains."""

        args: PaintGRPOConfig
        max_completion_length: int  # GRPOConfig defaults it to 512; the mixins run only in a GRPO trainer
        model: Any  # the model in training (Trainer types it Optional: None only before `model_init` runs)
else:
    TrainerMixin = object
