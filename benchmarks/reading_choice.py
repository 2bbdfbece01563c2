"""Which repair an SFT model chooses after the demo draft's critique, with and without the critique.

For each held-out seed a real environment episode paints the demo draft under the `reward` source (the critique
shown) and under `blind` (withheld); the offline critic names the draft's fault from the painting, and the model's
most likely opening sentence after the environment's answer is its choice (`evaluate.reading`): no sampling, no
revision render, so a model's reading costs seconds. Chance is 1/3.

    python benchmarks/reading_choice.py runs/demo/sft/final [MORE_MODELS] --seeds 1000:1030 \
        --subjects "a yellow poppy,a sprig of lavender"
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from critique_paint.env.protocol import SYSTEM_PROMPTS  # noqa: E402

SOURCES = ("reward", "blind")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="+", help="SFT model folders (run/sft/final)")
    parser.add_argument("--seeds", default="1000:1030", help="START:STOP, seeds the corpus did not use")
    parser.add_argument("--subjects", default="a yellow poppy,a sprig of lavender")
    parser.add_argument("--system-prompt", default="brief", choices=SYSTEM_PROMPTS,
                        help="the system prompt the models were trained with")
    parser.add_argument("--cache", default=str(Path("runs") / "render-cache"), help="render cache folder")
    args = parser.parse_args()

    from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
    from critique_paint.evaluate.reading import choice_rate, choices, turn_two
    from critique_paint.models.adapters import load_model
    from critique_paint.pool.synthetic import FAULTS
    from critique_paint.render.pages import RenderOptions

    start, stop = (int(x) for x in args.seeds.split(":"))
    subjects = [s.strip() for s in args.subjects.split(",")]
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions(cache_dir=args.cache))) as rt:
        episodes = {source: turn_two(rt, range(start, stop), subjects, source,
                                               system_prompt=args.system_prompt) for source in SOURCES}
    print(f"{len(episodes['reward'])} of {stop - start} drafts' critiques name a fault: "
          f"{dict(Counter(e.named for e in episodes['reward']))}")
    print("| model | source | right | rate (95 %) | mean p(named) | choices |\n|---|---|---:|---|---:|---|")
    for model_dir in args.models:
        model, processing, _ = load_model(model_dir, cache_dir=Path("runs") / "cache")
        model.eval()
        for source in SOURCES:
            rows = choices(model, processing, episodes[source])
            rate, picked = choice_rate(rows), Counter(c.chosen for c in rows)
            lo, hi = rate["ci95"]
            print(f"| {model_dir} | {source} | {rate['repaired']}/{len(rows)} | {rate['rate']:.2f} "
                  f"({lo:.2f}-{hi:.2f}) | "
                  f"{sum(c.p_named for c in rows) / len(rows):.3f} | "
                  f"{', '.join(f'{f} {picked[f]}' for f in FAULTS)} |")


if __name__ == "__main__":
    main()
