"""benchmarks/gpu_check.py on CPU: the checkpoint round trip, TRL's log-prob path, the cache measure, the rows and
every way it ends (an item off, out of memory, a missing package, no CUDA device, a timeout)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import gpu_check  # noqa: E402

SCRIPT = ROOT / "benchmarks" / "gpu_check.py"


def _run(code: str, *, env: dict | None = None, timeout: int = 120) -> list[str]:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                         timeout=timeout, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "benchmarks"),
                                                         **(env or {})})
    return [line for line in out.stdout.splitlines() if line.strip()] + [f"rc={out.returncode}"]


def test_the_random_4b_checkpoint_carries_its_processor_and_loads_back(tmp_path):
    from PIL import Image

    folder = gpu_check.save_random_checkpoint("Qwen/Qwen3.5-4B", tmp_path / "random-4b", tiny=True)
    for name in ("config.json", "generation_config.json", "model.safetensors", "tokenizer.json",
                 "tokenizer_config.json", "chat_template.jinja"):
        assert (folder / name).is_file(), name
    assert gpu_check.has_image_processor(folder)  # preprocessor_config.json, or processor_config.json (newer)
    model, processor = gpu_check.reload_checkpoint(folder)
    assert type(model).__name__ == "Qwen3_5ForConditionalGeneration"
    messages = [{"role": "user", "content": [{"type": "image", "image": Image.new("RGB", (64, 64), "white")},
                                             {"type": "text", "text": "paint"}]}]
    inputs = processor.apply_chat_template(messages, tokenize=True, return_dict=True, add_generation_prompt=True)
    assert "pixel_values" in inputs
    assert model.config.image_token_id == processor.tokenizer.convert_tokens_to_ids("<|image_pad|>")


def test_without_the_processor_files_the_checkpoint_does_not_load(tmp_path):
    folder = gpu_check.save_random_checkpoint("Qwen/Qwen3.5-4B", tmp_path / "random-4b", tiny=True)
    for name in ("preprocessor_config.json", "processor_config.json", "video_preprocessor_config.json"):
        (folder / name).unlink(missing_ok=True)
    with pytest.raises(Exception):  # noqa: B017 - whatever transformers raises: what the old check hit on every run
        gpu_check.reload_checkpoint(folder)


def test_trl_log_prob_path_trains_the_lora(tmp_path):
    import torch
    from peft import LoraConfig, get_peft_model
    from trl.trainer.utils import add_fused_lm_head

    from critique_paint.models.loading import load_policy

    model, _, _ = load_policy("tiny:qwen3_5_moe", cache_dir=tmp_path / "cache", vision=True)
    add_fused_lm_head(model, outputs=("log_probs", "entropy"))
    model = get_peft_model(model, LoraConfig(r=4, target_modules="all-linear", exclude_modules=".*visual.*"))
    ids = torch.randint(0, 200, (1, 48))
    loss = gpu_check.trl_logprob_pass(model, ids, prompt_len=16)
    loss.backward()
    assert torch.isfinite(loss)
    grads = [p.grad for n, p in model.named_parameters() if "lora_" in n and p.grad is not None]
    assert grads and any(g.abs().sum() > 0 for g in grads)


def test_the_measured_cache_is_the_planned_cache_on_the_tiny_build(tmp_path):
    import torch

    from critique_paint.plan.model import model_facts

    folder = gpu_check.save_random_checkpoint("Qwen/Qwen3.5-35B-A3B", tmp_path / "tiny-35b", tiny=True)
    model, _ = gpu_check.reload_checkpoint(folder)
    m = model_facts(str(folder))
    batch, length = 3, 40
    with torch.no_grad():
        cache = model.model(input_ids=torch.randint(0, 200, (batch, length)), use_cache=True).past_key_values
    fp32 = 2  # the plan counts K and V in a 2-byte dtype; this build is fp32
    planned = fp32 * m.kv_bytes_per_token * batch * length + batch * (4 * m.state_elems_per_seq
                                                                      + 4 * m.conv_elems_per_seq)
    measured = gpu_check.cache_bytes(cache)
    print(f"tiny 35B cache: planned {planned} B, measured {measured} B")
    assert abs(gpu_check.relative_off(planned, measured)) <= gpu_check.TOLERANCE


def test_rows_print_as_measured_and_an_item_off_fails():
    lines = []
    report = gpu_check.Report(out=lines.append)

    def two_items(r):
        r.row("close", 10.0, 11.0, 1.0)
        assert len(lines) == 2  # header and the first row are out before the second is measured
        r.row("far", 10.0, 12.0, 1.0)

    assert gpu_check.run_checks([("items", two_items)], 60, report) == 1
    assert lines[1].startswith("close") and not lines[1].endswith("OFF")
    assert lines[2].startswith("far") and lines[2].endswith("OFF")
    assert lines[-1] == "FAIL: 1 of 2 items more than 15% off the plan: far"
    ok: list[str] = []
    assert gpu_check.run_checks([("items", lambda r: r.row("x", 10.0, 9.0, 0.0))], 60,
                                gpu_check.Report(out=ok.append)) == 0
    assert ok[-1] == "ok: all 1 items within 15% of the plan"


def test_out_of_memory_ends_in_one_line_after_the_rows_measured():
    lines = _run("""
        import resource, torch, gpu_check
        def big(r):
            r.row("first item", 1.0, 1.0, 0.0)
            r.where = "allocating 64 GiB"
            torch.empty(2**34, dtype=torch.float32)
        limit = 6 * 2**30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        raise SystemExit(gpu_check.run_checks([("big", big)], 60))
    """)
    assert lines[1].startswith("first item")
    assert lines[-2].startswith("FAIL: out of memory in allocating 64 GiB") and lines[-1] == "rc=1"


def test_a_timeout_ends_in_one_line_naming_where():
    lines = _run("""
        import time, gpu_check
        def slow(r):
            r.row("first item", 1.0, 1.0, 0.0)
            r.where = "waiting"
            time.sleep(30)
        raise SystemExit(gpu_check.run_checks([("slow", slow)], 1))
    """)
    assert lines[1].startswith("first item")
    assert lines[-2].startswith("FAIL: timed out after 1 s in waiting (limit 1 s)") and lines[-1] == "rc=1"


def test_the_script_here_names_the_missing_packages():
    out = subprocess.run([sys.executable, str(SCRIPT), "--timeout", "60"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert out.stdout.strip().splitlines()[-1] == (
        "FAIL: missing package(s): vllm, flash-linear-attention (pip install -e '.[gpu]' -c constraints/gpu.txt)")


def test_with_the_packages_present_the_script_here_says_there_is_no_cuda(tmp_path):
    for module in ("vllm", "fla"):  # importable stand-ins: the check only asks whether they are installed
        (tmp_path / module).mkdir()
        (tmp_path / module / "__init__.py").write_text("")
    out = subprocess.run([sys.executable, str(SCRIPT), "--timeout", "60"], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert out.returncode == 1
    assert out.stdout.strip().splitlines()[-1].startswith("FAIL: no CUDA device")
