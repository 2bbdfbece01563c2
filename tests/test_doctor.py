"""`critique-paint doctor`: the CPU set-up passes; `--gpu` names what a GPU run lacks, here and on a GPU machine."""

from __future__ import annotations

import json

from critique_paint.plan.cuda import match

from conftest import run_cli

ENV = {"COLUMNS": "200", "PATH": "/usr/bin:/bin"}  # wide enough for one row per check; Chromium found on the system
GPU_ROWS = ("driver vs torch build", "cuda", "gpu set", "vllm", "flash-linear-attention", "causal-conv1d",
            "kernels on the gpu", "planner")


def test_doctor_passes_here_and_reports_the_gpu_stack():
    import torch

    result = run_cli("doctor", env=ENV)
    if not torch.cuda.is_available():
        assert result.exit_code == 0, result.output
        assert "llvmpipe" in result.stdout and "cuda" not in result.stdout
    result = run_cli("doctor", "--gpu", "--json", env=ENV)
    rows = json.loads(result.stdout)
    assert all(row in rows for row in GPU_ROWS)
    assert result.exit_code == (0 if all(r["ok"] for r in rows.values()) else 1)  # right on a healthy GPU machine too
    assert all(r["fix"] for r in rows.values() if not r["ok"])  # every failing row says what to do
    if not torch.cuda.is_available():
        assert result.exit_code == 1
        assert "no CUDA device" in rows["cuda"]["found"]
        assert rows["flash-linear-attention"]["found"].startswith("reference PyTorch code")
        assert rows["planner"]["found"].startswith("plans with: Gated DeltaNet: reference PyTorch")


def test_the_table_names_the_fix():
    result = run_cli("doctor", "--gpu", env=ENV)
    for check in GPU_ROWS:
        assert check in result.stdout
    assert "pip install -e '.[gpu]' -c constraints/gpu.txt" in result.stdout


def test_a_cuda_13_torch_on_a_cuda_12_driver_gets_the_cuda_12_index():
    m = match((12, 8), "13.0", "2.13.0")
    assert not m.ok and "driver supports CUDA 12.8" in m.found and "a CUDA 13.0 build" in m.found
    assert "pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cu128" in m.fix
    assert "580" in m.fix
    assert match((13, 1), "13.0", "2.13.0").ok and match((13, 0), "13.0", "2.13.0+cu130").ok
    assert match((12, 9), "12.9", "2.13.0+cu129").ok
    old = match((12, 2), "13.0", "2.13.0")
    assert not old.ok and old.fix.startswith("upgrade the NVIDIA driver")
    cpu = match((12, 9), None, "2.13.0+cpu")
    assert not cpu.ok and "a CPU build" in cpu.found and "cu129" in cpu.fix
    assert match(None, "13.0", "2.13.0").found.startswith("no NVIDIA driver")
