"""Which Gated DeltaNet kernels transformers will really run for Qwen3.5, as it decides them.

transformers' `modeling_qwen3_5` (and `_moe`) wraps four functions with `use_kernel_func_from_hub_with_fallback`:
at import it tries `causal_conv1d` (`causal_conv1d_fn`, `causal_conv1d_update`) and `fla.ops.gated_delta_rule`
(`chunk_gated_delta_rule`, `fused_recurrent_gated_delta_rule`); any exception, a binary built for another torch
included, silently selects the reference PyTorch code. `kernel_paths` reads that decision back from the wrapped
functions' closures (no guessing from package names) and, when a package did not load, says why. `run_kernels`
runs each fast implementation once on the GPU against the reference. The planner and `doctor --gpu` both read this.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# transformers' function -> (distribution, import path transformers tries, what it computes)
FUNCTIONS = {
    "torch_chunk_gated_delta_rule": ("flash-linear-attention", "fla.ops.gated_delta_rule", "prefill and training"),
    "torch_recurrent_gated_delta_rule": ("flash-linear-attention", "fla.ops.gated_delta_rule", "decoding"),
    "causal_conv1d_fn": ("causal-conv1d", "causal_conv1d", "short convolution: prefill and training"),
    "causal_conv1d_update": ("causal-conv1d", "causal_conv1d", "short convolution: decoding"),
}
MODULES = {"qwen3_5": "transformers.models.qwen3_5.modeling_qwen3_5",
           "qwen3_5_moe": "transformers.models.qwen3_5_moe.modeling_qwen3_5_moe"}


@dataclass(frozen=True)
class KernelPath:
    function: str
    package: str
    role: str
    fast: bool | None  # None: this transformers does not show its choice
    implementation: str
    reason: str = ""  # why the package's kernel is not used

    @property
    def state(self) -> str:
        return "fast" if self.fast else ("reference" if self.fast is False else "unknown")


def _inner(fn: Any) -> Any:
    """The function `fn` wraps: `functools.wraps`' `__wrapped__`, or the `func` that a `kernels` Func module's
    forward calls (transformers >= 5.25 turns hub-wrapped functions into such modules)."""
    wrapped = getattr(fn, "__wrapped__", None)
    if wrapped is not None:
        return wrapped
    forward = getattr(type(fn), "forward", None)
    if callable(forward) and "func" in getattr(getattr(forward, "__code__", None), "co_freevars", ()):
        return inspect.getclosurevars(forward).nonlocals.get("func")
    return None


def _decision(fn: Any) -> Mapping[str, Any] | None:
    """The closure transformers' fallback decorator leaves on the wrapped function (implementation, flag)."""
    seen = 0
    while fn is not None and seen < 8:
        names = getattr(getattr(fn, "__code__", None), "co_freevars", ())
        if "is_new_implementation" in names:
            return inspect.getclosurevars(fn).nonlocals
        fn, seen = _inner(fn), seen + 1
    return None


def _import_error(path: str) -> str:
    try:
        importlib.import_module(path)
    except ModuleNotFoundError as exc:
        return f"not installed ({exc.name})"
    except Exception as exc:  # noqa: BLE001 - the reason transformers swallowed
        return f"does not import: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}"
    return "imports, but does not provide the function transformers looks for"


@functools.cache
def kernel_paths(model_type: str = "qwen3_5_moe") -> tuple[KernelPath, ...]:
    """What transformers selected for each Gated DeltaNet function of `model_type` (qwen3_5 or qwen3_5_moe)."""
    module = importlib.import_module(MODULES[model_type])
    paths = []
    for name, (package, path, role) in FUNCTIONS.items():
        fn = getattr(module, name, None)
        decision = _decision(fn) if fn is not None else None
        if decision is None:
            paths.append(KernelPath(name, package, role, None, "?", "transformers does not expose its choice"))
            continue
        impl = decision.get("implementation")
        fast = bool(decision.get("is_new_implementation"))
        where = f"{getattr(impl, '__module__', '?')}.{getattr(impl, '__name__', '?')}"
        paths.append(KernelPath(name, package, role, fast, where, "" if fast else _import_error(path)))
    return tuple(paths)


def deltanet_fast(model_type: str = "qwen3_5_moe") -> bool:
    """Whether the chunked Gated DeltaNet (prefill and training, the planner's memory figure) uses fla's kernel."""
    return next(p.fast for p in kernel_paths(model_type) if p.function == "torch_chunk_gated_delta_rule") is True


def kernel_summary(model_type: str = "qwen3_5_moe") -> str:
    """One line: e.g. 'Gated DeltaNet fla (chunk, recurrent); short convolution reference (causal-conv1d: ...)'."""
    parts = []
    for label, package in (("Gated DeltaNet", "flash-linear-attention"), ("short convolution", "causal-conv1d")):
        mine = [p for p in kernel_paths(model_type) if p.package == package]
        if all(p.fast for p in mine):
            parts.append(f"{label}: {package}")
        else:
            why = next((p.reason for p in mine if not p.fast), "")
            parts.append(f"{label}: reference PyTorch ({package} {why})")
    return "; ".join(parts)


def _call(name: str, device: str) -> tuple[tuple, dict[str, Any]]:
    """Small inputs, passed the way Qwen3_5GatedDeltaNet.forward passes them (positional first arguments)."""
    import torch

    g = torch.Generator(device="cpu").manual_seed(0)

    def rand(*shape: int, scale: float = 1.0) -> Any:
        return (scale * torch.randn(*shape, generator=g)).to(device)

    if name == "causal_conv1d_update":
        return (rand(2, 64, 1), rand(2, 64, 3), rand(64, 4, scale=0.3), None, "silu"), {}
    if name == "causal_conv1d_fn":
        return (rand(2, 64, 32), rand(64, 4, scale=0.3), None), {"activation": "silu"}
    t = 1 if "recurrent" in name else 64
    beta = torch.sigmoid(rand(1, t, 2))
    decay = -torch.rand(1, t, 2, generator=g).to(device)
    return (rand(1, t, 2, 32), rand(1, t, 2, 32), rand(1, t, 2, 32)), {
        "g": decay, "beta": beta, "initial_state": rand(1, 2, 32, 32, scale=0.1), "output_final_state": True,
        "use_qk_l2norm_in_kernel": True}


def _first(out: Any) -> Any:
    return out[0] if isinstance(out, tuple) else out


def run_kernels(model_type: str = "qwen3_5_moe", device: str = "cuda", dtype: Any = None) -> dict[str, str]:
    """Run every fast implementation once beside transformers' reference; '' when it agrees, else what went wrong."""
    import torch

    module = importlib.import_module(MODULES[model_type])
    dtype = dtype or (torch.bfloat16 if device.startswith("cuda") else torch.float32)
    found = {}
    for path in kernel_paths(model_type):
        if not path.fast:
            continue
        decision = _decision(getattr(module, path.function))
        assert decision is not None  # kernel_paths calls a path fast only when it read the decision
        reference = decision["torch_function"]
        # the package's function itself, as transformers calls it (kwargs it does not take dropped): newer
        # transformers sends inputs on a device the package does not list to the reference, CPU included
        kernel = decision["implementation"]
        accepted = set(inspect.signature(kernel).parameters)
        args, kwargs = _call(path.function, device)

        def copy(x: Any) -> Any:
            return x.clone().to(dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x

        try:
            fast = _first(kernel(*map(copy, args), **{k: copy(v) for k, v in kwargs.items() if k in accepted}))
            ref = _first(reference(*map(copy, args), **{k: copy(v) for k, v in kwargs.items()}))
        except Exception as exc:  # noqa: BLE001 - a kernel that fails to run is the finding
            found[path.function] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}"
            continue
        err = (fast.float() - ref.float()).abs().max().item() / max(ref.float().abs().max().item(), 1e-6)
        found[path.function] = "" if err < 0.05 else f"differs from the reference by {err:.1%} of its range"
    return found
