"""The render cache (`RenderOptions.cache_dir`): real Chromium renders, kept on disk and shared between pools."""

from __future__ import annotations

import asyncio

from critique_paint.render import Renderer, RenderOptions
from critique_paint.render.pages import RenderPool

from conftest import with_setup_extra


def test_a_painting_renders_once_and_another_pool_reuses_it(tmp_path, bloom_source):
    options = RenderOptions(workers=1, cache_dir=str(tmp_path / "cache"))
    broken = with_setup_extra(bloom_source, "undefinedThing();")
    with Renderer(options) as first:
        fresh = first.render(bloom_source, seed=3)
        failed = first.render(broken, seed=3)
    with Renderer(options) as second:  # another pool (as another process would) on the same folder
        again = second.render(bloom_source, seed=3)
        other_seed = second.render(bloom_source, seed=4)
        fewer_methods = second.render(bloom_source, seed=3, brush_allowlist=["fill", "circle", "noStroke",
                                                                             "beginShape", "vertex", "endShape"])
        failed_again = second.render(broken, seed=3)
    assert fresh.ok and not fresh.cached
    assert again.cached and again.png == fresh.png
    assert (again.paper, again.brush, again.work) == (fresh.paper, fresh.brush, fresh.work)
    assert not other_seed.cached and other_seed.png != fresh.png
    assert not fewer_methods.cached  # what the sketch's `brush` has is part of the key
    assert not failed.ok and not failed_again.cached and failed_again.code == failed.code  # failures are not kept
    assert len(list((tmp_path / "cache").glob("*.png"))) == 2


def test_the_same_render_asked_for_at_once_runs_once(tmp_path, bloom_source):
    async def main():
        async with RenderPool(RenderOptions(workers=2, cache_dir=str(tmp_path))) as pool:
            return await asyncio.gather(*(pool.render(bloom_source, seed=5) for _ in range(4)))

    results = asyncio.run(main())
    assert [r.cached for r in results].count(False) == 1
    assert len({r.png for r in results}) == 1 and results[0].ok
    assert len(list(tmp_path.glob("*.png"))) == 1
