"""The rollout archive: every step's paintings (PNG, source, reward), a contact sheet, and their metrics."""

from __future__ import annotations

import json
import logging
from collections import Counter
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class RolloutArchive:
    """Keeps every rollout's paintings (PNG, source, reward) per step, with a contact sheet, and logs metrics."""

    def __init__(self, run_dir: Path, critique_source: str = "reward"):
        self.critique_source = critique_source
        self.root = run_dir / "rollouts"
        self.root.mkdir(parents=True, exist_ok=True)
        self.steps: list[dict] = []

    def record(self, environments: list[Any], step: int, log_metric: Any = None,
               completions: list[Any] | None = None) -> list[float | None]:
        """Archive one step's rollouts (each environment's `turns`, and from TRL's `completions` what the policy
        wrote before each paint call); returns their rewards."""
        from critique_paint.sheet import contact_sheet

        folder = self.root / f"step-{step:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        totals = [env.get_reward() for env in environments]
        images, captions, empty, codes, paint, per_turn = [], [], [], Counter(), [], {}
        max_turns = max((len(e.turns) for e in environments), default=0)
        with open(folder / "rollouts.jsonl", "w") as fh:
            for r, (env, total) in enumerate(zip(environments, totals, strict=True)):
                for turn in env.turns:
                    stem = f"r{r:02d}-t{turn.turn}"
                    (folder / f"{stem}.js").write_text(turn.sketch)
                    if turn.png:
                        (folder / f"{stem}.png").write_bytes(turn.png)
                    codes.update(turn.codes)
                    if turn.paint_fraction is not None:
                        paint.append(turn.paint_fraction)
                    per_turn.setdefault(turn.turn, []).append(turn.total)
                texts = policy_texts(completions[r]) if completions else []
                turns = [{**{k: v for k, v in t.summary().items() if k not in ("sketch", "reply")},
                          "policy_text": texts[i] if i < len(texts) else None} for i, t in enumerate(env.turns)]
                fh.write(json.dumps({"rollout": r, "total": total, "unscored": env.unscored_reason,
                                     "turns": turns}) + "\n")
                row = list(env.turns) + [None] * (max_turns - len(env.turns))
                for k, turn in enumerate(row, 1):
                    images.append(turn.png if turn else None)
                    empty.append("not painted" if turn is None else ", ".join(turn.codes) or "rejected")
                    t = turn.total if turn else None
                    captions.append(f"r{r} t{k} " + ("-" if t is None else f"{t:.2f}"))
        if images:
            contact_sheet(images, captions, thumb=160, columns=max(1, max_turns), title=f"step {step}",
                          empty=empty).save(folder / "sheet.png")
        turns = [t for env in environments for t in env.turns]
        summary = {"step": step, "critique_source": self.critique_source, "totals": totals, "per_turn": per_turn,
                   "gate_codes": dict(codes),
                   "paint_calls": len(turns),
                   "gate_pass": sum(t.gate_passed for t in turns) / len(turns) if turns else None,
                   "paint_fraction": sum(paint) / len(paint) if paint else None,
                   "unscored": sum(1 for e in environments if e.unscored_reason)}
        self.steps.append(summary)
        with open(self.root / "steps.jsonl", "a") as fh:
            fh.write(json.dumps(summary) + "\n")
        if log_metric is not None:
            log_metric("paint/unscored", float(summary["unscored"]))
            if summary["paint_fraction"] is not None:
                log_metric("paint/paint_fraction", summary["paint_fraction"])
            for code, n in codes.items():
                log_metric(f"paint/gate_{code}", float(n))
        return totals


def archiving_function(archive: RolloutArchive) -> Any:
    """A weight-0 reward function that archives the step's rollouts and logs their reward as `paint_total`."""

    def paint_total(environments: list[Any], trainer_state: Any = None, log_metric: Any = None,
                    completions: list[Any] | None = None, **kwargs: Any) -> list[float | None]:
        step = int(getattr(trainer_state, "global_step", len(archive.steps)))
        try:
            return archive.record(environments, step, log_metric, completions)
        except OSError as exc:  # archiving must never cost a training step
            log.warning("could not archive rollouts: %s", exc)
            return [env.get_reward() for env in environments]

    return paint_total


def policy_texts(completion: Any) -> list[str]:
    """What the policy wrote before each of its `paint` calls in one TRL completion (its own critique, under the
    `self` source), as plain text."""
    from critique_paint.train.completion_log import text_content

    if not isinstance(completion, list):
        return []
    return [text_content(m.get("content")).strip() for m in completion
            if isinstance(m, dict) and m.get("role") == "assistant" and m.get("tool_calls")]
