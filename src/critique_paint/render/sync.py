"""A blocking facade over the async RenderPool, running its event loop in a background thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from concurrent.futures import Future
from typing import Any

from critique_paint.render.pool import PoolOptions, RenderPool
from critique_paint.render.result import RenderResult


class Renderer:
    """`Renderer().render(source, seed=0)` from ordinary code; thread-safe; close() when done."""

    def __init__(self, options: PoolOptions | None = None):
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="critique-paint-render", daemon=True)
        self._thread.start()
        self.pool = RenderPool(options)
        try:
            self._call(self.pool.start())
        except BaseException:
            self._stop_loop()
            raise

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def submit(self, source: str, *, seed: int = 0, size: int = 600) -> Future[RenderResult]:
        """Start a render and return a concurrent.futures.Future."""
        return asyncio.run_coroutine_threadsafe(self.pool.render(source, seed=seed, size=size), self._loop)

    def render(self, source: str, *, seed: int = 0, size: int = 600) -> RenderResult:
        return self.submit(source, seed=seed, size=size).result()

    def render_many(self, sources: Iterable[str], *, seed: int = 0, size: int = 600) -> list[RenderResult]:
        """Render several sketches concurrently across the pool, results in input order."""
        futures = [self.submit(s, seed=seed, size=size) for s in sources]
        return [f.result() for f in futures]

    @property
    def backend(self) -> str:
        return self.pool.backend

    def run_coroutine(self, coro: Any) -> Any:
        """Run an arbitrary coroutine on the renderer's loop (for callers that share it)."""
        return self._call(coro)

    def close(self) -> None:
        if self._loop.is_closed():
            return
        try:
            self._call(self.pool.close())
        finally:
            self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    def __enter__(self) -> Renderer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
