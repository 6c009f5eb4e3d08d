"""Validate located data against a pydantic model, reporting failures at their place in the file."""

from __future__ import annotations

import collections.abc
import datetime
import difflib
import json
import types
from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from fracas.content.errors import ContentError
from fracas.content.located import Source
from fracas.content.paths import FieldPath

M = TypeVar("M", bound=BaseModel)

_MISSING_TYPES = frozenset({"missing", "missing_argument", "missing_keyword_only_argument"})
_EXTRA_TYPES = frozenset({"extra_forbidden", "unexpected_keyword_argument"})

_EXPECTED = {
    "int_type": "expected an integer",
    "int_parsing": "expected an integer",
    "int_from_float": "expected an integer",
    "int_parsing_size": "expected an integer of a sensible size",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "finite_number": "expected a finite number",
    "string_type": "expected text",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "dict_type": "expected a mapping",
    "mapping_type": "expected a mapping",
    "model_type": "expected a mapping",
    "model_attributes_type": "expected a mapping",
    "dataclass_type": "expected a mapping",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "set_type": "expected a list",
    "frozen_set_type": "expected a list",
    "iterable_type": "expected a list",
    "none_required": "expected null",
}
_BOUNDS = {
    "greater_than_equal": ("ge", "expected at least {}"),
    "greater_than": ("gt", "expected more than {}"),
    "less_than_equal": ("le", "expected at most {}"),
    "less_than": ("lt", "expected less than {}"),
}
_PREFIXES = ("Value error, ", "Assertion failed, ")


def validate(model: type[M], data: Any, *, source: Source, at: FieldPath = ()) -> M:
    """Validate ``data`` with ``model``; on failure raise one ContentError for all the errors.

    ``source`` locates the data: the value at field path ``p`` inside ``data`` was written at
    ``source.locate(at + p)``. Pass the LocatedDocument the data came from with ``at`` set to the
    data's path in it (``("settings",)``), or any other Source. The error points at the deepest
    written part of the pydantic error's location; ``ContentError.more`` holds the other errors.
    """
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise convert_validation_error(exc, model, data, source=source, at=at) from exc


def convert_validation_error(
    exc: ValidationError, model: Any, data: Any, *, source: Source, at: FieldPath = ()
) -> ContentError:
    """Turn pydantic's ValidationError for ``model`` over ``data`` into a located ContentError."""
    details = exc.errors(include_url=False)
    walks = [_walk(detail["loc"], data, detail["type"]) for detail in details]
    errors = [
        _convert(detail, path, missing, model, source, at)
        for detail, (path, missing, _) in zip(details, walks, strict=True)
    ]
    if not errors:  # pragma: no cover - pydantic never raises an empty ValidationError
        return source.error(at, str(exc))
    # Which error comes first: pydantic's order, but an error inside the union member with the
    # fewest errors (the member the author most likely meant) before the other members' errors,
    # and a missing field last, as it is often the echo of a misspelt one.
    members: Counter[tuple[int | str, ...]] = Counter(
        member for _, _, skipped in walks for member in skipped
    )

    def rank(index: int) -> tuple[bool, int]:
        missing = details[index]["type"] in _MISSING_TYPES
        return missing, sum(members[member] for member in walks[index][2])

    first, *rest = (errors[index] for index in sorted(range(len(errors)), key=rank))
    return ContentError(first.file, first.line, first.column, first.path, first.message, more=rest)


def _convert(
    error: ErrorDetails,
    path: FieldPath,
    missing: FieldPath,
    model: Any,
    source: Source,
    at: FieldPath,
) -> ContentError:
    kind = error["type"]
    location, rest = source.locate(at + path)
    entry = location.entry
    on_value = not rest and not missing and kind not in _EXTRA_TYPES
    position = entry.value if on_value and entry.value.line == entry.key.line else entry.key
    text = entry.text if not rest else None
    message = _message(error, model, path + missing, text)
    rest += missing
    return ContentError(
        location.file, position.line, position.column, location.path + rest, message
    )


def _walk(
    loc: tuple[int | str, ...], data: Any, kind: str
) -> tuple[FieldPath, FieldPath, list[tuple[int | str, ...]]]:
    """Split pydantic's ``loc`` into the path of keys and indices present in ``data``, the name
    of the missing field if the error is one, and the other parts (each as the ``loc`` prefix
    ending with it), which name union members or validators (``Cat``, ``function-after[...]``).
    """
    path: list[str | int] = []
    missing: FieldPath = ()
    skipped: list[tuple[int | str, ...]] = []
    here = data
    for index, part in enumerate(loc):
        in_mapping = isinstance(here, dict) and isinstance(part, str) and part in here
        in_list = isinstance(here, list | tuple) and isinstance(part, int) and 0 <= part < len(here)
        if in_mapping or in_list:
            here = here[part]
            path.append(part)
        elif index == len(loc) - 1 and kind in _MISSING_TYPES:
            missing = (part,)
        else:
            skipped.append(loc[: index + 1])
    return tuple(path), missing, skipped


def _message(error: ErrorDetails, model: Any, path: FieldPath, text: str | None) -> str:
    kind = error["type"]
    if kind in _MISSING_TYPES:
        return "missing required field"
    if kind in _EXTRA_TYPES:
        return _unknown_field(model, path)
    message: str = error["msg"]
    expected = _EXPECTED.get(kind)
    context = error.get("ctx") or {}
    if kind in _BOUNDS and _BOUNDS[kind][0] in context:
        name, template = _BOUNDS[kind]
        expected = template.format(context[name])
    elif expected is None and message.startswith("Input should be "):
        expected = "expected " + message.removeprefix("Input should be ")
    if expected is None:
        for prefix in _PREFIXES:
            message = message.removeprefix(prefix)
        return message
    return f"{expected}, got {_shown(error['input'], text, kind)}"


def _unknown_field(model: Any, path: FieldPath) -> str:
    if not path or not isinstance(path[-1], str):
        return "unknown field"
    names = sorted(_field_names(model, path[:-1]))
    if not names:
        return "unknown field"
    close = difflib.get_close_matches(path[-1], names, n=1, cutoff=0.6)
    if not close:
        folded = [name for name in names if name.casefold() == path[-1].casefold()]
        close = folded[:1]
    if close:
        return f"unknown field (did you mean {close[0]}?)"
    return f"unknown field (expected one of: {', '.join(names)})"


def _field_names(model: Any, path: FieldPath) -> set[str]:
    """The keys accepted by the model(s) reached from ``model`` along ``path``."""
    annotations: list[Any] = [model]
    for part in path:
        annotations = [step for ann in annotations for step in _step(ann, part)]
    names: set[str] = set()
    for annotation in annotations:
        for member in _members(annotation):
            if isinstance(member, type) and issubclass(member, BaseModel):
                names |= _model_keys(member)
    return names


def _members(annotation: Any) -> list[Any]:
    """The alternatives of an annotation, through Annotated, Optional and unions."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _members(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [member for arg in get_args(annotation) for member in _members(arg)]
    return [annotation]


def _step(annotation: Any, part: str | int) -> list[Any]:
    steps: list[Any] = []
    for member in _members(annotation):
        if isinstance(member, type) and issubclass(member, BaseModel):
            for name, field in member.model_fields.items():
                if part in (name, field.alias, field.validation_alias):
                    steps.append(field.annotation)
            continue
        origin, args = get_origin(member), get_args(member)
        if not isinstance(origin, type) or not args:
            continue
        if issubclass(origin, tuple) and isinstance(part, int):
            if len(args) == 2 and args[1] is Ellipsis:
                steps.append(args[0])
            elif part < len(args):
                steps.append(args[part])
        elif issubclass(origin, collections.abc.Mapping) and isinstance(part, str):
            steps.append(args[-1])
        elif issubclass(origin, Sequence | collections.abc.Set) and isinstance(part, int):
            steps.append(args[0])
    return steps


def _model_keys(model: type[BaseModel]) -> set[str]:
    by_name = bool(
        model.model_config.get("populate_by_name") or model.model_config.get("validate_by_name")
    )
    keys: set[str] = set()
    for name, field in model.model_fields.items():
        alias = field.validation_alias if isinstance(field.validation_alias, str) else field.alias
        if alias:
            keys.add(alias)
        if not alias or by_name:
            keys.add(name)
    return keys


def _shown(value: Any, text: str | None, kind: str) -> str:
    shown = _show_value(value)
    if kind != "string_type" or text is None or value is None or isinstance(value, dict | list):
        return shown
    if isinstance(value, bool) and text.lower() == shown:
        return shown
    quoted = json.dumps(text, ensure_ascii=False)
    return f"{text}, which YAML reads as {_yaml_kind(value)} (write {quoted} in quotes for text)"


def _show_value(value: Any) -> str:
    if isinstance(value, str):
        shown = json.dumps(value, ensure_ascii=False)
        return shown if len(shown) <= 60 else shown[:56] + '..."'
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)[:60]


def _yaml_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "the boolean " + ("true" if value else "false")
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, datetime.date):
        return "a date"
    return "a non-text value"
