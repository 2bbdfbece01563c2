"""One warm, sealed page that renders sketches one after another."""

from __future__ import annotations

import asyncio
import base64
import json
import time
from typing import Any

from critique_paint.render.assets import JsAssets
from critique_paint.render.browser import CSP, ORIGIN, backend_from_renderer_string
from critique_paint.render.result import RenderResult
from critique_paint.sketch import CANVAS_SIZE

HARNESS_HTML = (
    "<!doctype html><html><head><meta charset='utf-8'>"
    "<style>html,body{margin:0;background:#fff}</style>"
    "<script src='/p5.min.js'></script><script src='/harness.js'></script>"
    "</head><body></body></html>"
)
SKETCH_PREFIX = "window.__cpSketch = (function () {\n"
SKETCH_SUFFIX = (
    "\n;return {setup: typeof setup === 'function' ? setup : undefined,"
    " draw: typeof draw === 'function' ? draw : undefined};\n})();"
)
GL_RENDERER_JS = """(() => {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'no-webgl2';
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
})()"""


TERMINATE_WAIT_S = 0.5
CLOSE_WAIT_S = 5.0


class RendererCrashed(Exception):
    """The page's renderer process died (out of memory, killed, ...)."""


class SketchTimeout(Exception):
    """The sketch ran past its deadline."""


class PageWorker:
    """A browser context with one page that serves the harness from memory and blocks all else."""

    def __init__(self, browser: Any, assets: JsAssets, *, canvas_size: int = CANVAS_SIZE, max_canvas: int = 4096):
        self.browser = browser
        self.assets = assets
        self.canvas_size = canvas_size
        self.max_canvas = max_canvas
        self.context: Any = None
        self.page: Any = None
        self.cdp: Any = None
        self.gl_renderer = ""
        self.blocked_requests: list[str] = []
        self.dirty = False
        self._crashed = asyncio.Event()

    @property
    def backend(self) -> str:
        return backend_from_renderer_string(self.gl_renderer)

    async def start(self) -> None:
        """Open the context and page, load p5 and the harness, take the pristine snapshot."""
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
        self.page = await self.context.new_page()
        self.page.on("crash", lambda _page: self._crashed.set())
        await self.page.goto(ORIGIN + "/", wait_until="load")
        self.cdp = await self.context.new_cdp_session(self.page)
        await self.page.evaluate("window.__critiquePaintInit()")
        self.gl_renderer = await self.page.evaluate(GL_RENDERER_JS)
        self.dirty = False

    async def _route(self, route: Any) -> None:
        url = route.request.url
        bodies = {
            ORIGIN + "/": ("text/html", HARNESS_HTML),
            ORIGIN + "/p5.min.js": ("application/javascript", self.assets.p5),
            ORIGIN + "/harness.js": ("application/javascript", self.assets.harness),
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
                        allow_eval: bool = False) -> dict:
        """Runtime.evaluate under the page's CSP (no eval / new Function unless ``allow_eval``).

        Raises RendererCrashed when the page dies, SketchTimeout when ``timeout`` passes; the pending
        DevTools call is always retrieved, so no task exception leaks.
        """
        params = {"expression": expression, "awaitPromise": await_promise, "returnByValue": True,
                  "allowUnsafeEvalBlockedByCSP": allow_eval}
        crash = asyncio.ensure_future(self._crashed.wait())
        call = asyncio.ensure_future(self.cdp.send("Runtime.evaluate", params))
        call.add_done_callback(_swallow)
        try:
            done, _ = await asyncio.wait({crash, call}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            call.cancel()
            raise
        finally:
            crash.cancel()
        if call in done:
            try:
                return call.result()
            except Exception as exc:
                if self._crashed.is_set() or "crash" in str(exc).lower() or "closed" in str(exc).lower():
                    raise RendererCrashed(str(exc)) from exc
                raise
        if crash in done:
            call.cancel()
            raise RendererCrashed("the page's renderer process crashed")
        await self._terminate(call)
        raise SketchTimeout(f"the sketch ran past its {timeout:g} s deadline")

    async def render(self, source: str, *, seed: int, size: int, deadline_s: float) -> RenderResult:
        """Render one sketch; raises RendererCrashed or SketchTimeout, returns a RenderResult otherwise.

        ``deadline_s`` bounds the sketch (its top level, setup and draw; p5.brush's own set-up is bounded
        separately), and ``eval`` / ``new Function`` stay blocked by the page's CSP throughout.
        """
        t0 = time.perf_counter()
        self.dirty = True
        try:
            await self._evaluate(f"window.__critiquePaint.resetWorld({int(seed)});\n{self.assets.p5_brush}\n;0",
                                 timeout=deadline_s)
            end = time.perf_counter() + deadline_s

            def left() -> float:
                return max(0.0, end - time.perf_counter())

            opts = {"seed": int(seed), "size": int(size), "canvasSize": self.canvas_size,
                    "maxCanvas": self.max_canvas}
            load = await self._evaluate(SKETCH_PREFIX + source + SKETCH_SUFFIX, timeout=left())
            if "exceptionDetails" in load:
                self.dirty = _needs_reload(load["exceptionDetails"])
                return _exception_result(load["exceptionDetails"], t0, "sketch_error")
            run = f"window.__critiquePaint.run(window.__cpSketch, {json.dumps(opts)})"
            reply = await self._evaluate(run, await_promise=True, timeout=left())
        except SketchTimeout:
            raise SketchTimeout(f"the sketch ran past its {deadline_s:g} s deadline") from None
        if "exceptionDetails" in reply:
            return _exception_result(reply["exceptionDetails"], t0, "runtime_error")
        value = reply["result"]["value"]
        self.dirty = False
        total_ms = (time.perf_counter() - t0) * 1000
        if not value.get("ok"):
            return RenderResult(ok=False, code=value.get("code"), message=value.get("message"),
                                paint_ms=value.get("paintMs", 0.0), total_ms=total_ms, backend=self.backend)
        png = base64.b64decode(value["png"].split(",", 1)[1])
        return RenderResult(ok=True, png=png, paint_ms=value["paintMs"], total_ms=total_ms,
                            width=value["width"], height=value["height"], backend=self.backend)

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


def _needs_reload(details: dict) -> bool:
    text = json.dumps(details.get("exception", {}).get("description", ""))
    return "has already been declared" in text


def _exception_result(details: dict, t0: float, code: str) -> RenderResult:
    exc = details.get("exception", {})
    desc = exc.get("description") or details.get("text") or "error"
    first = desc.splitlines()[0][:500]
    if first.startswith("SyntaxError"):
        code = "syntax_error"
    line = details.get("lineNumber")
    return RenderResult(ok=False, code=code, message=first, line=(line if line else None),
                        total_ms=(time.perf_counter() - t0) * 1000)
