"""Does reading the critique make revisions better? The demo task's ablation on one or more tiny models.

Each policy paints the demo task (`pool.synthetic`: a draft whose fault only the critique names) on seeds the
SFT corpus did not use, under the critique sources given (default reward, image, blind). Prints, per policy and
source: how often the revision repairs the fault the first painting's critique names (chance 1/3, 95 % Wilson
interval), the last - first reward gain, and its paired difference to blind (95 % t interval).

    python benchmarks/critique_effect.py --policy hf:runs/demo/sft/final --policy hf:runs/demo/grpo/final
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from critique_paint.env.protocol import SYSTEM_PROMPTS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", action="append", required=True, help="a policy spec (repeatable)")
    parser.add_argument("--sources", default="reward,image,blind")
    parser.add_argument("--subjects", default="a peach hibiscus,a blue hydrangea")
    parser.add_argument("--episodes", type=int, default=12, help="episodes per subject")
    parser.add_argument("--seed", type=int, default=1000, help="first seed (the SFT corpus uses 0..)")
    parser.add_argument("--temperature", type=float, default=0.8)
    parser.add_argument("--max-new-tokens", type=int, default=900)
    parser.add_argument("--system-prompt", default="brief", choices=SYSTEM_PROMPTS,
                        help="the system prompt the policies were trained with")
    parser.add_argument("--out", type=Path, default=Path("runs") / "critique_effect")
    args = parser.parse_args()

    from rich.console import Console

    from critique_paint.env.runtime import RuntimeConfig
    from critique_paint.evaluate.outputs import run_evaluation
    from critique_paint.evaluate.repairs import repair_rates
    from critique_paint.evaluate.settings import EvalSettings
    from critique_paint.evaluate.stats import source_contrasts
    from critique_paint.policy import PolicyOptions

    sources = args.sources.split(",")
    console = Console(width=160)
    t0 = time.perf_counter()
    rows_by_policy = {}
    for spec in args.policy:
        plan = EvalSettings(subjects=args.subjects.split(","), episodes=args.episodes, max_turns=2, seed=args.seed,
                            reward_preset="offline", concurrency=8, critiques=sources,
                            system_prompt=args.system_prompt)
        out_dir = args.out / spec.replace(":", "_").replace("/", "_")
        rows_by_policy[spec] = (run_evaluation([spec], PolicyOptions(temperature=args.temperature, top_p=0.95,
                                                                     top_k=20, max_new_tokens=args.max_new_tokens),
                                               plan, out_dir, RuntimeConfig(reward_preset="offline"), console),
                                out_dir, plan)
    print(f"\n{'policy':<34} {'source':<7} {'repairs the named fault':>28} {'last - first':>18} {'- blind':>20}")
    for spec, (rows, out_dir, plan) in rows_by_policy.items():
        rates = repair_rates(rows, out_dir)
        labels = {s: plan.label(spec, s) for s in sources}
        contrasts = {c["source"]: c for c in source_contrasts(rows, labels)}
        for source in sources:
            r = rates.get(labels[source], {})
            lo, hi = r.get("ci95", (None, None))
            rate = ("-" if r.get("rate") is None
                    else f"{r['repaired']}/{r['episodes']} = {r['rate']:.2f} [{lo:.2f}, {hi:.2f}]")
            c = contrasts.get(source, {})
            gain = "-" if c.get("gain") is None else f"{c['gain']:+.3f} ± {c.get('gain_ci95') or 0:.3f}"
            diff = ("-" if c.get("vs_reference") is None
                    else f"{c['vs_reference']:+.3f} ± {c.get('vs_reference_ci95') or 0:.3f}")
            print(f"{spec[-34:]:<34} {source:<7} {rate:>28} {gain:>18} {diff:>20}")
    print(f"\ntook {time.perf_counter() - t0:.0f} s; chance of repairing the named fault by guessing one: 0.33")


if __name__ == "__main__":
    main()
