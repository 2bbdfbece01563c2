"""An async pool of warm pages in one Chromium process, relaunched when it dies."""

from __future__ import annotations

import asyncio
import logging
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from critique_paint.errors import InfrastructureError, SetupError
from critique_paint.render.assets import find_chromium, load_js_assets
from critique_paint.render.browser import launch_args
from critique_paint.render.result import RenderResult
from critique_paint.render.worker import PageWorker, RendererCrashed, SketchTimeout

log = logging.getLogger(__name__)
RENDERER_VERSION = "cp-render-1"


@dataclass
class PoolOptions:
    """How the pool renders. `backend` is "auto", "llvmpipe" or "swiftshader"."""

    workers: int = 0
    backend: str = "auto"
    deadline_s: float = 60.0
    heap_mb: int = 1024
    canvas_size: int = 600
    executable: str | None = None

    def resolved_workers(self) -> int:
        return self.workers if self.workers > 0 else max(1, os.cpu_count() or 1)


class RenderPool:
    """Renders sketches on warm pages; safe to call `render` concurrently from one event loop."""

    def __init__(self, options: PoolOptions | None = None):
        self.options = options or PoolOptions()
        self.backend = ""
        self._pw: Any = None
        self._browser: Any = None
        self._idle: asyncio.Queue[PageWorker] = asyncio.Queue()
        self._workers: list[PageWorker] = []
        self._generation = 0
        self._relaunch_lock = asyncio.Lock()
        self._background: set[asyncio.Future] = set()
        self._assets = load_js_assets()
        self._marker = f"--critique-paint-pool={uuid.uuid4().hex}"

    async def start(self) -> RenderPool:
        from playwright.async_api import async_playwright

        executable = self.options.executable or find_chromium()
        self._pw = await async_playwright().start()
        self._executable = executable
        await self._launch()
        return self

    async def _launch(self) -> None:
        backends = ["llvmpipe", "swiftshader"] if self.options.backend == "auto" else [self.options.backend]
        last_error: Exception | None = None
        for backend in backends:
            try:
                self._browser = await self._pw.chromium.launch(
                    executable_path=self._executable,
                    args=[*launch_args(backend, self.options.heap_mb), self._marker],
                    headless=True,
                )
            except Exception as exc:  # noqa: BLE001 - report one clear line below
                last_error = exc
                continue
            probe = PageWorker(self._browser, self._assets, canvas_size=self.options.canvas_size)
            await probe.start()
            if self.options.backend == "auto" and probe.backend != backend and backend == "llvmpipe":
                log.warning("llvmpipe unavailable (got %s); falling back to SwiftShader", probe.gl_renderer)
                await probe.close()
                await self._browser.close()
                continue
            self.backend = probe.backend
            self._workers = [probe]
            for _ in range(self.options.resolved_workers() - 1):
                worker = PageWorker(self._browser, self._assets, canvas_size=self.options.canvas_size)
                await worker.start()
                self._workers.append(worker)
            self._idle = asyncio.Queue()
            for worker in self._workers:
                self._idle.put_nowait(worker)
            self._generation += 1
            return
        raise SetupError(f"could not start Chromium at {self._executable}: {last_error}")

    async def _relaunch(self, generation: int) -> None:
        async with self._relaunch_lock:
            if generation != self._generation:
                return
            log.warning("Chromium died; relaunching")
            try:
                await self._browser.close()
            except Exception:  # noqa: BLE001 - it is already dead
                pass
            await self._launch()

    def _alive(self) -> bool:
        return self._browser is not None and self._browser.is_connected()

    async def render(self, source: str, *, seed: int = 0, size: int = 600) -> RenderResult:
        """Render a sketch. Sketch faults come back as results; a dead browser is relaunched and retried once."""
        for attempt in range(2):
            if not self._alive():
                await self._relaunch(self._generation)
            generation = self._generation
            worker = await self._idle.get()
            t0 = time.perf_counter()
            try:
                result = await self._render_on(worker, source, seed, size)
            except _BrowserGone:
                await self._relaunch(generation)
                if attempt == 1:
                    raise InfrastructureError("Chromium died twice while rendering") from None
                continue
            finally:
                self._release(worker, generation)
            result.total_ms = (time.perf_counter() - t0) * 1000
            result.meta = {"seed": seed, "size": size, "renderer": RENDERER_VERSION}
            return result
        raise InfrastructureError("unreachable")

    async def _render_on(self, worker: PageWorker, source: str, seed: int, size: int) -> RenderResult:
        try:
            return await worker.render(source, seed=seed, size=size, deadline_s=self.options.deadline_s)
        except SketchTimeout as exc:
            return RenderResult(ok=False, code="timeout", message=str(exc), backend=self.backend)
        except RendererCrashed as exc:
            if not self._alive():
                raise _BrowserGone() from exc
            worker.dirty = True
            return RenderResult(ok=False, code="renderer_crashed",
                                message="the page crashed while painting (out of memory?)", backend=self.backend)
        except Exception as exc:
            if not self._alive():
                raise _BrowserGone() from exc
            worker.dirty = True
            raise InfrastructureError(f"render failed: {exc}") from exc

    def _release(self, worker: PageWorker, generation: int) -> None:
        """Return a worker to the idle queue, refreshing its page in the background first if it is dirty."""
        if generation != self._generation or worker not in self._workers:
            return
        if not worker.dirty:
            self._idle.put_nowait(worker)
            return
        task = asyncio.ensure_future(self._recover_then_release(worker, generation))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _recover_then_release(self, worker: PageWorker, generation: int) -> None:
        try:
            await asyncio.wait_for(worker.reload(), 20)
        except Exception:  # noqa: BLE001 - fall back to a new context, then a new browser
            try:
                await worker.close()
                await worker.start()
            except Exception:  # noqa: BLE001
                log.warning("could not recover a render page; relaunching Chromium")
                await self._relaunch(generation)
                return
        if generation == self._generation:
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        for worker in self._workers:
            await worker.close()
        if self._browser is not None:
            try:
                await self._browser.close()
            except Exception:  # noqa: BLE001
                pass
        if self._pw is not None:
            await self._pw.stop()
        self._browser = self._pw = None

    def browser_pids(self) -> list[int]:
        """Process ids of this pool's Chromium browser process (found by a marker flag; Linux only)."""
        pids = []
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                args = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if self._marker.encode() in args and not any(a.startswith(b"--type=") for a in args):
                pids.append(int(proc.name))
        return pids

    async def __aenter__(self) -> RenderPool:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class _BrowserGone(Exception):
    """Internal: the browser process disconnected during a render."""
