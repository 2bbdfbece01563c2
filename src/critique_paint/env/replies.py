"""The one reply parser: what a policy's generated turn asks of the environment.

GRPO, `eval`, `paint` and replays read a reply the same way. Generated text becomes an assistant message through
transformers' response parser with `REPLY_FORMAT` (set as the tokenizer's `response_template`, so TRL's tool loop
parses with it too); `Reply.from_message` then reads that message, or one a chat server parsed itself. A reply's
tool calls are read as moves (`Reply.moves`), each one painting attempt: a `paint(sketch=...)` call paints; a run of
consecutive `edit(old=..., new=...)` calls applies in order to one copy of the standing sketch, painted once; any
other call is rejected as the turn's `bad_call` verdict. A reply without a call ends the episode.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from critique_paint.sketch.edits import Edit

PAINT = "paint"
EDIT = "edit"
TOOL_NAMES = (PAINT, EDIT)
START_OF_REPLY = "<|im_start|>assistant\n"
CALL_MARKERS = ("<tool_call>", "<function=")

# Why an episode ended (recorded on the episode by every path that plays one).
END_REASONS = {
    "turns_used": "every painting the episode allows was made",
    "no_call": "the reply called no tool",
    "malformed_call": "the reply wrote tool-call markup that did not parse as a call",
    "length": "the reply or the episode ran out of tokens",
    "unscored": "a service failed; the episode cannot be scored",
}

# Qwen3.5's reply format: optional thinking, text, then any number of XML tool calls.
REPLY_FORMAT: dict[str, Any] = {
    "defaults": {"role": "assistant"},
    "start_anchor": START_OF_REPLY,
    "fields": {
        "reasoning_content": {"open": "<think>", "close_pattern": r"</think>\s*", "content": "text"},
        "tool_calls": {
            "open_pattern": r"<tool_call>\s*<function=(?P<name>[^\n>]+)>",
            "close_pattern": r"</tool_call>\s*",
            "repeats": True,
            "content": "xml-inline",
            "content_args": {"tag_pattern": r"<parameter=(?P<key>[^>\n]+)>\s*(?P<value>.*?)\s*</parameter>",
                             "value_parser": {"name": "text"}},
            "transform": {"type": "function", "function": {"name": "{name}", "arguments": "{content}"}},
        },
        "content": {"close_pattern": r"<\|im_end\|>\s*", "content": "text"},
    },
}


@dataclass(frozen=True)
class ToolCall:
    """One tool call of a reply; `sketch` is set only for a well-formed `paint(sketch=...)`, `edit` only for a
    well-formed `edit(old=..., new=...)`."""

    name: str
    arguments: Mapping[str, Any] | None

    @property
    def sketch(self) -> str | None:
        args = self._text_args(PAINT, ("sketch",))
        return args[0] if args else None

    @property
    def edit(self) -> Edit | None:
        args = self._text_args(EDIT, ("old", "new"))
        return Edit(*args) if args else None

    def _text_args(self, name: str, keys: tuple[str, ...]) -> tuple[str, ...] | None:
        args = self.arguments
        if self.name != name or not isinstance(args, Mapping) or set(args) != set(keys):
            return None
        values = tuple(args[k] for k in keys)
        return values if all(isinstance(v, str) for v in values) else None

    @property
    def error(self) -> str | None:
        """Why this call cannot be played (the `bad_call` verdict's message), else None."""
        if self.sketch is not None or self.edit is not None:
            return None
        if self.name not in TOOL_NAMES:
            return f"there is no tool named {self.name!r}; the tools are paint(sketch) and edit(old, new)"
        if not isinstance(self.arguments, Mapping):
            return f"the {self.name} call's arguments did not parse; pass them by name"
        names = ", ".join(sorted(map(str, self.arguments))) or "none"
        if self.name == EDIT:
            return f"edit takes exactly two text arguments, old and new; got {names}"
        return f"paint takes exactly one argument, sketch (the whole source); got {names}"

    def edit_record(self) -> Edit:
        """This edit call's old and new as written, readable or not (an unreadable one is recorded as sent)."""
        args = self.arguments if isinstance(self.arguments, Mapping) else {}
        return self.edit or Edit(str(args.get("old", "")), str(args.get("new", "")))


@dataclass(frozen=True)
class Move:
    """What one painting attempt of a reply asks: a call (paint, or any call that is not an edit), or a run of
    consecutive edit calls; `index` is its first call's position in the reply."""

    calls: tuple[ToolCall, ...]
    index: int

    @property
    def edits(self) -> bool:
        return self.calls[0].name == EDIT

    @property
    def error(self) -> str | None:
        """The first of its calls that cannot be played, as the `bad_call` message, else None."""
        for k, call in enumerate(self.calls, 1):
            if call.error:
                return call.error if len(self.calls) == 1 else f"edit {k} of {len(self.calls)}: {call.error}"
        return None


@dataclass(frozen=True)
class Reply:
    """A policy's turn: its text (thinking left out), its tool calls in order, and whether generation was cut."""

    raw: str = ""
    text: str = ""
    calls: tuple[ToolCall, ...] = ()
    truncated: bool = False
    thinking: str = ""
    message: Mapping[str, Any] = field(default_factory=dict, compare=False)
    tokens: int | None = field(default=None, compare=False)  # tokens the policy generated for it; None: unknown

    @property
    def sketch(self) -> str | None:
        """The first paint call's sketch (None when the first call cannot paint, or there is none)."""
        return self.calls[0].sketch if self.calls else None

    def moves(self) -> list[Move]:
        """Its calls as painting attempts, in order: each run of consecutive edit calls is one move, every other
        call one move of its own."""
        moves: list[Move] = []
        for index, call in enumerate(self.calls):
            if call.name == EDIT and moves and moves[-1].edits and moves[-1].index + len(moves[-1].calls) == index:
                moves[-1] = Move((*moves[-1].calls, call), moves[-1].index)
            else:
                moves.append(Move((call,), index))
        return moves

    @property
    def ends(self) -> str | None:
        """The END_REASONS key when this reply ends the episode (it calls nothing), else None."""
        if self.calls:
            return None
        if self.truncated:
            return "length"
        written = self.raw or self.text
        return "malformed_call" if any(m in written for m in CALL_MARKERS) else "no_call"

    @classmethod
    def from_message(cls, message: Mapping[str, Any], raw: str = "", truncated: bool = False) -> Reply:
        """Read a parsed assistant message (TRL's completion turn, or a chat server's own parse)."""
        calls, wire = [], []
        for call in message.get("tool_calls") or []:
            if isinstance(call, Mapping) and call.get("type", "function") != "function":
                continue  # TRL answers such a call with an error and never runs it
            function = call.get("function", call) if isinstance(call, Mapping) else {}
            arguments = function.get("arguments")
            if isinstance(arguments, str):
                try:
                    arguments = json.loads(arguments)
                except json.JSONDecodeError:
                    arguments = None
            calls.append(ToolCall(name=str(function.get("name", "")),
                                  arguments=arguments if isinstance(arguments, Mapping) else None))
            wire.append({**call, "function": {**function, "arguments": arguments}} if isinstance(call, Mapping)
                        else call)
        content = message.get("content")
        text = content if isinstance(content, str) else ""
        held = {**message, "tool_calls": wire} if message.get("tool_calls") else dict(message)
        return cls(raw=raw, text=text.strip(), calls=tuple(calls), truncated=truncated,
                   thinking=str(message.get("reasoning_content") or "").strip(), message=held)

    def conversation_message(self) -> dict[str, Any]:
        """The assistant message the conversation holds for this reply (what TRL appends to its prompt)."""
        if self.message:
            return {**self.message, "role": "assistant"}
        calls = [{"type": "function", "function": {"name": c.name, "arguments": dict(c.arguments or {})}}
                 for c in self.calls]
        return {"role": "assistant", "content": self.text, **({"tool_calls": calls} if calls else {})}

    @classmethod
    def painting(cls, sketch: str, text: str = "") -> Reply:
        """A reply that paints `sketch` (a person's sketch, or a recorded one being replayed)."""
        return cls(raw=sketch, text=text, calls=(ToolCall(PAINT, {"sketch": sketch}),))


def parse_reply(raw: str, prefix: str = START_OF_REPLY, truncated: bool = False) -> Reply:
    """Generated text (special tokens kept) -> Reply. Text that does not parse is a reply without calls, as TRL
    treats it. `prefix` is the prompt the text continues (it decides whether a thinking block was opened)."""
    from transformers.utils.chat_parsing import parse_response

    from critique_paint.env.protocol import tool_schemas

    try:
        message = parse_response(raw, REPLY_FORMAT, prefix=prefix, tools=list[Any](tool_schemas()))
    except (ValueError, TypeError):
        message = None
    if not isinstance(message, Mapping):
        return _plain(raw, truncated)
    message = {**message, "content": message.get("content") or ""}  # as TRL keeps it
    return Reply.from_message(message, raw=raw, truncated=truncated)


def _plain(raw: str, truncated: bool) -> Reply:
    """A reply read as plain text (no calls), special tokens dropped."""
    return Reply(raw=raw, text=re.sub(r"<\|[a-z_]+\|>", "", raw).strip(), truncated=truncated)


def use_reply_format(processing_class: Any) -> Any:
    """Make `processing_class`'s tokenizer parse replies with REPLY_FORMAT (TRL's tool loop reads
    `tokenizer.response_template`); returns it."""
    tokenizer = getattr(processing_class, "tokenizer", processing_class)
    tokenizer.response_template = REPLY_FORMAT
    return processing_class


def episode_end(reply: Reply | None, *, turns_left: int, unscored: bool) -> str:
    """Why an episode stopped, given its last reply (None: it was never asked for one)."""
    if unscored:
        return "unscored"
    if turns_left <= 0:
        return "turns_used"
    if reply is None or reply.calls:
        return "length"
    return reply.ends or "no_call"
