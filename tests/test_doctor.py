"""`critique-paint doctor`: the CPU set-up passes; `--gpu` on a machine without CUDA names what a GPU run lacks."""

from __future__ import annotations

from conftest import run_cli

ENV = {"COLUMNS": "200", "PATH": "/usr/bin:/bin"}  # wide enough for one row per check; Chromium found on the system


def test_doctor_passes_here_and_reports_the_gpu_stack_missing():
    result = run_cli("doctor", env=ENV)
    assert result.exit_code == 0, result.output
    assert "llvmpipe" in result.stdout and "cuda" not in result.stdout
    result = run_cli("doctor", "--gpu", env=ENV)
    assert result.exit_code == 1
    for check in ("cuda", "vllm", "flash-linear-attention", "causal-conv1d"):
        assert check in result.stdout
    assert "no CUDA device" in result.stdout and "pip install -e '.[gpu]'" in result.stdout
