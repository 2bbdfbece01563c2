"""The reference curriculum: the share of the judge's references drawn from `love` as a schedule over training
steps (`environment.reference_curriculum` in a training config)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from critique_paint.errors import ConfigError
from critique_paint.fields import validation_message
from critique_paint.pool.sampler import DEFAULT_LOVE_SHARE


class ReferenceCurriculum(BaseModel):
    """`start` at step 0, moving linearly to `end` at step `steps`, then held: each episode's
    `reference_love_share`, read from the trainer's step when the episode resets."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    start: float = Field(default=DEFAULT_LOVE_SHARE, ge=0, le=1, allow_inf_nan=False,
                         description="love share at step 0")
    end: float = Field(default=1.0, ge=0, le=1, allow_inf_nan=False, description="love share from step `steps` on")
    steps: int = Field(ge=1, description="the step the share reaches `end`")

    @classmethod
    def parse(cls, raw: Any, key: str, path: str) -> ReferenceCurriculum:
        """From the config mapping at `key` of the config `path`; a ConfigError says in one line what is wrong."""
        if not isinstance(raw, Mapping) or ("steps" not in raw and set(raw) <= set(cls.model_fields)):
            raise ConfigError(f"{path}: {key} must be a mapping with steps (and start, end), not {raw!r}")
        try:
            return cls.model_validate(dict(raw))
        except ValidationError as exc:
            raise ConfigError(f"{path}: {validation_message(exc, cls, prefix=f'{key}.', unknown='key')}") from None

    def love_share(self, step: int) -> float:
        """The share at trainer step `step` (rounded to 6 places)."""
        done = min(max(step, 0), self.steps) / self.steps
        return round(self.start + (self.end - self.start) * done, 6)


def check_judged(curriculum: ReferenceCurriculum | None, judge_weight: float, preset: str) -> None:
    """A curriculum needs a reward that weighs the pairwise judge (only the judge draws references)."""
    if curriculum is not None and judge_weight <= 0:
        raise ConfigError(f"environment.reference_curriculum schedules the judge's references, but reward preset "
                          f"{preset!r} weighs the judge 0: set environment.weights.judge or use a judge preset")
