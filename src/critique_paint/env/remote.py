"""`RemoteEndpoint`: an episode played on a `critique-paint serve` server (or a fleet of them) over OpenEnv."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from critique_paint.base.aio import BackgroundLoop
from critique_paint.env.client import EpisodeLost, PaintEnvClient, ServerError
from critique_paint.env.episode import Episode, EpisodeSettings
from critique_paint.env.fleet import ServerFleet
from critique_paint.env.protocol import DEFAULT_MESSAGE_TIMEOUT_S
from critique_paint.env.turns import TurnResult
from critique_paint.env.wire import EditSpec, PaintAction
from critique_paint.errors import ProtocolError
from critique_paint.sketch.edits import Edit


class RemoteEndpoint:
    """An episode on a server, one round trip per call; `episode` is rebuilt from the server's replies.

    With a `fleet`, `url` is this endpoint's own server: an episode starts on another one of the fleet when it does
    not answer (or is full), and on its own again once it does. A lost connection ends only the running episode
    (EpisodeLost); the next `start` connects afresh.
    """

    def __init__(self, url: str, loop: BackgroundLoop, message_timeout_s: float = DEFAULT_MESSAGE_TIMEOUT_S,
                 fleet: ServerFleet | None = None):
        self.home = url
        self.loop = loop
        self.message_timeout_s = message_timeout_s
        self.fleet = fleet
        self.client = PaintEnvClient(url, message_timeout_s=message_timeout_s)
        self.episode: Episode | None = None

    @property
    def url(self) -> str:
        """The server of the current (or last) episode."""
        return self.client.url

    def start(self, **request: Any) -> str:
        self.episode = None
        refused = []
        for url in self.fleet.candidates(self.home) if self.fleet else [self.home]:
            try:
                observation = self._reset_on(url, request)
            except EpisodeLost as exc:
                if self.fleet:
                    self.fleet.failed(url, exc)
                refused.append(str(exc))
                continue
            except ServerError as exc:
                if exc.code != "CAPACITY_REACHED":
                    raise
                refused.append(f"{url} is full ({exc})")
                continue
            if self.fleet:
                self.fleet.started(url, self.home)
            settings = EpisodeSettings(**observation.metadata["settings"])
            self.episode = Episode(settings, episode_id=observation.metadata["episode_id"])
            if observation.metadata.get("turn"):  # the draft, painted at reset
                self.episode.add(_turn_of(observation))
            return observation.text
        if len(refused) == 1:
            raise EpisodeLost(refused[0])
        raise EpisodeLost(f"no environment server started the episode: {'; '.join(refused)}")

    def _reset_on(self, url: str, request: dict[str, Any]) -> Any:
        """Reset on `url`, keeping one client (one server session) at a time: a client for another server
        replaces the current one only once its reset succeeded."""
        if url == self.client.url:
            return self.loop.run(_awaited(lambda: self.client.reset(**request))).observation
        client = PaintEnvClient(url, message_timeout_s=self.message_timeout_s)
        try:
            observation = self.loop.run(_awaited(lambda: client.reset(**request))).observation
        except BaseException:
            self._close_quietly(client)
            raise
        self._close_quietly(self.client)
        self.client = client
        return observation

    def paint(self, reply: str, *, self_critique: str | None = None, call_error: str | None = None) -> TurnResult:
        return self._step(PaintAction(sketch=reply, self_critique=self_critique, call_error=call_error))

    def edit(self, edits: Sequence[Edit], *, self_critique: str | None = None,
             call_error: str | None = None) -> TurnResult:
        specs = [EditSpec(old=e.old, new=e.new) for e in edits]
        return self._step(PaintAction(edits=specs, self_critique=self_critique, call_error=call_error))

    def _step(self, action: PaintAction) -> TurnResult:
        if self.episode is None:
            raise ProtocolError("NO_EPISODE", "no episode: start one before painting")
        try:
            observation = self.loop.run(_awaited(lambda: self.client.step(action))).observation
        except EpisodeLost as exc:
            if self.fleet:
                self.fleet.failed(self.url, exc)
            raise
        return self.episode.add(_turn_of(observation))

    def undo(self) -> TurnResult:
        raise ProtocolError("NOTHING_TO_UNDO", f"{self.url}: a served episode cannot take a painting back")

    def close(self) -> None:
        self.loop.run(_awaited(self.client.close))

    def _close_quietly(self, client: PaintEnvClient) -> None:
        try:
            self.loop.run(_awaited(client.close))
        except Exception:  # noqa: BLE001 - a client of a dead server may fail to close; it holds nothing then
            pass


def _turn_of(observation: Any) -> TurnResult:
    """The turn a step's (or a drafted reset's) observation reports, with its own painting."""
    entry = observation.metadata["turn"]
    own = observation.painting_png_b64 if entry.get("shown_turn") != entry["turn"] else observation.image_png_b64
    return TurnResult.from_wire(entry, own)


async def _awaited(call: Any) -> Any:
    """Make an EnvClient call inside the loop (where its public methods return awaitables) and await it."""
    return await call()
