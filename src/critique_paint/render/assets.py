"""Locate the pinned JavaScript assets and a Chromium executable."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from critique_paint.errors import SetupError
from critique_paint.paths import CHECKOUT

P5_VERSION = "2.3.4"
P5_BRUSH_VERSION = "2.2.2"
SES_VERSION = "2.3.0"  # pinned with Chromium: lockdown removes intrinsics it does not know, with a warning
ACORN_VERSION = "8.19.0"
ASTRING_VERSION = "1.9.0"
# package -> the file the harness page loads, under node_modules/<package>/ (setup.py copies these into a wheel)
JS_FILES = {"p5": "lib/p5.min.js", "p5.brush": "dist/p5.brush.js", "ses": "dist/ses.umd.min.js",
            "acorn": "dist/acorn.js", "astring": "dist/astring.min.js"}
HARNESS_PATH = Path(__file__).with_name("js") / "harness.js"
SANDBOX_PATH = Path(__file__).with_name("js") / "sandbox.js"
INSTRUMENT_PATH = Path(__file__).with_name("js") / "instrument.js"
COLOUR_PATH = Path(__file__).with_name("js") / "colour.js"
NATIVES_PATH = Path(__file__).with_name("js") / "natives.js"
REGEXP_PATH = Path(__file__).with_name("js") / "regexp.js"
ERRORS_PATH = Path(__file__).with_name("js") / "errors.js"
# A wheel's copy of the five packages (node_modules/<package>/: the files read below, package.json, licence).
PACKAGED_JS_DIR = Path(__file__).with_name("js") / "node_modules"


@dataclass(frozen=True)
class JsAssets:
    """Source text of the scripts the harness page runs."""

    p5: str
    p5_brush: str
    ses: str
    harness: str
    sandbox: str
    instrument: str  # acorn, astring and the rewriter that counts a sketch's stack and work
    colour: str  # the sandbox's colour string reader
    natives: str  # the sandbox's builtins that recurse over data, with a fixed nesting limit
    regexp: str  # the sandbox's RegExp: V8's linear-time engine for every regex a sketch makes
    errors: str  # the sandbox's error constructors, through which every error a sketch makes is charged
    node_modules: Path


def js_dir_candidates() -> list[Path]:
    """Folders that may hold `node_modules/p5`, `node_modules/p5.brush`, `ses`, `acorn` and `astring`, in priority
    order: CRITIQUE_PAINT_JS_DIR, the wheel's copy, the source checkout's js/, ./js, ~/.cache/critique-paint/js."""
    found = []
    env = os.environ.get("CRITIQUE_PAINT_JS_DIR")
    if env:
        found.append(Path(env))
    found.append(PACKAGED_JS_DIR)
    if CHECKOUT is not None:
        found.append(CHECKOUT / "js")
    found += [Path.cwd() / "js", Path.home() / ".cache" / "critique-paint" / "js"]
    return found


def _package_version(pkg_dir: Path) -> str | None:
    import json

    try:
        return json.loads((pkg_dir / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


@lru_cache(maxsize=1)
def load_js_assets() -> JsAssets:
    """Read p5, p5.brush, ses, acorn, astring and the harness; raise SetupError saying how to install them."""
    packages = ("p5", "p5.brush", "ses", "acorn", "astring")
    expected = (P5_VERSION, P5_BRUSH_VERSION, SES_VERSION, ACORN_VERSION, ASTRING_VERSION)
    for base in js_dir_candidates():
        nm = base / "node_modules" if base.name != "node_modules" else base
        files = tuple(nm / pkg / JS_FILES[pkg] for pkg in packages)
        if files[0].is_file() and files[1].is_file():
            versions = tuple(_package_version(nm / pkg) for pkg in packages)
            if versions != expected or not all(f.is_file() for f in files):
                found = " / ".join(f"{p} {v}" for p, v in zip(packages, versions, strict=True))
                raise SetupError(f"JavaScript assets in {nm} are {found}, expected {' / '.join(expected)}: "
                                 "run `npm ci --prefix js`.")
            p5_text, brush_text, ses_text, acorn_text, astring_text = (f.read_text(encoding="utf-8") for f in files)
            instrument = "\n;\n".join((acorn_text, astring_text, INSTRUMENT_PATH.read_text(encoding="utf-8")))
            return JsAssets(p5=p5_text, p5_brush=brush_text, ses=ses_text,
                            harness=HARNESS_PATH.read_text(encoding="utf-8"),
                            sandbox=SANDBOX_PATH.read_text(encoding="utf-8"), instrument=instrument,
                            colour=COLOUR_PATH.read_text(encoding="utf-8"),
                            natives=NATIVES_PATH.read_text(encoding="utf-8"),
                            regexp=REGEXP_PATH.read_text(encoding="utf-8"),
                            errors=ERRORS_PATH.read_text(encoding="utf-8"), node_modules=nm)
    raise SetupError(
        "p5, p5.brush, ses, acorn and astring are not installed: run `make install` (or `npm ci --prefix js`), "
        "or point CRITIQUE_PAINT_JS_DIR at a folder holding node_modules/p5, p5.brush, ses, acorn and astring."
    )


def _playwright_chromium() -> str | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as pw:
            path = pw.chromium.executable_path
    except Exception:  # noqa: BLE001 - any failure means "not installed"
        return None
    return path if path and Path(path).is_file() else None


@lru_cache(maxsize=1)
def find_chromium() -> str:
    """CRITIQUE_PAINT_CHROMIUM, then Playwright's own browser, then the system Chromium."""
    env = os.environ.get("CRITIQUE_PAINT_CHROMIUM")
    if env:
        if Path(env).is_file():
            return env
        raise SetupError(f"CRITIQUE_PAINT_CHROMIUM={env} does not exist; unset it or point it at a Chromium binary.")
    bundled = _playwright_chromium()
    if bundled:
        return bundled
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(candidate).is_file():
            return candidate
    which = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if which:
        return which
    raise SetupError(
        "Chromium not found: install it with `apt-get install chromium` (Debian/Ubuntu) "
        "or set CRITIQUE_PAINT_CHROMIUM to a Chromium binary."
    )
