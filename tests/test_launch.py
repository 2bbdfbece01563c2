"""The launch lines `plan` prints for CPU ranks really start two processes that join one gloo group."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from critique_paint.config.training import load_train_config
from critique_paint.paths import CONFIGS_DIR
from critique_paint.plan import plan_run

PROBE = """
import sys
from pathlib import Path
from accelerate import PartialState
state = PartialState(cpu=True)  # what TrainingArguments(use_cpu=True) builds
rank = state.process_index
Path(sys.argv[1], f"rank{rank}").write_text(f"{rank} of {state.num_processes} {state.backend}")
"""


@pytest.mark.parametrize("form", ["accelerate", "torchrun"])
def test_the_printed_cpu_launch_starts_two_ranks(form, tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    plan = plan_run(load_train_config(CONFIGS_DIR / "tiny-cpu.yaml"), "grpo", gpus=2)
    line = next(c for c in plan.launch_commands if c.startswith(form))
    words = shlex.split(line)
    found = tmp_path / "ranks"
    found.mkdir()
    # the same launcher, our probe instead of the CLI; each rank writes its own file (a shared pipe interleaves)
    words = words[: words.index("-m")] + [str(probe), str(found)]
    tool = Path(sys.executable).parent / words[0]
    # in this working directory: the printed accelerate config path is relative to it
    result = subprocess.run([str(tool), *words[1:]], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    ranks = sorted(f.read_text() for f in found.iterdir())
    assert ranks == ["0 of 2 gloo", "1 of 2 gloo"], result.stdout[-2000:]
