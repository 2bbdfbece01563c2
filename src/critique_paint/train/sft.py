"""The SFT warm start: the pool's (or synthetic) painting conversations, paintings in the answers for vision."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from critique_paint.config.training import TrainConfig
from critique_paint.train.model import (
    check_plan,
    describe_model,
    load_training_model,
    peft_config_for,
    save_final,
    train_or_save,
)
from critique_paint.train.progress import RunProgress


def messages_with_paintings(row: dict[str, Any]) -> list[dict[str, Any]]:
    """An SFT row's conversation with the PNGs named in its `paintings` column inside its `paint` answers."""
    from PIL import Image

    from critique_paint.env.protocol import with_paintings

    return with_paintings(row["messages"], [Image.open(p).convert("RGB") for p in row.get("paintings") or []])


class PaintingsCollator:
    """Puts each row's paintings into its `paint` answers, then hands the batch to TRL's vision collator."""

    def __init__(self, inner: Any):
        self.inner = inner

    def __call__(self, examples: list[dict[str, Any]]) -> Any:
        batch = [{**{k: v for k, v in e.items() if k != "paintings"}, "messages": messages_with_paintings(e),
                  "images": []} for e in examples]
        return self.inner(batch)


def sft_dataset(cfg: TrainConfig, is_vision: bool = False, run_dir: Path | None = None,
                processing_class: Any = None) -> Any:
    """SFT rows; for vision policies, rows longer than sft.max_length are left out (truncation would cut an image)."""
    from datasets import Dataset

    from critique_paint.train.datasets import sft_conversations, synthetic_conversations

    if cfg.data.source == "synthetic":
        env = cfg.environment
        paintings = (run_dir or Path("runs")) / "sft-paintings" if is_vision else None
        demo = synthetic_conversations(cfg.data.synthetic_episodes, env.subjects, env.episode.max_turns, env.render,
                                       paintings, misread=cfg.data.synthetic_misread, blind=cfg.data.synthetic_blind,
                                       reading_rows=cfg.data.synthetic_reading_rows,
                                       brush_methods=env.episode.brush_methods, system=env.episode.system_prompt,
                                       actions=env.episode.actions, drafted=env.drafts == "synthetic")
        if is_vision or processing_class is None:
            return Dataset.from_list(demo)
        return Dataset.from_list([loss_on_replies(row, processing_class) for row in demo])
    rows = sft_conversations(max_sketch_chars=cfg.data.max_sketch_chars, single_turn=cfg.data.single_turn,
                             chains=cfg.data.chains, images=is_vision,
                             brush_methods=cfg.environment.episode.brush_methods,
                             system=cfg.environment.episode.system_prompt, actions=cfg.environment.episode.actions)
    if is_vision and processing_class is not None and cfg.sft.get("max_length"):
        rows = [r for r in rows if conversation_tokens(r, processing_class) <= cfg.sft["max_length"]]
    if not rows:
        from critique_paint.errors import ConfigError

        raise ConfigError(f"{cfg.path}: the data section selects no pool conversations (sft.max_length "
                          f"{cfg.sft.get('max_length')}, data.max_sketch_chars {cfg.data.max_sketch_chars})")
    return Dataset.from_list(rows)


def loss_on_replies(row: dict[str, Any], processing_class: Any) -> dict[str, Any]:
    """A text row tokenized with the tokens its loss falls on. A whole episode: every reply, as TRL's assistant-only
    loss, but for each turn's opening (the empty think block the generation prompt already holds: trained, it kept
    the draft from opening with its call). A reading row (one that stops at the revision's `paint` call): only its
    opening sentence and the call's opening up to the sketch. A row's loss is the mean over its tokens, and among a
    sketch's ~600 copied tokens the reading would weigh almost nothing; the copy and the repair are the whole
    episodes' to teach (a repair taught apart from its episode unsettled the draft's own switch line)."""
    from trl.chat_template_utils import get_training_chat_template, has_generation_markers

    from critique_paint.env.protocol import paint_call

    messages, tools = row["messages"], row["tools"]
    # TRL's assistant-only loss swaps in the same template with {% generation %} markers where it has none
    template = None if has_generation_markers(processing_class.chat_template) else get_training_chat_template(
        processing_class)

    def render(conversation: list[dict[str, Any]], **kw: Any) -> Any:
        return processing_class.apply_chat_template(conversation, tools=tools, tokenize=True, return_dict=True,
                                                    chat_template=template, **kw)

    def ids(conversation: list[dict[str, Any]], **kw: Any) -> list[int]:
        return list(render(conversation, **kw)["input_ids"])

    def opening(i: int) -> int:  # where the assistant turn at messages[i] starts to be the policy's own
        return len(ids(messages[:i], add_generation_prompt=True))

    if not messages[-1].get("tool_calls"):
        whole = render(messages, return_assistant_tokens_mask=True)
        mask = list(whole["assistant_masks"])
        for i, message in enumerate(messages):
            if message["role"] == "assistant":
                k = opening(i) - 1
                while k >= 0 and mask[k]:
                    mask[k], k = 0, k - 1
        return {"input_ids": list(whole["input_ids"]), "assistant_masks": mask}
    input_ids, text = ids(messages), messages[-1]["content"]

    def agreed(reply: dict[str, Any]) -> int:  # tokens shared with the conversation whose last reply is `reply`
        said = ids([*messages[:-1], reply])
        differ = (k for k, (a, b) in enumerate(zip(input_ids, said, strict=False)) if a != b)
        return next(differ, min(len(input_ids), len(said)))

    start = opening(len(messages) - 1)
    if all(c["function"]["name"] == "edit" for c in messages[-1]["tool_calls"]):  # a short edit: the reply whole
        mask = render(messages, return_assistant_tokens_mask=True)["assistant_masks"]
        return {"input_ids": input_ids, "assistant_masks": [int(k >= start and bool(mask[k]))
                                                            for k in range(len(input_ids))]}
    end = agreed(paint_call("", text))  # the reply opens; its sketch starts
    if end <= start:
        raise ValueError("a reading row's reply has no opening sentence before its call")
    return {"input_ids": input_ids, "assistant_masks": [int(start <= k < end) for k in range(len(input_ids))]}


def conversation_tokens(row: dict[str, Any], processing_class: Any) -> int:
    """Tokens of an SFT row with its paintings: a vision row cut by max_length would cut an image apart."""
    ids = processing_class.apply_chat_template(messages_with_paintings(row), tools=row["tools"], tokenize=True,
                                               return_dict=True)["input_ids"]
    return len(ids[0]) if ids and isinstance(ids[0], list) else len(ids)


def run_sft(cfg: TrainConfig, run_dir: Path, *, dataset: Any = None, model_path: str | None = None,
            resume: str | bool | None = None, callbacks: list | None = None, progress: RunProgress | None = None,
            **overrides: Any) -> Path:
    """Warm start on `dataset` (default: the config's data section); saves the model (or adapter) and processor
    under run_dir/final and returns that folder. `model_path` starts from a saved model or adapter folder;
    `progress` reports stages and steps."""
    from trl import SFTTrainer

    from critique_paint.train.grpo import zero3
    from critique_paint.train.ranks import Ranks

    say = progress.stage if progress is not None else (lambda _: None)
    check_plan(cfg, "sft")
    if cfg.model.modality == "vision":  # the collator reads the `paintings` column
        overrides = {"remove_unused_columns": False, **overrides}
    args = cfg.sft_args(run_dir / "checkpoints", **overrides)  # before the model: DeepSpeed ZeRO-3 init needs it
    ranks = Ranks.current()
    say(f"loading model {model_path or cfg.model_spec}")
    with ranks.main_first(enabled=not zero3()):  # a cache the main builds, the others read
        model, processing_class, is_vision = load_training_model(cfg, run_dir, model_path)
    say(f"model loaded: {describe_model(model)}")
    if dataset is None:
        say(f"building the SFT data ({cfg.data.source})")
        with ranks.main_first():  # paintings written under run_dir, one rank at a time
            dataset = sft_dataset(cfg, is_vision, run_dir, processing_class)
    say(f"SFT data: {len(dataset)} conversations")
    if "input_ids" in (dataset.column_names or []):  # tokenized with its loss masks (`loss_on_replies`)
        args.assistant_only_loss = False
    callbacks = [*(callbacks or []), *([progress.callback()] if progress is not None else [])]
    trainer = SFTTrainer(model=model, args=args, train_dataset=dataset, processing_class=processing_class,
                         peft_config=peft_config_for(cfg, model), callbacks=callbacks)
    if progress is not None:
        progress.replace_printer(trainer)
    # transformers types train_dataset as torch's Dataset (or None); SFTTrainer keeps a datasets.Dataset
    if is_vision and "paintings" in (trainer.train_dataset.column_names or []):  # type: ignore[union-attr]
        trainer.data_collator = PaintingsCollator(trainer.data_collator)
    train_or_save(trainer, processing_class, run_dir, resume)
    return save_final(trainer, processing_class, run_dir)
