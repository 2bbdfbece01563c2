"""One source, seed and size give the same bytes on any page, in any order, whatever ran there before."""

from __future__ import annotations

import hashlib
from pathlib import Path

from critique_paint.paths import pool_dir
from critique_paint.render import Renderer, RenderOptions

POOL_DIR = pool_dir()

FIXTURES = Path(__file__).parent / "fixtures"
SKETCHES = {
    "bloom": FIXTURES / "render" / "bloom.js",
    "recursive_tree": FIXTURES / "styles" / "recursive_tree.js",
    "async_setup": FIXTURES / "styles" / "async_setup.js",
    "colour_handles": FIXTURES / "styles" / "colour_handles.js",
    "records_palette": FIXTURES / "styles" / "records_palette.js",
    "late_reference": FIXTURES / "sandbox" / "own_late_reference.js",
    "parseint_rebind": FIXTURES / "sandbox" / "issue_parseint_rebind.js",
    "pool": POOL_DIR / "sketches" / "lighthouse-06.js",  # a quick pool painting: 0.9 s alone (barn-01-r1 3.2 s)
}
BETWEEN = ["issue_map_iterator", "own_prototype_pollution", "own_recursion_getter", "issue_forged_run",
           "own_error_stack_limit", "own_heap_bomb"]
# recursive_tree takes 1.7 s a render at either size (its cost is the recursion, not the pixels): one size
JOBS = [(name, seed, size) for name in SKETCHES for seed, size in ((0, 600), (4, 300))
        if (name, size) != ("recursive_tree", 300)]


def sha(data: bytes | None) -> str:
    assert data is not None
    return hashlib.sha256(data).hexdigest()


def test_same_bytes_on_any_page_in_any_order(renderer) -> None:
    sources = {name: path.read_text() for name, path in SKETCHES.items()}
    with Renderer(RenderOptions(workers=1)) as first:
        forward = {job: sha(first.render(sources[job[0]], seed=job[1], size=job[2]).png) for job in JOBS}
    with Renderer(RenderOptions(workers=1)) as second:
        backward = {}
        for i, job in enumerate(reversed(JOBS)):
            second.render((FIXTURES / "sandbox" / f"{BETWEEN[i % len(BETWEEN)]}.js").read_text(), seed=job[1])
            backward[job] = sha(second.render(sources[job[0]], seed=job[1], size=job[2]).png)
    shared = [renderer.submit(sources[name], seed=seed, size=size) for name, seed, size in JOBS]
    concurrent = {job: sha(f.result().png) for job, f in zip(JOBS, shared, strict=True)}
    assert forward == backward == concurrent
    assert len({forward[(name, 0, 600)] for name in SKETCHES}) >= 6  # real, different paintings
    assert forward[("bloom", 0, 600)] != forward[("bloom", 4, 300)]


def test_depth_probes_get_one_verdict_everywhere(renderer) -> None:
    """The sketch-recursion probe is refused by the stack accounting, the native-recursion probe (String() of
    nested arrays) by the builtins' nesting limit: neither can measure how far V8's own stack reaches, which
    moved by a level with how warm the page was."""
    bloom = (FIXTURES / "render" / "bloom.js").read_text()
    for stem, code in (("issue_recursion_probe", "recursion_limit"), ("own_native_depth_probe", "recursion_limit")):
        probe = (FIXTURES / "sandbox" / f"{stem}.js").read_text()
        with Renderer(RenderOptions(workers=1)) as fresh:
            seen = [fresh.render(probe, seed=0)]
            for i in range(3):
                fresh.render(bloom, seed=i)
                seen.append(fresh.render(probe, seed=0))
        seen.append(renderer.render(probe, seed=0))
        assert {(r.ok, r.code, r.message) for r in seen} == {(False, code, seen[0].message)}, stem


def test_a_page_that_rendered_twenty_others_paints_what_a_fresh_page_paints() -> None:
    """Page age changes nothing: colour handles, p5's per-instance wrappers, counters and caches are per render."""
    canaries = {name: SKETCHES[name].read_text() for name in ("bloom", "colour_handles", "recursive_tree")}
    with Renderer(RenderOptions(workers=1)) as fresh:
        young = {name: sha(fresh.render(source, seed=2).png) for name, source in canaries.items()}
    others = sorted((FIXTURES / "styles").glob("*.js"))
    others = [p for p in others if p.stem not in canaries][:20]
    assert len(others) == 20
    with Renderer(RenderOptions(workers=1)) as aged:
        page = aged.pool._workers[0].page
        for i, path in enumerate(others):  # at 300 px: what ages a page is what it ran, and a resize is one more thing
            assert aged.render(path.read_text(), seed=i, size=300).ok, path.name
        assert aged.pool._workers[0].page is page  # the same page all along: none of them changed the page realm
        old = {name: sha(aged.render(source, seed=2).png) for name, source in canaries.items()}
    assert old == young
