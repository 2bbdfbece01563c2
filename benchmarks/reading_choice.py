"""Which repair an SFT model chooses after the demo draft's critique, with and without the critique.

The demo revision opens with one sentence per fault (`pool.synthetic.reading`, or `guess` when the answer carries
no critique). For each held-out seed the draft is rendered, the offline critic names its fault from the painting,
and the model's log-likelihood of each of the three sentences after the turn-2 prompt decides its choice: no
sampling, no revision render, so a model's reading costs seconds. Chance is 1/3.

    python benchmarks/reading_choice.py runs/demo/sft/final [MORE_MODELS] --seeds 1000:1030 \
        --subjects "a yellow poppy,a sprig of lavender"
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from pathlib import Path

from critique_paint.env.protocol import episode_messages, paint_tool_schema
from critique_paint.evaluate.repairs import wilson
from critique_paint.pool.synthetic import FAULTS, flower_sketch, guess, reading, shown_fault

SOURCES = {"reward": reading, "blind": guess}


def named_faults(seeds: range, subjects: list[str]) -> list[tuple[int, str, str, str]]:
    """(seed, subject, fault, critique) for each seed whose draft's critique names a fault."""
    from critique_paint.render import Renderer, RenderOptions
    from critique_paint.reward.offline import OfflineCritic, critique_claims

    critic, draft, out = OfflineCritic(), flower_sketch(), []
    with Renderer(RenderOptions()) as renderer:
        futures = {seed: renderer.submit(draft, seed=seed) for seed in seeds}
        for seed, future in futures.items():
            png = future.result().png
            if png is None:
                raise SystemExit(f"seed {seed}: the draft did not render")
            subject = subjects[seed % len(subjects)]
            fault = shown_fault(critique_claims(critic.features(png, draft), subject, draft))
            if fault is not None:
                out.append((seed, subject, fault, critic.critique(png, subject, draft)))
    return out


def choices(model_dir: str, episodes: list[tuple[int, str, str, str]]) -> dict[str, list[tuple[str, str, float]]]:
    """Per source: (named fault, chosen fault, probability of the named one among the three) per episode."""
    import torch

    from critique_paint.models.adapters import load_model

    model, processing, _ = load_model(model_dir, cache_dir=Path("runs") / "cache")
    model.eval()
    tok = getattr(processing, "tokenizer", processing)
    draft, tools = flower_sketch(), [paint_tool_schema()]

    def logp(prompt: list[int], text: str) -> float:
        ids = tok(text, add_special_tokens=False)["input_ids"]
        with torch.no_grad():
            logits = model(torch.tensor([prompt + ids])).logits[0, len(prompt) - 1:-1].log_softmax(-1)
        return sum(logits[i, t].item() for i, t in enumerate(ids))

    out: dict[str, list[tuple[str, str, float]]] = {s: [] for s in SOURCES}
    for _seed, subject, fault, critique in episodes:
        for source, sentence in SOURCES.items():
            messages = episode_messages(subject, [draft, draft], [critique, ""], source=source)[:4]  # up to turn 2
            prompt = tok.apply_chat_template(messages, tools=tools, add_generation_prompt=True, enable_thinking=False,
                                             tokenize=True, return_dict=True)["input_ids"]
            scores = {f: logp(list(prompt), sentence(f)) for f in FAULTS}
            top = max(scores.values())
            total = sum(math.exp(v - top) for v in scores.values())
            out[source].append((fault, max(scores, key=scores.__getitem__), math.exp(scores[fault] - top) / total))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="+", help="SFT model folders (run/sft/final)")
    parser.add_argument("--seeds", default="1000:1030", help="START:STOP, seeds the corpus did not use")
    parser.add_argument("--subjects", default="a yellow poppy,a sprig of lavender")
    args = parser.parse_args()
    start, stop = (int(x) for x in args.seeds.split(":"))
    episodes = named_faults(range(start, stop), [s.strip() for s in args.subjects.split(",")])
    print(f"{len(episodes)} of {stop - start} drafts' critiques name a fault: "
          f"{dict(Counter(fault for _, _, fault, _ in episodes))}")
    print("| model | source | right | rate (95 %) | mean p(named) | choices |\n|---|---|---:|---|---:|---|")
    for model_dir in args.models:
        for source, rows in choices(model_dir, episodes).items():
            right = sum(named == chosen for named, chosen, _ in rows)
            lo, hi = wilson(right, len(rows))
            picked = Counter(chosen for _, chosen, _ in rows)
            print(f"| {model_dir} | {source} | {right}/{len(rows)} | {right / len(rows):.2f} ({lo:.2f}-{hi:.2f}) | "
                  f"{sum(p for *_, p in rows) / len(rows):.3f} | "
                  f"{', '.join(f'{f} {picked[f]}' for f in FAULTS)} |")


if __name__ == "__main__":
    main()
