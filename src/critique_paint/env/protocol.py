"""The episode protocol: what the policy is told, the `paint` and `edit` tools, their calls and answers, the turn
limits.

Training (SFT rows, GRPO prompts), the policies, the painting sessions and the planner all import it from here,
so a conversation looks the same wherever it is built.
"""

from __future__ import annotations

import functools
import math
import re
import textwrap
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, get_args

from critique_paint.paths import PROMPTS_DIR, shipped
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

# What a reply may do: paint a whole sketch, or edit the sketch that stands (exact replacements, painted once).
Action = Literal["paint", "edit"]
ACTIONS: tuple[str, ...] = get_args(Action)
DEFAULT_ACTIONS: tuple[str, ...] = ("paint", "edit")

FINAL_ANSWER = "The last painting stands."
NO_TURNS_LEFT = "You have no paintings left; the last one counts. Stop here."
NOTE_PREFIX = "A note from the person watching:"
PROMPT_WIDTH = 112  # the system prompt's generated lines wrap here, as its written ones do
PARAGRAPH_WIDTH = 106  # its first paragraph, filled from the action lines, wraps here

PAINT_TOOL_DOC = """Render a p5.brush watercolour sketch and see the painting with a critique.

        Args:
            sketch: The complete p5.js + p5.brush sketch, as JavaScript source code.
        """

EDIT_TOOL_DOC = """Change the sketch that stands by one exact replacement, then see the painting with a critique.

        Several edit calls in one reply apply in order to one copy of the sketch, which is painted once.

        Args:
            old: Exact text of the sketch that stands (spaces included); it must occur there exactly once.
            new: The text that replaces it.
        """


def system_prompt(brush_methods: Iterable[str] | None = None, style: SystemPrompt = "full",
                  actions: Iterable[str] | None = None) -> str:
    """The system prompt for sketches that may call `brush_methods` (default the ten), revised with `actions`
    (default paint and edit): its first paragraph says what the tools do; the setup line names
    `brush.scaleBrushes(3)` when it is one, and the brush-call bullet lists the others' signatures. `style` brief:
    the first paragraph only, the same whatever the methods."""
    text = _prompt("system.md")
    head, rest = text.split("\n\n", 1)
    head = textwrap.fill(head.format(tools=tool_lines(actions)), width=PARAGRAPH_WIDTH)
    if style == "brief":
        return head
    methods = DEFAULT_BRUSH_METHODS if brush_methods is None else brush_method_set(brush_methods)
    calls = [f"`{BRUSH_SIGNATURES[m]}`" for m in methods if m != "scaleBrushes"]
    scale = f", `{BRUSH_SIGNATURES['scaleBrushes']}`" if "scaleBrushes" in methods else ""
    bullet = _wrapped("- Paint only with these brush calls:", calls)
    return f"{head}\n\n" + rest.format(scale_brushes=scale, brush_calls=bullet)


def tool_lines(actions: Iterable[str] | None = None) -> str:
    """What the system prompt says of the tools `actions` offers."""
    lines = _action_prompts()["system"]
    chosen = action_set(actions)
    if "paint" not in chosen:
        return lines["edit_only"]
    return " ".join(lines[a] for a in chosen)


def system_message(brush_methods: Iterable[str] | None = None, style: SystemPrompt = "full",
                   actions: Iterable[str] | None = None) -> dict[str, str]:
    return {"role": "system", "content": system_prompt(brush_methods, style, actions)}


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
    return (shipped(PROMPTS_DIR) / name).read_text(encoding="utf-8").strip()


@functools.cache
def _action_prompts() -> dict[str, Any]:
    import yaml

    return yaml.safe_load((shipped(PROMPTS_DIR) / "actions.yaml").read_text(encoding="utf-8"))


def action_set(actions: Iterable[str] | None) -> tuple[str, ...]:
    """`actions` (default DEFAULT_ACTIONS) in ACTIONS' order, each once; ValueError for an unknown one or none."""
    if actions is None:
        return DEFAULT_ACTIONS
    given = [actions] if isinstance(actions, str) else list(actions)
    unknown = [a for a in given if a not in ACTIONS]
    if unknown:
        raise ValueError(f"unknown action {unknown[0]!r}; the actions are {', '.join(ACTIONS)}")
    if not given:
        raise ValueError(f"no action: give at least one of {', '.join(ACTIONS)}")
    return tuple(a for a in ACTIONS if a in given)


def task_text(subject: str, max_turns: int, keep_best: bool = False, actions: Iterable[str] | None = None,
              draft: str | None = None) -> str:
    """The user turn of an episode (the environment's reset text, and the SFT rows' user turn), before any painting's
    answer. It is the same under every critique source, so a policy's first painting cannot depend on what it will
    be shown after it. With a `draft`, painting 1 is that sketch (the environment paints it; its answer follows)."""
    chosen = action_set(actions)
    revise = _action_prompts()["task"]["+".join(chosen)]
    paintings = "one painting" if max_turns == 1 else f"up to {max_turns} paintings"
    feedback = " ".join(_prompt("feedback.md").format(revise=revise).split())
    counts = "the best one counts" if keep_best else "the last one counts"
    if draft is not None:
        return _prompt("draft_task.md").format(subject=subject, paintings=paintings, feedback=feedback,
                                               counts=counts, draft=draft.strip("\n"))
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


def edit(old: str, new: str) -> Any:  # the tool's signature; its docstring is EDIT_TOOL_DOC
    raise NotImplementedError


paint.__doc__ = PAINT_TOOL_DOC
edit.__doc__ = EDIT_TOOL_DOC
TOOL_SIGNATURES: dict[str, Callable[..., Any]] = {"paint": paint, "edit": edit}


def paint_tool_schema() -> dict[str, Any]:
    """The JSON schema of the `paint` tool, as TRL derives it from the environment adapter's method."""
    return tool_schemas(["paint"])[0]


def tool_schemas(actions: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """The JSON schemas of the tools `actions` offers (default paint and edit), as TRL derives them from the
    environment adapter's methods."""
    from transformers.utils import get_json_schema

    return [get_json_schema(TOOL_SIGNATURES[a]) for a in action_set(actions)]


def paint_call(sketch: str, text: str = "") -> dict[str, Any]:
    """An assistant turn that calls `paint` (after `text`, e.g. the policy's own critique of its last painting)."""
    return {"role": "assistant", "content": text,
            "tool_calls": [{"type": "function", "function": {"name": "paint", "arguments": {"sketch": sketch}}}]}


def edit_call(edits: Iterable[Any], text: str = "") -> dict[str, Any]:
    """An assistant turn that calls `edit` once per edit (`sketch.edits.Edit`s or {old, new} mappings), in order."""
    pairs = [e if isinstance(e, Mapping) else {"old": e.old, "new": e.new} for e in edits]
    return {"role": "assistant", "content": text,
            "tool_calls": [{"type": "function", "function": {"name": "edit",
                                                             "arguments": {"old": p["old"], "new": p["new"]}}}
                           for p in pairs]}


def paint_answer(text: str, name: str = "paint") -> dict[str, Any]:
    """The environment's answer to a tool call, as a tool message."""
    return {"role": "tool", "name": name, "content": text}


def edit_received(k: int, n: int) -> str:
    """The answer to edit call `k` of a reply's `n` (all but the last, whose answer is the painting's)."""
    return str(_action_prompts()["edit_received"]).format(k=k, n=n).strip()


_RECEIVED = re.compile(r"^Edit \d+ of \d+ received;")


def is_receipt(message: Mapping[str, Any]) -> bool:
    """Whether a tool message is an `edit_received` answer (no painting goes with it)."""
    content = message.get("content")
    return message.get("role") == "tool" and isinstance(content, str) and bool(_RECEIVED.match(content))


def call_answers(name: str, calls: int, observation: str) -> list[dict[str, Any]]:
    """The tool messages that answer one turn's `calls` calls of tool `name`: an edit group's receipts, then the
    painting's answer."""
    return [*(paint_answer(edit_received(k, calls), name) for k in range(1, calls)), paint_answer(observation, name)]


def draft_opening(task: str, observation: str) -> str:
    """The user turn of an episode that starts from a draft: its task (which quotes the draft), then the draft
    painting's answer."""
    return f"{task}\n\n{observation}"


def with_note(text: str, note: str | None) -> str:
    """A tool answer with a watching person's note appended."""
    return text if not note else f"{text}\n\n{NOTE_PREFIX} {note.strip()}"


def episode_messages(subject: str, sketches: list[Any], critiques: list[str], texts: list[str] | None = None,
                     brush_methods: Iterable[str] | None = None,
                     source: str = DEFAULT_CRITIQUE, system: SystemPrompt = "full",
                     actions: Iterable[str] | None = None, draft: bool = False) -> list[dict[str, Any]]:
    """A whole episode: task, then per painting a move (a sketch string: a `paint` call; a list of edits: an `edit`
    call per edit) after `texts[k]` (what the policy writes before it) and the environment's answer under critique
    `source`, then a close. `draft`: the first sketch is the episode's draft, painted by the environment: the task
    quotes it and its answer follows in the user turn. `system`: the system prompt's style; `actions` what the
    prompts offer."""
    turns = len(sketches)
    texts = texts or [""] * turns
    observations = [observation_text(True, c, k, turns - k, source=source) for k, c in enumerate(critiques, 1)]
    if draft:
        if not isinstance(sketches[0], str):
            raise ValueError("a draft is a whole sketch")
        user = draft_opening(task_text(subject, turns, actions=actions, draft=sketches[0]), observations[0])
    else:
        user = task_text(subject, turns, actions=actions)
    messages: list[dict[str, Any]] = [system_message(brush_methods, system, actions), {"role": "user", "content": user}]
    for k in range(1 if draft else 0, turns):
        move, text = sketches[k], texts[k]
        if isinstance(move, str):
            messages += [paint_call(move, text), paint_answer(observations[k])]
        else:
            messages += [edit_call(move, text), *call_answers("edit", len(move), observations[k])]
    messages.append({"role": "assistant", "content": FINAL_ANSWER})
    return messages


def with_paintings(messages: list[dict[str, Any]], paintings: list[Any], draft: bool = False) -> list[dict[str, Any]]:
    """The conversation as a vision-language policy sees it: the k-th painting's answer carries the k-th painting
    first, exactly as the environment adapter's tool result does in GRPO (an edit receipt carries none). `draft`:
    the first painting is the draft's, shown in the user turn as the environment's reset shows it. A None painting
    leaves its answer as text."""
    out, k = [], 0
    for m in messages:
        takes = m["role"] == "tool" and not is_receipt(m) or draft and k == 0 and m["role"] == "user"
        if takes:
            if k >= len(paintings):
                raise ValueError(f"{len(paintings)} paintings for more painting answers")
            if paintings[k] is not None:
                m = {**m, "content": tool_result(m["content"], paintings[k])}
            k += 1
        out.append(m)
    if k != len(paintings):
        raise ValueError(f"{len(paintings)} paintings for {k} painting answers")
    return out


def tool_result(text: str, image: Any = None) -> Any:
    """What a tool (or a draft's reset) returns to TRL: the text, or the painting then the text for a vision
    policy."""
    return text if image is None else [{"type": "image", "image": image}, {"type": "text", "text": text}]


def turn_token_budget(max_completion_length: int, max_turns: int, explicit: int | None = None) -> int:
    """Tokens one generation round may decode: `explicit`, else an even share of the completion budget per turn."""
    if explicit is not None:
        return min(int(explicit), int(max_completion_length))
    return math.ceil(int(max_completion_length) / max(1, int(max_turns)))
