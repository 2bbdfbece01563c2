"""PaintEnvClient: an OpenEnv WebSocket client that reports error frames by code and never silently continues in
a fresh environment."""

from __future__ import annotations

from typing import Any

from critique_paint.env.openenv_core import EnvClient, StepResult
from critique_paint.env.protocol import DEFAULT_MESSAGE_TIMEOUT_S
from critique_paint.env.wire import PaintAction, PaintObservation, PaintState
from critique_paint.errors import InfrastructureError


class EpisodeLost(InfrastructureError):
    """The connection dropped or timed out mid-episode; the server-side episode is gone."""


class ServerError(InfrastructureError):
    """The server answered with an error frame; `code` is its OpenEnv or protocol code (CAPACITY_REACHED, ...)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{message} ({code})")
        self.code = code


# The environment's own refusals travel as OpenEnv EXECUTION_ERROR frames whose message starts with the
# ProtocolError code; these are the codes a client can act on.
PROTOCOL_CODES = ("INVALID_RESET", "INVALID_STEP", "NO_EPISODE", "EPISODE_OVER", "NOTHING_TO_UNDO")


class PaintEnvClient(EnvClient[PaintAction, PaintObservation, PaintState]):
    """`await client.reset(subject=..., seed=..., max_turns=...)`, then `await client.step(PaintAction(...))`.

    After a dropped socket or a message timeout the next `step` raises EpisodeLost instead of landing in
    a new, un-reset server environment; `reset` reconnects and starts over.
    """

    def __init__(self, base_url: str, message_timeout_s: float = DEFAULT_MESSAGE_TIMEOUT_S, **kwargs: Any):
        super().__init__(base_url=base_url, message_timeout_s=message_timeout_s, **kwargs)
        self.url = base_url
        self.message_timeout_s = message_timeout_s
        self.live = False

    def _step_payload(self, action: PaintAction) -> dict[str, Any]:
        return action.model_dump(exclude={"metadata"}, exclude_none=True)

    def _parse_result(self, payload: dict[str, Any]) -> StepResult[PaintObservation]:
        obs = dict(payload.get("observation", {}))
        obs.update(reward=payload.get("reward"), done=bool(payload.get("done", False)))
        if payload.get("metadata") is not None:
            obs["metadata"] = payload["metadata"]
        return StepResult(observation=PaintObservation(**obs), reward=payload.get("reward"),
                          done=bool(payload.get("done", False)), metadata=payload.get("metadata"))

    def _parse_state(self, payload: dict[str, Any]) -> PaintState:
        return PaintState(**payload)

    async def _send_and_receive(self, message: dict[str, Any]) -> dict[str, Any]:
        """One request and its reply; an error frame becomes a ServerError with its code, a lost socket
        EpisodeLost."""
        import websockets

        what = message.get("type", "message")
        try:
            await self._send(message)
        except websockets.ConnectionClosed:
            pass  # a refused session sends its error frame and closes: read the frame below
        except OSError as exc:
            self.live = False
            raise EpisodeLost(f"cannot reach {self.url} ({exc.__class__.__name__}: {exc})") from exc
        try:
            response = await self._receive()
        except TimeoutError as exc:
            self.live = False
            raise EpisodeLost(f"{what} on {self.url} timed out after {self.message_timeout_s:g} s; "
                              "the episode is lost") from exc
        except (websockets.ConnectionClosed, OSError) as exc:
            self.live = False
            raise EpisodeLost(f"the connection to {self.url} dropped during {what} ({exc.__class__.__name__}); "
                              "the episode is lost") from exc
        if response.get("type") == "error":
            data = response.get("data") or {}
            code, text = str(data.get("code", "UNKNOWN")), str(data.get("message", "unknown error"))
            head, sep, rest = text.partition(": ")
            if sep and head in PROTOCOL_CODES:
                code, text = head, rest
            if code == "CAPACITY_REACHED":
                self.live = False
            raise ServerError(code, text)
        return response

    async def _reset_async(self, **kwargs: Any) -> StepResult[PaintObservation]:
        self.live = False
        result = await super()._reset_async(**kwargs)
        self.live = True
        return result

    async def _step_async(self, action: PaintAction, **kwargs: Any) -> StepResult[PaintObservation]:
        if not self.live:
            raise EpisodeLost(f"no live episode on {self.url}: the connection dropped or timed out earlier; "
                              "call reset() to start a new episode")
        result = await super()._step_async(action, **kwargs)
        if result.done:
            self.live = False
        return result
