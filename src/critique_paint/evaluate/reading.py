"""Which repair a policy chooses after the demo draft's first painting, as the environment answered it.

Each seed's draft is painted by a real environment episode under one critique source; the fault the critique
names is measured from that painting (the offline critic's claims, as many as the critique reads out), and the
policy's choice is the fault of the opening sentence it finds most likely after the environment's answer
(`pool.synthetic.reading`, or `guess` where no critique was shown): no sampling and no revision render. A policy
that reads the critique chooses the named fault far above chance (1/3); with the critique withheld it can only
guess.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from critique_paint.env.protocol import SystemPrompt


@dataclass(frozen=True)
class TurnTwo:
    """The conversation up to the revision, as the environment built it for one seed under one source."""

    seed: int
    subject: str
    named: str  # the fault the first painting's critique names
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]  # the tools the episode offered


@dataclass(frozen=True)
class Choice:
    named: str
    chosen: str
    p_named: float  # the named fault's share of the three sentences' probability


def _logsumexp(values: Sequence[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


def turn_two(runtime: Any, seeds: Sequence[int], subjects: Sequence[str], source: str,
             threads: int = 4, system_prompt: SystemPrompt = "full", actions: Sequence[str] | None = None,
             drafted: bool = False) -> list[TurnTwo]:
    """Per seed (subject `subjects[seed % len]`), the demo draft painted in a real episode of `runtime` under
    critique `source`, `system_prompt` and `actions` (`drafted`: the episode starts from the draft, else the draft
    is the policy's first painting); seeds whose critique names no fault are left out."""
    from critique_paint.env.endpoint import LocalEndpoint
    from critique_paint.pool.synthetic import flower_sketch, shown_fault
    from critique_paint.reward.offline import OfflineCritic, critique_claims

    critic, draft = OfflineCritic(), flower_sketch()

    def one(seed: int) -> TurnTwo | None:
        subject = subjects[seed % len(subjects)]
        endpoint = LocalEndpoint(runtime)
        endpoint.start(subject=subject, seed=seed, max_turns=2, critique=source, system_prompt=system_prompt,
                       actions=actions, draft=draft if drafted else None)
        first = endpoint.episode.turns[0] if drafted and endpoint.episode else endpoint.paint(draft)
        episode = endpoint.episode
        endpoint.close()
        if not first.gate_passed or first.png is None or episode is None:
            raise RuntimeError(f"seed {seed}: the demo draft did not paint: {first.critique}")
        named = shown_fault(critique_claims(critic.features(first.png, draft), subject, draft))
        if named is None:
            return None
        return TurnTwo(seed, subject, named, episode.messages(), episode.settings.tools())  # as GRPO holds it

    with ThreadPoolExecutor(threads) as pool:
        return [t for t in pool.map(one, seeds) if t is not None]


def choices(model: Any, processing: Any, episodes: Sequence[TurnTwo]) -> list[Choice]:
    """The fault whose opening sentence the model finds most likely after each episode's turn-2 prompt: the
    reading of the critique (`reading`) or, where none was shown, the guess (`guess`), whichever it writes."""
    import torch

    from critique_paint.pool.synthetic import FAULTS, guess, reading

    tok = getattr(processing, "tokenizer", processing)

    def logp(prompt: list[int], text: str) -> float:
        ids = tok(text, add_special_tokens=False)["input_ids"]
        with torch.no_grad():
            logits = model(torch.tensor([prompt + ids])).logits[0, len(prompt) - 1:-1].log_softmax(-1)
        return float(sum(logits[i, t].item() for i, t in enumerate(ids)))

    out = []
    for episode in episodes:
        prompt = list(processing.apply_chat_template(episode.messages, tools=episode.tools, add_generation_prompt=True,
                                                     enable_thinking=False, tokenize=True,
                                                     return_dict=True)["input_ids"])
        scores = {f: _logsumexp([logp(prompt, reading(f)), logp(prompt, guess(f))]) for f in FAULTS}
        top = max(scores.values())
        total = sum(math.exp(v - top) for v in scores.values())
        out.append(Choice(episode.named, max(scores, key=scores.__getitem__),
                          math.exp(scores[episode.named] - top) / total))
    return out


def choice_rate(rows: Sequence[Choice]) -> dict[str, Any]:
    """How often the named fault was chosen: `repaired` of `episodes`, `rate` and its 95 % Wilson `ci95` (the
    shape `evaluate.repairs.repair_rates` gives per label)."""
    from critique_paint.evaluate.repairs import wilson

    right = sum(c.chosen == c.named for c in rows)
    return {"repaired": right, "episodes": len(rows), "rate": right / len(rows) if rows else None,
            "ci95": wilson(right, len(rows))}


def reading_rates(models: dict[str, str], runtime: Any, seeds: Sequence[int], subjects: Sequence[str], *,
                  cache_dir: Any, system_prompt: SystemPrompt = "full",
                  sources: Sequence[str] = ("reward", "blind"), actions: Sequence[str] | None = None,
                  drafted: bool = False) -> dict[str, dict[str, Any]]:
    """`choice_rate` per "<model name> <source>" for each saved model folder in `models`, on the same episodes."""
    from critique_paint.models.adapters import load_model

    episodes = {s: turn_two(runtime, seeds, subjects, s, system_prompt=system_prompt, actions=actions,
                            drafted=drafted) for s in sources}
    out = {}
    for name, folder in models.items():
        model, processing, _ = load_model(folder, cache_dir=cache_dir)
        model.eval()
        for source, eps in episodes.items():
            out[f"{name} {source}"] = choice_rate(choices(model, processing, eps))
    return out
