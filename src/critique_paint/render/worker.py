"""One warm page that renders sketches one after another, each in a fresh compartment of a locked-down frame."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import time
from collections.abc import Iterable
from typing import Any

from critique_paint.errors import CpuBudgetExceeded, MemoryBudgetExceeded, RendererCrashed, SketchTimeout
from critique_paint.render.assets import JsAssets
from critique_paint.render.browser import CSP, ORIGIN, backend_from_renderer_string
from critique_paint.render.memory import browser_pid, cpu_seconds, renderer_pids, resident_mib, worker_pids
from critique_paint.render.prepare import WORK_BUDGET, instrument_options, refusal, too_large
from critique_paint.render.result import RenderResult
from critique_paint.sketch import CANVAS_SIZE, DEFAULT_BRUSH_ALLOWLIST
from critique_paint.sketch.rules import LIVE_P5_NAMES, P5_ALLOWED, SAFE_BUILTINS

HARNESS_HTML = (
    "<!doctype html><html><head><meta charset='utf-8'>"
    "<style>html,body{margin:0;background:#fff}</style>"
    "<script src='/p5.min.js'></script><script src='/harness.js'></script>"
    "</head><body><iframe src='/sandbox.html' style='display:none'></iframe></body></html>"
)
# The sketch's realm: a same-origin frame that SES locks down (the page's own realm, with p5, stays fast).
SANDBOX_HTML = ("<!doctype html><html><head><meta charset='utf-8'><script src='/regexp.js'></script>"
                "<script src='/errors.js'></script><script src='/ses.js'></script>"
                "<script src='/natives.js'></script><script src='/instrument.js'></script>"
                "<script src='/colour.js'></script><script src='/sandbox.js'></script></head><body></body></html>")
GL_RENDERER_JS = """(() => {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'no-webgl2';
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
})()"""
P5_NAMES = sorted(P5_ALLOWED - LIVE_P5_NAMES)

log = logging.getLogger(__name__)

TERMINATE_WAIT_S = 0.5
IDLE_WAIT_S = 30.0  # an idle page answers at once; one that does not is still running (native work, a safety net)
CLOSE_WAIT_S = 5.0
CRASH_EVENT_WAIT_S = 1.0  # how long a failed DevTools call waits for the crash event that may explain it
WATCH_POLL_S = 0.02  # how often the memory and CPU a render spends are read


class PageWorker:
    """A browser context with one page that serves the harness from memory and blocks all else."""

    def __init__(self, browser: Any, assets: JsAssets, *, canvas_size: int = CANVAS_SIZE, max_canvas: int = 4096,
                 marker: str = "", memory_mb: int = 0, cpu_budget_s: float = 0.0):
        self.browser = browser
        self.assets = assets
        self.canvas_size = canvas_size
        self.max_canvas = max_canvas
        self.marker = marker
        self.memory_mb = memory_mb
        self.cpu_budget_s = cpu_budget_s
        self.context: Any = None
        self.page: Any = None
        self.cdp: Any = None
        self.gl_renderer = ""
        self.blocked_requests: list[str] = []
        self.dirty = False
        self.peak_mib = 0.0  # how far the renderer grew during the last render, MiB
        self.changed: str | None = None  # what of the page realm the last render left changed (then it is replaced)
        self.settle_ms = 0.0  # how long the last check of the page realm took
        self.work_parts: tuple = (0, 0)  # the last render's counted steps and facade calls, and its canvas operations
        self._renderers: list[int] = []
        self._processes: list[int] = []  # the renderers and the GPU process: whose CPU time a render spends
        self._stopped = ""  # what the watch stopped the last render for: "memory" or "cpu"
        self._sandbox: int | None = None
        self._crashed = asyncio.Event()
        self._over_budget = asyncio.Event()

    @property
    def backend(self) -> str:
        return backend_from_renderer_string(self.gl_renderer)

    async def start(self) -> None:
        """Open the context and page, load p5, ses and the harness, lock the page down."""
        self.context = await self.browser.new_context(
            viewport={"width": 800, "height": 800},
            device_scale_factor=1,
            service_workers="block",
            accept_downloads=False,
        )
        await self.context.route("**/*", self._route)
        await self._open_page()

    async def _open_page(self) -> None:
        self._crashed = asyncio.Event()
        self._over_budget = asyncio.Event()
        self.page = await self.context.new_page()
        self.page.on("crash", lambda _page: self._crashed.set())
        await self.page.goto(ORIGIN + "/", wait_until="load")
        self.cdp = await self.context.new_cdp_session(self.page)
        await self.page.evaluate("window.__critiquePaintInit()")
        self.gl_renderer = await self.page.evaluate(GL_RENDERER_JS)
        self._sandbox = await self._sandbox_context()
        # lockdown() tames the Function constructors only where code generation works: this one call.
        reply = await self._evaluate("window.__critiquePaintLock()", allow_eval=True, context=self._sandbox)
        if "exceptionDetails" in reply:
            raise RuntimeError(f"the page could not be locked down: {_first_line(reply['exceptionDetails'])}")
        browser = browser_pid(self.marker) if self.marker else None
        self._renderers = renderer_pids(browser)
        self._processes = worker_pids(browser)
        self.dirty = False

    async def _sandbox_context(self) -> int:
        """The execution context id of the sandbox frame's own realm."""
        tree = await self.cdp.send("Page.getFrameTree")
        frames = {child["frame"]["id"] for child in tree["frameTree"].get("childFrames", [])}
        found: list[int] = []

        def created(event: dict) -> None:
            ctx = event["context"]
            aux = ctx.get("auxData", {})
            if aux.get("frameId") in frames and aux.get("isDefault"):
                found.append(ctx["id"])

        self.cdp.on("Runtime.executionContextCreated", created)
        try:
            await self.cdp.send("Runtime.enable")
            await self.cdp.send("Runtime.disable")
        finally:
            self.cdp.remove_listener("Runtime.executionContextCreated", created)
        if len(found) != 1:
            raise RuntimeError(f"expected one sandbox frame, found {len(found)}")
        return found[0]

    async def _route(self, route: Any) -> None:
        url = route.request.url
        bodies = {
            ORIGIN + "/": ("text/html", HARNESS_HTML),
            ORIGIN + "/p5.min.js": ("application/javascript", self.assets.p5),
            ORIGIN + "/harness.js": ("application/javascript", self.assets.harness),
            ORIGIN + "/sandbox.html": ("text/html", SANDBOX_HTML),
            ORIGIN + "/ses.js": ("application/javascript", self.assets.ses),
            ORIGIN + "/sandbox.js": ("application/javascript", self.assets.sandbox),
            ORIGIN + "/instrument.js": ("application/javascript", self.assets.instrument),
            ORIGIN + "/colour.js": ("application/javascript", self.assets.colour),
            ORIGIN + "/natives.js": ("application/javascript", self.assets.natives),
            ORIGIN + "/regexp.js": ("application/javascript", self.assets.regexp),
            ORIGIN + "/errors.js": ("application/javascript", self.assets.errors),
        }
        if url in bodies:
            ctype, body = bodies[url]
            await route.fulfill(
                status=200,
                body=body,
                headers={
                    "content-type": f"{ctype}; charset=utf-8",
                    "content-security-policy": CSP,
                    "cache-control": "max-age=31536000, immutable",
                },
            )
        else:
            self.blocked_requests.append(url)
            await route.abort("blockedbyclient")

    async def reload(self) -> None:
        """Replace the page with a fresh one (after a timeout or a misbehaving render)."""
        try:
            await asyncio.wait_for(self.page.close(), CLOSE_WAIT_S)
        except Exception:  # noqa: BLE001 - the page may already be gone
            pass
        await self._open_page()

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.context.close(), CLOSE_WAIT_S)
        except Exception:  # noqa: BLE001 - closing a dead or hung browser's context; the browser is closed next
            pass

    async def _evaluate(self, expression: str, *, await_promise: bool = False, timeout: float | None = None,
                        allow_eval: bool = False, context: int | None = None) -> dict:
        """Runtime.evaluate under the page's CSP (no eval / new Function unless ``allow_eval``), in the page's
        realm or the sandbox frame's (``context``).

        Raises RendererCrashed when the page dies, MemoryBudgetExceeded or CpuBudgetExceeded when the watch
        stops the sketch, SketchTimeout when ``timeout`` passes; the pending DevTools call is always retrieved.
        """
        params = {"expression": expression, "awaitPromise": await_promise, "returnByValue": True,
                  "allowUnsafeEvalBlockedByCSP": allow_eval}
        if context is not None:
            params["contextId"] = context
        crash = asyncio.ensure_future(self._crashed.wait())
        over = asyncio.ensure_future(self._over_budget.wait())
        call = asyncio.ensure_future(self.cdp.send("Runtime.evaluate", params))
        call.add_done_callback(_swallow)
        try:
            done, _ = await asyncio.wait({crash, over, call}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            call.cancel()
            raise
        finally:
            crash.cancel()
            over.cancel()
        if crash in done or (call in done and self._crashed.is_set()):
            call.cancel()
            raise RendererCrashed("the page's renderer process crashed")
        if over in done:
            await self._terminate(call)
            raise CpuBudgetExceeded() if self._stopped == "cpu" else MemoryBudgetExceeded()
        if call in done:
            try:
                return call.result()
            except Exception as exc:
                if await self._gone(exc):
                    raise RendererCrashed(f"the page is gone: {exc}") from exc
                raise
        await self._terminate(call)
        raise SketchTimeout(f"the sketch ran past its {timeout:g} s deadline")

    async def _gone(self, exc: Exception) -> bool:
        """Whether a failed DevTools call failed because the page is gone: closed (Playwright's TargetClosedError,
        a closed page, a disconnected browser) or crashed (the page's crash event, which may follow the failure)."""
        from playwright._impl._errors import TargetClosedError

        if isinstance(exc, TargetClosedError) or self.page.is_closed() or not self.browser.is_connected():
            return True
        try:
            await asyncio.wait_for(self._crashed.wait(), CRASH_EVENT_WAIT_S)
        except TimeoutError:
            return False
        return True

    async def _watch(self, start_mib: float | None, start_cpu: float | None) -> None:
        """Poll the renderer's resident size and the CPU time the page's processes spent; when either passes its
        budget, stop the sketch."""
        while True:
            size = resident_mib(self._renderers) if start_mib is not None else None
            if size is not None and start_mib is not None:
                self.peak_mib = max(self.peak_mib, size - start_mib)
                if size - start_mib > self.memory_mb:
                    self._stopped = "memory"
                    self._over_budget.set()
                    return
            spent = cpu_seconds(self._processes) if start_cpu is not None else None
            if spent is not None and start_cpu is not None and spent - start_cpu > self.cpu_budget_s:
                self._stopped = "cpu"
                self._over_budget.set()
                return
            await asyncio.sleep(WATCH_POLL_S)

    async def render(self, source: str, *, seed: int, size: int, deadline_s: float,
                     brush_allowlist: Iterable[str] | None = None, work_budget: int = WORK_BUDGET) -> RenderResult:
        """Render one sketch; raises RendererCrashed, SketchTimeout or MemoryBudgetExceeded, else a RenderResult.

        ``work_budget`` decides ``timeout`` (counted steps and painting operations); ``deadline_s`` is a
        safety net in seconds over the whole render. The sketch is instrumented in the sandbox realm and
        evaluated in a fresh compartment whose globals are the harness's facades.
        """
        t0 = time.perf_counter()
        allowed = DEFAULT_BRUSH_ALLOWLIST if brush_allowlist is None else frozenset(brush_allowlist)
        opts = {"seed": int(seed), "size": int(size), "canvasSize": self.canvas_size, "maxCanvas": self.max_canvas,
                "brushMethods": sorted(allowed), "p5Names": P5_NAMES, "liveNames": sorted(LIVE_P5_NAMES),
                "builtins": sorted(SAFE_BUILTINS), **instrument_options(work_budget)}
        refused = too_large(source)
        if refused is None:
            prepared = _reply_value(await self._evaluate(
                f"window.__critiquePaintSandbox.prepare({json.dumps(source)}, {json.dumps(opts)})",
                timeout=deadline_s, context=self._sandbox))
            if not prepared.get("ok"):
                if prepared.get("replacePage"):
                    self.dirty = True
                refused = refusal(source, prepared.get("code") or "sketch_error", prepared.get("message") or "",
                                  prepared.get("line"))
        if refused is not None:
            code, message, line = refused
            return RenderResult(ok=False, code=code, message=message, line=line,
                                total_ms=(time.perf_counter() - t0) * 1000, backend=self.backend)
        self.dirty = True
        self.peak_mib = 0.0
        self._over_budget = asyncio.Event()
        self._stopped = ""
        start_mib = resident_mib(self._renderers) if self.memory_mb > 0 else None
        start_cpu = cpu_seconds(self._processes)
        watched = start_mib is not None or (start_cpu is not None and self.cpu_budget_s > 0)
        watch = asyncio.ensure_future(self._watch(
            start_mib, start_cpu if self.cpu_budget_s > 0 else None)) if watched else None
        try:
            # p5.brush is evaluated inside a function, so its UMD wrapper's `var`s do not become page globals
            brush = f"(function () {{\n{self.assets.p5_brush}\n}}).call(window);0"
            await self._evaluate(f"window.__critiquePaint.reset({int(seed)});\n{brush}", timeout=deadline_s)
            end = time.perf_counter() + deadline_s

            def left() -> float:
                return max(0.0, end - time.perf_counter())

            compiled = await self._evaluate(f"window.__critiquePaintSandbox.compile({json.dumps(opts)})",
                                            timeout=left(), allow_eval=True, context=self._sandbox)
            value = _reply_value(compiled)
            if value.get("ok"):
                value = _reply_value(await self._evaluate("window.__critiquePaint.run()", await_promise=True,
                                                          timeout=left()))
            try:
                settled = _reply_value(await self._evaluate("window.__critiquePaint.settle()", timeout=IDLE_WAIT_S))
            except SketchTimeout:
                value = {"ok": False, "code": "timeout", "message": "the sketch kept running after its painting "
                         "was captured; finish all work inside setup() and draw()", "replacePage": True}
            else:
                self.changed = None if settled.get("clean") else str(settled.get("at") or "unknown")
                self.settle_ms = float(settled.get("ms") or 0.0)
                if self.changed is not None:
                    log.warning("the page realm changed during a render (%s); replacing the page", self.changed)
                    value["replacePage"] = True
        except SketchTimeout:
            raise SketchTimeout(f"the sketch ran past its {deadline_s:g} s deadline") from None
        except RendererCrashed:
            if self.memory_mb and self.peak_mib > self.memory_mb / 2:
                raise MemoryBudgetExceeded() from None
            raise
        finally:
            if watch is not None:
                watch.cancel()
        self.dirty = value.pop("replacePage", False) or self._grown()
        self.work_parts = tuple(value.get("workParts") or (0, 0))
        total_ms = (time.perf_counter() - t0) * 1000
        end_cpu = cpu_seconds(self._processes)
        cpu_ms = (end_cpu - start_cpu) * 1000 if end_cpu is not None and start_cpu is not None else 0.0
        if not value.get("ok"):
            return RenderResult(ok=False, code=value.get("code") or "runtime_error", message=value.get("message"),
                                line=value.get("line"), paint_ms=value.get("paintMs", 0.0), total_ms=total_ms,
                                cpu_ms=cpu_ms, backend=self.backend)
        png = base64.b64decode(value["png"].split(",", 1)[1])
        return RenderResult(ok=True, png=png, paint_ms=value["paintMs"], total_ms=total_ms, cpu_ms=cpu_ms,
                            width=value["width"], height=value["height"], backend=self.backend,
                            work=int(value.get("work", 0)), paper=_paper(value.get("paper")),
                            brush=_brush_tally(value.get("tally")))

    def _grown(self) -> bool:
        """A page that has grown past one budget overall is replaced, so each render starts from a small one."""
        size = resident_mib(self._renderers) if self.memory_mb > 0 else None
        return size is not None and size > self.memory_mb

    async def _terminate(self, call: asyncio.Future) -> None:
        """Stop a runaway script and drop its pending call; the page is reloaded before its next render."""
        self.dirty = True
        try:
            await asyncio.wait_for(self.cdp.send("Runtime.terminateExecution"), TERMINATE_WAIT_S)
            await asyncio.wait({call}, timeout=TERMINATE_WAIT_S)
        except Exception:  # noqa: BLE001 - a hung page is reloaded, or its browser relaunched, by the pool
            pass
        finally:
            call.cancel()


def _swallow(fut: asyncio.Future) -> None:
    if not fut.cancelled():
        fut.exception()


def _paper(rgba: list | None) -> tuple[int, int, int] | None:
    """The opaque colour the sketch's last background() painted, 0-255 (None when it painted none or a translucent
    one)."""
    if not isinstance(rgba, list) or len(rgba) != 4 or not all(isinstance(v, int | float) for v in rgba):
        return None
    if rgba[3] < 1:
        return None
    r, g, b = (max(0, min(255, round(v * 255))) for v in rgba[:3])
    return r, g, b


def _first_line(details: dict) -> str:
    exc = details.get("exception", {})
    return (exc.get("description") or details.get("text") or "error").splitlines()[0][:500]


def _brush_tally(tally: object) -> dict:
    """The sandbox's count of the brush calls that returned: {"calls": {method: n}, "shapes": filled shapes}."""
    if not isinstance(tally, dict):
        return {}
    calls = found if isinstance(found := tally.get("calls"), dict) else {}
    return {"calls": {str(k): int(v) for k, v in calls.items() if isinstance(v, int | float)},
            "shapes": int(tally.get("shapes") or 0)}


def _reply_value(reply: dict) -> dict:
    """The harness's JSON answer. An exception that got past the harness is blamed on the sketch (only a
    sketch can drive it there, and an infrastructure error would drop the rollout instead of scoring it),
    and the page is replaced."""
    value = reply.get("result", {}).get("value")
    if "exceptionDetails" in reply or not isinstance(value, dict):
        message = _first_line(reply["exceptionDetails"]) if "exceptionDetails" in reply else "the page gave no answer"
        return {"ok": False, "code": "runtime_error", "message": message, "replacePage": True}
    return value
