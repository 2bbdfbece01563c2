"""Where the project's data files live (repo checkout or installed package)."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(os.environ.get("CRITIQUE_PAINT_HOME", Path(__file__).resolve().parents[2]))
PROMPTS_DIR = REPO_ROOT / "prompts"
EXAMPLES_DIR = PROMPTS_DIR / "examples"
CONFIGS_DIR = REPO_ROOT / "configs"
POOL_DIR = REPO_ROOT / "reference_pool"
