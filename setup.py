"""The build step a wheel needs beyond pyproject.toml: the renderer's pinned JavaScript (from js/node_modules, after
`npm ci --prefix js`), the prompts and configs (prompts/, configs/) and the reference pool's sketches (the tiny
tokenizer's corpus) are copied into the built package. An editable install reads them all in place."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.errors import FileError

ROOT = Path(__file__).resolve().parent
ASSETS = ROOT / "src" / "critique_paint" / "render" / "assets.py"
NODE_MODULES = ROOT / "js" / "node_modules"
POOL_SKETCHES = ROOT / "reference_pool" / "sketches"
SHIPPED = ("prompts", "configs")  # top-level folders, copied whole into critique_paint/data/
LICENCES = ("license", "licence", "copying")


def js_files() -> dict[str, str]:
    """`JS_FILES` of render/assets.py (package -> the file the renderer loads), read without importing it."""
    for node in ast.parse(ASSETS.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "JS_FILES" for t in node.targets):
            return ast.literal_eval(node.value)
    raise FileError(f"{ASSETS} defines no JS_FILES")


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


class BuildPyWithAssets(build_py):
    """build_py, then node_modules/<package>/{the file, package.json, licences} for each renderer package under
    critique_paint/render/js/, prompts/ and configs/ as critique_paint/data/prompts/ and data/configs/, and
    reference_pool/sketches/*.js as critique_paint/data/corpus/."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        package = Path(self.build_lib) / "critique_paint"
        for name, rel in js_files().items():
            src = NODE_MODULES / name
            if not (src / rel).is_file():
                raise FileError(f"{src / rel} is missing: run `npm ci --prefix js` before building a wheel")
            licences = [p for p in src.iterdir() if p.is_file() and p.name.lower().startswith(LICENCES)]
            for f in [src / rel, src / "package.json", *licences]:
                copy(f, package / "render" / "js" / "node_modules" / name / f.relative_to(src))
        for name in SHIPPED:
            files = sorted(p for p in (ROOT / name).rglob("*") if p.is_file() and "__pycache__" not in p.parts)
            if not files:
                raise FileError(f"no files under {ROOT / name}: build from a source checkout")
            for f in files:
                copy(f, package / "data" / name / f.relative_to(ROOT / name))
        sketches = sorted(POOL_SKETCHES.glob("*.js"))
        if not sketches:
            raise FileError(f"no sketches under {POOL_SKETCHES}: build from a source checkout")
        for f in sketches:
            copy(f, package / "data" / "corpus" / f.name)


setup(cmdclass={"build_py": BuildPyWithAssets})
