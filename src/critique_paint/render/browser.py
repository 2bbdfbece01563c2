"""Chromium launch flags and GL backend selection."""

from __future__ import annotations

from typing import Literal

Backend = Literal["llvmpipe", "swiftshader"]

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


def launch_args(backend: Backend, heap_mb: int) -> list[str]:
    """Chromium command-line flags for a sealed, software-GL renderer."""
    return [*COMMON_FLAGS, *BACKEND_FLAGS[backend], f"--js-flags=--max-old-space-size={heap_mb}"]


def backend_from_renderer_string(renderer: str) -> str:
    """Map WebGL's UNMASKED_RENDERER string to a backend name."""
    low = renderer.lower()
    if "llvmpipe" in low:
        return "llvmpipe"
    if "swiftshader" in low:
        return "swiftshader"
    return renderer or "unknown"
