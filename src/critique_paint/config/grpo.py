"""`PaintGRPOConfig`: TRL's GRPOConfig with the painting trainer's own fields (`config.tool_loop.ToolLoopSettings`).

Importing this module imports TRL; `TrainConfig.grpo_args` imports it when a run is configured.
"""

from __future__ import annotations

from dataclasses import dataclass

from trl import GRPOConfig

from critique_paint.config.tool_loop import ToolLoopSettings
from critique_paint.env.protocol import turn_token_budget


@dataclass
class PaintGRPOConfig(GRPOConfig, ToolLoopSettings):
    r"""
    Configuration class for [`PaintGRPOTrainer`]: [`~trl.GRPOConfig`] with the fields of `ToolLoopSettings`
    (`max_turn_tokens`, `tool_concurrency`).

    `max_turn_tokens` is resolved to a number when the config is built and becomes TRL's own per-call generation
    length: `generation_kwargs["max_new_tokens"]` (transformers) or `generation_kwargs["max_tokens"]` (vLLM), which
    every generation round of TRL's tool loop reads.
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        self.check_tool_loop()
        if self.max_completion_length is None:
            raise ValueError("max_completion_length must be set: the per-round cap is a share of it")
        cap = turn_token_budget(self.max_completion_length, self.max_tool_calling_iterations or 1,
                                self.max_turn_tokens)
        self.max_turn_tokens = cap
        key = "max_tokens" if self.use_vllm else "max_new_tokens"
        given = dict(self.generation_kwargs or {})  # type: ignore[arg-type]  # GRPOConfig parsed a JSON string
        if given.get(key, cap) != cap:
            raise ValueError(f"generation_kwargs.{key} ({given[key]}) would replace the per-round cap: set "
                             f"max_turn_tokens instead")
        self.generation_kwargs = {**given, key: cap}
