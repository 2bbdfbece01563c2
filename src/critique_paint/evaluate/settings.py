"""What an evaluation runs: subjects x episodes x critique sources, and the subjects file it reads.

Light on purpose: the command line reads `EvalSettings`' defaults and help when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from critique_paint.env.protocol import DEFAULT_MAX_TURNS
from critique_paint.errors import ConfigError
from critique_paint.fields import setting
from critique_paint.paths import PROMPTS_DIR

EVAL_SUBJECTS = PROMPTS_DIR / "eval_subjects.txt"


@dataclass
class EvalSettings:
    """Subjects x episodes; episode k of every subject uses seed `seed + k` for rendering and references."""

    subjects: list[str]
    episodes: int = setting(1, help="episodes per subject")
    max_turns: int = setting(DEFAULT_MAX_TURNS, help="paintings per episode")
    seed: int = setting(0, help="episode k of each subject uses seed S+k (render and reference seed)")
    reward_preset: str | None = None
    concurrency: int = setting(8, help="episodes in flight")

    def keys(self) -> list[tuple[str, int, int]]:
        return [(s, k, self.seed + k) for s in self.subjects for k in range(self.episodes)]


def read_subjects(path: Path) -> list[str]:
    """One subject per line; blank lines and lines starting with # are skipped."""
    if not path.is_file():
        raise ConfigError(f"no such subjects file: {path}")
    subjects = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    subjects = [s for s in subjects if s and not s.startswith("#")]
    if not subjects:
        raise ConfigError(f"{path} lists no subjects")
    return list(dict.fromkeys(subjects))
