"""Real renders in headless Chromium: output, determinism, isolation and fault recovery."""

from __future__ import annotations

import hashlib
import io
import os
import signal
import time

import pytest
from PIL import Image

from critique_paint.render import Renderer, RenderOptions, paint_fraction
from critique_paint.sketch import BRUSH_METHODS, DEFAULT_BRUSH_ALLOWLIST

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
    src = "let palette = 1;\nconst PETALS = 8;\n" + bloom_source
    first = renderer.render(src, seed=2)
    second = renderer.render(src, seed=2)
    assert first.ok and second.ok
    assert sha(first.png) == sha(second.png)


def test_sketches_run_in_strict_mode(renderer, bloom_source):
    result = renderer.render("let palette = 1;\nconst PETALS = 8;\nstrayGlobal = 5;\n" + bloom_source, seed=2)
    assert (result.ok, result.code, result.line) == (False, "sketch_error", 3)
    assert "strayGlobal is not defined" in result.message


def test_brush_has_exactly_the_allowed_methods(renderer, bloom_source):
    keys = "Object.keys(brush).sort().join()"
    expected = ",".join(sorted(DEFAULT_BRUSH_ALLOWLIST))
    check = f"if ({keys} !== '{expected}') throw new Error({keys});"
    assert renderer.render(with_setup_extra(bloom_source, check), seed=0).ok
    wider = sorted(DEFAULT_BRUSH_ALLOWLIST | {"line"})
    check = f"if ({keys} !== '{','.join(wider)}') throw new Error({keys});"
    result = renderer.render(with_setup_extra(bloom_source, check), seed=0, brush_allowlist=wider)
    assert result.ok, result.message


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
    syntax = renderer.render(bloom_source + "\nconst = 1;\n", seed=0)
    assert (syntax.code, syntax.line) == ("syntax_error", bloom_source.count("\n") + 2)


def test_brush_exports_match_the_gate(renderer):
    keys = renderer.run_coroutine(_brush_keys(renderer))
    assert set(keys) == set(BRUSH_METHODS)


async def _brush_keys(renderer) -> list[str]:
    worker = renderer.pool._workers[0]
    reply = await worker._evaluate(worker.assets.p5_brush + "\n;Object.keys(brush)")
    return reply["result"]["value"]


@pytest.fixture()
def strict_renderer():
    with Renderer(RenderOptions(workers=1, work_budget=100_000_000, heap_mb=256)) as r:
        yield r


def test_infinite_loop_is_cut_and_pool_keeps_serving(strict_renderer, bloom_source):
    good = sha(strict_renderer.render(bloom_source, seed=1).png)
    t0 = time.perf_counter()
    result = strict_renderer.render(with_setup_extra(bloom_source, "while (true) {}"), seed=1)
    elapsed = time.perf_counter() - t0
    assert result.code == "timeout"
    assert "more work" in result.message  # the work budget, not the wall clock
    print(f"hard loop cut after {elapsed:.2f} s (work budget 1e8)")
    assert sha(strict_renderer.render(bloom_source, seed=1).png) == good


def test_safety_net_deadline_still_stops_a_render(bloom_source):
    """The wall-clock deadline remains as a net for work no counter sees (here: a budget too large to reach)."""
    with Renderer(RenderOptions(workers=1, deadline_s=2, work_budget=10**15)) as r:
        result = r.render(with_setup_extra(bloom_source, "while (true) {}"), seed=1)
        assert result.code == "timeout" and "safety net" in result.message


def test_heap_bomb_is_a_memory_verdict_and_the_page_is_replaced(strict_renderer, bloom_source):
    good = sha(strict_renderer.render(bloom_source, seed=1).png)
    page = strict_renderer.pool._workers[0].page
    bomb = with_setup_extra(bloom_source, "const hoard = []; while (true) { hoard.push(new Array(1e6).fill(0.5)); }")
    result = strict_renderer.render(bomb, seed=1)
    assert result.code == "memory_budget", result.message
    assert sha(strict_renderer.render(bloom_source, seed=1).png) == good
    assert strict_renderer.pool._workers[0].page is not page


def test_killing_the_browser_mid_render_recovers(strict_renderer, bloom_source):
    good = sha(strict_renderer.render(bloom_source, seed=1).png)
    future = strict_renderer.submit(bloom_source, seed=1)
    time.sleep(0.3)
    pids = strict_renderer.pool.browser_pids()
    assert pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    assert sha(future.result(timeout=600).png) == good  # a hang guard, not timing
    assert sha(strict_renderer.render(bloom_source, seed=1).png) == good
    assert set(strict_renderer.pool.browser_pids()).isdisjoint(pids)


def test_a_pool_leaves_no_temp_files_behind_even_when_its_browser_is_killed(monkeypatch, bloom_source):
    """Playwright's profiles and Chromium's singleton sockets go to the pool's own temp folder, removed at close; a
    folder whose process died is removed by the next pool."""
    import shutil
    import tempfile
    from pathlib import Path

    from critique_paint.render.browser import TEMP_PREFIX

    tmp_path = Path(tempfile.mkdtemp(prefix="cpt-"))  # short: Chromium's socket path under it must fit 107 bytes
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = tmp_path / f"{TEMP_PREFIX}{2**22 + 1}-x"  # above Linux's largest process id: no process has it
    (dead / "playwright_chromiumdev_profile-x").mkdir(parents=True)
    try:
        with Renderer(RenderOptions(workers=1)) as r:
            [root] = tmp_path.iterdir()
            assert root.name.startswith(f"{TEMP_PREFIX}{os.getpid()}-")
            assert any(p.name.startswith("playwright_chromiumdev_profile") for p in root.iterdir())
            for pid in r.pool.browser_pids():
                os.kill(pid, signal.SIGKILL)
            assert r.render(bloom_source).ok
        assert list(tmp_path.iterdir()) == []
    finally:
        shutil.rmtree(tmp_path)


def test_a_page_closed_or_crashed_mid_call_is_a_renderer_crash(bloom_source):
    """Told apart by Playwright's error type and the page's crash event, not by message text."""
    import asyncio

    from critique_paint.errors import RendererCrashed

    with Renderer(RenderOptions(workers=1)) as r:
        worker = r.pool._workers[0]

        async def stop_mid_call(how: str) -> None:
            call = asyncio.ensure_future(worker._evaluate("new Promise(() => {})", await_promise=True, timeout=30))
            await asyncio.sleep(0.3)
            if how == "crash":
                other = await worker.context.new_cdp_session(worker.page)
                crash = asyncio.ensure_future(other.send("Page.crash"))  # answered by no one: the renderer is gone
                crash.add_done_callback(lambda f: f.cancelled() or f.exception())
            else:
                await worker.page.close()
            with pytest.raises(RendererCrashed):
                await asyncio.wait_for(call, 10)
            await worker.reload()

        for how in ("close", "crash"):
            r.run_coroutine(stop_mid_call(how))
        assert r.render(bloom_source, seed=1).ok


def test_two_renderers_can_coexist(bloom_source):
    with Renderer(RenderOptions(workers=1)) as other:
        assert other.render(bloom_source, seed=1).ok
