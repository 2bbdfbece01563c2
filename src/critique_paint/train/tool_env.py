"""The painting environment as a TRL `environment_factory` class, in-process or over OpenEnv servers."""

from __future__ import annotations

import io
import itertools
import threading
from dataclasses import dataclass, field
from typing import Any

from critique_paint.env.client import DEFAULT_MESSAGE_TIMEOUT_S
from critique_paint.env.protocol import NO_TURNS_LEFT, PAINT_TOOL_DOC, tool_result
from critique_paint.env.turns import TurnResult, episode_reward, first_unscored_reason
from critique_paint.errors import InfrastructureError


@dataclass
class AdapterSettings:
    """Shared by every PaintToolEnv instance; set once with `configure_adapter` before training."""

    server_urls: list[str] = field(default_factory=list)  # empty: in-process PaintRuntime
    vision: bool = False  # return the painting as an image part (vision-language policies)
    reward_preset: str | None = None  # a name or YAML path; None: the runtime's (the dataset row may name one)
    message_timeout_s: float = DEFAULT_MESSAGE_TIMEOUT_S


_settings = AdapterSettings()
_url_cycle = itertools.cycle([""])
_cycle_lock = threading.Lock()
_remote_loop = None


def configure_adapter(settings: AdapterSettings) -> None:
    """Set how new PaintToolEnv instances connect (round-robin over `server_urls` when given)."""
    global _settings, _url_cycle
    _settings = settings
    _url_cycle = itertools.cycle(settings.server_urls or [""])


def _next_url() -> str:
    with _cycle_lock:
        return next(_url_cycle)


def _loop():
    global _remote_loop
    from critique_paint.aio import BackgroundLoop

    with _cycle_lock:
        if _remote_loop is None or _remote_loop.closed:
            _remote_loop = BackgroundLoop("critique-paint-env-clients")
        return _remote_loop


class PaintToolEnv:
    """One rollout slot for `GRPOTrainer(environment_factory=PaintToolEnv)`; its tool is `paint`.

    The environment it wraps (in process, or behind an OpenEnv server) keeps the episode; this reads it through
    `turns`, `unscored_reason` and `get_reward` (TRL's hook: the episode's reward, None when it cannot be scored).
    Only `paint` is a public method: TRL offers every public method but `reset` and `get_reward` as a tool.
    """

    def __init__(self) -> None:
        self._settings = _settings
        self._url = _next_url()
        self._env: Any = None
        self._client: Any = None
        self._remote_turns: list[TurnResult] = []  # the remote environment's turns, as it reported them
        self._max_turns = 0
        self._failure: str | None = None

    def reset(self, **row: Any) -> str:
        """Start an episode from a dataset row (subject, seed, max_turns); returns the task text.

        The row's `max_turns` is the only source of the episode length (`train.datasets.grpo_row` writes it).
        """
        self._failure, self._remote_turns = None, []
        kwargs = {"subject": row.get("subject"), "seed": int(row.get("seed") or 0),
                  "max_turns": row.get("max_turns"),
                  "reward_preset": row.get("reward_preset") or self._settings.reward_preset}
        try:
            obs = self._remote_reset(kwargs) if self._url else self._local_reset(kwargs)
        except InfrastructureError as exc:
            self._failure = f"reset failed: {exc}"
            return ""
        self._max_turns = obs.turns_left
        return obs.text

    def paint(self, sketch: str) -> Any:
        if self._failure:
            raise InfrastructureError(f"this episode cannot be scored: {self._failure}")
        if len(self.turns) >= self._max_turns:
            return NO_TURNS_LEFT
        try:
            turn = self._remote_paint(sketch) if self._url else self._env.paint(sketch)
        except InfrastructureError as exc:
            self._failure = str(exc)
            raise
        image = None
        if turn.png and self._settings.vision:
            from PIL import Image

            image = Image.open(io.BytesIO(turn.png)).convert("RGB")
        return tool_result(turn.observation, image)

    paint.__doc__ = PAINT_TOOL_DOC

    @property
    def turns(self) -> tuple[TurnResult, ...]:
        """The paintings of this rollout so far."""
        return tuple(self._remote_turns) if self._url else (self._env.turns if self._env else ())

    @property
    def unscored_reason(self) -> str | None:
        """Why this rollout cannot be scored (a failed connection or scorer), else None."""
        if self._failure or not self._url:
            return self._failure or (self._env.unscored_reason if self._env else None)
        return first_unscored_reason(self._remote_turns)

    def get_reward(self) -> float | None:
        """The episode's reward (TRL's environment hook): the last painting's total, 0 unpainted, None unscored."""
        return episode_reward(self.turns, self.unscored_reason)

    # in-process backend ---------------------------------------------------------------------------------
    def _local_reset(self, kwargs: dict) -> Any:
        from critique_paint.env.environment import PaintEnvironment

        if self._env is None:
            self._env = PaintEnvironment()
        return self._env.reset(**kwargs)

    # remote backend -------------------------------------------------------------------------------------
    def _remote_reset(self, kwargs: dict) -> Any:
        from critique_paint.env.client import PaintEnvClient

        if self._client is None:
            self._client = PaintEnvClient(self._url, message_timeout_s=self._settings.message_timeout_s)
        return _loop().run(self._client._reset_async(**kwargs)).observation

    def _remote_paint(self, sketch: str) -> TurnResult:
        from critique_paint.env.wire import PaintAction

        async def step_and_state():
            result = await self._client._step_async(PaintAction(sketch=sketch))
            state = await self._client._state_async()
            return TurnResult.from_wire(state.history[-1], result.observation.image_png_b64)

        turn = _loop().run(step_and_state())
        self._remote_turns.append(turn)
        return turn
