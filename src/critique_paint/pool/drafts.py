"""Drafts: sketches an episode starts from (painted by the environment as painting 1, for the policy to revise).

A draft is a `.js` file (`paint --from`), every `.js` file of a folder (`eval --drafts`, `environment.drafts`), or
`synthetic`, the demo task's draft (`pool.synthetic`). A file whose first line is `// subject: ...` paints that
subject; any other draft takes the subjects it is given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from critique_paint.errors import ConfigError
from critique_paint.sketch.rules import MAX_SOURCE_CHARS

SYNTHETIC = "synthetic"
_SUBJECT = re.compile(r"^\s*//\s*subject:\s*(?P<subject>\S.*?)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Draft:
    """A sketch to start from: its name (the file's stem), source, and the subject it names, if any."""

    name: str
    source: str
    subject: str | None = None


def read_draft(path: Path) -> Draft:
    """One draft file; ConfigError when it cannot be read, is empty or is longer than a sketch may be."""
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the draft {path}: {exc}") from None
    if not source.strip():
        raise ConfigError(f"the draft {path} is empty")
    if len(source) > MAX_SOURCE_CHARS:
        raise ConfigError(f"the draft {path} is {len(source):,} characters, over the sketch limit of "
                          f"{MAX_SOURCE_CHARS:,}")
    first = source.split("\n", 1)[0]
    match = _SUBJECT.match(first)
    return Draft(path.stem, source, match.group("subject") if match else None)


def load_drafts(spec: str | Path) -> list[Draft]:
    """The drafts `spec` names: `synthetic`, a `.js` file, or a folder of them (sorted by name); ConfigError when
    there are none."""
    if str(spec) == SYNTHETIC:
        from critique_paint.pool.synthetic import flower_sketch

        return [Draft("demo-draft", flower_sketch())]
    path = Path(spec)
    if path.is_file():
        return [read_draft(path)]
    if not path.is_dir():
        raise ConfigError(f"no such draft file or folder: {path} (or use {SYNTHETIC!r}, the demo task's draft)")
    files = sorted(path.glob("*.js"))
    if not files:
        raise ConfigError(f"{path} holds no .js drafts")
    return [read_draft(f) for f in files]


def draft_subjects(drafts: list[Draft], subjects: list[str]) -> list[tuple[str, Draft]]:
    """Each (subject, draft) pair to play: a draft that names its subject once, any other with every subject."""
    return [(s, d) for d in drafts for s in ([d.subject] if d.subject else subjects)]
