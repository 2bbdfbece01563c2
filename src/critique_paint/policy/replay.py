"""Replays recorded episodes: `paint` transcripts, `eval` results, or the reference pool's revision chains."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from critique_paint.env.replies import PAINT, Reply, ToolCall
from critique_paint.errors import ConfigError
from critique_paint.policy.base import Conversation


@dataclass
class RecordedEpisode:
    """One recorded episode: per turn the sketch painted (None: a tool call that could not paint)."""

    subject: str
    sketches: list[str | None]
    label: str = ""


class ReplayPolicy:
    """Deterministic: episode k of a subject replays that subject's k-th recording (cycling); ends when it runs out."""

    interactive = False

    def __init__(self, episodes: list[RecordedEpisode], name: str):
        if not episodes:
            raise ConfigError(f"{name}: no recorded episodes to replay")
        self.episodes = episodes
        self.name = name

    @classmethod
    def load(cls, path: str) -> ReplayPolicy:
        p = Path(path).expanduser()
        if p.is_dir() and (p / "manifest.jsonl").is_file():
            return cls(pool_chains(p), f"replay:{path}")
        if p.is_dir() and (p / "results.jsonl").is_file():
            p = p / "results.jsonl"
        elif p.is_dir() and (p / "transcript.jsonl").is_file():
            p = p / "transcript.jsonl"
        if not p.is_file():
            raise ConfigError(f"replay:{path}: expected a reference pool folder, results.jsonl or transcript.jsonl")
        if p.name == "manifest.jsonl":
            return cls(pool_chains(p.parent), f"replay:{path}")
        return cls(recorded_episodes(p), f"replay:{path}")

    def subjects(self) -> list[str]:
        return list(dict.fromkeys(e.subject for e in self.episodes))

    def recording(self, subject: str, episode: int) -> RecordedEpisode:
        matches = [e for e in self.episodes if e.subject == subject]
        if not matches:
            raise ConfigError(f"{self.name} has no episode of {subject!r}; it has: {', '.join(self.subjects()[:8])}")
        return matches[episode % len(matches)]

    def next_reply(self, conversation: Conversation) -> Reply:
        """The recorded turn as a paint call (a recorded `bad_call` as a call that cannot paint); past the
        recording, a reply without a call, which ends the episode."""
        recording = self.recording(conversation.subject, conversation.episode)
        if conversation.turn >= len(recording.sketches):
            return Reply()
        sketch = recording.sketches[conversation.turn]
        return Reply.painting(sketch) if sketch is not None else Reply(calls=(ToolCall(PAINT, None),))

    def close(self) -> None:
        pass


def recorded_episodes(path: Path) -> list[RecordedEpisode]:
    """Episodes from a JSONL of turn rows carrying `subject`, `turn` and `sketch` (paint or eval output).

    Rows marked `undone` are skipped; rows are grouped by (policy, subject, episode, seed) in file order.
    """
    groups: dict[tuple, dict[int, str | None]] = {}
    subjects: dict[tuple, str] = {}
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ConfigError(f"{path}:{n}: not JSON ({exc.msg})") from None
            if row.get("event", "turn") != "turn" or row.get("undone") or "sketch" not in row:
                continue
            if not isinstance(row.get("subject"), str) or not isinstance(row.get("turn"), int):
                raise ConfigError(f"{path}:{n}: a turn row needs a string `subject` and an integer `turn`")
            key = (row.get("policy"), row["subject"], row.get("episode", 0), row.get("seed", 0))
            bad_call = "bad_call" in (row.get("codes") or [])
            groups.setdefault(key, {})[row["turn"]] = None if bad_call else row["sketch"] or ""
            subjects[key] = row["subject"]
    return [RecordedEpisode(subject=subjects[k], sketches=[turns[t] for t in sorted(turns)],
                            label=f"{k[0] or 'session'} #{k[2]}") for k, turns in groups.items()]


def pool_chains(pool_dir: Path) -> list[RecordedEpisode]:
    """The pool's revision chains (draft, revision, ...) as episodes, in id order."""
    from critique_paint.pool.chains import improving_chains
    from critique_paint.pool.manifest import load_manifest

    episodes = []
    for chain in improving_chains(load_manifest(pool_dir)):
        sketches: list[str | None] = [(pool_dir / e.source).read_text(encoding="utf-8") for e in chain]
        episodes.append(RecordedEpisode(subject=chain[0].subject, sketches=sketches, label=chain[0].id))
    return episodes
