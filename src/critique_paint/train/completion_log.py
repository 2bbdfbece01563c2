"""TRL's completion log (`log_completions`) for conversations whose tool answers carry paintings.

TRL writes the logged prompts and completions to parquet; Arrow cannot hold assistant turns whose content is
a string beside tool turns whose content is a list of image and text parts. Each logged message's content is
flattened to text first, a painting becoming the placeholder below.
"""

from __future__ import annotations

from typing import Any

from critique_paint.train.mixin_base import TrainerMixin

IMAGE_PLACEHOLDER = "<painting>"


def text_content(content: Any) -> str:
    """A message content (string, or list of parts) as one string; images become IMAGE_PLACEHOLDER."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    parts = []
    for part in content:
        if isinstance(part, dict) and part.get("type") == "text":
            parts.append(str(part.get("text", "")))
        elif isinstance(part, dict) and part.get("type") == "image":
            parts.append(IMAGE_PLACEHOLDER)
        else:
            parts.append(str(part))
    return "\n".join(parts)


def text_messages(messages: Any) -> Any:
    """A conversation with every content flattened to text (anything that is not a conversation is returned as is)."""
    if not isinstance(messages, list):
        return messages
    return [{**m, "content": text_content(m.get("content"))} if isinstance(m, dict) else m for m in messages]


class TextCompletionLogMixin(TrainerMixin):
    """Mix in before GRPOTrainer: flattens the logged conversations before TRL writes them."""

    def log(self, logs: dict[str, float], start_time: float | None = None) -> None:
        store = getattr(self, "_logs", None)
        if getattr(self, "log_completions", False) and store is not None:
            for key in ("prompt", "completion"):
                flat = [text_messages(m) for m in store[key]]
                store[key].clear()
                store[key].extend(flat)
        super().log(logs, start_time)
