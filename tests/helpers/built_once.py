"""What a test run builds at great cost (a trained model, a rendered corpus) is built once per run, by the first
test (of any xdist worker) that asks for it, and reused by every other, keyed by what determines it."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

SYNTHETIC_CORPUS = "synthetic-corpus"  # the demo task's corpus renders (test_channel, test_learning_check)


def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this run that every xdist worker shares (the workers' base temp folders sit side by side)."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "built-once"


@contextmanager
def one_at_a_time(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[None]:
    """Holds the run's lock `name` (every xdist worker's): renders two tests would each make into the run's render
    cache are made by the first, and the second, waiting, reads them back."""
    folder = run_dir(tmp_path_factory)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, key: object,
               build: Callable[[Path], Path]) -> Path:
    """`build(folder)`'s path for (`name`, `key`): built under a lock by the first caller of the run, read back by
    the rest. A build that raised is tried again by the next caller."""
    digest = hashlib.sha256(json.dumps(key, sort_keys=True, default=str).encode()).hexdigest()[:12]
    root = run_dir(tmp_path_factory) / f"{name}-{digest}"
    root.mkdir(parents=True, exist_ok=True)
    done = root / "built.json"
    with open(root / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.is_file():
            return Path(json.loads(done.read_text())["path"])
        path = build(root / "build")
        done.write_text(json.dumps({"path": str(path), "key": key}, default=str))
        return path

