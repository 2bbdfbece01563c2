"""PaintEnvClient: an OpenEnv WebSocket client that never silently continues in a fresh environment."""

from __future__ import annotations

from typing import Any

from openenv.core import EnvClient
from openenv.core.client_types import StepResult

from critique_paint.env.wire import PaintAction, PaintObservation, PaintState
from critique_paint.errors import InfrastructureError

# Above the worst render (60 s deadline + a browser relaunch) plus judge retries.
DEFAULT_MESSAGE_TIMEOUT_S = 600.0


class EpisodeLost(InfrastructureError):
    """The connection dropped or timed out mid-episode; the server-side episode is gone."""


class ServerError(InfrastructureError):
    """The server answered with an error frame (full, failed step, ...)."""


class PaintEnvClient(EnvClient[PaintAction, PaintObservation, PaintState]):
    """`await client.reset(subject=..., seed=..., max_turns=...)`, then `await client.step(PaintAction(...))`.

    After a dropped socket or a message timeout the next `step` raises EpisodeLost instead of landing in
    a new, un-reset server environment; `reset` reconnects and starts over.
    """

    def __init__(self, base_url: str, message_timeout_s: float = DEFAULT_MESSAGE_TIMEOUT_S, **kwargs: Any):
        super().__init__(base_url=base_url, message_timeout_s=message_timeout_s, **kwargs)
        self.url = base_url
        self._live = False

    def _step_payload(self, action: PaintAction) -> dict[str, Any]:
        return {"sketch": action.sketch}

    def _parse_result(self, payload: dict[str, Any]) -> StepResult[PaintObservation]:
        obs = dict(payload.get("observation", {}))
        obs.update(reward=payload.get("reward"), done=bool(payload.get("done", False)))
        return StepResult(observation=PaintObservation(**obs), reward=payload.get("reward"),
                          done=bool(payload.get("done", False)), metadata=payload.get("metadata"))

    def _parse_state(self, payload: dict[str, Any]) -> PaintState:
        return PaintState(**payload)

    async def _reset_async(self, **kwargs: Any) -> StepResult[PaintObservation]:
        self._live = False
        result = await self._guard(super()._reset_async(**kwargs), "reset")
        self._live = True
        return result

    async def _step_async(self, action: PaintAction, **kwargs: Any) -> StepResult[PaintObservation]:
        if not self._live:
            raise EpisodeLost(f"no live episode on {self.url}: the connection dropped or timed out earlier; "
                              "call reset() to start a new episode")
        result = await self._guard(super()._step_async(action, **kwargs), "step")
        if result.done:
            self._live = False
        return result

    async def _guard(self, coro: Any, what: str) -> Any:
        import websockets

        try:
            return await coro
        except TimeoutError as exc:
            self._live = False
            raise EpisodeLost(f"{what} on {self.url} timed out after {self._message_timeout:g} s; "
                              "the episode is lost") from exc
        except (websockets.ConnectionClosed, OSError) as exc:
            self._live = False
            raise EpisodeLost(f"the connection to {self.url} dropped during {what} ({exc.__class__.__name__}); "
                              "the episode is lost") from exc
        except RuntimeError as exc:
            if "Server error" in str(exc):
                if "CAPACITY_REACHED" in str(exc):
                    self._live = False
                raise ServerError(str(exc).removeprefix("Server error: ")) from exc
            raise
