"""Learning check on CPU: after the SFT warm start the tiny model calls the tool; GRPO then learns.

1. SFT warm start (the tiny-cpu config, or --sft DIR to reuse one).
2. Tool-call rate: sample --probe completions of the GRPO prompt; the share that make a complete `paint`
   call (target >= 90 %).
3. GRPO (PaintGRPOTrainer, a two-turn environment that records the sketches and answers without
   rendering) on a deterministic, learnable reward: how close the last sketch's petal count (the bound of
   its `for` loop) is to --target, 1 at the target and 0 at --width petals away or more. The SFT start
   paints once, with the 4 or 5 petals of the SFT data's drafts (its revisions have 6 or 7), so at the
   default target 6 it earns at most 0.25 of the ceiling 1.0 (less: a sketch without a petal loop earns 0)
   and must learn to paint more petals. Compares
   the mean reward of the last 5 steps with the first 5 (Welch t).
Last line: `t_stat: X.XX` (target >= 3 within 40 steps).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")

ROOT = Path(__file__).resolve().parents[1]
LOOP_BOUND = re.compile(r"i < (\d+)")


class SketchOnlyEnv:
    """Two turns: records the sketches and answers like the environment, without rendering."""

    def __init__(self) -> None:
        self._sketch: str | None = None
        self._turn = 0

    def reset(self, **row) -> str:
        from critique_paint.env.protocol import task_text

        self._sketch, self._turn = None, 0
        return task_text(row.get("subject") or "a peach hibiscus", 2)

    def paint(self, sketch: str) -> str:
        """Render a p5.brush watercolour sketch and see the painting with a critique.

        Args:
            sketch: The complete p5.js + p5.brush sketch, as JavaScript source code.
        """
        from critique_paint.env.protocol import observation_text

        self._sketch = sketch
        self._turn += 1
        return observation_text(True, "", self._turn, max(0, 2 - self._turn))


def petal_reward(target: int, width: int):
    def petals_near_target(environments, **_):
        out = []
        for env in environments:
            match = LOOP_BOUND.search(env._sketch or "")
            n = int(match.group(1)) if match else target + width
            out.append(max(0.0, 1.0 - abs(n - target) / width))
        return out

    return petals_near_target


def welch_t(a: list[float], b: list[float]) -> float:
    va, vb = statistics.variance(a), statistics.variance(b)
    denom = (va / len(a) + vb / len(b)) ** 0.5
    return (statistics.fmean(b) - statistics.fmean(a)) / denom if denom > 0 else float("inf")


def tool_call_rate(model, tok, n: int, max_new_tokens: int) -> float:
    import torch

    from critique_paint.env.protocol import paint_tool_schema, task_text
    from critique_paint.train.datasets import grpo_row

    prompt = [dict(m) for m in grpo_row("a peach hibiscus", 0, 2)["prompt"]]
    prompt[-1]["content"] += task_text("a peach hibiscus", 2)
    ids = tok.apply_chat_template(prompt, tools=[paint_tool_schema()], add_generation_prompt=True,
                                  enable_thinking=False, return_tensors="pt", return_dict=True)
    torch.manual_seed(0)
    outs = model.generate(**ids, max_new_tokens=max_new_tokens, do_sample=True, temperature=0.8, top_k=20,
                          top_p=0.95, num_return_sequences=n)
    texts = [tok.decode(o[ids["input_ids"].shape[1]:]) for o in outs]
    return sum(("<function=paint>" in t and "</tool_call>" in t) for t in texts) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sft", help="reuse this SFT model directory instead of training one")
    ap.add_argument("--out", default="runs/learning-check")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--target", type=int, default=6)
    ap.add_argument("--width", type=int, default=2, help="petals from the target where the reward reaches 0")
    ap.add_argument("--lr", type=float, default=5e-5, help="GRPO learning rate")
    ap.add_argument("--probe", type=int, default=20)
    args = ap.parse_args()

    from datasets import Dataset

    from critique_paint.config.training import load_train_config
    from critique_paint.train.datasets import grpo_row
    from critique_paint.train.model import load_training_model
    from critique_paint.train.sft import run_sft
    from critique_paint.train.trainer import PaintGRPOTrainer

    out = Path(args.out)
    cfg = load_train_config("tiny-cpu")
    sft_dir = Path(args.sft) if args.sft else run_sft(cfg, out / "sft", disable_tqdm=True)
    model, tok, _ = load_training_model(cfg, out, str(sft_dir))
    budget = cfg.grpo["max_completion_length"]  # the demo's: each of the two rounds may hold a whole revision
    rate = tool_call_rate(model, tok, args.probe, budget // 2)
    print(f"tool-call rate after SFT: {rate:.0%} of {args.probe} sampled completions", flush=True)

    rows = [grpo_row("a peach hibiscus", i, 2) for i in range(args.steps * 2)]
    grpo = cfg.grpo_args(out / "grpo", max_steps=args.steps, num_generations=8, per_device_train_batch_size=8,
                         max_completion_length=budget, max_tool_calling_iterations=2, learning_rate=args.lr,
                         save_strategy="no", logging_steps=1, temperature=0.9, disable_tqdm=True)
    trainer = PaintGRPOTrainer(model=model, reward_funcs=[petal_reward(args.target, args.width)], args=grpo,
                          train_dataset=Dataset.from_list(rows), processing_class=tok,
                          environment_factory=SketchOnlyEnv)
    trainer.train()
    rewards = [h["reward"] for h in trainer.state.log_history if "reward" in h]
    first, last = rewards[:5], rewards[-5:]
    t = welch_t(first, last)
    print(f"{'steps':>6s} {'first 5 mean':>13s} {'last 5 mean':>12s} {'ceiling':>8s}")
    print(f"{len(rewards):6d} {statistics.fmean(first):13.3f} {statistics.fmean(last):12.3f} {1.0:8.3f}")
    print("first 5 steps: " + " ".join(f"{r:.3f}" for r in first))
    print("last 5 steps:  " + " ".join(f"{r:.3f}" for r in last))
    print("per-step reward: " + " ".join(f"{r:.2f}" for r in rewards))
    print(f"tool_call_rate: {rate:.2f}")
    print(f"t_stat: {t:.2f}")
    sys.exit(0)


if __name__ == "__main__":
    main()
