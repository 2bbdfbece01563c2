#!/usr/bin/env bash
# One H200, no network, `pip install -e '.[gpu]'` done: measured peak memory of the shipped Qwen configs (random
# weights of the real architectures) beside `critique-paint plan`. About 8 minutes; exit 1 when off by > 15 %.
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 TRL_EXPERIMENTAL_SILENCE=1
python -m critique_paint.cli doctor --gpu || true
python -m critique_paint.cli plan --config configs/qwen3.5-35b-a3b.yaml
python -m critique_paint.cli plan --config configs/qwen3.5-4b.yaml
timeout 480 python benchmarks/gpu_check.py "$@"
