"""An async pool of warm pages in one Chromium process, relaunched when it dies."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import shutil
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from critique_paint.errors import (
    CpuBudgetExceeded,
    InfrastructureError,
    MemoryBudgetExceeded,
    RendererCrashed,
    SetupError,
    SketchTimeout,
)
from critique_paint.fields import setting
from critique_paint.render.assets import find_chromium, load_js_assets
from critique_paint.render.browser import DEFAULT_V8_STACK_KB, launch_args, stack_room, temp_env, temp_root
from critique_paint.render.cache import RenderCache, cache_key
from critique_paint.render.prepare import WORK_BUDGET
from critique_paint.render.result import RenderResult
from critique_paint.render.worker import PageWorker
from critique_paint.sketch import CANVAS_SIZE, DEFAULT_BRUSH_METHODS, brush_method_set

log = logging.getLogger(__name__)
RENDERER_VERSION = "cp-render-20"


DEADLINE_ENV = "CRITIQUE_PAINT_RENDER_DEADLINE"
WORK_ENV = "CRITIQUE_PAINT_RENDER_WORK"
CPU_ENV = "CRITIQUE_PAINT_RENDER_CPU"
DEFAULT_CPU_S = 60.0  # 3x the heaviest pool painting (sunflowers-03, 19.7 CPU s), with room for slower CPUs
DEFAULT_DEADLINE_S = 600.0  # a safety net past the work budget even at load 25 (6e9 units took ~430 s there)


def _positive_env(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if value > 0 else default


def default_deadline() -> float:
    """Seconds per render: $CRITIQUE_PAINT_RENDER_DEADLINE when set to a positive number, else 600."""
    return _positive_env(DEADLINE_ENV, DEFAULT_DEADLINE_S)


def default_cpu() -> float:
    """CPU seconds per render: $CRITIQUE_PAINT_RENDER_CPU when set to a positive number, else the default."""
    return _positive_env(CPU_ENV, DEFAULT_CPU_S)


def default_work_budget() -> int:
    """Work units per render: $CRITIQUE_PAINT_RENDER_WORK when set to a positive number, else the default."""
    return int(_positive_env(WORK_ENV, WORK_BUDGET))


@dataclass
class RenderOptions:
    """How the pool renders. `backend` is "auto", "llvmpipe" or "swiftshader"."""

    workers: int = setting(0, help="warm render pages (0: one per core)")
    backend: str = setting("auto", help="WebGL backend: auto, llvmpipe or swiftshader")
    deadline_s: float = setting(help=f"wall-clock safety net per render, seconds (default ${DEADLINE_ENV} or "
                                f"{DEFAULT_DEADLINE_S:g}); the work budget, not this, decides timeout",
                                factory=default_deadline)
    work_budget: int = setting(help=f"work units per render (default ${WORK_ENV} or {WORK_BUDGET}): counted steps "
                               "of the sketch, its calls into p5 and the canvas operations its painting makes; past "
                               "it the render is a timeout, on any machine load", factory=default_work_budget)
    cpu_s: float = setting(help=f"CPU seconds a render's page may spend (its renderer and GPU processes; default "
                           f"${CPU_ENV} or {DEFAULT_CPU_S:g}, 0: unwatched); past it the render is a timeout on any "
                           "machine load: the net for native work the work budget cannot count (Linux)",
                           factory=default_cpu)
    heap_mb: int = setting(1024, help="JavaScript heap per page, MiB")
    memory_mb: int = setting(512, help="how much a render may grow the page's memory, MiB, at most half the heap "
                             "(0: unwatched); past it the render stops with memory_budget and the page is replaced "
                             "(Linux)")
    canvas_size: int = setting(CANVAS_SIZE, help="largest canvas a page is sized for, px")
    executable: str | None = setting(None, help="Chromium binary (default: found on PATH)")
    cache_dir: str | None = setting(None, help="keep each painted render in DIR and reuse it for the same sketch, "
                                    "seed, size, brush methods and budgets, across processes; the same render asked "
                                    "for twice at once runs once; failures are not kept (null: no cache)")

    def resolved_workers(self) -> int:
        return self.workers if self.workers > 0 else max(1, os.cpu_count() or 1)

    def memory_budget_mb(self) -> int:
        """The growth allowed per render: the heap cap must not be reached first (that crashes the page)."""
        return min(self.memory_mb, self.heap_mb // 2) if self.memory_mb > 0 else 0


class RenderPool:
    """Renders sketches on warm pages; safe to call `render` concurrently from one event loop.

    Each page lives in its own Chromium, so each has its own GPU process: one shared GPU process
    runs every context's GL commands on a single thread, which caps a pool at about one core of GL.
    A crashed Chromium takes down one worker, which is relaunched alone.
    """

    def __init__(self, options: RenderOptions | None = None):
        self.options = options or RenderOptions()
        self.backend = ""
        self._pw: Any = None
        self._idle: asyncio.Queue[PageWorker] = asyncio.Queue()
        self._workers: list[PageWorker] = []
        self._background: set[asyncio.Future] = set()
        self._assets = load_js_assets()
        self._marker = f"--critique-paint-pool={uuid.uuid4().hex}"
        self._stack_kb = DEFAULT_V8_STACK_KB
        self._cache = RenderCache(self.options.cache_dir) if self.options.cache_dir else None
        self._inflight: dict[str, asyncio.Task[RenderResult]] = {}
        self._temp: Path | None = None  # the driver's and Chromiums' TMPDIR, removed at close

    async def start(self) -> RenderPool:
        from playwright.async_api import async_playwright

        self._executable = self.options.executable or find_chromium()
        self._temp = temp_root()
        # the driver, and so every Chromium it launches, gets the stack and the temp folder
        with stack_room() as self._stack_kb, temp_env(self._temp):
            self._pw = await async_playwright().start()
        try:
            first = await self._first_worker()
        except BaseException:
            await self._abandon([])
            raise
        rest = await asyncio.gather(*(self._new_worker(self.backend)
                                      for _ in range(self.options.resolved_workers() - 1)), return_exceptions=True)
        started = [first, *(w for w in rest if isinstance(w, PageWorker))]
        failed = [e for e in rest if isinstance(e, BaseException)]
        if failed:
            await self._abandon(started)
            raise SetupError(f"could not start {len(failed)} of {len(rest) + 1} render browsers: {failed[0]}")
        self._workers = started
        for worker in self._workers:
            self._idle.put_nowait(worker)
        return self

    async def _abandon(self, started: list[PageWorker]) -> None:
        """Undo a start that failed: its browsers, the driver and the temp folder."""
        for worker in started:
            await _close_quietly(worker.browser)
        await self._pw.stop()
        self._pw = None
        self._remove_temp()

    async def _launch_browser(self, backend: str, marker: str) -> Any:
        return await self._pw.chromium.launch(
            executable_path=self._executable,
            args=[*launch_args(backend, self.options.heap_mb, self._stack_kb), self._marker, marker],
            headless=True,
        )

    async def _new_worker(self, backend: str) -> PageWorker:
        marker = f"--critique-paint-page={uuid.uuid4().hex}"
        browser = await self._launch_browser(backend, marker)
        worker = PageWorker(browser, self._assets, canvas_size=self.options.canvas_size, marker=marker,
                            memory_mb=self.options.memory_budget_mb(), cpu_budget_s=self.options.cpu_s)
        try:
            await worker.start()
        except BaseException:
            await _close_quietly(browser)
            raise
        return worker

    async def _first_worker(self) -> PageWorker:
        """Start one worker on the first backend that works, which then fixes the pool's backend."""
        backends = ["llvmpipe", "swiftshader"] if self.options.backend == "auto" else [self.options.backend]
        last_error: Exception | None = None
        for backend in backends:
            try:
                worker = await self._new_worker(backend)
            except Exception as exc:  # noqa: BLE001 - report one clear line below
                last_error = exc
                continue
            if self.options.backend == "auto" and worker.backend != backend and backend == "llvmpipe":
                log.warning("llvmpipe unavailable (got %s); falling back to SwiftShader", worker.gl_renderer)
                await _close_quietly(worker.browser)
                continue
            self.backend = worker.backend
            return worker
        raise SetupError(f"could not start Chromium at {self._executable}: {last_error}")

    async def _relaunch(self, worker: PageWorker) -> None:
        """Give a worker whose Chromium died a fresh browser and page."""
        log.warning("a render Chromium died; relaunching it")
        await _close_quietly(worker.browser)
        worker.browser = await self._launch_browser(self.backend, worker.marker)
        await worker.start()

    async def render(self, source: str, *, seed: int = 0, size: int = CANVAS_SIZE,
                     brush_allowlist: Iterable[str] | None = None) -> RenderResult:
        """Render a sketch. Sketch faults come back as results; a dead browser is relaunched and retried once.

        ``brush_allowlist`` names the brush methods the sketch's ``brush`` has (default: the gate's list). With
        `options.cache_dir`, a painting rendered before comes from the cache (`cached` set), and a render already
        in flight is awaited instead of run again."""
        if self._cache is None:
            return await self._render_fresh(source, seed, size, brush_allowlist)
        key = self._cache_key(source, seed, size, brush_allowlist)
        hit = self._cache.get(key)
        if hit is not None:
            hit.meta = {"seed": seed, "size": size, "renderer": RENDERER_VERSION}
            return hit
        task = self._inflight.get(key)
        if task is not None:
            return dataclasses.replace(await asyncio.shield(task), cached=True)
        task = asyncio.ensure_future(self._render_and_keep(key, source, seed, size, brush_allowlist))
        self._inflight[key] = task
        task.add_done_callback(lambda _: self._inflight.pop(key, None))
        return await asyncio.shield(task)

    async def _render_and_keep(self, key: str, source: str, seed: int, size: int,
                               brush_allowlist: Iterable[str] | None) -> RenderResult:
        """A fresh render, put in the cache by the task itself (kept even when the caller that started it is
        cancelled)."""
        result = await self._render_fresh(source, seed, size, brush_allowlist)
        assert self._cache is not None
        self._cache.put(key, result)
        return result

    def _cache_key(self, source: str, seed: int, size: int, brush_allowlist: Iterable[str] | None) -> str:
        """Everything a painted render depends on: the renderer, its backend, the budgets, seed, size, the
        sketch's brush methods and its text."""
        methods = brush_method_set(DEFAULT_BRUSH_METHODS if brush_allowlist is None else brush_allowlist)
        budgets = f"work={self.options.work_budget} memory={self.options.memory_budget_mb()}"
        return cache_key(source, seed, size, f"{RENDERER_VERSION} {budgets} methods={','.join(methods)}", self.backend)

    async def _render_fresh(self, source: str, seed: int, size: int,
                            brush_allowlist: Iterable[str] | None) -> RenderResult:
        worker = await self._idle.get()
        try:
            for attempt in range(2):
                if not worker.browser.is_connected():
                    try:
                        await self._relaunch(worker)
                    except Exception as exc:
                        raise InfrastructureError(f"could not relaunch Chromium: {exc}") from exc
                t0 = time.perf_counter()
                try:
                    result = await self._render_on(worker, source, seed, size, brush_allowlist)
                except _BrowserGone:
                    if attempt == 1:
                        raise InfrastructureError("Chromium died twice while rendering") from None
                    continue
                result.total_ms = (time.perf_counter() - t0) * 1000
                result.meta = {"seed": seed, "size": size, "renderer": RENDERER_VERSION}
                return result
            raise InfrastructureError("unreachable")
        except BaseException:
            worker.dirty = True
            raise
        finally:
            self._release(worker)

    async def _render_on(self, worker: PageWorker, source: str, seed: int, size: int,
                         brush_allowlist: Iterable[str] | None) -> RenderResult:
        try:
            return await worker.render(source, seed=seed, size=size, deadline_s=self.options.deadline_s,
                                       brush_allowlist=brush_allowlist, work_budget=self.options.work_budget)
        except SketchTimeout as exc:
            return RenderResult(ok=False, code="timeout", message=f"{exc} (a safety net: the work budget decides "
                                "timeout); the machine may be overloaded", backend=self.backend)
        except CpuBudgetExceeded:
            worker.dirty = True
            return RenderResult(ok=False, code="timeout", backend=self.backend,
                                message=f"the sketch's page spent more than {self.options.cpu_s:g} CPU seconds (work "
                                "inside single calls, such as sorting or copying huge arrays); do less in each call")
        except MemoryBudgetExceeded:
            worker.dirty = True
            return RenderResult(ok=False, code="memory_budget", backend=self.backend,
                                message=f"the sketch needed more than {self.options.memory_budget_mb()} MiB of memory; "
                                "keep fewer and smaller arrays")
        except RendererCrashed as exc:
            if not worker.browser.is_connected():
                raise _BrowserGone() from exc
            worker.dirty = True
            return RenderResult(ok=False, code="renderer_crashed",
                                message="the page crashed while painting (out of memory?)", backend=self.backend)
        except Exception as exc:
            if not worker.browser.is_connected():
                raise _BrowserGone() from exc
            worker.dirty = True
            raise InfrastructureError(f"render failed: {exc}") from exc

    def _release(self, worker: PageWorker) -> None:
        """Return a worker to the idle queue, refreshing its page in the background first if it is dirty."""
        if worker not in self._workers:
            return
        if not worker.dirty:
            self._idle.put_nowait(worker)
            return
        task = asyncio.ensure_future(self._recover_then_release(worker))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _recover_then_release(self, worker: PageWorker) -> None:
        try:
            await self._recover(worker)
        except Exception:  # noqa: BLE001 - the next render on this worker tries again
            log.warning("could not relaunch a render Chromium; will retry on its next render")
        self._idle.put_nowait(worker)

    async def _recover(self, worker: PageWorker) -> None:
        """Reload the page; failing that, a new context; failing that, a new browser."""
        if worker.browser.is_connected():
            try:
                await asyncio.wait_for(worker.reload(), 20)
                return
            except Exception:  # noqa: BLE001 - fall back to a new context
                pass
            try:
                await worker.close()
                await worker.start()
                return
            except Exception:  # noqa: BLE001 - fall back to a new browser
                pass
        await self._relaunch(worker)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        for worker in self._workers:
            await worker.close()
            await _close_quietly(worker.browser)
        if self._pw is not None:
            await self._pw.stop()
        self._pw = None
        self._remove_temp()

    def _remove_temp(self) -> None:
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None

    def browser_pids(self) -> list[int]:
        """Process ids of this pool's Chromium browser processes (found by a marker flag; Linux only)."""
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


async def _close_quietly(browser: Any) -> None:
    try:
        await browser.close()
    except Exception:  # noqa: BLE001 - it may already be dead
        pass
