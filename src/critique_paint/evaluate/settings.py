"""What an evaluation runs: subjects x episodes x critique sources, and the subjects file it reads.

Light on purpose: the command line reads `EvalSettings`' defaults and help when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from critique_paint.env.protocol import DEFAULT_ACTIONS, DEFAULT_CRITIQUE, DEFAULT_MAX_TURNS, SystemPrompt
from critique_paint.errors import ConfigError
from critique_paint.fields import setting
from critique_paint.paths import PROMPTS_DIR
from critique_paint.pool.drafts import Draft, draft_subjects

EVAL_SUBJECTS = PROMPTS_DIR / "eval_subjects.txt"


class EpisodeKey(NamedTuple):
    """One evaluation episode: its subject, its index k among the subject's (or the draft's) and seed, and the
    draft it starts from, if any."""

    subject: str
    k: int
    seed: int
    draft: Draft | None = None


@dataclass
class EvalSettings:
    """Subjects x episodes; episode k of every subject uses seed `seed + k` for rendering and references."""

    subjects: list[str]
    episodes: int = setting(1, help="episodes per subject")
    max_turns: int = setting(DEFAULT_MAX_TURNS, help="paintings per episode")
    seed: int = setting(0, help="episode k of each subject uses seed S+k (render and reference seed)")
    reward_preset: str | None = None
    concurrency: int = setting(8, help="episodes in flight")
    critiques: list[str] = setting(help="critique sources to run on the same episodes (reward, self, image, blind)",
                                   factory=lambda: [DEFAULT_CRITIQUE])
    keep_best: bool = setting(False, help="a revision scoring below the best painting so far is not kept")
    scorers: list[str] = setting(help="reward presets (names or YAML paths) that score every painting again, to see "
                                      "whether a gain holds under scorers the policy did not train on",
                                 factory=list)
    trained_on: str | None = setting(None, help="the preset the policy trained on (default: the eval's own)")
    brush_methods: tuple[str, ...] | None = setting(None, help="the p5.brush methods a sketch may call (default: "
                                                               "the ten of the sketch contract)")
    system_prompt: SystemPrompt = setting("full", help="the policy's system prompt: full or brief (as it was trained)")
    actions: tuple[str, ...] = setting(DEFAULT_ACTIONS, help="what a reply may do: paint, edit")
    drafts: list[Draft] = setting(help="sketches the episodes start from (`pool.drafts`): each draft's episodes on "
                                       "its own subject, or every subject", factory=list)

    def label(self, policy: str, source: str) -> str:
        """A policy's row label for one critique source (the bare name when only `reward` runs)."""
        return policy if self.critiques == [DEFAULT_CRITIQUE] else f"{policy} · {source}"

    def keys(self) -> list[EpisodeKey]:
        if self.drafts:
            return [EpisodeKey(s, k, self.seed + k, d) for s, d in draft_subjects(self.drafts, self.subjects)
                    for k in range(self.episodes)]
        return [EpisodeKey(s, k, self.seed + k) for s in self.subjects for k in range(self.episodes)]


def read_subjects(path: Path) -> list[str]:
    """One subject per line; blank lines and lines starting with # are skipped."""
    if not path.is_file():
        raise ConfigError(f"no such subjects file: {path}")
    subjects = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    subjects = [s for s in subjects if s and not s.startswith("#")]
    if not subjects:
        raise ConfigError(f"{path} lists no subjects")
    return list(dict.fromkeys(subjects))
