"""Training configuration: YAML mapping onto TRL's SFTConfig / GRPOConfig and peft.LoraConfig, plus ours."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from critique_paint.errors import ConfigError

SECTIONS = ("model", "hardware", "environment", "data", "peft", "sft", "grpo")


@dataclass
class ModelSection:
    name: str = "tiny:text"
    dtype: str | None = None
    modality: str = "text"  # "text" or "vision": whether the paint tool returns the image to the policy
    tiny: bool = False  # load a tiny random-weight build of `name`'s own architecture (configs/cpu-smoke.yaml)
    router_aux_loss_coef: float | None = 0.0  # MoE load-balancing loss in the training loss; None: the model's


@dataclass
class HardwareSection:
    """What `critique-paint plan` (and the check before sft/grpo) budgets for."""

    gpus: int = 1  # GPUs on the machine; with grpo.vllm_mode server, all but one serve generation
    gpu_memory_gib: float = 140.0  # usable memory per GPU (one H200: about 140 GiB)


@dataclass
class EnvironmentSection:
    subjects: list[str] = field(default_factory=lambda: ["a peach hibiscus"])
    prompts: int = 64  # dataset rows (subjects x seeds)
    max_turns: int = 3
    reward_preset: str = "offline"
    weights: dict[str, float] = field(default_factory=dict)
    judge: dict[str, Any] = field(default_factory=dict)  # base_url, model, timeout_s, max_concurrency
    hps_url: str | None = None
    server_urls: list[str] = field(default_factory=list)
    render_workers: int = 0
    tool_concurrency: int = 64


@dataclass
class DataSection:
    """What the SFT warm start learns from (the reference pool)."""

    source: str = "pool"  # "pool", or "synthetic": short procedural sketches for the tiny CPU model
    synthetic_episodes: int = 24  # with source "synthetic": draft-and-revision episodes to render
    max_sketch_chars: int | None = None  # leave out longer pool sketches
    chains: bool = True  # multi-turn conversations from revision chains
    single_turn: bool = True  # one-painting conversations from love/okay sketches


@dataclass
class TrainConfig:
    path: str
    model: ModelSection
    hardware: HardwareSection
    environment: EnvironmentSection
    data: DataSection
    peft: dict[str, Any] | None
    sft: dict[str, Any]
    grpo: dict[str, Any]

    @property
    def model_spec(self) -> str:
        """What load_policy loads: `model.name`, or with `model.tiny` the tiny build of its architecture."""
        if not self.model.tiny or self.model.name.startswith("tiny:"):
            return self.model.name
        from critique_paint.models.architectures import tiny_spec_for

        return tiny_spec_for(self.model.name)

    def lora_config(self) -> Any:
        if not self.peft:
            return None
        from peft import LoraConfig

        return _build(LoraConfig, {"task_type": "CAUSAL_LM", **self.peft}, f"{self.path}: peft")

    def sft_args(self, output_dir: str | Path, **overrides: Any) -> Any:
        from trl import SFTConfig

        return _build(SFTConfig, {**self.sft, "output_dir": str(output_dir), **overrides}, f"{self.path}: sft")

    def grpo_args(self, output_dir: str | Path, **overrides: Any) -> Any:
        from trl import GRPOConfig

        values = {"max_tool_calling_iterations": self.environment.max_turns, **self.grpo,
                  "output_dir": str(output_dir), **overrides}
        return _build(GRPOConfig, values, f"{self.path}: grpo")


def _build(cls: type, values: dict[str, Any], where: str) -> Any:
    """Instantiate a TRL/peft config class; unknown or invalid fields become one-line ConfigErrors."""
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(f"{where}: {', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not "
                          f"{cls.__name__} field{'s' if len(unknown) > 1 else ''}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{where}: {str(exc).splitlines()[0]}") from None


def _section(cls: type, raw: Any, where: str) -> Any:
    if raw is None:
        return cls()
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a mapping")
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return cls(**raw)


def set_dotted(raw: dict[str, Any], assignment: str) -> None:
    """Apply `section.key=value` (value parsed as YAML) to a raw config mapping."""
    key, sep, value = assignment.partition("=")
    if not sep or "." not in key:
        raise ConfigError(f"--set {assignment!r}: expected SECTION.KEY=VALUE, e.g. grpo.learning_rate=1e-5")
    section, _, name = key.partition(".")
    if section not in SECTIONS:
        raise ConfigError(f"--set {assignment!r}: unknown section {section!r}; use one of {', '.join(SECTIONS)}")
    if raw.get(section) is None:
        raw[section] = {}
    parsed = yaml.safe_load(value)
    if isinstance(parsed, str):  # YAML 1.1 reads "3e-3" as a string
        try:
            parsed = float(parsed)
        except ValueError:
            pass
    raw[section][name] = parsed


def _read_yaml(p: Path) -> dict[str, Any]:
    if not p.is_file():
        raise ConfigError(f"no training config at {p}; see configs/*.yaml")
    try:
        raw = yaml.safe_load(p.read_text()) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{p}: not valid YAML ({str(exc).splitlines()[0]})") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{p}: the top level must be a mapping with sections {', '.join(SECTIONS)}")
    unknown = sorted(set(raw) - set(SECTIONS))
    if unknown:
        raise ConfigError(f"{p}: unknown section(s) {', '.join(unknown)}; use {', '.join(SECTIONS)}")
    return raw


def merge_configs(base: dict[str, Any], overlay: dict[str, Any]) -> dict[str, Any]:
    """Overlay one raw config on another: keys of a section replace the same keys; `null` replaces a section."""
    merged = {k: dict(v) if isinstance(v, dict) else v for k, v in base.items()}
    for section, values in overlay.items():
        if isinstance(values, dict) and isinstance(merged.get(section), dict):
            merged[section].update(values)
        else:
            merged[section] = dict(values) if isinstance(values, dict) else values
    return merged


def load_train_config(paths: str | Path | Sequence[str | Path], overrides: list[str] | None = None) -> TrainConfig:
    """Read one training YAML or several stacked (later files override earlier ones), then `--set` overrides.

    Every problem is a single-line ConfigError.
    """
    files = [Path(paths)] if isinstance(paths, (str, Path)) else [Path(x) for x in paths]
    if not files:
        raise ConfigError("no training config given; see configs/*.yaml")
    raw: dict[str, Any] = {}
    for f in files:
        raw = merge_configs(raw, _read_yaml(f))
    p = "+".join(str(f) for f in files)
    for assignment in overrides or []:
        set_dotted(raw, assignment)
    cfg = TrainConfig(
        path=p,
        model=_section(ModelSection, raw.get("model"), f"{p}: model"),
        hardware=_section(HardwareSection, raw.get("hardware"), f"{p}: hardware"),
        environment=_section(EnvironmentSection, raw.get("environment"), f"{p}: environment"),
        data=_section(DataSection, raw.get("data"), f"{p}: data"),
        peft=raw.get("peft"),
        sft=dict(raw.get("sft") or {}),
        grpo=dict(raw.get("grpo") or {}),
    )
    if cfg.model.modality not in ("text", "vision"):
        raise ConfigError(f"{p}: model.modality must be text or vision, not {cfg.model.modality!r}")
    if cfg.data.source not in ("pool", "synthetic"):
        raise ConfigError(f"{p}: data.source must be pool or synthetic, not {cfg.data.source!r}")
    if not 1 <= cfg.environment.max_turns <= 16:
        raise ConfigError(f"{p}: environment.max_turns must be 1..16")
    if cfg.hardware.gpus < 1 or cfg.hardware.gpu_memory_gib <= 0:
        raise ConfigError(f"{p}: hardware.gpus must be >= 1 and hardware.gpu_memory_gib > 0")
    return cfg
