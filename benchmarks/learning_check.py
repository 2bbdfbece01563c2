"""Learning check on CPU: after the SFT warm start the tiny model calls its tools; GRPO then learns a target.

1. SFT warm start (the tiny-cpu config: episodes that start from the demo draft and revise it by editing), or
   --sft DIR to reuse one.
2. Tool-call rate: sample --probe replies to a drafted episode's prompt; the share that make a well-formed call
   of a tool the episode offers (target >= 90 %).
3. GRPO (PaintGRPOTrainer) in an environment that applies the policy's edits (or paintings) to the draft and
   answers without rendering or a critique, as the blind source does, on a deterministic reward: 1 when the
   revision repairs --target (one of the draft's three faults, `pool.synthetic`), else 0. The SFT start, given
   no critique, guesses a fault at random (about a third of the ceiling) and must learn to repair the target.
   Compares the mean reward of the last 5 steps with the first 5 (Welch t).

Last line: `t_stat: X.XX` (target >= 3 within 40 steps). The check fails (exit 1) with its reason when the warm
start calls no tool, when no step earned anything, or when the comparison has no variance to measure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")

from critique_paint.pool.synthetic import FAULTS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TURNS = 2  # the draft and one revision


class DraftOnlyEnv:
    """The draft and one revision by `edit`: applies the policy's edits without rendering."""

    def __init__(self) -> None:
        from critique_paint.pool.synthetic import flower_sketch

        self.draft = flower_sketch()
        self.sketch: str | None = None

    def reset(self, **row) -> str:
        from critique_paint.env.protocol import draft_opening, observation_text, task_text

        self.sketch = None
        task = task_text(row.get("subject") or "a peach hibiscus", TURNS, draft=self.draft,
                         actions=row.get("actions") or None)
        return draft_opening(task, observation_text(True, None, 1, TURNS - 1, source="blind"))

    def edit(self, old: str, new: str) -> str:
        from critique_paint.sketch.edits import Edit, EditError, apply_edits

        try:
            return self._revised(apply_edits(self.sketch or self.draft, [Edit(old, new)]).source)
        except EditError as exc:
            return f"Painting 2 was rejected. {exc.message}"

    def _revised(self, sketch: str) -> str:
        from critique_paint.env.protocol import observation_text

        self.sketch = sketch
        return observation_text(True, None, TURNS, 0, source="blind")


class DraftOrPaintEnv(DraftOnlyEnv):
    """The same, where a revision may also be a whole sketch (`paint`)."""

    def paint(self, sketch: str) -> str:
        return self._revised(sketch)


def environment_for(actions: tuple[str, ...]) -> type[DraftOnlyEnv]:
    """The environment class whose tools (TRL reads its public methods) are `actions`, with the tools' own docs."""
    from critique_paint.env.protocol import EDIT_TOOL_DOC, PAINT_TOOL_DOC

    DraftOnlyEnv.edit.__doc__ = EDIT_TOOL_DOC
    DraftOrPaintEnv.paint.__doc__ = PAINT_TOOL_DOC
    if "edit" not in actions:
        raise SystemExit("the learning check revises the draft by editing: the config's actions must offer edit")
    return DraftOrPaintEnv if "paint" in actions else DraftOnlyEnv


def target_reward(target: str):
    def repairs_target(environments, **_):
        from critique_paint.pool.synthetic import repaired

        return [1.0 if target in (repaired(env.sketch or "") or ()) else 0.0 for env in environments]

    return repairs_target


class NoSignal(Exception):
    """The comparison cannot say whether anything was learned."""


def welch_t(a: list[float], b: list[float]) -> float:
    """Welch's t of mean(b) - mean(a); NoSignal when both samples are constant (no variance to measure by)."""
    va, vb = statistics.variance(a), statistics.variance(b)
    denom = (va / len(a) + vb / len(b)) ** 0.5
    if denom == 0:
        raise NoSignal(f"every step of the first and the last five earned the same ({statistics.fmean(a):.2f} and "
                       f"{statistics.fmean(b):.2f}): no variance, so no t")
    return (statistics.fmean(b) - statistics.fmean(a)) / denom


def prompt_ids(tok, actions: tuple[str, ...], system_prompt: str):
    from critique_paint.env.protocol import system_message, tool_schemas

    env = environment_for(actions)()
    prompt = [system_message(None, system_prompt, actions), {"role": "user", "content": env.reset(actions=actions)}]
    return tok.apply_chat_template(prompt, tools=tool_schemas(actions), add_generation_prompt=True,
                                   enable_thinking=False, return_tensors="pt", return_dict=True)


def tool_call_rate(model, tok, cfg, n: int, seed: int = 0) -> float:
    """The share of `n` replies to a drafted prompt, sampled as `cfg`'s GRPO samples a revision (its actions,
    system prompt, temperature, top-p, top-k and per-revision budget), whose every tool call is a well-formed call of
    a tool the episode offers (and that make at least one)."""
    import torch

    from critique_paint.env.replies import parse_reply

    episode = cfg.environment.episode
    ids = prompt_ids(tok, episode.actions, episode.system_prompt)
    torch.manual_seed(seed)
    outs = model.generate(**ids, max_new_tokens=cfg.grpo["max_completion_length"] // TURNS, do_sample=True,
                          temperature=cfg.grpo["temperature"], top_p=cfg.grpo["top_p"], top_k=cfg.grpo["top_k"],
                          num_return_sequences=n)
    prefix = tok.decode(ids["input_ids"][0])
    replies = [parse_reply(tok.decode(o[ids["input_ids"].shape[1]:]), prefix=prefix) for o in outs]
    return sum(bool(r.calls) and all(c.error is None and c.name in episode.actions for c in r.calls)
               for r in replies) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sft", help="reuse this SFT model directory instead of training one")
    ap.add_argument("--out", default="runs/learning-check")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--target", default="ground", choices=FAULTS, help="the fault to repair")
    ap.add_argument("--lr", type=float, default=2e-4, help="GRPO learning rate")
    ap.add_argument("--probe", type=int, default=20)
    args = ap.parse_args()

    from datasets import Dataset

    from critique_paint.config.training import load_train_config
    from critique_paint.train.model import load_training_model
    from critique_paint.train.sft import run_sft
    from critique_paint.train.trainer import PaintGRPOTrainer

    out = Path(args.out)
    cfg = load_train_config("tiny-cpu")
    actions = cfg.environment.episode.actions
    sft_dir = Path(args.sft) if args.sft else run_sft(cfg, out / "sft", disable_tqdm=True)
    model, tok, _ = load_training_model(cfg, out, str(sft_dir))
    rate = tool_call_rate(model, tok, cfg, args.probe)
    print(f"tool-call rate after SFT: {rate:.0%} of {args.probe} sampled replies", flush=True)
    if rate == 0:
        print(f"tool_call_rate: {rate:.2f}\nFAILED: the warm start calls no tool, so GRPO has nothing to learn from")
        sys.exit(1)

    from critique_paint.env.protocol import system_message

    rows = [{"prompt": [system_message(None, cfg.environment.episode.system_prompt, actions),
                        {"role": "user", "content": ""}],
             "subject": "a peach hibiscus", "actions": list(actions)} for _ in range(args.steps * 2)]
    grpo = cfg.grpo_args(out / "grpo", max_steps=args.steps, num_generations=8, per_device_train_batch_size=8,
                         max_tool_calling_iterations=TURNS, learning_rate=args.lr, save_strategy="no",
                         logging_steps=1, disable_tqdm=True)
    trainer = PaintGRPOTrainer(model=model, reward_funcs=[target_reward(args.target)], args=grpo,
                               train_dataset=Dataset.from_list(rows), processing_class=tok,
                               environment_factory=environment_for(actions))
    trainer.train()
    rewards = [h["reward"] for h in trainer.state.log_history if "reward" in h]
    first, last = rewards[:5], rewards[-5:]
    print(f"{'steps':>6s} {'first 5 mean':>13s} {'last 5 mean':>12s} {'ceiling':>8s}")
    print(f"{len(rewards):6d} {statistics.fmean(first):13.3f} {statistics.fmean(last):12.3f} {1.0:8.3f}")
    print("per-step reward: " + " ".join(f"{r:.2f}" for r in rewards))
    print(f"tool_call_rate: {rate:.2f}")
    if not any(rewards):
        print("FAILED: no step earned any reward")
        sys.exit(1)
    try:
        t = welch_t(first, last)
    except NoSignal as exc:
        print(f"FAILED: {exc}")
        sys.exit(1)
    print(f"t_stat: {t:.2f}")


if __name__ == "__main__":
    main()
