"""`critique-paint doctor`: check the set-up and say what to fix."""

from __future__ import annotations

import asyncio
import importlib
import subprocess

import rich_click as click
from rich.markup import escape
from rich.table import Table

from critique_paint.base.console import out, print_json_line
from critique_paint.commands.options import set_option, training_configs
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
    from critique_paint.render.assets import P5_BRUSH_VERSION, P5_VERSION, SES_VERSION, load_js_assets

    try:
        assets = load_js_assets()
    except CritiquePaintError as exc:
        return False, "missing", str(exc)
    return True, f"p5 {P5_VERSION}, p5.brush {P5_BRUSH_VERSION}, ses {SES_VERSION} ({assets.node_modules})", ""


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


GPU_FIX = "pip install -e '.[gpu]' -c constraints/gpu.txt"
CONV_FIX = "pip install --no-build-isolation 'causal-conv1d>=1.5' (builds against the installed torch; needs nvcc)"
GPU_SET = ("vllm", "torch", "transformers", "trl", "openenv", "fastmcp", "mcp", "flash-linear-attention", "deepspeed",
           "trackio")


def _check_driver() -> tuple[bool, str, str]:
    import torch

    from critique_paint.plan.cuda import driver_cuda, match

    m = match(driver_cuda(), torch.version.cuda, torch.__version__)
    return m.ok, m.found, m.fix


def _check_cuda() -> tuple[bool, str, str]:
    import torch

    if not torch.cuda.is_available():
        return False, f"torch {torch.__version__}: no CUDA device", "see the driver row; a machine with a GPU"
    names = []
    for i in range(torch.cuda.device_count()):
        props = torch.cuda.get_device_properties(i)
        names.append(f"{props.name} {props.total_memory / 2**30:.1f} GiB")
    return True, f"CUDA {torch.version.cuda}: " + "; ".join(names), ""


def _check_gpu_set() -> tuple[bool, str, str]:
    """Installed versions of the GPU set's key packages against constraints/gpu.txt."""
    from importlib.metadata import PackageNotFoundError, version

    from critique_paint.paths import CHECKOUT

    lock = CHECKOUT / "constraints" / "gpu.txt" if CHECKOUT else None
    if lock is None or not lock.is_file():
        return False, "constraints/gpu.txt not found (not a source checkout)", "use a source checkout"
    pinned = dict(line.split("#")[0].strip().split("==", 1) for line in lock.read_text().splitlines()
                  if "==" in line.split("#")[0])
    off = []
    for name in GPU_SET:
        try:
            have = version(name)
        except PackageNotFoundError:
            have = "missing"
        if have.split("+")[0] != pinned.get(name, have):
            off.append(f"{name} {have} (locked {pinned.get(name)})")
    return not off, "; ".join(off) or f"{len(GPU_SET)} key packages as locked", GPU_FIX if off else ""


def _check_kernels(package: str, fix: str) -> tuple[bool, str, str]:
    """What transformers will run for Qwen3.5's Gated DeltaNet functions that come from `package`."""
    from critique_paint.plan.kernels import kernel_paths

    mine = [p for p in kernel_paths() if p.package == package]
    if all(p.fast for p in mine):
        return True, "; ".join(f"{p.role}: {p.implementation}" for p in mine), ""
    why = next(p.reason for p in mine if not p.fast)
    return False, f"reference PyTorch code ({package} {why})", fix


def _check_kernel_run() -> tuple[bool, str, str]:
    import torch

    from critique_paint.plan.kernels import kernel_paths, run_kernels

    fast = [p.function for p in kernel_paths() if p.fast]
    if not torch.cuda.is_available() or not fast:
        return False, "not run (no CUDA device or no fast kernel)", "the rows above"
    bad = {k: v for k, v in run_kernels().items() if v}
    if bad:
        return False, "; ".join(f"{k}: {v}" for k, v in bad.items()), "reinstall the kernel packages for this torch"
    return True, f"{len(fast)} fast kernels ran on the GPU and agreed with transformers' reference", ""


def _check_planner() -> tuple[bool, str, str]:
    from critique_paint.plan.kernels import deltanet_fast, kernel_summary

    return deltanet_fast(), f"plans with: {kernel_summary()}", "" if deltanet_fast() else GPU_FIX


def gpu_checks() -> dict[str, tuple[bool, str, str]]:
    """What a GPU run needs: a driver for torch's CUDA build, GPUs, the locked GPU set, vLLM, and the Gated DeltaNet
    kernels as transformers will really run them (else a slow fallback), which the planner plans with."""
    return {
        "driver vs torch build": _check_driver(),
        "cuda": _check_cuda(),
        "gpu set": _check_gpu_set(),
        "vllm": _check_module("vllm", GPU_FIX),
        "flash-linear-attention": _check_kernels("flash-linear-attention", GPU_FIX),
        "causal-conv1d": _check_kernels("causal-conv1d", CONV_FIX),
        "kernels on the gpu": _check_kernel_run(),
        "planner": _check_planner(),
        "deepspeed": _check_module("deepspeed", GPU_FIX + " (only for ZeRO-3 scale-out)"),
        "trackio": _check_module("trackio", GPU_FIX + " (report_to: trackio)"),
    }


def service_checks(configs: tuple[str, ...], overrides: tuple[str, ...]) -> dict[str, tuple[bool, str, str]]:
    """The training config's services, each answering one real request (what `grpo` checks before loading)."""
    from critique_paint.config.training import load_train_config
    from critique_paint.env.preflight import run_checks

    env = load_train_config(list(configs), list(overrides)).environment
    checks = asyncio.run(run_checks(env.runtime_config(), server_urls=env.server_urls))
    if not checks:
        return {"services": (True, f"none: the {env.reward_preset} reward runs in process", "")}
    return {f"{c.service} {c.url}": (c.ok, f"{c.detail} ({c.seconds:.1f} s)", "" if c.ok else
                                     "start it, or fix the URL (docs/environment.md, Ports)") for c in checks}


@click.command(short_help="check Chromium, GL backend, JS assets and Python packages (and the GPU stack)")
@click.option("--gpu", is_flag=True, help="also check the driver and torch's CUDA build, the GPU set, vLLM and the "
                                          "Gated DeltaNet kernels (on by itself where CUDA is available)")
@training_configs("also check the services this training config uses (judge, HPSv3, environment servers), each "
                  "with one real request; repeat to stack overlays")
@set_option("environment.judge.base_url=http://host:8001/v1")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object {check: {ok, found, fix}}")
def doctor(gpu: bool, configs: tuple[str, ...], overrides: tuple[str, ...], as_json: bool) -> int:
    """Check Chromium, the WebGL backend, the JavaScript assets and the Python packages (and the GPU stack, and with
    --config the run's services); exit 1 when something is missing, with what to do about it."""
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
    if configs:
        checks.update(service_checks(configs, overrides))
    if as_json:
        print_json_line({k: {"ok": ok, "found": found, "fix": fix} for k, (ok, found, fix) in checks.items()})
        return 0 if all(ok for ok, _, _ in checks.values()) else 1
    table = Table(title="critique-paint doctor")
    for col in ("check", "ok", "found", "fix"):
        table.add_column(col)
    for name, (ok, found, fix) in checks.items():
        table.add_row(name, "[green]yes[/]" if ok else "[red]no[/]", escape(found), escape(fix))
    out.print(table)
    return 0 if all(ok for ok, _, _ in checks.values()) else 1
