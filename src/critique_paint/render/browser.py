"""Chromium launch flags and GL backend selection."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ORIGIN = "https://critique-paint.invalid"
CSP = "default-src 'none'; script-src 'self'; frame-src 'self'; img-src data: blob:; style-src 'unsafe-inline'"

COMMON_FLAGS = (
    "--no-sandbox",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-breakpad",
    "--disable-dev-shm-usage",
    "--mute-audio",
    "--proxy-server=http://127.0.0.1:1",
    "--proxy-bypass-list=<-loopback>",
    # WebRTC ignores the proxy for UDP (STUN/TURN reached a loopback listener); allow only proxied traffic.
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
)

BACKEND_FLAGS: dict[str, tuple[str, ...]] = {
    # Mesa llvmpipe through ANGLE/EGL: fastest software GL here and bit-exact across runs.
    "llvmpipe": (
        "--use-gl=angle",
        "--use-angle=gl-egl",
        "--ignore-gpu-blocklist",
        "--disable-accelerated-2d-canvas",
    ),
    "swiftshader": (
        "--use-gl=angle",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--disable-accelerated-2d-canvas",
    ),
}

# The reference project's launch flags (new page per render), kept for the benchmark baseline.
REFERENCE_FLAGS = (
    "--use-gl=angle",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-gpu-sandbox",
    "--no-sandbox",
)


# V8's own stack limit, KiB. A sketch's counted stack (256 KiB, render/prepare.py) must run out first even where
# native code sits between its frames; twice V8's default, not more: a deeper stack lets native recursion that
# no sketch code counts (String() of nested arrays, quadratic in depth) run for seconds.
V8_STACK_KB = 2_048
STACK_RLIMIT = 8 * 2**20  # the main-thread stack the renderer may grow, bytes (V8 assumes it is there)
DEFAULT_V8_STACK_KB = 984


@contextmanager
def stack_room() -> Iterator[int]:
    """Raise RLIMIT_STACK for processes started inside (the Playwright driver, hence Chromium); yield the V8 stack
    size, KiB, those processes can use (V8's default where the limit cannot be raised)."""
    try:
        import resource
    except ImportError:  # not POSIX
        yield DEFAULT_V8_STACK_KB
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    want = STACK_RLIMIT if hard == resource.RLIM_INFINITY else min(STACK_RLIMIT, hard)
    raised = soft != resource.RLIM_INFINITY and soft < want
    if raised:
        resource.setrlimit(resource.RLIMIT_STACK, (want, hard))
    room = want if soft == resource.RLIM_INFINITY or raised else soft
    try:
        yield max(DEFAULT_V8_STACK_KB, min(V8_STACK_KB, room // 1024 - 4096))
    finally:
        if raised:
            resource.setrlimit(resource.RLIMIT_STACK, (soft, hard))


TEMP_PREFIX = "cp-render-"  # then the owning process's id
SOCKET_ROOM = 46  # Chromium's "/org.chromium.Chromium.XXXXXX/SingletonSocket" under TMPDIR
UNIX_PATH_MAX = 107  # a Unix socket's path, at most


def temp_root() -> Path | None:
    """A fresh temp folder for one pool's Playwright driver and Chromiums (profiles, singleton sockets, shared
    memory files), after removing those of processes that died without removing theirs. None where Chromium's
    socket path under it would be too long for a Unix socket: then the system's temp folder is used, as before."""
    base = Path(tempfile.gettempdir())  # read, and cached by Python, before `temp_env` changes TMPDIR
    for old in base.glob(f"{TEMP_PREFIX}*"):
        pid = old.name.removeprefix(TEMP_PREFIX).split("-")[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    root = Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=base))
    if len(str(root)) + SOCKET_ROOM > UNIX_PATH_MAX:
        root.rmdir()
        return None
    return root


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


@contextmanager
def temp_env(root: Path | None) -> Iterator[None]:
    """TMPDIR is `root` (when there is one) for processes started inside: the Playwright driver, hence every
    Chromium it launches."""
    old = os.environ.get("TMPDIR")
    if root is not None:
        os.environ["TMPDIR"] = str(root)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = old


def launch_args(backend: str, heap_mb: int, stack_kb: int = DEFAULT_V8_STACK_KB) -> list[str]:
    """Chromium command-line flags for a sealed, software-GL renderer; `backend` is a key of BACKEND_FLAGS."""
    js_flags = f"--js-flags=--max-old-space-size={heap_mb} --stack-size={stack_kb} --enable-experimental-regexp-engine"
    return [*COMMON_FLAGS, *BACKEND_FLAGS[backend], js_flags]


def backend_from_renderer_string(renderer: str) -> str:
    """Map WebGL's UNMASKED_RENDERER string to a backend name."""
    low = renderer.lower()
    if "llvmpipe" in low:
        return "llvmpipe"
    if "swiftshader" in low:
        return "swiftshader"
    return renderer or "unknown"
