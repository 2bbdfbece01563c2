"""The policy interface, the conversation it reads, and `make_policy(spec)`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from critique_paint.errors import ConfigError

NOTE_PREFIX = "A note from the person watching:"


@dataclass
class PolicyReply:
    """The next sketch (None: the policy has nothing more to paint) and the raw text it came from."""

    sketch: str | None
    raw: str = ""


@dataclass
class Conversation:
    """System prompt, task, then per painting a `paint` call and the environment's answer (as in training)."""

    subject: str
    max_turns: int
    seed: int = 0
    episode: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)
    images: list[bytes | None] = field(default_factory=list)

    @classmethod
    def start(cls, subject: str, max_turns: int, task: str, *, seed: int = 0, episode: int = 0) -> Conversation:
        from critique_paint.train.conversations import system_message

        return cls(subject=subject, max_turns=max_turns, seed=seed, episode=episode,
                   messages=[system_message(), {"role": "user", "content": task}])

    @property
    def turn(self) -> int:
        """Paintings submitted so far."""
        return len(self.images)

    def sketches(self) -> list[str]:
        return [m["tool_calls"][0]["function"]["arguments"]["sketch"]
                for m in self.messages if m["role"] == "assistant" and m.get("tool_calls")]

    def add_painting(self, sketch: str, observation: str, png: bytes | None, note: str | None = None) -> None:
        """Append one turn: the `paint` call and the environment's answer (plus a person's note, if any)."""
        from critique_paint.train.conversations import paint_answer, paint_call

        content = observation if not note else f"{observation}\n\n{NOTE_PREFIX} {note.strip()}"
        self.messages += [paint_call(sketch), paint_answer(content)]
        self.images.append(png)

    def add_note(self, note: str) -> None:
        """Attach a person's critique to the last painting's answer."""
        last = self.messages[-1]
        if last["role"] != "tool":
            raise ValueError("there is no painting to comment on yet")
        last["content"] = f"{last['content']}\n\n{NOTE_PREFIX} {note.strip()}"

    def undo(self) -> None:
        """Drop the last painting and its answer."""
        if not self.images:
            raise ValueError("there is nothing to undo")
        del self.messages[-2:]
        self.images.pop()

    def image_data_url(self, index: int) -> str | None:
        from critique_paint.reward.judge import png_data_url

        png = self.images[index]
        return None if png is None else png_data_url(png)


class Policy(Protocol):
    """Writes the next sketch of an episode."""

    name: str
    interactive: bool  # needs a person at a terminal (cannot run in `eval`)

    def next_sketch(self, conversation: Conversation) -> PolicyReply: ...

    def close(self) -> None: ...


@dataclass
class PolicyOptions:
    """Settings for the policies that need them (each ignores the rest)."""

    base_url: str | None = None
    api_key: str | None = None
    adapter: str | None = None
    temperature: float = 0.7
    max_new_tokens: int = 4096
    send_images: bool | None = None
    timeout_s: float = 300.0
    editor: str | None = None
    dtype: str | None = None
    thinking: bool = False  # openai: let a Qwen3 server think (by default it is asked not to, as in training)


def make_policy(spec: str, options: PolicyOptions | None = None) -> Policy:
    """`human`, `hf:ID_OR_PATH`, `openai:MODEL` or `replay:PATH`."""
    options = options or PolicyOptions()
    kind, _, arg = spec.partition(":")
    kind = kind.strip().lower()
    if kind == "human" and not arg:
        from critique_paint.policy.human import HumanPolicy

        return HumanPolicy(editor=options.editor)
    if kind in {"hf", "openai", "replay"} and not arg.strip():
        raise ConfigError(f"policy {spec!r} needs an argument: {kind}:{_ARG_HELP[kind]}")
    if kind == "hf":
        from critique_paint.policy.hf import HfPolicy

        return HfPolicy(arg.strip(), options)
    if kind == "openai":
        from critique_paint.policy.openai_chat import OpenAIPolicy

        return OpenAIPolicy(arg.strip(), options)
    if kind == "replay":
        from critique_paint.policy.replay import ReplayPolicy

        return ReplayPolicy.load(arg.strip())
    raise ConfigError(f"unknown policy {spec!r}: use human, hf:ID_OR_PATH, openai:MODEL or replay:PATH")


_ARG_HELP = {"hf": "ID_OR_PATH", "openai": "MODEL", "replay": "PATH"}
