"""The episode protocol: what the policy is told, the `paint` tool, its calls and answers, and the turn limits.

Training (SFT rows, GRPO prompts), the policies, the painting sessions and the planner all import it from here,
so a conversation looks the same wherever it is built.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, Literal, get_args

from critique_paint.paths import PROMPTS_DIR
from critique_paint.sketch import BRUSH_SIGNATURES, DEFAULT_BRUSH_METHODS, brush_method_set

DEFAULT_SUBJECT = "a peach hibiscus"
DEFAULT_MAX_TURNS = 3  # paintings per episode: training, `paint`, `eval` and the environment's reset
MAX_TURNS_LIMIT = 16
# How long a client waits for one reply from a server: above the worst render (60 s deadline + a browser
# relaunch) plus judge retries.
DEFAULT_MESSAGE_TIMEOUT_S = 600.0

# What the policy gets back after each painting (the gate verdict always):
#   reward: the reward's own critique (judge or offline critic) and, for vision policies, the painting;
#   self:   the painting, and a request to write its own critique before the revision;
#   image:  the painting only;
#   blind:  neither painting nor critique, only "revise it".
Critique = Literal["reward", "self", "image", "blind"]
CRITIQUE_SOURCES: tuple[str, ...] = get_args(Critique)
DEFAULT_CRITIQUE: Critique = "reward"
# full: the sketch contract (what a real model needs); brief: its opening paragraph alone, for a tiny model that
# learns the contract from its SFT sketches: its revision then starts ~1,100 tokens earlier, where it reads better.
SystemPrompt = Literal["full", "brief"]
SYSTEM_PROMPTS: tuple[str, ...] = get_args(SystemPrompt)

FINAL_ANSWER = "The last painting stands."
NO_TURNS_LEFT = "You have no paintings left; the last one counts. Stop here."
NOTE_PREFIX = "A note from the person watching:"
PROMPT_WIDTH = 112  # the system prompt's generated lines wrap here, as its written ones do

PAINT_TOOL_DOC = """Render a p5.brush watercolour sketch and see the painting with a critique.

        Args:
            sketch: The complete p5.js + p5.brush sketch, as JavaScript source code.
        """


def system_prompt(brush_methods: Iterable[str] | None = None, style: SystemPrompt = "full") -> str:
    """The system prompt for sketches that may call `brush_methods` (default the ten): the setup line names
    `brush.scaleBrushes(3)` when it is one, and the brush-call bullet lists the others' signatures. `style` brief:
    the prompt's first paragraph only (what the tool does), the same whatever the methods."""
    if style == "brief":
        return _prompt("system.md").split("\n\n")[0]
    methods = DEFAULT_BRUSH_METHODS if brush_methods is None else brush_method_set(brush_methods)
    calls = [f"`{BRUSH_SIGNATURES[m]}`" for m in methods if m != "scaleBrushes"]
    scale = f", `{BRUSH_SIGNATURES['scaleBrushes']}`" if "scaleBrushes" in methods else ""
    bullet = _wrapped("- Paint only with these brush calls:", calls)
    return _prompt("system.md").format(scale_brushes=scale, brush_calls=bullet)


def system_message(brush_methods: Iterable[str] | None = None, style: SystemPrompt = "full") -> dict[str, str]:
    return {"role": "system", "content": system_prompt(brush_methods, style)}


def _wrapped(head: str, items: list[str], width: int = PROMPT_WIDTH) -> str:
    """`head` and the comma-separated `items` ending in a full stop, broken between items before `width`."""
    lines, line = [], head
    for k, item in enumerate(items):
        word = item + ("." if k == len(items) - 1 else ",")
        if len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "  " + word
        else:
            line += " " + word
    return "\n".join([*lines, line])


def _prompt(name: str) -> str:
    return (PROMPTS_DIR / name).read_text(encoding="utf-8").strip()


def task_text(subject: str, max_turns: int, keep_best: bool = False) -> str:
    """The user turn of an episode (the environment's reset text, and the SFT rows' user turn). It is the same
    under every critique source, so a policy's first painting cannot depend on what it will be shown after it."""
    paintings = "one painting" if max_turns == 1 else f"up to {max_turns} paintings"
    feedback = " ".join(_prompt("feedback.md").split())
    counts = "the best one counts" if keep_best else "the last one counts"
    return _prompt("task.md").format(subject=subject, paintings=paintings, feedback=feedback, counts=counts)


def observation_text(gate_passed: bool, critique: str | None, turn: int, turns_left: int, *,
                     source: str = DEFAULT_CRITIQUE, best_turn: int | None = None) -> str:
    """What the policy reads after painting `turn`: never a score, never a reference.

    `critique` is the reward's critique (or the gate's verdict for a rejected sketch); `source` decides what of it
    is shown (the gate verdict always). `best_turn`: keep-best kept an earlier painting instead of this one.
    """
    head = f"Painting {turn} rendered." if gate_passed else f"Painting {turn} was rejected."
    if best_turn is not None:
        head += f" It does not improve on painting {best_turn}, which stands and is shown again."
    tail = (f" You can revise it {turns_left} more time{'s' if turns_left != 1 else ''}." if turns_left
            else " That was the last painting.")
    if not gate_passed or source == "reward":
        body = critique or ""
    elif source == "self" and turns_left:
        body = _prompt("self_critique.md")
    elif source == "blind" and turns_left:
        body = "Revise it."
    else:
        body = ""
    return f"{head}{tail}\n\n{body}".strip()


def paint(sketch: str) -> Any:  # the tool's signature; its docstring is PAINT_TOOL_DOC
    raise NotImplementedError


paint.__doc__ = PAINT_TOOL_DOC


def paint_tool_schema() -> dict[str, Any]:
    """The JSON schema of the `paint` tool, as TRL derives it from the environment adapter's method."""
    from transformers.utils import get_json_schema

    return get_json_schema(paint)


def paint_call(sketch: str, text: str = "") -> dict[str, Any]:
    """An assistant turn that calls `paint` (after `text`, e.g. the policy's own critique of its last painting)."""
    return {"role": "assistant", "content": text,
            "tool_calls": [{"type": "function", "function": {"name": "paint", "arguments": {"sketch": sketch}}}]}


def paint_answer(text: str) -> dict[str, Any]:
    """The environment's answer to a `paint` call, as a tool message."""
    return {"role": "tool", "name": "paint", "content": text}


def with_note(text: str, note: str | None) -> str:
    """A tool answer with a watching person's note appended."""
    return text if not note else f"{text}\n\n{NOTE_PREFIX} {note.strip()}"


def episode_messages(subject: str, sketches: list[str], critiques: list[str], texts: list[str] | None = None,
                     brush_methods: Iterable[str] | None = None,
                     source: str = DEFAULT_CRITIQUE, system: SystemPrompt = "full") -> list[dict[str, Any]]:
    """A whole episode: task, then per painting a `paint` call (after `texts[k]`, what the policy writes before
    it) and the environment's answer under critique `source`, then a close. `system`: the system prompt's style."""
    turns = len(sketches)
    texts = texts or [""] * turns
    messages: list[dict[str, Any]] = [system_message(brush_methods, system),
                                      {"role": "user", "content": task_text(subject, turns)}]
    for k, (sketch, critique, text) in enumerate(zip(sketches, critiques, texts, strict=True), 1):
        messages.append(paint_call(sketch, text))
        messages.append(paint_answer(observation_text(True, critique, k, turns - k, source=source)))
    messages.append({"role": "assistant", "content": FINAL_ANSWER})
    return messages


def with_paintings(messages: list[dict[str, Any]], paintings: list[Any]) -> list[dict[str, Any]]:
    """The conversation as a vision-language policy sees it: the k-th `paint` answer carries the k-th painting first,
    exactly as the environment adapter's tool result does in GRPO. A None painting leaves its answer as text."""
    out, k = [], 0
    for m in messages:
        if m["role"] == "tool":
            if k >= len(paintings):
                raise ValueError(f"{len(paintings)} paintings for more paint answers")
            if paintings[k] is not None:
                m = {**m, "content": [{"type": "image", "image": paintings[k]}, {"type": "text", "text": m["content"]}]}
            k += 1
        out.append(m)
    if k != len(paintings):
        raise ValueError(f"{len(paintings)} paintings for {k} paint answers")
    return out


def tool_result(text: str, image: Any = None) -> Any:
    """What the `paint` tool returns to TRL: the text, or the painting then the text for a vision policy."""
    return text if image is None else [{"type": "image", "image": image}, {"type": "text", "text": text}]


def turn_token_budget(max_completion_length: int, max_turns: int, explicit: int | None = None) -> int:
    """Tokens one generation round may decode: `explicit`, else an even share of the completion budget per turn."""
    if explicit is not None:
        return min(int(explicit), int(max_completion_length))
    return math.ceil(int(max_completion_length) / max(1, int(max_turns)))
