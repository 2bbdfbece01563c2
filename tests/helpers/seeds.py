"""The torch seed of the model tests: `CRITIQUE_PAINT_TEST_SEED` (default 0) runs them under another one."""

from __future__ import annotations

import os

TEST_SEED = int(os.environ.get("CRITIQUE_PAINT_TEST_SEED", "0"))


def seed_overrides() -> list[str]:
    """`--set` style overrides that put SFT and GRPO (sampling, data order, init) on the test seed."""
    return [f"sft.seed={TEST_SEED}", f"grpo.seed={TEST_SEED}"]
