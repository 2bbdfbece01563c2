"""`PaintGRPOConfig`: TRL's GRPOConfig with the painting trainer's own fields declared beside TRL's.

Importing this module imports TRL; `TrainConfig.grpo_args` imports it when a run is configured.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trl import GRPOConfig

from critique_paint.env.protocol import turn_token_budget


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
        if self.max_completion_length is None:
            raise ValueError("max_completion_length must be set: the per-round cap is a share of it")
        self.max_turn_tokens = turn_token_budget(self.max_completion_length, self.max_tool_calling_iterations or 1,
                                                 cap)
