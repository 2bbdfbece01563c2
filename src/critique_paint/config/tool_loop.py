"""The GRPO tool loop's own settings, declared once: a training config's environment section carries them
(`environment.max_turn_tokens`, `environment.tool_concurrency`) and `PaintGRPOConfig` hands them to the trainer."""

from __future__ import annotations

from dataclasses import dataclass

from critique_paint.fields import setting


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


@dataclass
class ToolLoopSettings:
    """Mixed into `config.training.EnvironmentSection` and `config.grpo.PaintGRPOConfig`; `check_tool_loop` is their
    one validation."""

    max_turn_tokens: int | None = setting(
        None, help="most new tokens one generation round (the first reply, or one after a tool result) may decode; "
                   "null: an even share of grpo.max_completion_length per turn; never above it")
    tool_concurrency: int = setting(64, help="tool calls in flight at once across a step's rollouts (TRL runs them "
                                             "one rollout after another)")

    def __post_init__(self) -> None:
        self.check_tool_loop()

    def check_tool_loop(self) -> None:
        """ValueError naming the setting that is not a positive integer (max_turn_tokens may be None)."""
        if self.max_turn_tokens is not None and not _positive(self.max_turn_tokens):
            raise ValueError(f"max_turn_tokens must be a positive integer or null, got {self.max_turn_tokens!r}")
        if not _positive(self.tool_concurrency):
            raise ValueError(f"tool_concurrency must be a positive integer, got {self.tool_concurrency!r}")
