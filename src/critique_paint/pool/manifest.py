"""The reference pool's manifest: one JSON line per painting."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from critique_paint.errors import ConfigError

TIERS = ("love", "okay", "rejected")
REFERENCE_TIERS = ("love", "okay")
MANIFEST_NAME = "manifest.jsonl"

# Canonical subjects by id prefix; entries may carry a more specific `description`.
SUBJECT_BY_PREFIX = {
    "hibiscus": "a peach hibiscus",
    "lemons": "lemons",
    "koi": "a koi pond",
    "lake": "a mountain lake",
    "tulips": "tulips",
    "shell": "a seashell",
    "cherry": "a cherry blossom branch",
    "harbour": "a harbour at dusk",
    "pears": "pears",
    "irises": "irises",
    "lighthouse": "a lighthouse",
    "plums": "a bowl of plums",
    "barn": "a barn at night",
    "fox": "a red fox in snow",
    "boat": "a rowing boat on a river",
    "sunflowers": "sunflowers",
    "heron": "a heron in reeds",
}


@dataclass
class PoolEntry:
    """One painting of the pool; paths are relative to the pool folder."""

    id: str
    subject: str
    tier: str
    source: str
    render: str
    seed: int
    paint_fraction: float
    render_ms: float
    source_sha256: str
    png_sha256: str
    backend: str = "llvmpipe"
    description: str | None = None
    parent_id: str | None = None
    critique: str | None = None
    note: str | None = None
    improves: bool | None = None  # for revisions: whether this step improves on its parent (pool.chains)

    @property
    def is_reference(self) -> bool:
        return self.tier in REFERENCE_TIERS

    def source_text(self, pool_dir: Path) -> str:
        return (pool_dir / self.source).read_text(encoding="utf-8")

    def to_json(self) -> str:
        return json.dumps({k: v for k, v in asdict(self).items()}, ensure_ascii=False)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def subject_for_id(entry_id: str) -> str | None:
    return SUBJECT_BY_PREFIX.get(entry_id.split("-", 1)[0])


def load_manifest(pool_dir: Path) -> list[PoolEntry]:
    """Read `manifest.jsonl`; a malformed line is a ConfigError naming the line."""
    path = Path(pool_dir) / MANIFEST_NAME
    if not path.is_file():
        raise ConfigError(f"no pool manifest at {path}: run `critique-paint pool import` or point --pool at a pool")
    names = {f.name for f in fields(PoolEntry)}
    entries = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            entries.append(PoolEntry(**{k: v for k, v in raw.items() if k in names}))
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"{path}:{n}: malformed manifest line ({exc})") from None
    return entries


def write_manifest(pool_dir: Path, entries: list[PoolEntry]) -> None:
    """Write the manifest sorted by id (atomic replace)."""
    path = Path(pool_dir) / MANIFEST_NAME
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(e.to_json() + "\n" for e in sorted(entries, key=lambda e: e.id)), encoding="utf-8")
    tmp.replace(path)
