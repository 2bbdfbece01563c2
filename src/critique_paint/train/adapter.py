"""The painting environment as a TRL `environment_factory` class, in-process or over OpenEnv servers."""

from __future__ import annotations

import base64
import io
import itertools
import threading
from dataclasses import dataclass, field
from typing import Any

from critique_paint.errors import InfrastructureError

NO_TURNS_LEFT = "You have no paintings left; the last one counts. Stop here."


@dataclass
class AdapterSettings:
    """Shared by every PaintToolEnv instance; set once with `configure_adapter` before training."""

    server_urls: list[str] = field(default_factory=list)  # empty: in-process PaintRuntime
    vision: bool = False  # return the painting as an image part (vision-language policies)
    max_turns: int = 3
    reward_preset: str | None = None
    message_timeout_s: float = 600.0


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
    """One rollout slot for `GRPOTrainer(environment_factory=PaintToolEnv)`; its tool is `paint`."""

    def __init__(self) -> None:
        self._settings = _settings
        self._url = _next_url()
        self._env: Any = None
        self._client: Any = None
        self._turns = 0
        self._max_turns = self._settings.max_turns
        self._unscored: str | None = None
        self._history: list[dict] = []
        self._paintings: list[dict] = []

    def reset(self, **row: Any) -> str:
        """Start an episode from a dataset row (subject, seed, max_turns); returns the task text."""
        self._turns, self._unscored, self._history, self._paintings = 0, None, [], []
        self._max_turns = int(row.get("max_turns") or self._settings.max_turns)
        kwargs = {"subject": row.get("subject"), "seed": int(row.get("seed") or 0), "max_turns": self._max_turns,
                  "reward_preset": row.get("reward_preset") or self._settings.reward_preset}
        try:
            obs = self._remote_reset(kwargs) if self._url else self._local_reset(kwargs)
        except InfrastructureError as exc:
            self._unscored = f"reset failed: {exc}"
            return ""
        return obs.text

    def paint(self, sketch: str) -> Any:
        """Render a p5.brush watercolour sketch and see the painting with a critique.

        Args:
            sketch: The complete p5.js + p5.brush sketch, as JavaScript source code.
        """
        if self._unscored:
            raise InfrastructureError(f"this episode cannot be scored: {self._unscored}")
        if self._turns >= self._max_turns:
            return NO_TURNS_LEFT
        try:
            obs, state_turn = self._remote_step(sketch) if self._url else self._local_step(sketch)
        except InfrastructureError as exc:
            self._unscored = str(exc)
            raise
        self._turns += 1
        self._history.append(state_turn)
        png = base64.b64decode(obs.image_png_b64) if obs.image_png_b64 else None
        self._paintings.append({"turn": self._turns, "source": sketch, "png": png, "text": obs.text})
        if obs.image_png_b64 and self._settings.vision:
            from PIL import Image

            image = Image.open(io.BytesIO(base64.b64decode(obs.image_png_b64))).convert("RGB")
            return [{"type": "image", "image": image}, {"type": "text", "text": obs.text}]
        return obs.text

    # in-process backend ---------------------------------------------------------------------------------
    def _local_reset(self, kwargs: dict) -> Any:
        from critique_paint.env.environment import PaintEnvironment

        if self._env is None:
            self._env = PaintEnvironment()
        return self._env.reset(**kwargs)

    def _local_step(self, sketch: str) -> tuple[Any, dict]:
        from critique_paint.env.models import PaintAction

        obs = self._env.step(PaintAction(sketch=sketch))
        return obs, dict(self._env.state.history[-1])

    # remote backend -------------------------------------------------------------------------------------
    def _remote_reset(self, kwargs: dict) -> Any:
        from critique_paint.env.client import PaintEnvClient

        if self._client is None:
            self._client = PaintEnvClient(self._url, message_timeout_s=self._settings.message_timeout_s)
        return _loop().run(self._client._reset_async(**kwargs)).observation

    def _remote_step(self, sketch: str) -> tuple[Any, dict]:
        from critique_paint.env.models import PaintAction

        async def step_and_state():
            result = await self._client._step_async(PaintAction(sketch=sketch))
            state = await self._client._state_async()
            return result.observation, dict(state.history[-1])

        return _loop().run(step_and_state())

    # read by reward functions (not tools: private names) --------------------------------------------------
    def _final_total(self) -> float | None:
        """The episode's reward: the last painting's total; 0 when nothing was painted; None if unscored."""
        if self._unscored:
            return None
        if not self._history:
            return 0.0
        return self._history[-1]["total"]

    def _turn_totals(self) -> list[float | None]:
        return [t["total"] for t in self._history]

    def _component(self, name: str) -> float | None:
        if self._unscored or not self._history:
            return None
        return self._history[-1]["components"].get(name)
