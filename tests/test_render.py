"""Real renders in headless Chromium: output, determinism, isolation and fault recovery."""

from __future__ import annotations

import hashlib
import io
import os
import signal
import socket
import threading
import time

import pytest
from PIL import Image

from critique_paint.render import Renderer, RenderOptions, paint_fraction
from critique_paint.sketch import BRUSH_METHODS

from conftest import with_setup_extra


def sha(data: bytes | None) -> str:
    assert data is not None
    return hashlib.sha256(data).hexdigest()


def test_render_is_a_real_painting(renderer, bloom_source):
    result = renderer.render(bloom_source, seed=1)
    assert result.ok, result.message
    img = Image.open(io.BytesIO(result.png))
    assert img.size == (600, 600)
    assert paint_fraction(result.png) > 0.005
    assert renderer.backend in {"llvmpipe", "swiftshader"}
    assert 0 < result.paint_ms <= result.total_ms


def test_same_seed_is_byte_identical_and_seed_matters(renderer, bloom_source):
    a = renderer.render(bloom_source, seed=3)
    b = renderer.render(bloom_source, seed=3)
    c = renderer.render(bloom_source, seed=4)
    assert sha(a.png) == sha(b.png)
    assert sha(a.png) != sha(c.png)


def test_concurrent_renders_match_sequential(renderer, bloom_source):
    sequential = sha(renderer.render(bloom_source, seed=5).png)
    batch = renderer.render_many([bloom_source] * 4, seed=5)
    assert {sha(r.png) for r in batch} == {sequential}


def test_size_option_scales_output(renderer, bloom_source):
    result = renderer.render(bloom_source, seed=1, size=300)
    assert Image.open(io.BytesIO(result.png)).size == (300, 300)


def test_builtin_override_does_not_leak_into_next_render(renderer, bloom_source):
    before = sha(renderer.render(bloom_source, seed=7).png)
    hostile = with_setup_extra(bloom_source, "Math.sin = () => 0; Math.cos = () => 1; Array.prototype.map = null;")
    renderer.render(hostile, seed=7)
    after = sha(renderer.render(bloom_source, seed=7).png)
    assert before == after


def test_top_level_declarations_do_not_collide_between_renders(renderer, bloom_source):
    src = "let palette = 1;\nconst PETALS = 8;\nstrayGlobal = 5;\n" + bloom_source
    first = renderer.render(src, seed=2)
    second = renderer.render(src, seed=2)
    assert first.ok and second.ok
    assert sha(first.png) == sha(second.png)


def test_huge_canvas_is_a_verdict(renderer, bloom_source):
    huge = bloom_source.replace("createCanvas(600, 600, WEBGL)", "createCanvas(20000 + 0, 20000, WEBGL)")
    result = renderer.render(huge, seed=0)
    assert not result.ok and result.code == "canvas_size"
    assert renderer.render(bloom_source, seed=0).ok


def test_runtime_errors_are_verdicts(renderer, bloom_source):
    broken = with_setup_extra(bloom_source, "undefinedFunction();")
    result = renderer.render(broken, seed=0)
    assert not result.ok and result.code == "runtime_error"
    assert "undefinedFunction" in result.message
    syntax = renderer.render(bloom_source + "\nfunction (", seed=0)
    assert syntax.code == "syntax_error"


def test_brush_exports_match_the_gate(renderer):
    keys = renderer.run_coroutine(_brush_keys(renderer))
    assert set(keys) == set(BRUSH_METHODS)


async def _brush_keys(renderer) -> list[str]:
    worker = renderer.pool._workers[0]
    reply = await worker._evaluate(worker.assets.p5_brush + "\n;Object.keys(brush)")
    return reply["result"]["value"]


@pytest.fixture()
def strict_renderer():
    with Renderer(RenderOptions(workers=1, deadline_s=3, heap_mb=256)) as r:
        yield r


def test_infinite_loop_is_cut_and_pool_keeps_serving(strict_renderer, bloom_source):
    good = sha(strict_renderer.render(bloom_source, seed=1).png)
    t0 = time.perf_counter()
    result = strict_renderer.render(with_setup_extra(bloom_source, "while (true) {}"), seed=1)
    elapsed = time.perf_counter() - t0
    assert result.code == "timeout"
    print(f"hard loop cut after {elapsed:.2f} s (deadline 3 s)")
    assert sha(strict_renderer.render(bloom_source, seed=1).png) == good


def test_heap_bomb_is_contained(strict_renderer, bloom_source):
    bomb = with_setup_extra(bloom_source, "const hoard = []; while (true) { hoard.push(new Array(1e6).fill(0.5)); }")
    result = strict_renderer.render(bomb, seed=1)
    assert result.code in {"renderer_crashed", "timeout"}
    assert strict_renderer.render(bloom_source, seed=1).ok


def test_killing_the_browser_mid_render_recovers(strict_renderer, bloom_source):
    good = sha(strict_renderer.render(bloom_source, seed=1).png)
    future = strict_renderer.submit(bloom_source, seed=1)
    time.sleep(0.3)
    pids = strict_renderer.pool.browser_pids()
    assert pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    assert sha(future.result(timeout=60).png) == good
    assert sha(strict_renderer.render(bloom_source, seed=1).png) == good
    assert set(strict_renderer.pool.browser_pids()).isdisjoint(pids)


class Listener:
    """A TCP listener on loopback that records every connection it accepts."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self._stop = False
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self):
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self):
        self._stop = True
        self._thread.join()
        self.sock.close()


def test_network_is_sealed(renderer, bloom_source):
    listener = Listener()
    url = f"http://127.0.0.1:{listener.port}"
    attempts = f"""
      try {{ fetch('{url}/fetch').catch(() => {{}}); }} catch (e) {{}}
      try {{ const x = new XMLHttpRequest(); x.open('GET', '{url}/xhr'); x.send(); }} catch (e) {{}}
      try {{ new WebSocket('ws://127.0.0.1:{listener.port}/ws'); }} catch (e) {{}}
      try {{ const im = new Image(); im.src = '{url}/img.png'; }} catch (e) {{}}
      try {{ navigator.sendBeacon('{url}/beacon', 'x'); }} catch (e) {{}}
      try {{ const l = document.createElement('link'); l.rel = 'stylesheet'; l.href = '{url}/s.css';
             document.head.appendChild(l); }} catch (e) {{}}
      try {{ const f = document.createElement('iframe'); f.src = '{url}/frame'; document.body.appendChild(f); }}
      catch (e) {{}}
    """
    try:
        result = renderer.render(with_setup_extra(bloom_source, attempts), seed=0)
        assert result.ok, result.message
        time.sleep(1.0)
        assert listener.connections == 0
    finally:
        listener.close()


def test_two_renderers_can_coexist(bloom_source):
    with Renderer(RenderOptions(workers=1)) as other:
        assert other.render(bloom_source, seed=1).ok
