"""The renderer pool and a scorer per reward preset, shared by the episodes of one run, on a background loop.

Whoever runs (a CLI command, the trainer, the server, a test) creates one and passes it in; close() when done.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from critique_paint.fields import setting
from critique_paint.render.pages import RenderOptions, RenderPool
from critique_paint.render.sync import Renderer
from critique_paint.reward.judge import JudgeConfig
from critique_paint.reward.mix import DEFAULT_PRESET, RewardPreset, load_preset
from critique_paint.reward.scorer import Scorer, ScorerConfig


@dataclass
class RuntimeConfig:
    """What a runtime is built from (the server's CLI flags or a training config's environment section)."""

    reward_preset: str = setting(DEFAULT_PRESET, help="reward preset: a built-in name or a YAML path")
    weights: dict[str, float] = setting(help="weight overrides per component, e.g. judge=0.5", factory=dict)
    judge: JudgeConfig | None = None
    hps_url: str | None = setting(None, help="base URL of the HPSv3 service")
    render: RenderOptions = field(default_factory=RenderOptions)


class PaintRuntime:
    """A Renderer (warm pages on its own loop) and a Scorer per preset; safe to call from any thread."""

    def __init__(self, config: RuntimeConfig | None = None):
        self.config = config or RuntimeConfig()
        self.renderer = Renderer(self.config.render)
        self._scorers: dict[str, Scorer] = {}
        try:
            self.scorer(self.config.reward_preset)  # fail fast on a bad preset or missing service
        except BaseException:
            self.renderer.close()
            raise

    @property
    def pages(self) -> RenderPool:
        return self.renderer.pool

    def preset(self, name_or_path: str | None) -> RewardPreset:
        """A built-in preset by name or one from a YAML path (default: the runtime's), with its weight overrides."""
        preset = load_preset(name_or_path or self.config.reward_preset)
        return preset.with_weights(self.config.weights) if self.config.weights else preset

    def scorer(self, preset: str | None = None) -> Scorer:
        """The scorer of a preset given by name or YAML path, built once per runtime."""
        key = preset or self.config.reward_preset
        if key not in self._scorers:
            self._scorers[key] = Scorer(ScorerConfig(preset=self.preset(key), judge=self.config.judge,
                                                     hps_url=self.config.hps_url))
        return self._scorers[key]

    def submit(self, coro: Any) -> Future:
        return self.renderer.submit_coroutine(coro)

    def run(self, coro: Any) -> Any:
        return self.submit(coro).result()

    @property
    def closed(self) -> bool:
        return self.renderer.closed

    def close(self) -> None:
        if self.closed:
            return
        for scorer in self._scorers.values():
            self.run(scorer.aclose())
        self.renderer.close()

    def __enter__(self) -> PaintRuntime:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
