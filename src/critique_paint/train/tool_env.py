"""The painting environment as TRL's `environment_factory`: one PaintToolEnv per rollout slot, each over an
endpoint (in process on the run's runtime, or on a `critique-paint serve` server)."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Callable, Mapping
from typing import Any

from critique_paint.aio import BackgroundLoop
from critique_paint.env.endpoint import Endpoint, LocalEndpoint, settings_fields
from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.fleet import ServerFleet
from critique_paint.env.protocol import DEFAULT_MESSAGE_TIMEOUT_S, NO_TURNS_LEFT, PAINT_TOOL_DOC, tool_result
from critique_paint.env.replies import ToolCall
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.turns import TurnResult
from critique_paint.errors import InfrastructureError

Schedule = Callable[[], Mapping[str, Any]]  # reset fields that change over a run (`train.curriculum`)


class PaintToolEnv:
    """One rollout slot for `GRPOTrainer(environment_factory=...)`; its tool is `paint`.

    The endpoint's episode is the record of the rollout: `turns`, `unscored_reason` and `get_reward` (TRL's hook:
    the episode's reward, None when it cannot be scored) read it. Only `paint` is a tool: TRL offers every
    public method but `reset` and `get_reward`.
    """

    def __init__(self, endpoint: Endpoint, *, vision: bool = False, defaults: Mapping[str, Any] | None = None,
                 schedule: Schedule | None = None):
        self.endpoint = endpoint
        self.vision = vision
        self.defaults = dict(defaults or {})
        self.schedule = schedule
        self._failure: str | None = None

    def reset(self, **row: Any) -> str:
        """Start an episode from a dataset row (subject, seed, max_turns, ...: the `EpisodeSettings` fields it
        carries, over the schedule's fields at this step, over the run's defaults); returns the task text."""
        fields = settings_fields()
        scheduled = self.schedule() if self.schedule is not None else {}
        request = {**self.defaults, **scheduled,
                   **{k: v for k, v in row.items() if k in fields and v is not None}}
        self._failure = None
        try:
            return self.endpoint.start(**request)
        except InfrastructureError as exc:
            self._failure = f"reset failed: {exc}"
            return ""

    def paint(self, sketch: str) -> Any:
        return self._paint(sketch)

    paint.__doc__ = PAINT_TOOL_DOC

    def _paint(self, sketch: str, call_error: str | None = None) -> Any:
        if self._failure:
            raise InfrastructureError(f"this episode cannot be scored: {self._failure}")
        episode = self.endpoint.episode
        if episode is None or episode.done:
            return NO_TURNS_LEFT
        try:
            turn = self.endpoint.paint(sketch, call_error=call_error)
        except InfrastructureError as exc:
            self._failure = str(exc)
            raise
        shown = episode.shown_png(turn)
        image = None
        if shown and self.vision:
            from PIL import Image

            image = Image.open(io.BytesIO(shown)).convert("RGB")
        return tool_result(turn.observation, image)

    @property
    def settings(self) -> EpisodeSettings | None:
        """The episode's settings (subject, seed, ...), once reset."""
        episode = self.endpoint.episode
        return episode.settings if episode else None

    @property
    def turns(self) -> tuple[TurnResult, ...]:
        """The paintings of this rollout so far."""
        episode = self.endpoint.episode
        return tuple(episode.turns) if episode else ()

    @property
    def unscored_reason(self) -> str | None:
        """Why this rollout cannot be scored (a failed connection or scorer), else None."""
        episode = self.endpoint.episode
        return self._failure or (episode.unscored_reason if episode else None)

    def get_reward(self) -> float | None:
        """The episode's reward (TRL's environment hook): by its reward mode; 0 unpainted; None unscored."""
        if self.unscored_reason:
            return None
        episode = self.endpoint.episode
        return episode.reward() if episode else None


def attempt(env: PaintToolEnv, call: ToolCall) -> Any:
    """One tool call of a reply on its rollout's environment: a paint call paints, any other call is rejected as
    a `bad_call` turn (as `session.rollout.Rollout` plays it)."""
    return env._paint(call.sketch or "", call_error=call.error)


class ToolEnvFactory:
    """TRL's `environment_factory` for one run: each call is a PaintToolEnv on a fresh endpoint, in process on
    `runtime`, or on the fleet of `server_urls` (each endpoint's own server in turn from the rank's index; an episode
    starts on another when its own does not answer, `env.fleet`). `schedule`: reset fields read at each reset (a
    curriculum's). `close()` ends the remote connections' loop."""

    def __init__(self, *, runtime: PaintRuntime | None = None, server_urls: list[str] | None = None,
                 vision: bool = False, defaults: Mapping[str, Any] | None = None,
                 message_timeout_s: float = DEFAULT_MESSAGE_TIMEOUT_S, rank: int | None = None,
                 schedule: Schedule | None = None):
        if (runtime is None) == (not server_urls):
            raise ValueError("give a runtime or server URLs, not both")
        self.runtime = runtime
        self.vision = vision
        self.defaults = dict(defaults or {})
        self.schedule = schedule
        self.message_timeout_s = message_timeout_s
        # Each training rank starts its round-robin at its own index (torchrun and accelerate set RANK).
        rank = int(os.environ.get("RANK", "0") or 0) if rank is None else rank
        self.fleet = ServerFleet(server_urls, start=rank) if server_urls else None
        self._lock = threading.Lock()
        self._loop = BackgroundLoop("critique-paint-env-clients") if server_urls else None
        self.endpoints: list[Endpoint] = []

    def __call__(self) -> PaintToolEnv:
        with self._lock:
            if self.runtime is not None:
                endpoint: Endpoint = LocalEndpoint(self.runtime)
            else:
                from critique_paint.env.remote import RemoteEndpoint  # OpenEnv's client, only for servers

                assert self.fleet is not None and self._loop is not None  # no runtime: server URLs were given
                endpoint = RemoteEndpoint(self.fleet.assign(), self._loop, self.message_timeout_s, fleet=self.fleet)
            self.endpoints.append(endpoint)
        return PaintToolEnv(endpoint, vision=self.vision, defaults=self.defaults, schedule=self.schedule)

    def close(self) -> None:
        for endpoint in self.endpoints:
            try:
                endpoint.close()
            except Exception:  # noqa: BLE001 - best effort: a dead server must not fail the end of a run
                pass
        if self._loop is not None:
            self._loop.stop()
