"""Scripted generation: a model's `generate` answers with fixed replies, so a test's tool calls are certain.

The model still runs (prefill, cache, sampling settings); a logits processor only leaves the scripted token
possible at each step. Used where a test checks what happens after a `paint` call, not whether a tiny model
happens to make one.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from transformers import LogitsProcessor, LogitsProcessorList, TrainerCallback


def reply_ids(processing_class: Any, messages: list[dict], reply: dict, tools: list | None = None,
              **template_kwargs: Any) -> list[int]:
    """Token ids of `reply` (an assistant message) as the chat template renders it after `messages`, up to and
    including its end-of-turn token: exactly what a policy generates for that turn."""
    tok = getattr(processing_class, "tokenizer", processing_class)
    kwargs = {"tools": tools, "tokenize": False, **template_kwargs}
    prompt = tok.apply_chat_template(messages, add_generation_prompt=True, **kwargs)
    full = tok.apply_chat_template([*messages, reply], **kwargs)
    if not full.startswith(prompt):
        raise ValueError("the chat template does not render the reply after its generation prompt")
    ids = tok(full[len(prompt):], add_special_tokens=False)["input_ids"]
    end = ids.index(tok.eos_token_id)
    return ids[: end + 1]


def paint_reply_ids(processing_class: Any, sketch: str, text: str = "") -> list[int]:
    """The tokens of a `paint(sketch)` call (after `text`, if any) as the GRPO policy would write it."""
    from critique_paint.env.protocol import paint_call, paint_tool_schema, system_message, task_text

    messages = [system_message(), {"role": "user", "content": task_text("a peach hibiscus", 2)}]
    reply = {**paint_call(sketch), "content": text}
    return reply_ids(processing_class, messages, reply, tools=[paint_tool_schema()], enable_thinking=False)


class ForcedTokens(LogitsProcessor):
    """Leaves one token possible per step: row r's script for its round, then the end token forever."""

    def __init__(self, scripts: Sequence[Sequence[int]], round_of_row: Sequence[int]):
        self.scripts = scripts
        self.round_of_row = round_of_row
        self.start: int | None = None

    def __call__(self, input_ids, scores):
        import torch

        if self.start is None:
            self.start = input_ids.shape[1]
        step = input_ids.shape[1] - self.start
        forced = torch.full_like(scores, float("-inf"))
        for row in range(scores.shape[0]):
            script = self.scripts[min(self.round_of_row[row], len(self.scripts) - 1)]
            forced[row, script[min(step, len(script) - 1)]] = 0.0
        return forced


class ForcedGeneration(TrainerCallback):
    """Makes every `generate` of a model emit the token ids `forced(input_ids)` chooses (a ForcedTokens); installed
    on the model a trainer generates with (`on_train_begin`) or on a policy's model (`install`), removed at the end.
    `calls` counts the generations."""

    calls = 0
    _model: Any = None

    def forced(self, input_ids: Any) -> ForcedTokens:
        raise NotImplementedError

    def install(self, model: Any) -> None:
        original = type(model).generate.__get__(model)

        @functools.wraps(original)
        def generate(*args: Any, **kwargs: Any) -> Any:
            ids = kwargs.get("input_ids", args[0] if args else None)
            processors = LogitsProcessorList([*(kwargs.pop("logits_processor", None) or []), self.forced(ids)])
            self.calls += 1
            return original(*args, logits_processor=processors, **kwargs)

        model.generate = generate
        self._model = model

    def remove(self) -> None:
        if self._model is not None and "generate" in vars(self._model):
            del self._model.generate
        self._model = None

    def on_train_begin(self, args, state, control, model=None, **kwargs):
        self.install(model)

    def on_train_end(self, args, state, control, **kwargs):
        self.remove()


class ScriptedReplies(ForcedGeneration):
    """Makes every generation of a trained model answer with scripted token ids (one script per round).

    A row's round is how many assistant turns its prompt already holds, counted by `turn_token` (the template's
    `<|im_start|>`) beyond the `prompt_turns` of a fresh prompt.
    """

    def __init__(self, scripts: Sequence[Sequence[int]], turn_token: int, prompt_turns: int = 3):
        self.scripts = [list(s) for s in scripts]
        self.turn_token = turn_token
        self.prompt_turns = prompt_turns

    def forced(self, input_ids: Any) -> ForcedTokens:
        turns = (input_ids == self.turn_token).sum(dim=1).tolist()
        return ForcedTokens(self.scripts, [max(0, (t - self.prompt_turns) // 2) for t in turns])


def scripted_paint(processing_class: Any, *sketches: str | tuple[str, str]) -> ScriptedReplies:
    """A callback whose policy calls `paint` with sketches[k] in round k (the last one repeats); a (text, sketch)
    pair writes the text (e.g. its own critique) before the call."""
    tok = getattr(processing_class, "tokenizer", processing_class)
    turn_token = tok.convert_tokens_to_ids("<|im_start|>")
    pairs = [s if isinstance(s, tuple) else ("", s) for s in sketches]
    return ScriptedReplies([paint_reply_ids(processing_class, sketch, text) for text, sketch in pairs], turn_token)


def reply_logprob(model: Any, processing_class: Any, messages: list[dict], ids: Sequence[int],
                  temperature: float = 1.0, tools: list | None = None) -> tuple[float, bool]:
    """log P(the policy samples exactly `ids` after `messages`) at `temperature` (teacher forcing), and whether
    every scripted token is also the most likely one (so top-k / top-p truncation can only raise P)."""
    import torch

    tok = getattr(processing_class, "tokenizer", processing_class)
    prompt = tok.apply_chat_template(messages, add_generation_prompt=True, tokenize=False, tools=tools,
                                     enable_thinking=False)
    prompt_ids = tok(prompt, add_special_tokens=False)["input_ids"]
    full = torch.tensor([prompt_ids + list(ids)])
    model.eval()
    with torch.no_grad():
        logits = model(input_ids=full).logits[0, len(prompt_ids) - 1: -1].float()
    target = torch.tensor(list(ids))
    logp = torch.log_softmax(logits / temperature, dim=-1).gather(1, target[:, None]).sum().item()
    return logp, bool((logits.argmax(dim=-1) == target).all())


def load_tokenizer(folder: Any) -> Any:
    """The tokenizer saved in a model or adapter folder."""
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(folder))


class ScriptedBySubject(ForcedGeneration):
    """Makes every generation answer with raw reply text chosen by the episode's subject and round: `scripts`
    maps a subject to its replies, one per round (the last repeats). A row's subject is the one its prompt names;
    its round is how many assistant turns the prompt already holds. Install on a trainer (as a callback) or on a
    policy's model (`install`)."""

    def __init__(self, tokenizer: Any, scripts: dict[str, Sequence[str]]):
        self.tokenizer = tokenizer
        end = tokenizer.eos_token_id
        self.scripts = {subject: [tokenizer(text, add_special_tokens=False)["input_ids"] + [end] for text in replies]
                        for subject, replies in scripts.items()}

    def rows(self, input_ids: Any) -> list[list[int]]:
        chosen = []
        for row in input_ids.tolist():
            prompt = self.tokenizer.decode(row, skip_special_tokens=False)
            subject = next(s for s in self.scripts if f"Paint a watercolour of {s}." in prompt)
            rounds = max(0, prompt.count("<|im_start|>assistant") - 1)
            replies = self.scripts[subject]
            chosen.append(replies[min(rounds, len(replies) - 1)])
        return chosen

    def forced(self, input_ids: Any) -> ForcedTokens:
        return ForcedTokens(self.rows(input_ids), list(range(input_ids.shape[0])))
