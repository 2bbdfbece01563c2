"""One renderer pool and one scorer per process, shared by every episode, on a background event loop."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from critique_paint.aio import BackgroundLoop
from critique_paint.fields import setting
from critique_paint.render.pages import RenderOptions, RenderPool
from critique_paint.reward.judge import JudgeConfig
from critique_paint.reward.mix import DEFAULT_PRESET, RewardPreset, load_preset
from critique_paint.reward.scorer import Scorer, ScorerConfig


@dataclass
class RuntimeConfig:
    """What the shared runtime is built from (the server's CLI flags or a training config)."""

    reward_preset: str = setting(DEFAULT_PRESET, help="reward preset: a built-in name or a YAML path")
    weights: dict[str, float] = setting(help="weight overrides per component, e.g. judge=0.5", factory=dict)
    judge: JudgeConfig | None = None
    hps_url: str | None = setting(None, help="base URL of the HPSv3 service")
    render: RenderOptions = field(default_factory=RenderOptions)


class PaintRuntime:
    """Owns the loop thread, the RenderPool and a Scorer per preset; safe to call from any thread."""

    _instance: PaintRuntime | None = None
    _lock = threading.Lock()

    def __init__(self, config: RuntimeConfig | None = None):
        self.config = config or RuntimeConfig()
        self._bg = BackgroundLoop("critique-paint-runtime")
        self.pages = RenderPool(self.config.render)
        self.run(self.pages.start())
        self._scorers: dict[str, Scorer] = {}
        self.scorer(self.config.reward_preset)  # fail fast on a bad preset or missing service

    @classmethod
    def shared(cls, config: RuntimeConfig | None = None) -> PaintRuntime:
        """The process-wide runtime (created on first use; later configs are ignored)."""
        with cls._lock:
            if cls._instance is None:
                cls._instance = PaintRuntime(config)
            return cls._instance

    @classmethod
    def configure(cls, config: RuntimeConfig) -> PaintRuntime:
        """Replace the process-wide runtime (closing the previous one)."""
        with cls._lock:
            if cls._instance is not None:
                cls._instance.close()
            cls._instance = PaintRuntime(config)
            return cls._instance

    def preset(self, name_or_path: str | None) -> RewardPreset:
        """A built-in preset by name or one from a YAML path (default: the runtime's), with its weight overrides."""
        preset = load_preset(name_or_path or self.config.reward_preset)
        return preset.with_weights(self.config.weights) if self.config.weights else preset

    def scorer(self, preset: str | None = None) -> Scorer:
        """The scorer of a preset given by name or YAML path, built once per process."""
        key = preset or self.config.reward_preset
        if key not in self._scorers:
            self._scorers[key] = Scorer(ScorerConfig(preset=self.preset(key), judge=self.config.judge,
                                                     hps_url=self.config.hps_url))
        return self._scorers[key]

    def submit(self, coro: Any) -> Future:
        return self._bg.submit(coro)

    def run(self, coro: Any) -> Any:
        return self._bg.run(coro)

    def close(self) -> None:
        if self._bg.closed:
            return
        for scorer in self._scorers.values():
            self.run(scorer.aclose())
        self.run(self.pages.close())
        self._bg.stop()
