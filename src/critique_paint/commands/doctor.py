"""`critique-paint doctor`: check the set-up and say what to fix."""

from __future__ import annotations

import asyncio
import importlib
import subprocess

import rich_click as click
from rich.markup import escape
from rich.table import Table

from critique_paint.console import out
from critique_paint.errors import CritiquePaintError


def _check_chromium() -> tuple[bool, str, str]:
    from critique_paint.render.assets import find_chromium

    try:
        path = find_chromium()
    except CritiquePaintError as exc:
        return False, "not found", str(exc)
    try:
        version = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, path, f"{path} does not run: {exc}"
    return True, f"{version} ({path})", ""


def _check_assets() -> tuple[bool, str, str]:
    from critique_paint.render.assets import P5_BRUSH_VERSION, P5_VERSION, load_js_assets

    try:
        assets = load_js_assets()
    except CritiquePaintError as exc:
        return False, "missing", str(exc)
    return True, f"p5 {P5_VERSION}, p5.brush {P5_BRUSH_VERSION} ({assets.node_modules})", ""


async def _check_gl() -> tuple[bool, str, str]:
    from critique_paint.render.pages import RenderOptions, RenderPool

    try:
        async with RenderPool(RenderOptions(workers=1)) as pool:
            renderer = pool._workers[0].gl_renderer
            backend = pool.backend
    except CritiquePaintError as exc:
        return False, "unavailable", str(exc)
    if backend == "llvmpipe":
        return True, f"llvmpipe: {renderer}", ""
    if backend == "swiftshader":
        return True, f"SwiftShader: {renderer}", "slower than llvmpipe: `apt-get install libegl-mesa0 libgl1-mesa-dri`"
    return False, renderer, "no WebGL2: p5.brush needs a WebGL2 canvas"


def _check_module(name: str, fix: str) -> tuple[bool, str, str]:
    try:
        module = importlib.import_module(name)
    except Exception as exc:  # noqa: BLE001 - any import failure is reportable
        return False, f"not importable ({type(exc).__name__})", fix
    return True, getattr(module, "__version__", "installed"), ""


GPU_FIX = "pip install -e '.[gpu]'"


def _check_cuda() -> tuple[bool, str, str]:
    import torch

    if not torch.cuda.is_available():
        return False, f"torch {torch.__version__}: no CUDA device", "a CUDA build of torch on a machine with a GPU"
    names = []
    for i in range(torch.cuda.device_count()):
        props = torch.cuda.get_device_properties(i)
        names.append(f"{props.name} {props.total_memory / 2**30:.1f} GiB")
    return True, f"CUDA {torch.version.cuda}: " + "; ".join(names), ""


def gpu_checks() -> dict[str, tuple[bool, str, str]]:
    """What a GPU run needs: CUDA and its memory, vLLM, and the Gated DeltaNet kernels (else a slow fallback)."""
    return {
        "cuda": _check_cuda(),
        "vllm": _check_module("vllm", GPU_FIX),
        "flash-linear-attention": _check_module("fla", GPU_FIX + " (else Gated DeltaNet runs a slow torch kernel)"),
        "causal-conv1d": _check_module("causal_conv1d", GPU_FIX + " (without it the short convolution is slow)"),
        "deepspeed": _check_module("deepspeed", GPU_FIX + " (only for ZeRO-3 scale-out)"),
        "trackio": _check_module("trackio", GPU_FIX + " (report_to: trackio)"),
    }


@click.command(short_help="check Chromium, GL backend, JS assets and Python packages (and the GPU stack)")
@click.option("--gpu", is_flag=True, help="also check CUDA, vLLM and the linear-attention kernels (on by itself "
                                          "where CUDA is available)")
def doctor(gpu: bool) -> int:
    """Check Chromium, the WebGL backend, the JavaScript assets and the Python packages (and the GPU stack); exit 1
    when something is missing, with what to do about it."""
    checks = {
        "chromium": _check_chromium(),
        "js assets": _check_assets(),
    }
    if checks["chromium"][0] and checks["js assets"][0]:
        checks["webgl backend"] = asyncio.run(_check_gl())
    checks["torch"] = _check_module("torch", "pip install torch==2.13.0 (CPU) or a CUDA build on GPU machines")
    checks["tree-sitter"] = _check_module("tree_sitter", "pip install -e '.[dev]'")
    import torch

    if gpu or torch.cuda.is_available():
        checks.update(gpu_checks())
    table = Table(title="critique-paint doctor")
    for col in ("check", "ok", "found", "fix"):
        table.add_column(col)
    for name, (ok, found, fix) in checks.items():
        table.add_row(name, "[green]yes[/]" if ok else "[red]no[/]", escape(found), escape(fix))
    out.print(table)
    return 0 if all(ok for ok, _, _ in checks.values()) else 1
