"""Settings fields in the style of TRL's configs: each field carries its default and its help text.

Dataclass settings declare theirs with `setting`; pydantic settings models (`env.episode.EpisodeSettings`) with
`Field(default, description=...)`. The YAML loader, the command line (`commands.options`) and the library read the
same field, so a default or a help line is written once, beside the setting it describes.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from typing import Any


def setting(default: Any = dataclasses.MISSING, *, help: str, factory: Callable[[], Any] | None = None) -> Any:
    """A dataclass field with help text (`factory` for mutable or computed defaults)."""
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata={"help": help})
    return dataclasses.field(default=default, metadata={"help": help})


def _is_model(cls: type) -> bool:
    return hasattr(cls, "model_fields")


def field_of(cls: Any, name: str) -> Any:
    """The dataclass field, or the pydantic model's FieldInfo, named `name`."""
    if _is_model(cls):
        if name in cls.model_fields:
            return cls.model_fields[name]
    else:
        for f in dataclasses.fields(cls):
            if f.name == name:
                return f
    raise KeyError(f"{cls.__name__} has no setting {name!r}")


def help_of(cls: type, name: str) -> str:
    f = field_of(cls, name)
    return (f.description or "") if _is_model(cls) else f.metadata.get("help", "")


def default_of(cls: type, name: str) -> Any:
    """The field's default (a factory is called); dataclasses.MISSING when it has none."""
    f = field_of(cls, name)
    if f.default_factory not in (dataclasses.MISSING, None):
        return f.default_factory()
    if _is_model(cls) and f.is_required():
        return dataclasses.MISSING
    return f.default


def choices_of(cls: type, name: str) -> tuple[str, ...] | None:
    """The values a dataclass field typed `Literal[...]` (or `Literal[...] | None`) allows; None for other types."""
    hint = typing.get_type_hints(cls).get(name)
    args = typing.get_args(hint) if typing.get_origin(hint) is not typing.Literal else (hint,)
    literal = next((a for a in args if typing.get_origin(a) is typing.Literal), None)
    return tuple(typing.get_args(literal)) if literal is not None else None


def refused_choice(obj: Any) -> str | None:
    """For a dataclass settings object: `name must be one of a, b, got 'c'` for the first field whose value its
    `Literal` type does not allow (a dataclass does not check its types), else None."""
    for f in dataclasses.fields(obj):
        if "Literal" not in str(f.type):
            continue
        choices = choices_of(type(obj), f.name)
        value = getattr(obj, f.name)
        if choices is not None and value not in choices and not (value is None and "None" in str(f.type)):
            return f"{f.name} must be one of {', '.join(map(str, choices))}, got {value!r}"
    return None


def _shown(value: Any) -> str:
    """A default as YAML writes it (a factory's value; `required` when there is none)."""
    import json

    if value is dataclasses.MISSING:
        return "required"
    return value if isinstance(value, str) else json.dumps(value)


def table_rows(cls: type, prefix: str, names: typing.Iterable[str]) -> list[str]:
    """Markdown table rows `| key | default | help |` for the settings `names` of `cls`, keys as `prefix.name`."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("<", "&lt;")

    return [f"| `{prefix}.{n}` | `{_shown(default_of(cls, n))}` | {cell(help_of(cls, n))} |" for n in names]


def _bounds(field: Any) -> str:
    """`1..16`, `>= 0`: the range a pydantic field's constraints allow ("" without any)."""
    limits = {}
    for item in getattr(field, "metadata", []):
        for op in ("ge", "gt", "le", "lt"):
            if getattr(item, op, None) is not None:
                limits[op] = getattr(item, op)
    if "ge" in limits and "le" in limits:
        return f"{limits['ge']}..{limits['le']}"
    signs = {"ge": ">=", "gt": ">", "le": "<=", "lt": "<"}
    return " and ".join(f"{signs[op]} {value}" for op, value in limits.items())


def _choices(field: Any) -> list[str]:
    args = typing.get_args(getattr(field, "annotation", None))
    literal = next((a for a in args if typing.get_origin(a) is typing.Literal), None)  # Literal[...] | None
    return [str(c) for c in typing.get_args(literal if literal is not None else field.annotation)]


def _must(error: dict[str, Any], field: Any) -> str:
    """What the value must be, for one pydantic error: `must be 1..16, got 0`."""
    kind, got = error["type"], f", got {error['input']!r}"
    bounds = _bounds(field) if field is not None else ""
    within = f" {bounds}" if bounds else ""
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        return f"must be {bounds}{got}"
    if kind == "int_type":
        return f"must be a whole number{within}{got}"
    if kind in ("float_type", "finite_number"):
        return f"must be a finite number{within}{got}"
    if kind == "bool_type":
        return f"must be true or false{got}"
    if kind == "string_type":
        return f"must be a string{got}"
    if kind == "string_too_short":
        return f"must be a non-empty string{got}"
    if kind in ("tuple_type", "list_type"):
        return f"must be a list{got}"
    if kind == "value_error":
        return str(error["ctx"]["error"])
    if kind == "literal_error" and field is not None:
        return f"must be one of {', '.join(_choices(field))}{got}"
    return f"is not valid ({error['msg']}){got}"


def validation_message(exc: Any, model: Any, *, prefix: str = "", unknown: str = "field") -> str:
    """A pydantic ValidationError of the settings model `model` as one line naming each refused key.

    `prefix` goes before each key (`environment.`); unknown keys are listed first with the known ones, as
    `unknown {unknown}(s) ...; known: ...`.
    """
    errors = exc.errors(include_url=False)
    extra = [".".join(map(str, e["loc"])) for e in errors if e["type"] == "extra_forbidden"]
    if extra:
        plural = "s" if len(extra) > 1 else ""
        return (f"unknown {unknown}{plural} {', '.join(prefix + k for k in extra)}; "
                f"known: {', '.join(sorted(model.model_fields))}")
    parts = []
    for e in errors:
        name = ".".join(map(str, e["loc"]))
        parts.append(f"{prefix}{name} {_must(e, model.model_fields.get(str(e['loc'][0]) if e['loc'] else ''))}")
    return "; ".join(parts)
