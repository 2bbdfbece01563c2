"""The SFT warm start and the GRPO run, wired from a TrainConfig."""

from __future__ import annotations

import json
import logging
from collections import Counter
from pathlib import Path
from typing import Any

from critique_paint.config.training import TrainConfig

log = logging.getLogger(__name__)


class Interrupted(Exception):
    """Training stopped by Ctrl-C after saving what it had."""


def train_or_save(trainer: Any, processing_class: Any, run_dir: Path, resume: str | bool | None) -> None:
    """Train; on Ctrl-C save a checkpoint and the model under run_dir/interrupted, then raise Interrupted."""
    try:
        trainer.train(resume_from_checkpoint=resume)
    except KeyboardInterrupt:
        where = run_dir / "interrupted"
        trainer.save_model(str(where))
        processing_class.save_pretrained(str(where))
        trainer.save_state()
        raise Interrupted(str(where)) from None


def progress_callbacks() -> list:
    """A rich progress display in place of tqdm's."""
    from trl.trainer.callbacks import RichProgressCallback

    return [RichProgressCallback()]


def load_model(cfg: TrainConfig, run_dir: Path, model_path: str | None = None) -> tuple[Any, Any, bool]:
    """The policy to train: the config's model, a full checkpoint, or a LoRA adapter folder (e.g. sft/final).

    An adapter folder is loaded onto the base it names and stays trainable: GRPO goes on training the SFT adapter,
    so its output is again one adapter over the original base (no merged copy of the base on disk).
    """
    from critique_paint.models.adapters import adapter_base, load_trainable_adapter
    from critique_paint.models.loading import load_policy

    spec = model_path or cfg.model_spec
    adapter = None
    if model_path and Path(model_path).is_dir() and adapter_base(Path(model_path)) is not None:
        adapter, spec = model_path, adapter_base(Path(model_path))
    model, processing_class, is_vision = load_policy(spec, cache_dir=run_dir / "cache", dtype=cfg.model.dtype,
                                                     vision=cfg.model.modality == "vision")
    set_router_aux_loss(model, cfg.model.router_aux_loss_coef)
    if adapter is not None:
        model = load_trainable_adapter(model, adapter)
    return model, processing_class, is_vision


def set_router_aux_loss(model: Any, coef: float | None) -> None:
    """Set a MoE's load-balancing loss coefficient (0 turns the router logits and the loss off); None keeps it."""
    if coef is None:
        return
    for config in (model.config, getattr(model.config, "text_config", None)):
        if config is not None and hasattr(config, "router_aux_loss_coef"):
            config.router_aux_loss_coef = float(coef)
            config.output_router_logits = coef > 0


def check_plan(cfg: TrainConfig, stage: str, model_path: str | None = None) -> None:
    """Refuse, before anything is loaded, a run whose memory plan cannot fit its GPUs (see `critique-paint plan`)."""
    from critique_paint.plan import check_fits

    check_fits(cfg, stage, model_name=model_path)


def peft_config_for(cfg: TrainConfig, model: Any) -> Any:
    """The config's LoRA, unless the model already carries a trainable adapter (a warm start from sft/final)."""
    from peft import PeftModel

    return None if isinstance(model, PeftModel) else cfg.lora_config()


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
        return Dataset.from_list(synthetic_conversations(cfg.data.synthetic_episodes, env.subjects[0],
                                                         env.max_turns, env.render_workers, paintings))
    rows = sft_conversations(max_sketch_chars=cfg.data.max_sketch_chars, single_turn=cfg.data.single_turn,
                             chains=cfg.data.chains, images=is_vision)
    if is_vision and processing_class is not None and cfg.sft.get("max_length"):
        rows = [r for r in rows if conversation_tokens(r, processing_class) <= cfg.sft["max_length"]]
    if not rows:
        from critique_paint.errors import ConfigError

        raise ConfigError(f"{cfg.path}: the data section selects no pool conversations (sft.max_length "
                          f"{cfg.sft.get('max_length')}, data.max_sketch_chars {cfg.data.max_sketch_chars})")
    return Dataset.from_list(rows)


def conversation_tokens(row: dict[str, Any], processing_class: Any) -> int:
    """Tokens of an SFT row with its paintings: a vision row cut by max_length would cut an image apart."""
    ids = processing_class.apply_chat_template(messages_with_paintings(row), tools=row["tools"], tokenize=True,
                                               return_dict=True)["input_ids"]
    return len(ids[0]) if ids and isinstance(ids[0], list) else len(ids)


def run_sft(cfg: TrainConfig, run_dir: Path, *, model_path: str | None = None, resume: str | bool | None = None,
            callbacks: list | None = None, **overrides: Any) -> Path:
    """Warm start on the pool's conversations; saves the model (or adapter) and processor under run_dir/final.

    `model_path` starts from a saved model or adapter folder (e.g. an earlier sft/final) instead of the config's.
    """
    from trl import SFTTrainer

    check_plan(cfg, "sft")
    vision = cfg.model.modality == "vision"
    if vision:  # the collator reads the `paintings` column
        overrides = {"remove_unused_columns": False, **overrides}
    args = cfg.sft_args(run_dir / "checkpoints", **overrides)  # before the model: DeepSpeed ZeRO-3 init needs it
    model, processing_class, is_vision = load_model(cfg, run_dir, model_path)
    trainer = SFTTrainer(model=model, args=args, train_dataset=sft_dataset(cfg, is_vision, run_dir, processing_class),
                         processing_class=processing_class, peft_config=peft_config_for(cfg, model),
                         callbacks=callbacks)
    if is_vision and "paintings" in (trainer.train_dataset.column_names or []):
        trainer.data_collator = PaintingsCollator(trainer.data_collator)
    train_or_save(trainer, processing_class, run_dir, resume)
    final = run_dir / "final"
    trainer.save_model(str(final))
    processing_class.save_pretrained(str(final))
    write_lora_report(trainer.model, final)
    write_gpu_peak(run_dir)
    return final


def write_gpu_peak(run_dir: Path) -> None:
    """`gpu_peak.json`: this process's peak CUDA memory, to set beside `critique-paint plan` (nothing on CPU)."""
    import torch

    if not torch.cuda.is_available():
        return
    peak = {"max_memory_allocated_gib": torch.cuda.max_memory_allocated() / 2**30,
            "max_memory_reserved_gib": torch.cuda.max_memory_reserved() / 2**30}
    (run_dir / "gpu_peak.json").write_text(json.dumps(peak) + "\n")


def write_lora_report(model: Any, folder: Path) -> None:
    """`lora_modules.json` beside the saved model: where LoRA landed, its size, whether the vision tower is frozen."""
    from critique_paint.models.adapters import lora_report

    report = lora_report(model)
    if report is not None:
        (folder / "lora_modules.json").write_text(json.dumps(report, indent=1) + "\n")


def grpo_dataset(cfg: TrainConfig) -> Any:
    from datasets import Dataset

    from critique_paint.train.datasets import grpo_row

    env = cfg.environment
    rows = [grpo_row(env.subjects[i % len(env.subjects)], i // len(env.subjects), env.max_turns)
            for i in range(env.prompts)]
    return Dataset.from_list(rows)


def configure_environment(cfg: TrainConfig, is_vision: bool) -> None:
    """In-process runtime (renderer + scorer) unless server URLs are given; then the adapter's settings."""
    from critique_paint.env.runtime import PaintRuntime
    from critique_paint.train.tool_env import AdapterSettings, configure_adapter

    env = cfg.environment
    if not env.server_urls:
        PaintRuntime.configure(env.runtime_config())
    configure_adapter(AdapterSettings(server_urls=list(env.server_urls), vision=is_vision,
                                      reward_preset=env.reward_preset))


class RolloutArchive:
    """Keeps every rollout's paintings (PNG, source, reward) per step, with a contact sheet, and logs metrics."""

    def __init__(self, run_dir: Path):
        self.root = run_dir / "rollouts"
        self.root.mkdir(parents=True, exist_ok=True)
        self.steps: list[dict] = []

    def record(self, environments: list[Any], step: int, log_metric: Any = None) -> list[float | None]:
        """Archive one step's rollouts (each environment's `turns`); returns their rewards."""
        from critique_paint.sheet import contact_sheet

        folder = self.root / f"step-{step:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        totals = [env.get_reward() for env in environments]
        images, captions, empty, codes, coverage, per_turn = [], [], [], Counter(), [], {}
        max_turns = max((len(e.turns) for e in environments), default=0)
        with open(folder / "rollouts.jsonl", "w") as fh:
            for r, (env, total) in enumerate(zip(environments, totals, strict=True)):
                for turn in env.turns:
                    stem = f"r{r:02d}-t{turn.turn}"
                    (folder / f"{stem}.js").write_text(turn.sketch)
                    if turn.png:
                        (folder / f"{stem}.png").write_bytes(turn.png)
                    codes.update(turn.codes)
                    if turn.coverage is not None:
                        coverage.append(turn.coverage)
                    per_turn.setdefault(turn.turn, []).append(turn.total)
                turns = [{k: v for k, v in t.summary().items() if k != "sketch"} for t in env.turns]
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
        summary = {"step": step, "totals": totals, "per_turn": per_turn, "gate_codes": dict(codes),
                   "coverage": sum(coverage) / len(coverage) if coverage else None,
                   "unscored": sum(1 for e in environments if e.unscored_reason)}
        self.steps.append(summary)
        with open(self.root / "steps.jsonl", "a") as fh:
            fh.write(json.dumps(summary) + "\n")
        if log_metric is not None:
            log_metric("paint/unscored", float(summary["unscored"]))
            if summary["coverage"] is not None:
                log_metric("paint/coverage", summary["coverage"])
            for code, n in codes.items():
                log_metric(f"paint/gate_{code}", float(n))
        return totals


def archiving_function(archive: RolloutArchive) -> Any:
    """A weight-0 reward function that archives the step's rollouts and logs their reward as `paint_total`."""

    def paint_total(environments: list[Any], trainer_state: Any = None, log_metric: Any = None,
                    **kwargs: Any) -> list[float | None]:
        step = int(getattr(trainer_state, "global_step", len(archive.steps)))
        try:
            return archive.record(environments, step, log_metric)
        except OSError as exc:  # archiving must never cost a training step
            log.warning("could not archive rollouts: %s", exc)
            return [env.get_reward() for env in environments]

    return paint_total


def run_grpo(cfg: TrainConfig, run_dir: Path, *, model_path: str | None = None, resume: str | bool | None = None,
             reward_funcs: list | None = None, reward_weights: list[float] | None = None,
             callbacks: list | None = None, **overrides: Any) -> Any:
    """GRPO with the painting environment, concurrent tool calls and the reward mix; returns the trainer.

    `reward_funcs` (with `reward_weights`) replace the logging functions; the environment's reward always counts.
    """
    from critique_paint.train.concurrent import concurrent_grpo_trainer_class
    from critique_paint.train.rewards import logging_functions
    from critique_paint.train.tool_env import PaintToolEnv

    check_plan(cfg, "grpo", model_path)
    archive = RolloutArchive(run_dir)
    if reward_funcs is None:  # the trained reward is PaintToolEnv.get_reward (TRL adds it with weight 1)
        reward_funcs = [archiving_function(archive), *logging_functions(cfg.environment.max_turns)]
        reward_weights = [0.0] * len(reward_funcs)
    args = cfg.grpo_args(run_dir / "checkpoints", reward_weights=reward_weights, **overrides)  # before the model
    model, processing_class, is_vision = load_model(cfg, run_dir, model_path)
    configure_environment(cfg, is_vision)
    trainer_cls = concurrent_grpo_trainer_class()
    trainer = trainer_cls(model=model, reward_funcs=reward_funcs, args=args, train_dataset=grpo_dataset(cfg),
                          processing_class=processing_class, peft_config=peft_config_for(cfg, model),
                          environment_factory=PaintToolEnv, callbacks=callbacks)
    trainer.tool_concurrency = cfg.environment.tool_concurrency
    trainer.archive = archive
    train_or_save(trainer, processing_class, run_dir, resume)
    trainer.save_model(str(run_dir / "final"))
    processing_class.save_pretrained(str(run_dir / "final"))
    write_lora_report(trainer.model, run_dir / "final")
    write_gpu_peak(run_dir)
    return trainer
