"""One training process of the multi-rank tests: the real `critique-paint` command line, with every GRPO run it
starts given scripted replies (by subject, built from the trainer's own tokenizer as training begins) and a log of
what this rank's trainer logged (`RUN/logged-rank{k}.jsonl`).

    torchrun --standalone --nproc_per_node 2 -m helpers.ranked_grpo grpo --config ... --out RUN
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

from critique_paint.pool.synthetic import draft_and_revision

from helpers.scripted import ScriptedBySubject
from helpers.sketches import SHORT_SKETCH

DRAFT = draft_and_revision(0)[0]  # a hibiscus of petals and glazes: the offline critic scores it well above a disc


def call(sketch: str) -> str:
    return f"<tool_call>\n<function=paint>\n<parameter=sketch>\n{sketch}\n</parameter>\n</function>\n</tool_call>"


# Two subjects painted differently (about 0.05 and 0.09 with the offline critic), so the ranks' rollouts (one
# group each) score differently: the disc twice, the hibiscus (about 600 tokens) once.
SCRIPTS = {"a peach disc": [call(SHORT_SKETCH), call(SHORT_SKETCH), "Done."],
           "a peach hibiscus": [call(DRAFT), "Done."]}


class ScriptedFromTrainer(TrainerCallback):
    """ScriptedBySubject on the trained model, built from the tokenizer the trainer holds."""

    def __init__(self, scripts: dict[str, list[str]]):
        self.scripts = scripts
        self.inner: ScriptedBySubject | None = None

    def on_train_begin(self, args, state, control, model=None, processing_class=None, **kwargs):
        tokenizer = getattr(processing_class, "tokenizer", processing_class)
        self.inner = ScriptedBySubject(tokenizer, self.scripts)
        self.inner.install(model)

    def on_train_end(self, args, state, control, **kwargs):
        if self.inner is not None:
            self.inner.remove()


class LoggedByRank(TrainerCallback):
    """Appends each of this rank's logged dicts (with its step) to `path`."""

    def __init__(self, path: Path):
        self.path = path

    def on_log(self, args, state, control, logs=None, **kwargs):
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"step": state.global_step, **(logs or {})}) + "\n")


def main(argv: list[str]) -> int:
    import critique_paint.train.grpo as grpo
    from critique_paint.cli import main as cli

    original = grpo.run_grpo
    rank = int(os.environ.get("RANK", "0"))

    def run_grpo(cfg: Any, run_dir: Path, *, callbacks: list | None = None, **kwargs: Any) -> Any:
        run_dir.mkdir(parents=True, exist_ok=True)
        extra = [ScriptedFromTrainer(SCRIPTS), LoggedByRank(run_dir / f"logged-rank{rank}.jsonl")]
        return original(cfg, run_dir, callbacks=[*(callbacks or []), *extra], **kwargs)

    grpo.run_grpo = run_grpo
    return cli(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
