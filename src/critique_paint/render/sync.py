"""A blocking facade over the async RenderPool, running its event loop in a background thread."""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Future
from typing import Any

from critique_paint.base.aio import BackgroundLoop
from critique_paint.render.pages import RenderOptions, RenderPool
from critique_paint.render.result import RenderResult
from critique_paint.sketch import CANVAS_SIZE


class Renderer:
    """`Renderer().render(source, seed=0)` from ordinary code; thread-safe; close() when done."""

    def __init__(self, options: RenderOptions | None = None):
        self._bg = BackgroundLoop("critique-paint-render")
        self.pool = RenderPool(options)
        try:
            self._bg.run(self.pool.start())
        except BaseException:
            self._bg.stop()
            raise

    def submit(self, source: str, *, seed: int = 0, size: int = CANVAS_SIZE,
               brush_allowlist: Iterable[str] | None = None) -> Future[RenderResult]:
        """Start a render and return a concurrent.futures.Future."""
        return self._bg.submit(self.pool.render(source, seed=seed, size=size, brush_allowlist=brush_allowlist))

    def render(self, source: str, *, seed: int = 0, size: int = CANVAS_SIZE,
               brush_allowlist: Iterable[str] | None = None) -> RenderResult:
        return self.submit(source, seed=seed, size=size, brush_allowlist=brush_allowlist).result()

    def render_many(self, sources: Iterable[str], *, seed: int = 0, size: int = CANVAS_SIZE) -> list[RenderResult]:
        """Render several sketches concurrently across the pool, results in input order."""
        futures = [self.submit(s, seed=seed, size=size) for s in sources]
        return [f.result() for f in futures]

    @property
    def backend(self) -> str:
        return self.pool.backend

    def submit_coroutine(self, coro: Any) -> Future:
        """Start any coroutine on the renderer's loop (for callers that share it, such as the runtime's scorers)."""
        return self._bg.submit(coro)

    def run_coroutine(self, coro: Any) -> Any:
        """Run any coroutine on the renderer's loop and wait for it."""
        return self._bg.run(coro)

    @property
    def closed(self) -> bool:
        return self._bg.closed

    def close(self) -> None:
        if self._bg.closed:
            return
        try:
            self._bg.run(self.pool.close())
        finally:
            self._bg.stop()

    def __enter__(self) -> Renderer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
