"""Training configuration: YAML mapping onto TRL's SFTConfig / GRPOConfig and peft.LoraConfig, plus ours."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import ValidationError

from critique_paint.config.curriculum import ReferenceCurriculum
from critique_paint.config.tool_loop import ToolLoopSettings
from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.protocol import DEFAULT_SUBJECT
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import ConfigError
from critique_paint.fields import refused_choice, setting, table_rows, validation_message
from critique_paint.paths import config_names, training_config
from critique_paint.render.pages import RenderOptions
from critique_paint.reward.judge import JudgeConfig

SECTIONS = ("model", "hardware", "environment", "data", "peft", "sft", "grpo")


@dataclass
class ModelSection:
    """The policy to train."""

    name: str = setting("tiny:text", help="a Hub id, a local checkpoint, or tiny:text / tiny:vl / tiny:<architecture>")
    dtype: str | None = setting(None, help="bfloat16, float16 or float32 (default: the checkpoint's)")
    modality: Literal["text", "vision"] = setting("text", help="text or vision: whether the paint tool returns the "
                                                              "image to the policy")
    tiny: bool = setting(False, help="load a tiny random-weight build of `name`'s own architecture (CPU overlay)")
    router_aux_loss_coef: float | None = setting(0.0, help="MoE load-balancing loss in the training loss (TRL's "
                                                           "sft/grpo router_aux_loss_coef); null: the model's own")


@dataclass
class HardwareSection:
    """What `critique-paint plan` (and the check before sft/grpo) budgets for."""

    gpus: int = setting(1, help="GPUs on the machine; with grpo.vllm_mode server, all but one serve generation")
    gpu_memory_gib: float = setting(140.0, help="usable memory per GPU (one H200: about 140 GiB)")


# The EpisodeSettings fields an environment section may set, as keys of its own: all but each dataset row's
# (subject, seed, draft: `drafts`) and the reward preset, which the section sets for the runtime
# (RuntimeConfig.reward_preset).
EPISODE_KEYS = tuple(n for n in EpisodeSettings.model_fields if n not in ("subject", "seed", "draft", "reward_preset"))


@dataclass
class EnvironmentSection(RuntimeConfig, ToolLoopSettings):
    """The painting environment GRPO rolls out in: the runtime's reward and render settings (`RuntimeConfig`:
    reward_preset, weights, judge, hps_url, render), the episodes' (`episode`), the trainer's tool loop
    (`ToolLoopSettings`: max_turn_tokens, tool_concurrency) and the run's."""

    subjects: list[str] = setting(help="what the episodes paint", factory=lambda: [DEFAULT_SUBJECT])
    prompts: int = setting(64, help="dataset rows: row i paints subjects[i % n] with seed i")
    drafts: str | None = setting(None, help="what episodes start from: a folder of .js drafts (row i revises draft "
                                            "i % n; a `// subject:` first line sets its subject), `synthetic` (the "
                                            "demo task's draft, for SFT rows too), or null: nothing, the policy "
                                            "paints first")
    episode: EpisodeSettings = setting(help=f"the episodes' settings (EpisodeSettings), written as keys of this "
                                            f"section: {', '.join(EPISODE_KEYS)}", factory=lambda: EpisodeSettings())
    server_urls: list[str] = setting(help="OpenEnv servers (`critique-paint serve`) to roll out on, round-robin; "
                                          "empty: in process", factory=list)
    bad_reward: float = setting(0.3, help="a rollout rewarded below this is a bad painting in the run's metrics")
    reference_curriculum: ReferenceCurriculum | None = setting(
        None, help="the judge's love share as a schedule over steps: {start, end, steps}, linear from start at step "
                   "0 to end at step `steps` (replaces reference_love_share); null: none")

    def runtime_config(self) -> RuntimeConfig:
        """The in-process runtime this section's reward and renderer need: training's, and the demo's eval."""
        return RuntimeConfig(**{f.name: getattr(self, f.name) for f in dataclasses.fields(RuntimeConfig)})

    def episode_defaults(self) -> dict[str, Any]:
        """The reset fields every episode of the run starts with unless its dataset row says otherwise: the
        episode settings but subject, seed and draft, with the runtime's reward preset."""
        return {**self.episode.model_dump(exclude={"subject", "seed", "draft"}), "reward_preset": self.reward_preset}


@dataclass
class DataSection:
    """What the SFT warm start learns from (the reference pool)."""

    source: Literal["pool", "synthetic"] = setting("pool", help="pool, or synthetic: short procedural sketches for "
                                                                "the tiny CPU model")
    synthetic_episodes: int = setting(24, help="with source synthetic: draft-and-revision episodes to render")
    synthetic_misread: float = setting(0.0, help="with source synthetic: share of episodes whose revision repairs "
                                                 "another fault than the one the critique names")
    synthetic_blind: float = setting(0.0, help="with source synthetic: share of episodes painted without a critique "
                                               "(the blind answer), whose revision repairs a fault drawn at random")
    synthetic_reading_rows: int = setting(0, help="with source synthetic: per episode whose critique names a fault, "
                                                  "that many more rows reading the same painting's critique for "
                                                  "another subject, up to the revision call")
    max_sketch_chars: int | None = setting(None, help="leave out longer pool sketches")
    chains: bool = setting(True, help="multi-turn conversations from revision chains")
    single_turn: bool = setting(True, help="one-painting conversations from love/okay sketches")


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

        values = {"router_aux_loss_coef": self.model.router_aux_loss_coef, **self.sft,
                  "output_dir": str(output_dir), **overrides}
        return _build(SFTConfig, _float_coef(values), f"{self.path}: sft")

    def grpo_args(self, output_dir: str | Path, **overrides: Any) -> Any:
        """`config.grpo.PaintGRPOConfig`: TRL's GRPOConfig with the environment section's per-round token cap and
        tool concurrency."""
        from critique_paint.config.grpo import PaintGRPOConfig

        env = self.environment
        tool_loop = {f.name: getattr(env, f.name) for f in dataclasses.fields(ToolLoopSettings)}
        values = {"max_tool_calling_iterations": env.episode.max_turns,
                  "router_aux_loss_coef": self.model.router_aux_loss_coef, **self.grpo, **tool_loop,
                  "output_dir": str(output_dir), **overrides}
        return _build(PaintGRPOConfig, _float_coef(values), f"{self.path}: grpo")


def settings_table() -> str:
    """The training config's own settings as the Markdown table docs/training.md shows (tests/test_docs.py keeps
    them equal): each key with its default and help, as declared on its section (the environment's episode keys
    on `EpisodeSettings`); `environment.render` and `environment.judge` are their classes' own settings."""
    rows = ["| key | default | what it sets |", "|---|---|---|"]
    for name, cls in (("model", ModelSection), ("hardware", HardwareSection), ("environment", EnvironmentSection),
                      ("data", DataSection)):
        for f in dataclasses.fields(cls):
            if f.name == "episode":
                rows += table_rows(EpisodeSettings, name, EPISODE_KEYS)
            elif f.name in NESTED:
                rows.append(f"| `{name}.{f.name}.*` | | the `{NESTED[f.name].__name__}` settings |")
            else:
                rows += table_rows(cls, name, [f.name])
    return "\n".join(rows)


def _float_coef(values: dict[str, Any]) -> dict[str, Any]:
    """`router_aux_loss_coef` as a float: the trainer copies it onto the model's config, which refuses an int (0)."""
    coef = values.get("router_aux_loss_coef")
    if isinstance(coef, int) and not isinstance(coef, bool):
        values = {**values, "router_aux_loss_coef": float(coef)}
    return values


def _check_fields(cls: type, values: dict[str, Any], where: str) -> None:
    """ConfigError naming the keys of `values` that are not fields of the TRL/peft class `cls`."""
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - known)
    if unknown:
        what = "is not a field" if len(unknown) == 1 else "are not fields"
        raise ConfigError(f"{where}: {', '.join(unknown)} {what} of {cls.__name__}")


def check_trainer_fields(cfg: TrainConfig) -> None:
    """Every `sft`, `grpo` and `peft` key names a field of SFTConfig, GRPOConfig or LoraConfig (a misspelt key
    is an error whichever stage runs, and `plan` sees it too)."""
    from peft import LoraConfig
    from trl import GRPOConfig, SFTConfig

    _check_fields(SFTConfig, cfg.sft, f"{cfg.path}: sft")
    _check_fields(GRPOConfig, cfg.grpo, f"{cfg.path}: grpo")
    if cfg.peft:
        _check_fields(LoraConfig, cfg.peft, f"{cfg.path}: peft")


def _build(cls: type, values: dict[str, Any], where: str) -> Any:
    """Instantiate a TRL/peft config class; unknown or invalid fields become one-line ConfigErrors."""
    _check_fields(cls, values, where)
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{where}: {str(exc).splitlines()[0]}") from None


NESTED = {"judge": JudgeConfig, "render": RenderOptions}  # settings that are mappings of their own


def _section(cls: type, raw: Any, where: str, flattened: dict[str, tuple[str, ...]] | None = None) -> Any:
    """The dataclass section `cls` from its YAML mapping. `flattened`: fields whose own keys are written in the
    section itself (`episode`: EPISODE_KEYS); they are left at their defaults, for the caller to fill."""
    if raw is None:
        return cls()
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a mapping")
    known = {f.name for f in dataclasses.fields(cls)} - set(flattened or {})
    allowed = known.union(*(flattened or {}).values())
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(allowed))}")
    values = {k: v for k, v in raw.items() if k in known}
    for name, inner in NESTED.items():
        if name in known and name in values:
            if values[name]:
                values[name] = _section(inner, values[name], f"{where}.{name}")
            else:  # `judge: {}` or null: the default (no judge; the default renderer)
                del values[name]
    try:
        section = cls(**values)
    except TypeError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    except ValueError as exc:  # a settings class's own check, which names its field first
        raise ConfigError(f"{where}.{exc}") from None
    refused = refused_choice(section)
    if refused:
        raise ConfigError(f"{where}.{refused}")
    return section


def _environment(raw: Any, path: str) -> EnvironmentSection:
    """The environment section: its `EPISODE_KEYS` are validated by `EpisodeSettings` into `episode`."""
    section = _section(EnvironmentSection, raw, f"{path}: environment", {"episode": EPISODE_KEYS})
    given = {k: v for k, v in (raw or {}).items() if k in EPISODE_KEYS}
    try:
        section.episode = EpisodeSettings.model_validate(given)
    except ValidationError as exc:
        raise ConfigError(f"{path}: {validation_message(exc, EpisodeSettings, prefix='environment.')}") from None
    if section.reference_curriculum is not None:
        if "reference_love_share" in given:
            raise ConfigError(f"{path}: environment.reference_love_share and environment.reference_curriculum both "
                              "set the judge's love share: give one")
        section.reference_curriculum = ReferenceCurriculum.parse(section.reference_curriculum,
                                                                 "environment.reference_curriculum", path)
    return section


def set_dotted(raw: dict[str, Any], assignment: str) -> None:
    """Apply `section.key=value` or `section.key.sub=value` (value parsed as YAML) to a raw config mapping."""
    key, sep, value = assignment.partition("=")
    if not sep or "." not in key:
        raise ConfigError(f"--set {assignment!r}: expected SECTION.KEY=VALUE, e.g. grpo.learning_rate=1e-5")
    section, *path = key.split(".")
    if section not in SECTIONS:
        raise ConfigError(f"--set {assignment!r}: unknown section {section!r}; use one of {', '.join(SECTIONS)}")
    if raw.get(section) is None:
        raw[section] = {}
    # YAML 1.1 reads yes/no/on/off as booleans: `--set grpo.save_strategy=no` means the string (true/false stay bools)
    parsed = value if value.strip().lower() in ("yes", "no", "on", "off") else yaml.safe_load(value)
    if isinstance(parsed, str):  # YAML 1.1 reads "3e-3" as a string
        try:
            parsed = float(parsed)
        except ValueError:
            pass
    target = raw[section]
    for name in path[:-1]:
        if target.get(name) is None:
            target[name] = {}
        if not isinstance(target[name], dict):
            raise ConfigError(f"--set {assignment!r}: {section}.{name} is not a mapping")
        target = target[name]
    target[path[-1]] = parsed


def _read_yaml(name_or_path: Path) -> dict[str, Any]:
    p = training_config(name_or_path)  # a path, or a packaged config's name
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
        raise ConfigError(f"no training config given: pass a YAML path or one of {', '.join(config_names())}")
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
        environment=_environment(raw.get("environment"), p),
        data=_section(DataSection, raw.get("data"), f"{p}: data"),
        peft=raw.get("peft"),
        sft=dict(raw.get("sft") or {}),
        grpo=dict(raw.get("grpo") or {}),
    )
    for key in ("synthetic_misread", "synthetic_blind"):
        share = getattr(cfg.data, key)
        if not isinstance(share, int | float) or not 0 <= share <= 1:
            raise ConfigError(f"{p}: data.{key} must be a share 0..1, got {share!r}")
    reading_rows = cfg.data.synthetic_reading_rows
    if isinstance(reading_rows, bool) or not isinstance(reading_rows, int) or reading_rows < 0:
        raise ConfigError(f"{p}: data.synthetic_reading_rows must be a whole number >= 0, got {reading_rows!r}")
    if cfg.environment.drafts is not None:
        from critique_paint.pool.drafts import load_drafts

        try:  # a missing folder or a bad draft is one line now, not mid-run
            load_drafts(cfg.environment.drafts)
        except ConfigError as exc:
            raise ConfigError(f"{p}: environment.drafts: {exc}") from None
        if cfg.environment.episode.max_turns < 2:
            raise ConfigError(f"{p}: environment.drafts needs max_turns of at least 2: the draft is painting 1")
    elif "paint" not in cfg.environment.episode.actions:
        raise ConfigError(f"{p}: environment.actions without paint needs environment.drafts: there is nothing to "
                          "edit before a painting")
    if cfg.hardware.gpus < 1 or cfg.hardware.gpu_memory_gib <= 0:
        raise ConfigError(f"{p}: hardware.gpus must be >= 1 and hardware.gpu_memory_gib > 0")
    check_trainer_fields(cfg)
    return cfg
