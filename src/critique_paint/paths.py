"""Where critique-paint's files live: its prompts and configs (a wheel's packaged copy, else a source checkout's
prompts/ and configs/), the source checkout when it runs from one, and the reference pool (CRITIQUE_PAINT_POOL)."""

from __future__ import annotations

import atexit
import contextlib
import os
from importlib import resources
from pathlib import Path

from critique_paint.errors import ConfigError

POOL_ENV = "CRITIQUE_PAINT_POOL"


def _data_dir() -> Path:
    """The package's `data/` folder, which only a wheel has (setup.py copies it in), as a real directory (extracted
    for the process if the package is zipped)."""
    stack = contextlib.ExitStack()
    atexit.register(stack.close)
    return stack.enter_context(resources.as_file(resources.files("critique_paint") / "data"))


def _checkout() -> Path | None:
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "src" / "critique_paint").is_dir() else None


def _shipped(name: str) -> Path:
    """A wheel's data/NAME, else a source checkout's NAME/ (the copy a person edits); the wheel's path when neither
    is there, so that importing works and `shipped` names what is missing."""
    if (DATA_DIR / name).is_dir() or CHECKOUT is None:
        return DATA_DIR / name
    return CHECKOUT / name


DATA_DIR = _data_dir()
CHECKOUT = _checkout()  # the source checkout this package runs from; None when installed
PROMPTS_DIR = _shipped("prompts")
EXAMPLES_DIR = PROMPTS_DIR / "examples"
CONFIGS_DIR = _shipped("configs")
# A wheel's copy of the pool's sketches (the tiny tokenizer's corpus); a source checkout reads its pool instead.
CORPUS_DIR = DATA_DIR / "corpus"


def shipped(folder: Path) -> Path:
    """`folder` (PROMPTS_DIR, CONFIGS_DIR or one under them) if it is there; else a one-line ConfigError."""
    if folder.is_dir():
        return folder
    raise ConfigError(f"{folder} is missing: critique-paint reads its prompts and configs from a wheel's "
                      "critique_paint/data/ or a source checkout's prompts/ and configs/")


def pool_dir() -> Path:
    """The reference pool: CRITIQUE_PAINT_POOL, else a source checkout's reference_pool/; else a ConfigError that
    names the setting."""
    env = os.environ.get(POOL_ENV)
    if env:
        path = Path(env).expanduser()
        if not path.is_dir():
            raise ConfigError(f"{POOL_ENV}={env} is not a folder: point it at a reference pool (reference_pool/)")
        return path
    if CHECKOUT is not None and (CHECKOUT / "reference_pool").is_dir():
        return CHECKOUT / "reference_pool"
    raise ConfigError(f"no reference pool: set {POOL_ENV} to a reference pool folder (a checkout's reference_pool/)")


def tokenizer_sketches() -> Path:
    """The sketches the tiny tokenizer learns from: the copy a wheel ships, else the checkout's pool (never
    CRITIQUE_PAINT_POOL, so that the tokenizer is the same wherever it is built)."""
    if CORPUS_DIR.is_dir():
        return CORPUS_DIR
    if CHECKOUT is not None and (CHECKOUT / "reference_pool" / "sketches").is_dir():
        return CHECKOUT / "reference_pool" / "sketches"
    raise ConfigError(f"no corpus for the tiny tokenizer: neither {CORPUS_DIR} nor a checkout's reference_pool/")


def config_names() -> list[str]:
    """The shipped training configs, by the name `--config` accepts."""
    return sorted(p.stem for p in CONFIGS_DIR.glob("*.yaml"))


def training_config(name_or_path: str | Path) -> Path:
    """A training YAML by path, or a shipped one by name (`tiny-cpu` or `tiny-cpu.yaml`); else a ConfigError."""
    path = Path(name_or_path).expanduser()
    if path.is_file():
        return path
    name = str(name_or_path)
    if len(path.parts) == 1:
        packaged = shipped(CONFIGS_DIR) / (name if name.endswith(".yaml") else f"{name}.yaml")
        if packaged.is_file():
            return packaged
    raise ConfigError(f"no training config {name!r}: give a YAML path or one of {', '.join(config_names())}")
