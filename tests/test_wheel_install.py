"""A wheel built from the checkout, installed in a fresh virtual environment that sees the dependencies but not the
source tree, gates, renders and scores a sketch from its packaged files, and names CRITIQUE_PAINT_POOL when a
command needs the reference pool."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from helpers.sketches import SHORT_SKETCH

ROOT = Path(__file__).resolve().parents[1]
# What the build reads: the package, the build step, and what the build step copies in (js/node_modules is linked)
BUILD_INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "src", "prompts", "configs",
                "reference_pool/sketches", "js/package.json", "js/package-lock.json")
UNSET = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "CRITIQUE_PAINT_HOME", "CRITIQUE_PAINT_POOL",
         "CRITIQUE_PAINT_JS_DIR")

pytestmark = pytest.mark.slow


def _run(args: list, cwd: Path, env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv, an empty working folder outside the checkout, the environment to run in)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    for rel in BUILD_INPUTS:
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / rel).is_dir():
            shutil.copytree(ROOT / rel, src / rel, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copyfile(ROOT / rel, src / rel)
    (src / "js" / "node_modules").symlink_to((ROOT / "js" / "node_modules").resolve(), target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    build = _run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation", "-q",
                  "-w", tmp / "dist"], src, env)
    assert build.returncode == 0, build.stdout + build.stderr
    [wheel] = (tmp / "dist").glob("critique_paint-*.whl")

    venv = tmp / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp, env)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], tmp, env)
                .stdout.strip())
    # This interpreter's site-packages as plain path lines: the dependencies are importable, while the .pth files
    # there (the checkout's editable install) are not processed
    ours = {sysconfig.get_path(k, vars={"base": sys.prefix, "platbase": sys.prefix}) for k in ("purelib", "platlib")}
    (site / "dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))
    install = _run([python, "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed",
                    "--no-warn-conflicts", "-q", wheel], tmp, env)
    assert install.returncode == 0, install.stdout + install.stderr
    work = tmp / "work"
    work.mkdir()
    print(f"\nwheel {wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB")
    return venv, work, env


def test_the_installed_package_reads_its_own_files(installed):
    venv, work, env = installed
    probe = ("import json, critique_paint, critique_paint.paths as p\n"
             "from critique_paint.render.assets import load_js_assets\n"
             "print(json.dumps({'module': critique_paint.__file__, 'checkout': p.CHECKOUT and str(p.CHECKOUT),\n"
             "  'js': str(load_js_assets().node_modules), 'config': str(p.training_config('tiny-cpu')),\n"
             "  'prompts': str(p.PROMPTS_DIR), 'system': (p.PROMPTS_DIR / 'system.md').is_file(),\n"
             "  'examples': len(list(p.EXAMPLES_DIR.glob('*.js'))), 'presets': str(p.CONFIGS_DIR / 'rewards'),\n"
             "  'corpus': str(p.tokenizer_sketches()), 'sketches': len(list(p.tokenizer_sketches().glob('*.js')))}))")
    result = _run([venv / "bin" / "python", "-c", probe], work, env)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    print(found)
    assert found["checkout"] is None
    for key in ("module", "js", "config", "prompts", "presets", "corpus"):
        assert Path(found[key]).is_relative_to(venv), (key, found[key])
    assert found["system"] and found["examples"] == len(list((ROOT / "prompts" / "examples").glob("*.js")))
    assert found["sketches"] == len(list((ROOT / "reference_pool" / "sketches").glob("*.js")))


def test_gate_render_and_score_a_sketch(installed):
    venv, work, env = installed
    cli = venv / "bin" / "critique-paint"
    (work / "disc.js").write_text(SHORT_SKETCH)
    gate = _run([cli, "gate", "disc.js", "--json"], work, env)
    assert gate.returncode == 0, gate.stdout + gate.stderr
    assert json.loads(gate.stdout)["passed"] is True
    render = _run([cli, "render", "disc.js", "--out", "out", "--size", "200", "--workers", "1", "--json"], work, env)
    assert render.returncode == 0, render.stdout + render.stderr
    rendered = json.loads(render.stdout)
    assert rendered["passed"] and (work / rendered["png"]).read_bytes().startswith(b"\x89PNG")
    score = _run([cli, "score", "disc.js", "--json"], work, env)
    assert score.returncode == 0, score.stdout + score.stderr
    scored = json.loads(score.stdout)
    print(gate.stdout, render.stdout, score.stdout, sep="")
    assert scored["preset"] == "offline" and 0 <= scored["total"] <= 1


def test_a_command_that_needs_the_pool_names_the_setting(installed):
    venv, work, env = installed
    cli = venv / "bin" / "critique-paint"
    missing = _run([cli, "pool", "sample", "--n", "2"], work, env)
    assert missing.returncode == 2
    assert missing.stdout == "" and len(missing.stderr.strip().splitlines()) == 1, missing.stderr
    assert "CRITIQUE_PAINT_POOL" in missing.stderr
    pool = {**env, "CRITIQUE_PAINT_POOL": str(ROOT / "reference_pool")}
    given = _run([cli, "pool", "sample", "--n", "2"], work, pool)
    assert given.returncode == 0, given.stderr
    assert len(json.loads(given.stdout)) == 2
    print(missing.stderr, end="")
