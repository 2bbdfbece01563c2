"""Settings fields in the style of TRL's configs: each dataclass field carries its default and its help text.

The YAML loader, the command line (`commands.options`) and the library read the same field, so a default or a
help line is written once, beside the setting it describes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any


def setting(default: Any = dataclasses.MISSING, *, help: str, factory: Callable[[], Any] | None = None) -> Any:
    """A dataclass field with help text (`factory` for mutable or computed defaults)."""
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata={"help": help})
    return dataclasses.field(default=default, metadata={"help": help})


def field_of(cls: type, name: str) -> dataclasses.Field:
    for f in dataclasses.fields(cls):
        if f.name == name:
            return f
    raise KeyError(f"{cls.__name__} has no setting {name!r}")


def help_of(cls: type, name: str) -> str:
    return field_of(cls, name).metadata.get("help", "")


def default_of(cls: type, name: str) -> Any:
    """The field's default (a factory is called); MISSING when it has none."""
    f = field_of(cls, name)
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default
