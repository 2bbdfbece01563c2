"""Conversations as text for TRL's completion log (`PaintGRPOTrainer.log`) and the rollout archive.

TRL writes the logged prompts and completions to parquet; Arrow cannot hold assistant turns whose content is
a string beside tool turns whose content is a list of image and text parts. Each logged message's content is
flattened to text first, a painting becoming the placeholder below.
"""

from __future__ import annotations

from typing import Any

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
