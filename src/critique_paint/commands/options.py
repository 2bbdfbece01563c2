"""Option groups shared by several commands, as decorators, and the parameter types the command line checks with.

Defaults and help texts come from the settings dataclasses (`critique_paint.fields`), so each is written once.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import rich_click as click
from click.shell_completion import CompletionItem

from critique_paint.env.episode import EpisodeSettings
from critique_paint.env.protocol import (
    ACTIONS,
    CRITIQUE_SOURCES,
    DEFAULT_ACTIONS,
    DEFAULT_CRITIQUE,
    MAX_TURNS_LIMIT,
    SYSTEM_PROMPTS,
    action_set,
)
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import ConfigError
from critique_paint.evaluate.settings import EvalSettings
from critique_paint.fields import default_of, help_of
from critique_paint.paths import config_names, training_config
from critique_paint.policy import POLICY_KINDS, PolicyOptions
from critique_paint.render.pages import RenderOptions
from critique_paint.render.pigment import DEFAULT_PAINT_FLOOR
from critique_paint.reward.judge import JudgeConfig
from critique_paint.reward.mix import COMPONENTS, preset_names
from critique_paint.sketch import BRUSH_SIGNATURES, CANVAS_SIZE, DEFAULT_BRUSH_METHODS, brush_method_set

POLICY_HELP = ("human, hf:ID_OR_PATH (a local model or LoRA adapter folder), openai:MODEL (with --base-url) "
               "or replay:PATH")
BACKENDS = ("auto", "llvmpipe", "swiftshader")
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


class OptionError(click.BadParameter):
    """A bad value whose message reads on from the option's name: `--turns must be 1..16, got 0`."""


class _SaysItsRange(click.ParamType):
    """Range types whose error says the range the way a person writes it.

    Mixed in before `click.IntRange` / `click.FloatRange`, which set these attributes.
    """

    min: Any
    max: Any
    min_open: bool
    max_open: bool
    _number_class: Any

    def _describe_range(self) -> str:
        if self.min is not None and self.max is not None:
            return f"{self.min}..{self.max}"
        if self.min is not None:
            return f"{'>' if self.min_open else '>='} {self.min}"
        return f"{'<' if self.max_open else '<='} {self.max}"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            try:
                number = self._number_class(value)
            except (TypeError, ValueError):
                raise exc from None
            raise OptionError(f"must be {self._describe_range()}, got {number}", ctx=ctx, param=param) from None


class IntRange(_SaysItsRange, click.IntRange):
    """`click.IntRange` that fails with `--size must be 16..4096, got 9`."""


class FloatRange(_SaysItsRange, click.FloatRange):
    """`click.FloatRange` that fails with `--deadline must be > 0, got 0.0`."""


class WeightParam(click.ParamType):
    """`NAME=W`: a reward component and its weight (a number >= 0), as a `(name, weight)` pair."""

    name = "NAME=W"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, float]:
        if isinstance(value, tuple):
            return value
        name, sep, number = str(value).partition("=")
        name = name.strip()
        if not sep or name not in COMPONENTS:
            raise OptionError(f"{value!r}: expected NAME=W with NAME one of {', '.join(COMPONENTS)}",
                              ctx=ctx, param=param)
        try:
            weight = float(number)
        except ValueError:
            raise OptionError(f"{value!r}: the weight must be a number", ctx=ctx, param=param) from None
        if not weight >= 0:  # also refuses nan
            raise OptionError(f"{value!r}: the weight must be >= 0", ctx=ctx, param=param)
        return name, weight

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return [CompletionItem(f"{c}=") for c in COMPONENTS if c.startswith(incomplete)]


class CritiqueList(click.ParamType):
    """`reward,self,image,blind`: critique sources, each once, in the order given."""

    name = "SOURCES"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> list[str]:
        if isinstance(value, list):
            return value
        sources = [s.strip() for s in str(value).split(",") if s.strip()]
        bad = [s for s in sources if s not in CRITIQUE_SOURCES]
        if bad or not sources:
            raise OptionError(f"{value!r}: expected a comma-separated list of {', '.join(CRITIQUE_SOURCES)}",
                              ctx=ctx, param=param)
        return list(dict.fromkeys(sources))

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        head, _, last = incomplete.rpartition(",")
        prefix = f"{head}," if head else ""
        return [CompletionItem(prefix + s) for s in CRITIQUE_SOURCES if s.startswith(last)]


class BrushMethodList(click.ParamType):
    """`circle,rect,...`: the p5.brush methods sketches may call, checked as `environment.brush_methods` is."""

    name = "NAMES"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, ...]:
        if isinstance(value, tuple):
            return value
        try:
            return brush_method_set(n.strip() for n in str(value).split(",") if n.strip())
        except ValueError as exc:
            raise OptionError(str(exc), ctx=ctx, param=param) from None

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        head, _, last = incomplete.rpartition(",")
        prefix = f"{head}," if head else ""
        return [CompletionItem(prefix + m) for m in BRUSH_SIGNATURES if m.startswith(last)]


class ActionList(click.ParamType):
    """`paint,edit`: what a reply may do, checked as `environment.actions` is."""

    name = "ACTIONS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, ...]:
        if isinstance(value, tuple):
            return value
        try:
            return action_set([a.strip() for a in str(value).split(",") if a.strip()])
        except ValueError as exc:
            raise OptionError(str(exc), ctx=ctx, param=param) from None

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        head, _, last = incomplete.rpartition(",")
        prefix = f"{head}," if head else ""
        return [CompletionItem(prefix + a) for a in ACTIONS if a.startswith(last)]


def complete_preset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Built-in preset names; anything else completes as a file (a preset YAML)."""
    names = [CompletionItem(n) for n in preset_names() if n.startswith(incomplete)]
    return names or [CompletionItem(incomplete, type="file")]


class TrainingConfigParam(click.ParamType):
    """A training YAML's path, or a packaged config's name (`tiny-cpu`); the value stays as given."""

    name = "YAML"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            training_config(value)
        except ConfigError as exc:
            raise OptionError(str(exc), ctx=ctx, param=param) from None
        return str(value)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        names = [CompletionItem(n) for n in config_names() if n.startswith(incomplete)]
        return names or [CompletionItem(incomplete, type="file")]


def complete_policy(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    kinds = [k if k == "human" else f"{k}:" for k in POLICY_KINDS]
    return [CompletionItem(k) for k in kinds if k.startswith(incomplete)]


def option_from(cls: type, name: str, *decls: str, **kw: Any) -> Decorator:
    """An option whose help and default are the settings field `cls.name`'s (either may be overridden)."""
    kw.setdefault("help", help_of(cls, name))
    if "default" not in kw:
        default = default_of(cls, name)
        if default is not dataclasses.MISSING:
            kw["default"] = default
    kw.setdefault("show_default", not (kw.get("default") is None or kw.get("default") is False))  # 0 is shown
    return click.option(*decls, **kw)


def option_group(target: str, build: Callable[..., Any], *options: Decorator) -> Decorator:
    """Add `options` to a command and hand the command their values as one argument: `target=build(**values)`."""

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        names: list[str] = []

        @functools.wraps(f)
        def command(*args: Any, **kwargs: Any) -> Any:
            values = {n: kwargs.pop(n) for n in names}
            return f(*args, **kwargs, **{target: build(**values)})

        params = command.__dict__.setdefault("__click_params__", [])
        before = len(params)
        for option in reversed(options):
            option(command)
        names.extend(p.name for p in params[before:])
        return command

    return decorate


def stacked(*decorators: Decorator) -> Decorator:
    """Apply decorators in the order they are listed (top first), as if written above a function."""

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        return functools.reduce(lambda g, d: d(g), reversed(decorators), f)

    return decorate


def policy_option(**kw: Any) -> Decorator:
    kw.setdefault("help", POLICY_HELP)
    return click.option("--policy", shell_complete=complete_policy, **kw)


PANEL = {"panel": "Policy settings"}
policy_options = option_group(
    "options", PolicyOptions,
    option_from(PolicyOptions, "base_url", "--base-url", **PANEL),
    option_from(PolicyOptions, "api_key", "--api-key", **PANEL),
    option_from(PolicyOptions, "adapter", "--adapter", **PANEL),
    option_from(PolicyOptions, "dtype", "--dtype", **PANEL),
    option_from(PolicyOptions, "temperature", "--temperature", type=FloatRange(min=0), **PANEL),
    option_from(PolicyOptions, "top_p", "--top-p", type=FloatRange(min=0, max=1, min_open=True), **PANEL),
    option_from(PolicyOptions, "top_k", "--top-k", type=IntRange(min=0), **PANEL),
    option_from(PolicyOptions, "max_new_tokens", "--max-new-tokens", type=IntRange(min=1), **PANEL),
    option_from(PolicyOptions, "send_images", "--send-images", is_flag=True, default=False, **PANEL),
    option_from(PolicyOptions, "thinking", "--thinking", is_flag=True, **PANEL),
    option_from(PolicyOptions, "editor", "--editor", **PANEL),
)
"""`--base-url` ... `--editor`: handed to the command as `options: PolicyOptions`."""


def reward_preset_option(**kw: Any) -> Decorator:
    """`--reward-preset`: a built-in name (completed in the shell) or a preset YAML."""
    kw.setdefault("help", f"{', '.join(preset_names())} or a YAML path")
    return option_from(RuntimeConfig, "reward_preset", "--reward-preset", metavar="PRESET",
                       shell_complete=complete_preset, **kw)


def _reward(reward_preset: str, weight: tuple[tuple[str, float], ...], judge_base_url: str | None,
            judge_model: str | None, judge_timeout: float, hps_url: str | None) -> RuntimeConfig:
    judge = JudgeConfig(base_url=judge_base_url, model=judge_model, timeout_s=judge_timeout)
    return RuntimeConfig(reward_preset=reward_preset, weights=dict(weight), judge=judge, hps_url=hps_url)


REWARD: dict[str, Any] = {"panel": "Reward settings"}
reward_options = option_group(
    "reward", _reward,
    reward_preset_option(**REWARD),
    click.option("--weight", type=WeightParam(), multiple=True,
                 help="override a weight, e.g. --weight judge=0.5 (repeatable)", **REWARD),
    option_from(JudgeConfig, "base_url", "--judge-base-url", **REWARD),
    option_from(JudgeConfig, "model", "--judge-model", **REWARD),
    option_from(JudgeConfig, "timeout_s", "--judge-timeout", type=FloatRange(min=0, min_open=True), **REWARD),
    option_from(RuntimeConfig, "hps_url", "--hps-url", **REWARD),
)
"""`--reward-preset`, `--weight`, `--judge-*`, `--hps-url`: handed to the command as `reward: RuntimeConfig`."""


def _render(workers: int, backend: str, deadline: float | None, cache: str | None) -> RenderOptions:
    given = RenderOptions(workers=workers, backend=backend, cache_dir=cache)
    return given if deadline is None else dataclasses.replace(given, deadline_s=deadline)


render_options = stacked(
    click.option("--seed", type=int, default=0, show_default=True, help="render seed"),
    click.option("--size", type=IntRange(16, 4096), default=CANVAS_SIZE, show_default=True,
                 help="output size in pixels"),
    option_group(
        "render", _render,
        option_from(RenderOptions, "workers", "--workers"),
        option_from(RenderOptions, "backend", "--backend", type=click.Choice(BACKENDS)),
        option_from(RenderOptions, "deadline_s", "--deadline", type=FloatRange(min=0, min_open=True), default=None),
        option_from(RenderOptions, "cache_dir", "--cache", metavar="DIR"),
    ),
    click.option("--paint-floor", type=float, default=DEFAULT_PAINT_FLOOR, show_default=True,
                 help="minimum paint fraction"),
)
"""`--seed`, `--size`, `--paint-floor`; `--workers`, `--backend`, `--deadline`, `--cache` as `render: RenderOptions`."""


def render_workers_option(default: int | None = None) -> Decorator:
    """`--render-workers`: warm render pages of the shared runtime."""
    kw = {} if default is None else {"default": default}
    return option_from(RenderOptions, "workers", "--render-workers", **kw)


max_turns_option = option_from(EvalSettings, "max_turns", "--max-turns", type=IntRange(1, MAX_TURNS_LIMIT))
critique_option = click.option(
    "--critique", type=click.Choice(CRITIQUE_SOURCES), default=DEFAULT_CRITIQUE, show_default=True,
    help="what the policy gets back after each painting: reward (the reward's critique and the painting), self "
         "(the painting; the policy critiques it itself), image (the painting only), blind (only the gate verdict)")
brush_methods_option = option_from(
    EpisodeSettings, "brush_methods", "--brush-methods", type=BrushMethodList(), default=None,
    help=f"{EpisodeSettings.model_fields['brush_methods'].description}, comma-separated "
         f"(default: {','.join(DEFAULT_BRUSH_METHODS)})")
system_prompt_option = option_from(EpisodeSettings, "system_prompt", "--system-prompt",
                                   type=click.Choice(SYSTEM_PROMPTS))
actions_option = option_from(EpisodeSettings, "actions", "--actions", type=ActionList(),
                             default=",".join(DEFAULT_ACTIONS),
                             help=f"{EpisodeSettings.model_fields['actions'].description}, comma-separated")
json_option = click.option("--json", "as_json", is_flag=True, help="print one JSON object per input")


def sketch_files(name: str = "sketches", metavar: str = "SKETCH") -> Decorator:
    """One or more sketch (or model reply) files that must exist."""
    return click.argument(name, nargs=-1, required=True, metavar=metavar,
                          type=click.Path(exists=True, dir_okay=False))


def training_configs(help: str) -> Decorator:
    return click.option("--config", "configs", multiple=True, metavar="YAML", type=TrainingConfigParam(), help=help)


def set_option(example: str) -> Decorator:
    return click.option("--set", "overrides", multiple=True, metavar="SECTION.KEY=VALUE",
                        help=f"override any config field, e.g. {example} (repeatable)")


def render_cache_option() -> Decorator:
    """`--render-cache DIR`: the shared runtime keeps each painted render there and reuses it (`RenderOptions`)."""
    return option_from(RenderOptions, "cache_dir", "--render-cache", "render_cache", metavar="DIR")


def with_render_workers(config: RuntimeConfig, workers: int, deadline_s: float | None = None,
                        cache_dir: str | None = None) -> RuntimeConfig:
    """The runtime settings with `--render-workers` warm pages (a `--deadline` per render and a `--render-cache`
    folder, when given)."""
    render = RenderOptions(workers=workers, cache_dir=cache_dir)
    if deadline_s is not None:
        render = dataclasses.replace(render, deadline_s=deadline_s)
    return dataclasses.replace(config, render=render)


deadline_option = option_from(RenderOptions, "deadline_s", "--deadline", "deadline_s",
                              type=FloatRange(min=0, min_open=True), default=None)
