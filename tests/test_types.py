"""The package type-checks: mypy, configured in pyproject.toml ([tool.mypy]), finds nothing (as `make lint` runs it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_mypy_is_clean():
    # a hang guard, not a speed check: 23 s alone, past 580 s beside a second suite and more work on 2 cores
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=3000)
    assert done.returncode == 0 and "Success" in done.stdout, done.stdout[-4000:] + done.stderr[-2000:]
