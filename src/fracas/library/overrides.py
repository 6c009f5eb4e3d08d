"""``-set FIELD=VALUE``: changes to an entry's sheet typed with ``add``, checked by its model.

FIELD is a sheet field, dotted for a nested one (``skills.attack=9``), with a number for a list
item (``weapons.0.damage=1d8``). VALUE is read as YAML reads a value (``20`` a number, ``true``
yes, ``1d6+1`` text, ``[a, b]`` a list).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from fracas.content import Entry, Location, Position, Source, convert_validation_error
from fracas.content.paths import FieldPath, format_path
from fracas.errors import FracasError


class OverrideError(FracasError):
    """An override that does not fit the sheet; the message lists every problem."""


def parse_override(text: str) -> tuple[FieldPath, Any]:
    """``FIELD=VALUE`` as a field path and a value; ValueError when it is not of that shape."""
    field, equals, value = text.partition("=")
    if not equals or not field.strip():
        raise ValueError(f'"{text}" is not FIELD=VALUE (for example hp=20)')
    path: list[str | int] = []
    for part in field.strip().split("."):
        if not part:
            raise ValueError(f'"{field}" is not a field name (an empty part between dots)')
        path.append(int(part) if part.isdigit() else part)
    return tuple(path), _value(value.strip())


def apply_overrides(
    model: type[BaseModel], data: Mapping[str, Any], overrides: Sequence[tuple[FieldPath, Any]]
) -> BaseModel:
    """The sheet ``data`` with ``overrides`` laid over it, validated by ``model``.

    Raises OverrideError naming every field that is wrong (a field the sheet does not have, a
    value of the wrong type) at once.
    """
    changed = copy.deepcopy(dict(data))
    for path, value in overrides:
        _put(changed, path, value)
    try:
        return model.model_validate(changed)
    except ValidationError as exc:
        error = convert_validation_error(exc, model, changed, source=_Typed())
        problems = [f"{format_path(e.path)}: {e.message}" for e in (error, *error.more)]
        raise OverrideError("; ".join(problems)) from exc


def _value(text: str) -> Any:
    try:
        return yaml.safe_load(text) if text else ""
    except yaml.YAMLError:
        return text


def _put(data: dict[str, Any], path: FieldPath, value: Any) -> None:
    here: Any = data
    for depth, part in enumerate(path):
        last = depth == len(path) - 1
        shown = format_path(path[: depth + 1])
        if isinstance(part, int):
            if not isinstance(here, list) or not 0 <= part < len(here):
                raise OverrideError(f"{shown}: no such list item")
            if last:
                here[part] = value
            else:
                here = here[part]
            continue
        if not isinstance(here, dict):
            raise OverrideError(f"{format_path(path[:depth])}: not a mapping of fields")
        if last:
            here[part] = value
        else:
            here = here.setdefault(part, {})


class _Typed(Source):
    """Locates nothing: overrides are typed on a command line, not written in a file."""

    def find(self, path: FieldPath) -> Location | None:
        return None

    def fallback(self) -> tuple[Location, FieldPath]:
        start = Position(1, 1)
        return Location("-set", (), Entry(start, start)), ()
