"""The reference curriculum during a GRPO run: the trainer's step, kept by a callback, and the reset fields it
sets on every episode started at that step (locally or on a server: they travel in the reset request)."""

from __future__ import annotations

from typing import Any

from critique_paint.config.curriculum import ReferenceCurriculum


class CurriculumClock:
    """The trainer's current step (`callback()` sets it as each step begins, before its rollouts reset) and the
    curriculum's reset fields at that step (`fields`, the tool environments' `schedule`)."""

    def __init__(self, curriculum: ReferenceCurriculum):
        self.curriculum = curriculum
        self.step = 0

    def fields(self) -> dict[str, Any]:
        return {"reference_love_share": self.curriculum.love_share(self.step)}

    def callback(self) -> Any:
        """A TrainerCallback that moves the clock to each step as it begins."""
        from transformers import TrainerCallback

        clock = self

        class CurriculumCallback(TrainerCallback):
            def on_step_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
                clock.step = state.global_step

        return CurriculumCallback()
