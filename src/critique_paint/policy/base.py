"""The policy interface, the conversation it reads, and the options policies take."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from critique_paint.env.episode import Episode
from critique_paint.env.protocol import tool_schemas
from critique_paint.env.replies import Reply
from critique_paint.fields import setting


@dataclass(frozen=True)
class Conversation:
    """What a policy reads, derived from the episode: the training conversation and the paintings it was shown.

    `episode` (which episode of the subject) and `seed` let a policy sample reproducibly.
    """

    subject: str
    messages: tuple[dict[str, Any], ...]
    images: tuple[bytes | None, ...]
    seed: int = 0
    episode: int = 0
    tools: tuple[dict[str, Any], ...] = field(default_factory=lambda: tuple(tool_schemas()))
    drafted: bool = False  # the first painting is the episode's draft (shown in the user turn)
    standing: str | None = None  # the sketch an edit would change

    @classmethod
    def of(cls, episode: Episode, index: int = 0) -> Conversation:
        standing = episode.standing_turn()
        return cls(subject=episode.settings.subject, messages=tuple(episode.messages()),
                   images=tuple(episode.images()), seed=episode.settings.seed, episode=index,
                   tools=tuple(episode.settings.tools()), drafted=episode.settings.draft is not None,
                   standing=standing.sketch if standing else None)

    @property
    def turn(self) -> int:
        """Paintings submitted so far."""
        return len(self.images)

    def image_data_url(self, index: int) -> str | None:
        from critique_paint.reward.judge import png_data_url

        png = self.images[index]
        return None if png is None else png_data_url(png)


class Policy(Protocol):
    """Writes the next reply of an episode; its tool calls are read by `env.replies` (a reply without a call ends
    the episode)."""

    name: str
    interactive: bool  # needs a person at a terminal (cannot run in `eval`)

    def next_reply(self, conversation: Conversation) -> Reply: ...

    def close(self) -> None: ...


@dataclass
class PolicyOptions:
    """Settings for the policies that need them (each ignores the rest)."""

    base_url: str | None = setting(None, help="openai: the OpenAI-compatible server (vLLM, OpenAI, ...), ending in /v1")
    api_key: str | None = setting(None, help="openai: the API key (default $OPENAI_API_KEY)")
    adapter: str | None = setting(None, help="hf: a LoRA adapter folder to apply to the model")
    temperature: float = setting(0.7, help="sampling temperature (0: greedy)")
    top_p: float = setting(0.95, help="nucleus sampling: keep the smallest token set with this much probability")
    top_k: int = setting(0, help="hf: sample only among the k most likely tokens (0: no limit)")
    max_new_tokens: int = setting(4096, help="most tokens generated per turn")
    batch_size: int = setting(8, help="hf: most concurrent episodes' turns decoded together (text models)")
    send_images: bool | None = setting(None, help="openai: show the model each painting as an image")
    timeout_s: float = setting(300.0, help="openai: seconds per request")
    retries: int = setting(2, help="openai: further tries after a failed request (0: one try)")
    backoff_s: float = setting(1.0, help="openai: seconds before the first retry; doubles each retry, with jitter")
    editor: str | None = setting(None, help="human: the editor command (default $VISUAL or $EDITOR; none: paste)")
    dtype: str | None = setting(None, help="hf: bfloat16, float16 or float32 (default: the model's)")
    thinking: bool = setting(False, help="openai: let a Qwen3/Qwen3.5 model think (by default the server is sent "
                                         "chat_template_kwargs enable_thinking=false, as in training)")
