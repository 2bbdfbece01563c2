"""Render throughput: the reference project's approach, a baseline revision's warm pool, and ours.

Reference: one Chromium per worker launched with the reference project's flags (ANGLE SwiftShader, which
also rasterises p5.brush's 2D mask canvas on SwiftShader), a new page per render that loads p5, p5.brush
and the sketch. Also reported: the same method with `--disable-gpu` added. Ours: RenderPool (warm locked-down
pages, a fresh compartment per sketch, llvmpipe). Baseline: the RenderPool of another git revision
(`--baseline-ref`, default `main`), extracted to a temporary folder; baseline and ours run as child processes
in alternating rounds, so both meet the same machine load; each also reports the CPU seconds its browsers
(and their GPU and renderer processes) spent per render, which a shared machine disturbs less than wall
time. Prints a table, the change against the baseline and, last, `speedup: X.XX` (throughput, ours /
reference).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from critique_paint.render.assets import find_chromium, load_js_assets
from critique_paint.render.browser import COMMON_FLAGS, ORIGIN, REFERENCE_FLAGS
from critique_paint.render.pages import RenderOptions, RenderPool

ROOT = Path(__file__).resolve().parents[1]
CAPTURE_ADDON = """<script>
p5.registerAddon(function (p5c, proto, hooks) {
  hooks.postdraw = function () {
    const gl = this._renderer.GL; gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    window.__png = this._renderer.canvas.toDataURL('image/png');
  };
});
</script>"""


def pick_sketches(n: int) -> list[Path]:
    """Examples first, then reference-pool sketches, to make up n paintings."""
    found = sorted((ROOT / "prompts" / "examples").glob("*.js"))
    found += sorted((ROOT / "reference_pool" / "sketches").glob("*.js"))
    if len(found) < n:
        sys.exit(f"need {n} sketches, found {len(found)}")
    step = max(1, len(found) // n)
    return found[::step][:n]


def serve_from(bodies: dict):
    """A route handler that serves `bodies` (path -> (type, text)) on the fake origin and aborts the rest."""

    async def route(r) -> None:
        path = r.request.url.removeprefix(ORIGIN)
        if path in bodies:
            await r.fulfill(status=200, content_type=bodies[path][0] + "; charset=utf-8", body=bodies[path][1])
        else:
            await r.abort()

    return route


async def reference_worker(pw, flags, jobs: asyncio.Queue, times: list[float], assets) -> None:
    """One browser; a fresh page per render, as in the reference project."""
    browser = await pw.chromium.launch(executable_path=find_chromium(), args=list(flags), headless=True)
    try:
        while not jobs.empty():
            source = jobs.get_nowait()
            html = ("<!doctype html><html><head><script src='/p5.js'></script><script src='/brush.js'></script>"
                    + CAPTURE_ADDON + "<script>" + source + "</script></head><body></body></html>")
            t0 = time.perf_counter()
            page = await browser.new_page()

            bodies = {"/": ("text/html", html), "/p5.js": ("application/javascript", assets.p5),
                      "/brush.js": ("application/javascript", assets.p5_brush)}
            await page.route("**/*", serve_from(bodies))
            await page.goto(ORIGIN + "/", wait_until="commit")
            await page.wait_for_function("window.__png !== undefined", timeout=1_200_000, polling=50)
            png = await page.evaluate("window.__png")
            base64.b64decode(png.split(",", 1)[1])
            await page.close()
            times.append((time.perf_counter() - t0) * 1000)
            print(f"  reference render {len(times)}: {times[-1]:.0f} ms", file=sys.stderr, flush=True)
    finally:
        await browser.close()


async def run_reference(sources: list[str], flags, workers: int) -> dict:
    from playwright.async_api import async_playwright

    assets = load_js_assets()
    jobs: asyncio.Queue = asyncio.Queue()
    for s in sources:
        jobs.put_nowait(s)
    times: list[float] = []
    async with async_playwright() as pw:
        t0 = time.perf_counter()
        await asyncio.gather(*(reference_worker(pw, flags, jobs, times, assets) for _ in range(workers)))
        wall = time.perf_counter() - t0
    return {"median_ms": statistics.median(times), "wall_s": wall, "throughput": len(sources) / wall}


def tree_cpu_s(roots: list[int]) -> float:
    """User + system CPU seconds of ``roots`` and all their descendants (Linux /proc; 0 elsewhere)."""
    parents, cpu = {}, {}
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        parents[pid], cpu[pid] = int(fields[1]), (int(fields[11]) + int(fields[12])) / tick
    total = 0.0
    for pid in cpu:
        node, hops = pid, 0
        while node in parents and node not in roots and hops < 8:
            node, hops = parents[node], hops + 1
        total += cpu[pid] if node in roots else 0.0
    return total


async def run_ours(sources: list[str], workers: int) -> dict:
    async with RenderPool(RenderOptions(workers=workers)) as pool:
        await pool.render(sources[0], seed=0)  # warm-up, as a long-lived pool would be
        browsers = pool.browser_pids()
        cpu0, t0 = tree_cpu_s(browsers), time.perf_counter()
        results = await asyncio.gather(*(pool.render(s, seed=0) for s in sources))
        wall, cpu = time.perf_counter() - t0, tree_cpu_s(browsers) - cpu0
        backend = pool.backend
    assert all(r.ok for r in results), [r.message for r in results if not r.ok]
    total = [r.total_ms for r in results]
    paint = [r.paint_ms for r in results]
    return {"total_ms": total, "paint_ms": paint, "wall_s": wall, "cpu_s": cpu, "backend": backend}


def extract_revision(ref: str, into: Path) -> Path:
    """`src/` of git revision ``ref`` under ``into``; returns the folder to put on PYTHONPATH."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def pool_in_child(paths: list[Path], workers: int, src: Path | None) -> dict:
    """Run `run_ours` in a child process, importing critique_paint from ``src`` when given."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), env.get("PYTHONPATH", "")])
        env.setdefault("CRITIQUE_PAINT_JS_DIR", str(ROOT / "js"))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--workers", str(workers), *map(str, paths)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        sys.exit(f"pool child failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def summarise(runs: list[dict], n: int) -> dict:
    """Medians over rounds: per-render total and painting, and wall time of the batch."""
    total = [t for r in runs for t in r["total_ms"]]
    paint = [p for r in runs for p in r["paint_ms"]]
    wall = statistics.median(r["wall_s"] for r in runs)
    overhead = statistics.median((t - p) / p for t, p in zip(total, paint, strict=True))
    return {"median_ms": statistics.median(total), "paint_ms": statistics.median(paint), "wall_s": wall,
            "throughput": n / wall, "overhead": overhead, "backend": runs[0]["backend"],
            "cpu_s": statistics.median(r["cpu_s"] for r in runs) / n,
            "walls": [round(r["wall_s"], 1) for r in runs]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sketches", type=int, default=6)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3, help="alternating baseline/ours rounds")
    ap.add_argument("--baseline-ref", default="main", help="git revision whose warm pool is the baseline ('' to skip)")
    ap.add_argument("--skip-reference", action="store_true", help="skip the slow SwiftShader baseline")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("paths", nargs="*", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(run_ours([p.read_text() for p in args.paths], args.workers))))
        return
    paths = pick_sketches(args.sketches)
    sources = [p.read_text() for p in paths]
    print(f"{len(sources)} sketches at 600x600, {args.workers} workers, {args.rounds} rounds: "
          f"{', '.join(p.stem for p in paths)}")
    rows = []
    if not args.skip_reference:
        rows.append(("reference (SwiftShader, page per render)",
                     asyncio.run(run_reference(sources, REFERENCE_FLAGS, args.workers))))
    rows.append(("reference + --disable-gpu",
                 asyncio.run(run_reference(sources, (*REFERENCE_FLAGS, "--disable-gpu", *COMMON_FLAGS),
                                           args.workers))))
    with tempfile.TemporaryDirectory() as tmp:
        baseline_src = extract_revision(args.baseline_ref, Path(tmp)) if args.baseline_ref else None
        before, now = [], []
        for i in range(args.rounds):
            if baseline_src is not None:
                before.append(pool_in_child(paths, args.workers, baseline_src))
            now.append(pool_in_child(paths, args.workers, None))
            print(f"  round {i + 1}: baseline {before[-1]['wall_s'] if before else 0:.1f} s, "
                  f"ours {now[-1]['wall_s']:.1f} s", file=sys.stderr, flush=True)
    ours = summarise(now, len(sources))
    if before:
        base = summarise(before, len(sources))
        rows.append((f"warm pool at {args.baseline_ref} ({base['backend']})", base))
    rows.append((f"critique-paint pool ({ours['backend']}, compartments)", ours))
    print(f"{'approach':46s} {'median ms/render':>17s} {'wall s':>8s} {'renders/min':>12s} {'CPU s/render':>13s}")
    for name, r in rows:
        cpu = f"{r['cpu_s']:13.2f}" if "cpu_s" in r else f"{'':13s}"
        print(f"{name:46s} {r['median_ms']:17.0f} {r['wall_s']:8.1f} {r['throughput'] * 60:12.1f} {cpu}")
    print(f"our in-page painting median {ours['paint_ms']:.0f} ms; overhead beyond painting "
          f"{ours['overhead']:.1%} (median per render); wall per round {ours['walls']}")
    if before:
        wall, median = ours["wall_s"] / base["wall_s"] - 1, ours["median_ms"] / base["median_ms"] - 1
        cpu = ours["cpu_s"] / base["cpu_s"] - 1 if base["cpu_s"] else float("nan")
        print(f"baseline wall per round {base['walls']}; change against {args.baseline_ref}: "
              f"wall {wall:+.1%}, median per render {median:+.1%}, browser CPU per render {cpu:+.1%}")
    first = rows[0][1]
    print(f"speedup vs {rows[0][0]}: {ours['throughput'] / first['throughput']:.2f}")
    print(f"speedup: {ours['throughput'] / first['throughput']:.2f}")


if __name__ == "__main__":
    main()
