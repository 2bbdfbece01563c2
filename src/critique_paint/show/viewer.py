"""Opening a painting in the desktop's image viewer, where there is one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def can_open_images() -> bool:
    """A desktop viewer is reachable: a display with xdg-open on Linux, or macOS's `open`."""
    if sys.platform == "darwin":
        return shutil.which("open") is not None
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) and shutil.which("xdg-open") is not None


def open_image(path: Path) -> None:
    """Open `path` in the viewer without waiting for it; a missing viewer is not an error."""
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    try:
        subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except OSError:
        pass
