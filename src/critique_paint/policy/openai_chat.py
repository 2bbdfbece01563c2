"""Any OpenAI-compatible chat server (OpenAI, vLLM, ...) as a policy, calling the episode's tools."""

from __future__ import annotations

import dataclasses
import json
import os

from critique_paint.env.protocol import is_receipt
from critique_paint.env.replies import Reply, parse_reply
from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.policy.base import Conversation, PolicyOptions
from critique_paint.retry import check, retrying, tries


class OpenAIPolicy:
    """Sends the conversation with the episode's tools and reads the answer with the reply parser (`read_reply`).

    With `send_images`, each painting goes back as an image in a user message after the tool answer
    (tool messages cannot carry images in the OpenAI protocol). A Qwen3/Qwen3.5 model is asked, through the
    server's chat template, not to think (`chat_template_kwargs`), as in training, unless `options.thinking`.
    """

    interactive = False

    def __init__(self, model: str, options: PolicyOptions):
        from openai import OpenAI

        base_url = options.base_url or os.environ.get("OPENAI_BASE_URL")
        if not base_url:
            raise ConfigError("openai: policies need --base-url (or OPENAI_BASE_URL), e.g. http://127.0.0.1:8000/v1")
        check(options.retries, options.backoff_s, "openai policy")
        self.name = f"openai:{model}"
        self.model = model
        self.options = options
        self.client = OpenAI(base_url=base_url, api_key=options.api_key or os.environ.get("OPENAI_API_KEY") or "none",
                             timeout=options.timeout_s, max_retries=0)

    def wire_messages(self, conversation: Conversation) -> list[dict]:
        """The conversation in the OpenAI protocol: JSON-string arguments and tool_call ids; with `send_images`,
        each painting after its answer (a draft's after the user turn) as a user message."""
        wire: list[dict] = []
        ids: list[str] = []  # the last assistant message's call ids, answered in order
        painting = 0
        for m in conversation.messages:
            if m["role"] == "assistant" and m.get("tool_calls"):
                ids = [f"call_{len(wire)}_{k}" for k in range(len(m["tool_calls"]))]
                wire.append({"role": "assistant", "content": m.get("content") or None, "tool_calls": [
                    {"id": i, "type": "function", "function": {"name": c["function"]["name"],
                                                               "arguments": json.dumps(c["function"]["arguments"])}}
                    for i, c in zip(ids, m["tool_calls"], strict=True)]})
            elif m["role"] == "tool":
                wire.append({"role": "tool", "tool_call_id": ids.pop(0) if ids else "call_unknown",
                             "content": m["content"]})
                if not is_receipt(m):
                    painting += 1
                    wire += self._painting(conversation, painting)
            else:
                wire.append({"role": m["role"], "content": m["content"]})
                if m["role"] == "user" and conversation.drafted and painting == 0:
                    painting += 1
                    wire += self._painting(conversation, painting)
        return wire

    def _painting(self, conversation: Conversation, number: int) -> list[dict]:
        url = conversation.image_data_url(number - 1) if self.options.send_images else None
        if not url:
            return []
        return [{"role": "user", "content": [{"type": "text", "text": f"Painting {number}:"},
                                             {"type": "image_url", "image_url": {"url": url}}]}]

    def extra_body(self) -> dict | None:
        """What vLLM-style servers read besides the OpenAI fields: thinking off for Qwen3 models."""
        if self.options.thinking or "qwen3" not in self.model.lower():
            return None
        return {"chat_template_kwargs": {"enable_thinking": False}}

    def next_reply(self, conversation: Conversation) -> Reply:
        """The server's reply, retrying lost connections, timeouts, HTTP 429 and 5xx (`critique_paint.retry`)."""
        import openai

        transient = (openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError)
        try:
            reply = retrying(self.options.retries, self.options.backoff_s, transient)(
                self.client.chat.completions.create, model=self.model, messages=self.wire_messages(conversation),
                tools=list(conversation.tools), temperature=self.options.temperature,
                max_tokens=self.options.max_new_tokens, extra_body=self.extra_body())
        except transient as exc:
            raise InfrastructureError(f"policy server at {self.client.base_url} failed after "
                                      f"{tries(self.options.retries)}: {_describe(exc)}") from exc
        except openai.APIStatusError as exc:
            raise InfrastructureError(f"policy server at {self.client.base_url} answered HTTP {exc.status_code}"
                                      ) from exc
        return read_reply(reply)

    def close(self) -> None:
        self.client.close()


def _describe(exc: Exception) -> str:
    import openai

    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}"
    if isinstance(exc, openai.APITimeoutError):
        return "timed out"
    return exc.__class__.__name__


def read_reply(reply) -> Reply:
    """A chat completion as a Reply: the server's own parse of tool calls when it made one, else its text read by
    the reply parser (a server without a tool parser returns the model's call markup as text); its generated tokens
    are the server's `usage.completion_tokens`."""
    choice = reply.choices[0] if reply.choices else None
    message = choice.message if choice is not None else None
    if choice is None or message is None:
        return Reply()
    truncated = choice.finish_reason == "length"
    text = message.content or ""
    usage = getattr(reply, "usage", None)
    tokens = getattr(usage, "completion_tokens", None) if usage is not None else None
    if not message.tool_calls:
        return dataclasses.replace(parse_reply(text, truncated=truncated), tokens=tokens)
    calls = [{"function": {"name": c.function.name, "arguments": c.function.arguments}} for c in message.tool_calls]
    raw = json.dumps([c["function"] for c in calls], ensure_ascii=False)
    return dataclasses.replace(Reply.from_message({"content": text, "tool_calls": calls}, raw=raw,
                                                  truncated=truncated), tokens=tokens)
