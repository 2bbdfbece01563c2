"""What transformers really runs for Qwen3.5's Gated DeltaNet, read back from transformers itself.

transformers picks a kernel once, when `modeling_qwen3_5` is imported, so each case runs in a fresh interpreter
with a small `causal_conv1d` package of the test's own on the path: one that works (a plain depthwise convolution),
one that fails to import the way a binary built for another torch does, and one that imports but computes nonsense.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from critique_paint.plan.kernels import deltanet_fast, kernel_paths, kernel_summary

GOOD = """
import torch
import torch.nn.functional as F

def causal_conv1d_fn(x, weight, bias=None, seq_idx=None, activation=None):
    out = F.conv1d(x, weight.unsqueeze(1), bias, padding=weight.shape[-1] - 1, groups=x.shape[1])[..., : x.shape[-1]]
    return F.silu(out) if activation in ("silu", "swish") else out

def causal_conv1d_update(x, conv_state, weight, bias=None, activation=None):
    full = torch.cat([conv_state, x], dim=-1)
    conv_state.copy_(full[:, :, -conv_state.shape[-1]:])
    out = F.conv1d(full, weight.unsqueeze(1), bias, groups=x.shape[1])[..., -x.shape[-1]:]
    return F.silu(out) if activation in ("silu", "swish") else out
"""
BROKEN = 'raise ImportError("causal_conv1d_cuda.so: undefined symbol: _ZN3c104cuda9SetDeviceEi")\n'
WRONG = GOOD.replace("return F.silu(out) if", "return 0 * out if")

PROBE = """
import json
from critique_paint.plan.kernels import kernel_paths, run_kernels
from critique_paint.plan import plan_run
from critique_paint.config.training import load_train_config
from critique_paint.paths import CONFIGS_DIR
paths = {p.function: [p.fast, p.implementation, p.reason] for p in kernel_paths("qwen3_5")}
ran = run_kernels("qwen3_5", device="cpu")
plan = plan_run(load_train_config(CONFIGS_DIR / "qwen3.5-4b.yaml"), "grpo")
print(json.dumps({"paths": paths, "ran": ran, "plan_kernels": plan.kernels}))
"""


def _probe(tmp_path, source: str | None) -> dict:
    if source is not None:
        (tmp_path / "causal_conv1d").mkdir()
        (tmp_path / "causal_conv1d" / "__init__.py").write_text(textwrap.dedent(source))
    env = {"PYTHONPATH": str(tmp_path), "HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_here_every_function_runs_the_reference_and_says_why():
    paths = {p.function: p for p in kernel_paths()}
    assert set(paths) == {"torch_chunk_gated_delta_rule", "torch_recurrent_gated_delta_rule", "causal_conv1d_fn",
                          "causal_conv1d_update"}
    assert all(p.fast is False and "not installed" in p.reason for p in paths.values())
    assert not deltanet_fast()
    assert "reference PyTorch" in kernel_summary()


@pytest.mark.slow
def test_a_working_package_is_selected_and_agrees_with_the_reference(tmp_path):
    found = _probe(tmp_path, GOOD)
    for name in ("causal_conv1d_fn", "causal_conv1d_update"):
        fast, implementation, reason = found["paths"][name]
        assert fast is True and implementation == f"causal_conv1d.{name}" and reason == ""
        assert found["ran"][name] == ""  # ran beside transformers' reference and agreed
    assert found["paths"]["torch_chunk_gated_delta_rule"][0] is False
    assert "short convolution: causal-conv1d" in found["plan_kernels"]


@pytest.mark.slow
def test_a_binary_built_for_another_torch_is_reported_not_swallowed(tmp_path):
    found = _probe(tmp_path, BROKEN)
    fast, implementation, reason = found["paths"]["causal_conv1d_fn"]
    assert fast is False and implementation.startswith("transformers.")
    assert "does not import: ImportError" in reason and "undefined symbol" in reason
    assert "undefined symbol" in found["plan_kernels"]


@pytest.mark.slow
def test_a_kernel_that_computes_something_else_fails_the_run(tmp_path):
    found = _probe(tmp_path, WRONG)
    assert found["paths"]["causal_conv1d_fn"][0] is True  # transformers would use it
    assert "differs from the reference" in found["ran"]["causal_conv1d_fn"]
