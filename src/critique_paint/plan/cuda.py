"""The NVIDIA driver's CUDA version against the installed torch's CUDA build, and the fix when they disagree.

torch 2.13.0 from PyPI (the GPU set's) is a CUDA 13.0 build, which needs a driver that supports CUDA 13 (R580 or
newer on Linux). A driver of the CUDA 12 era needs a CUDA 12 build of the same torch from PyTorch's own index, and
then the vLLM and causal-conv1d builds made for it.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

CUDA13_DRIVER = "580"  # the first Linux driver branch with CUDA 13.0
CUDA12_INDEXES = ((12, 9, "cu129"), (12, 8, "cu128"), (12, 6, "cu126"))  # PyTorch's CUDA 12 wheel indexes, newest first


@dataclass(frozen=True)
class CudaMatch:
    ok: bool
    found: str
    fix: str


def driver_cuda() -> tuple[int, int] | None:
    """The newest CUDA version the installed driver supports (cuDriverGetVersion), or None without a driver."""
    try:
        lib = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    version = ctypes.c_int()
    if lib.cuDriverGetVersion(ctypes.byref(version)) != 0:
        return None
    return version.value // 1000, (version.value % 1000) // 10


def _parse(version: str | None) -> tuple[int, int] | None:
    if not version:
        return None
    major, _, minor = version.partition(".")
    return int(major), int(minor.split(".")[0] or 0)


def torch_index_for(driver: tuple[int, int]) -> str | None:
    for major, minor, tag in CUDA12_INDEXES:
        if driver >= (major, minor):
            return f"https://download.pytorch.org/whl/{tag}"
    return None


def match(driver: tuple[int, int] | None, build: str | None, torch_version: str) -> CudaMatch:
    """Whether a torch built for CUDA `build` runs on a driver supporting `driver` (same major version suffices:
    CUDA's minor-version compatibility), and what to do when not."""
    base = torch_version.split("+")[0]
    if driver is None:
        return CudaMatch(False, "no NVIDIA driver (libcuda.so.1 not found)", "install the NVIDIA driver")
    found = f"driver supports CUDA {driver[0]}.{driver[1]}; torch {torch_version} is "
    wanted = _parse(build)
    if wanted is None:
        index = torch_index_for(driver) if driver[0] == 12 else None
        fix = (f"pip install torch=={base} --index-url {index}" if index
               else f"pip install torch=={base} (a CUDA build)")
        return CudaMatch(False, found + "a CPU build", fix)
    found += f"a CUDA {build} build"
    if driver[0] >= wanted[0]:
        return CudaMatch(True, found, "")
    index = torch_index_for(driver)
    if index is None:
        return CudaMatch(False, found, f"upgrade the NVIDIA driver to {CUDA13_DRIVER} or newer (CUDA 13)")
    return CudaMatch(False, found, f"upgrade the driver to {CUDA13_DRIVER}+, or: pip install torch=={base} "
                                   f"--index-url {index}, then vLLM's build for that CUDA and rebuild causal-conv1d")
