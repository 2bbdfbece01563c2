"""A person writes each sketch: in $EDITOR (pre-filled with the sketch that stands) or pasted at the terminal."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from critique_paint.env.replies import Reply
from critique_paint.errors import ConfigError
from critique_paint.paths import EXAMPLES_DIR
from critique_paint.policy.base import Conversation

PASTE_END = "."


class HumanPolicy:
    """`editor` (or $VISUAL/$EDITOR) opens a file per turn; without one the sketch is pasted, ending with '.'."""

    name = "human"
    interactive = True

    def __init__(self, editor: str | None = None, stdin=None, stdout=None):
        self.editor = editor if editor is not None else (os.environ.get("VISUAL") or os.environ.get("EDITOR") or "")
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    def starting_sketch(self, conversation: Conversation) -> str:
        if conversation.standing is not None:
            return conversation.standing
        examples = sorted(EXAMPLES_DIR.glob("*.js"))
        return examples[0].read_text(encoding="utf-8") if examples else ""

    def next_reply(self, conversation: Conversation) -> Reply:
        """The person's sketch as a paint call; an empty one calls nothing, which ends the episode."""
        text = self._edit(self.starting_sketch(conversation)) if self.editor else self._paste()
        return Reply.painting(text) if text.strip() else Reply(raw=text)

    def _edit(self, initial: str) -> str:
        with tempfile.TemporaryDirectory(prefix="critique-paint-") as tmp:
            path = Path(tmp) / "sketch.js"
            path.write_text(initial, encoding="utf-8")
            try:
                code = subprocess.call([*shlex.split(self.editor), str(path)])
            except OSError as exc:
                raise ConfigError(f"cannot run the editor {self.editor!r}: {exc}") from None
            if code != 0:
                raise ConfigError(f"the editor {self.editor!r} exited with status {code}")
            return path.read_bytes().decode("utf-8", errors="replace")

    def _paste(self) -> str:
        self.stdout.write(f"Paste the sketch, then a line with only '{PASTE_END}' (an empty paste stops):\n")
        self.stdout.flush()
        lines = []
        for line in self.stdin:
            if line.rstrip("\r\n") == PASTE_END:
                break
            lines.append(line)
        return "".join(lines)

    def close(self) -> None:
        pass
