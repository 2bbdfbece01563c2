"""The painting environment as TRL's `environment_factory`: one rollout slot per rollout, each over an endpoint (in
process on the run's runtime, or on a `critique-paint serve` server), whose tools are the episode's actions."""

from __future__ import annotations

import functools
import io
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from critique_paint.base.aio import BackgroundLoop
from critique_paint.env.endpoint import Endpoint, LocalEndpoint, play, settings_fields
from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.fleet import ServerFleet
from critique_paint.env.protocol import (
    DEFAULT_ACTIONS,
    DEFAULT_MESSAGE_TIMEOUT_S,
    EDIT_TOOL_DOC,
    NO_TURNS_LEFT,
    PAINT_TOOL_DOC,
    action_set,
    edit_received,
    tool_result,
)
from critique_paint.env.replies import EDIT, PAINT, Move, Reply, ToolCall
from critique_paint.env.runtime import PaintRuntime
from critique_paint.env.turns import TurnResult
from critique_paint.errors import InfrastructureError

Schedule = Callable[[], Mapping[str, Any]]  # reset fields that change over a run (`train.curriculum`)


Outcome = tuple[bool, Any]  # one tool call's answer: (True, what the tool returns) or (False, the exception)


class EpisodeSlot:
    """One rollout slot for `GRPOTrainer(environment_factory=...)`, without tools: `tool_env_class` gives it the
    tools of an action set (TRL offers every public method but `reset` and `get_reward`).

    The endpoint's episode is the record of the rollout: `turns`, `unscored_reason` and `get_reward` (TRL's hook:
    the episode's reward, None when it cannot be scored) read it.
    """

    def __init__(self, endpoint: Endpoint, *, vision: bool = False, defaults: Mapping[str, Any] | None = None,
                 schedule: Schedule | None = None):
        self.endpoint = endpoint
        self.vision = vision
        self.defaults = dict(defaults or {})
        self.schedule = schedule
        self._failure: str | None = None

    def reset(self, **row: Any) -> Any:
        """Start an episode from a dataset row (subject, seed, max_turns, draft, ...: the `EpisodeSettings` fields it
        carries, over the schedule's fields at this step, over the run's defaults); returns the user turn's text
        (with a draft, a vision policy gets the draft's painting with it)."""
        fields = settings_fields()
        scheduled = self.schedule() if self.schedule is not None else {}
        request = {**self.defaults, **scheduled,
                   **{k: v for k, v in row.items() if k in fields and v is not None}}
        self._failure = None
        try:
            text = self.endpoint.start(**request)
        except InfrastructureError as exc:
            self._failure = f"reset failed: {exc}"
            return ""
        episode = self.endpoint.episode
        draft = episode.turns[0] if episode is not None and episode.turns else None
        return tool_result(text, self._image(episode.shown_png(draft))) if draft and episode else text

    def _answers(self, move: Move) -> list[Any]:
        """What each call of `move` returns: an edit group's receipts, then the painting's answer."""
        if self._failure:
            raise InfrastructureError(f"this episode cannot be scored: {self._failure}")
        episode = self.endpoint.episode
        if episode is None or episode.done:
            return [NO_TURNS_LEFT] * len(move.calls)
        try:
            turn = play(self.endpoint, move)
        except InfrastructureError as exc:
            self._failure = str(exc)
            raise
        n = len(move.calls)
        return [*(edit_received(k, n) for k in range(1, n)),
                tool_result(turn.observation, self._image(episode.shown_png(turn)))]

    def _image(self, png: bytes | None) -> Any:
        if not png or not self.vision:
            return None
        from PIL import Image

        return Image.open(io.BytesIO(png)).convert("RGB")

    def _one(self, call: ToolCall) -> Any:
        ok, value = play_reply(self, [call])[-1]
        if not ok:
            raise value
        return value

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


def play_reply(slot: EpisodeSlot, calls: Sequence[ToolCall]) -> list[Outcome]:
    """A reply's tool calls on `slot`, move by move (`env.replies.Reply.moves`), each played as `eval` plays it
    (`env.endpoint.play`): one outcome per call, in order. (Not a method: TRL would offer it as a tool.)"""
    outcomes: list[Outcome] = []
    for move in Reply(calls=tuple(calls)).moves():
        try:
            outcomes += [(True, answer) for answer in slot._answers(move)]
        except Exception as exc:  # noqa: BLE001 - handed back to TRL, which reports it to the policy
            outcomes += [(False, exc)] * len(move.calls)
    return outcomes


def paint(self: EpisodeSlot, sketch: str) -> Any:
    return self._one(ToolCall(PAINT, {"sketch": sketch}))


def edit(self: EpisodeSlot, old: str, new: str) -> Any:
    return self._one(ToolCall(EDIT, {"old": old, "new": new}))


paint.__doc__ = PAINT_TOOL_DOC
edit.__doc__ = EDIT_TOOL_DOC
TOOL_METHODS = {PAINT: paint, EDIT: edit}


@functools.cache
def tool_env_class(actions: tuple[str, ...] = DEFAULT_ACTIONS) -> type[EpisodeSlot]:
    """The rollout slot class whose tools are `actions` (TRL reads a class's public methods as its tools)."""
    tools = {a: TOOL_METHODS[a] for a in action_set(actions)}
    return type("PaintToolEnv", (EpisodeSlot,), {**tools, "__module__": __name__,
                                                 "__doc__": f"A rollout slot whose tools are {', '.join(tools)}."})


PaintToolEnv = tool_env_class(DEFAULT_ACTIONS)


class ToolEnvFactory:
    """TRL's `environment_factory` for one run: each call is a rollout slot (`tool_env_class` of the run's
    actions) on a fresh endpoint, in process on
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
        self.slot_class = tool_env_class(action_set(self.defaults.get("actions")))
        self.schedule = schedule
        self.message_timeout_s = message_timeout_s
        # Each training rank starts its round-robin at its own index (torchrun and accelerate set RANK).
        rank = int(os.environ.get("RANK", "0") or 0) if rank is None else rank
        self.fleet = ServerFleet(server_urls, start=rank) if server_urls else None
        self._lock = threading.Lock()
        self._loop = BackgroundLoop("critique-paint-env-clients") if server_urls else None
        self.endpoints: list[Endpoint] = []

    def __call__(self) -> EpisodeSlot:
        with self._lock:
            if self.runtime is not None:
                endpoint: Endpoint = LocalEndpoint(self.runtime)
            else:
                from critique_paint.env.remote import RemoteEndpoint  # OpenEnv's client, only for servers

                assert self.fleet is not None and self._loop is not None  # no runtime: server URLs were given
                endpoint = RemoteEndpoint(self.fleet.assign(), self._loop, self.message_timeout_s, fleet=self.fleet)
            self.endpoints.append(endpoint)
        return self.slot_class(endpoint, vision=self.vision, defaults=self.defaults, schedule=self.schedule)

    def close(self) -> None:
        for endpoint in self.endpoints:
            try:
                endpoint.close()
            except Exception:  # noqa: BLE001 - best effort: a dead server must not fail the end of a run
                pass
        if self._loop is not None:
            self._loop.stop()
