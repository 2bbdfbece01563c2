"""`critique-paint doctor`: the CPU set-up passes; `--gpu` on a machine without CUDA names what a GPU run lacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CLI = str(Path(sys.executable).with_name("critique-paint"))


def test_doctor_passes_here_and_reports_the_gpu_stack_missing():
    proc = subprocess.run([CLI, "doctor"], capture_output=True, text=True, timeout=300, env={"COLUMNS": "200",
                                                                                              "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "llvmpipe" in proc.stdout and "cuda" not in proc.stdout
    proc = subprocess.run([CLI, "doctor", "--gpu"], capture_output=True, text=True, timeout=300,
                          env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 1
    for check in ("cuda", "vllm", "flash-linear-attention", "causal-conv1d"):
        assert check in proc.stdout
    assert "no CUDA device" in proc.stdout and "pip install -e '.[gpu]'" in proc.stdout
