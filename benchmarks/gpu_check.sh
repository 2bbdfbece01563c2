#!/usr/bin/env bash
# One H200, no network, `pip install -e '.[gpu]' -c constraints/gpu.txt` done: the GPU stack, every shipped config's
# plan, then measured memory of the 35B and 4B (random weights of the real architectures) item by item against it.
# Under 8 minutes; the last line says ok or FAIL and why (an item > 15 % off, out of memory, a package, a timeout).
set -uo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 TRL_EXPERIMENTAL_SILENCE=1
python -m critique_paint.cli doctor --gpu
for config in qwen3.5-35b-a3b qwen3.5-35b-a3b-2gpu qwen3.5-4b; do
  python -m critique_paint.cli plan --config "$config" | grep -E "fits|FIT|time:|h for|whole run|vllm-serve"
done
timeout -s TERM 480 python benchmarks/gpu_check.py --timeout 450 "$@"
