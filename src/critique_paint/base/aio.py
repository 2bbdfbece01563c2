"""A background asyncio loop that synchronous code (TRL tools, OpenEnv sessions, the CLI) can submit to."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from typing import Any


class BackgroundLoop:
    """An event loop running in a daemon thread; `run(coro)` blocks the caller until the coroutine ends."""

    def __init__(self, name: str = "critique-paint-loop"):
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self._thread.start()

    def submit(self, coro: Any) -> Future:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def run(self, coro: Any) -> Any:
        return self.submit(coro).result()

    @property
    def closed(self) -> bool:
        return self.loop.is_closed()

    def stop(self) -> None:
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.loop.close()
