"""The environment servers a run rolls out on, shared by its remote endpoints.

Each endpoint has its own server (round-robin over the URLs as given). An episode starts there when that server
answers, else on the next one in the ring that does; a server that failed is passed over for `retry_s` and then
tried first again by its own endpoints, so a restarted server takes its share back at the next reset.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

log = logging.getLogger(__name__)

# A refused connection costs a millisecond; a host that drops packets costs the client's connect timeout (10 s),
# at most once per server per `retry_s` while it stays away.
DEFAULT_RETRY_S = 2.0


class ServerFleet:
    """Where each episode starts: its endpoint's own server unless that one failed in the last `retry_s` seconds."""

    def __init__(self, urls: Sequence[str], retry_s: float = DEFAULT_RETRY_S,
                 clock: Callable[[], float] = time.monotonic, start: int = 0):
        """`start`: where the round-robin begins (a training rank's index, so that ranks with few rollout slots
        each do not all begin on the first server)."""
        if not urls:
            raise ValueError("a fleet needs at least one server URL")
        self.urls = list(urls)
        self.retry_s = retry_s
        self._clock = clock
        self._lock = threading.Lock()
        self._assigned = start
        self._failed_at: dict[str, float] = {}
        self.failovers = 0  # episodes started on another server than their endpoint's own

    def assign(self) -> str:
        """The next endpoint's own server."""
        with self._lock:
            url = self.urls[self._assigned % len(self.urls)]
            self._assigned += 1
            return url

    def candidates(self, home: str) -> list[str]:
        """Servers to try, in order: `home`, then the others in ring order after it; those that failed less than
        `retry_s` ago come last (still tried when no other answers)."""
        ring = list(dict.fromkeys(self.urls))
        if home in ring:
            at = ring.index(home)
            ring = ring[at:] + ring[:at]
        else:
            ring.insert(0, home)
        now = self._clock()
        with self._lock:
            resting = {u for u, t in self._failed_at.items() if now - t < self.retry_s}
        return [u for u in ring if u not in resting] + [u for u in ring if u in resting]

    def failed(self, url: str, reason: object) -> None:
        """`url` did not answer (refused, dropped or timed out): pass it over for a while."""
        with self._lock:
            first = url not in self._failed_at
            self._failed_at[url] = self._clock()
        if first:
            log.warning("environment server %s failed (%s); its episodes start on the other servers until it "
                        "answers again", url, reason)

    def started(self, url: str, home: str) -> None:
        """An episode of an endpoint whose own server is `home` started on `url`."""
        with self._lock:
            back = self._failed_at.pop(url, None) is not None
            self.failovers += url != home
        if back:
            log.warning("environment server %s answers again", url)

    @property
    def down(self) -> list[str]:
        """Servers whose last attempt failed (and that have not answered since)."""
        with self._lock:
            return [u for u in dict.fromkeys(self.urls) if u in self._failed_at]
