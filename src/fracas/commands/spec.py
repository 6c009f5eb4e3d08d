"""CommandSpec: what the command language knows about one action class, found by introspection.

The verb is the class attribute ``verb`` (aliases: ``aliases``), the help line is the first line of
the docstring, and the parameters are the dataclass fields in order, ``actor`` left out. A
parameter's kind comes from the field's type:

=============================  ============================================================
field type                     typed as
=============================  ============================================================
``CombatantId``                a combatant name, matched leniently (names.py)
``tuple[CombatantId, ...]``    one or more names: ``a b``, ``a,b`` or ``-flag a -flag b``
``int``                        ``3``, ``+3``, ``-2``
``str`` (or a NewType of it)   a word or a quoted string
``str`` with ``rest``          the raw rest of the line (dice text, free descriptions)
``bool``                       a flag without value (``-advantage``; ``-no-advantage``)
``Literal["a", "b"]``, Enum    one of the choices, any case, a unique prefix allowed
``X | None``                   X, or None when not given
=============================  ============================================================

Field metadata: ``help`` (the parameter's help text), ``flag`` (its option name, default the
field name with ``_`` made ``-``), ``rest`` (True on a ``str`` field: the raw rest of the line),
``parse`` (a callable str → value for a type the table does not know, such as a sheet read from a
file; a ValueError or FracasError it raises becomes an InvalidValue), ``repeat`` (True on a
``tuple`` field with ``parse``: the option may be given several times, each value parsed),
``offered`` (a callable sheet → the names the sheet offers for the field, such as its weapons:
what the front ends list for a combatant), ``offered_by`` (the combatant field whose sheet
offers them, such as the collider of ``-collide-with``; default: the actor's), ``aims``
(``"ally"`` or ``"foe"`` on a combatant field: whom the rules mean it for, such as Stabilize's
creature, so that the front ends offer it on the right cards; default: not declared).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from fracas.commands.errors import ActionSpecError
from fracas.commands.names import normalize_name
from fracas.engine.action import Action, CombatantId

__all__ = ["AIMS", "MISSING", "Aim", "Choice", "CommandSpec", "Param", "ParamKind", "spec_of"]

MISSING: Any = dataclasses.MISSING
"""The ``default`` of a parameter that has none (dataclasses.MISSING)."""

_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")

Aim = Literal["ally", "foe"]
"""What a combatant field's ``aims`` may declare: the actor's own side, or another side."""
AIMS: tuple[Aim, ...] = typing.get_args(Aim)


class ParamKind(enum.Enum):
    """How a parameter is typed on the command line."""

    COMBATANT = "combatant"
    COMBATANTS = "combatants"
    INT = "int"
    STR = "str"
    REST = "rest"
    BOOL = "bool"
    CHOICE = "choice"
    PARSED = "parsed"
    """Any type, converted from one argument by the field's ``parse`` metadata callable."""


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice parameter: the word typed and the value it gives."""

    label: str
    value: object


@dataclass(frozen=True)
class Param:
    """One parameter of a command, from one dataclass field."""

    name: str
    kind: ParamKind
    required: bool
    default: object
    help: str
    flag: str
    optional: bool = False
    """The field type admits None (``X | None``)."""
    choices: tuple[Choice, ...] = ()
    parse: Callable[[str], object] | None = None
    """For PARSED: turns the typed text into the value (raises ValueError when it cannot)."""
    repeat: bool = False
    """An option that may be given again and again (``-set a=1 -set b=2``): its value is the
    tuple of every value given, in order."""
    offered: Callable[[Any], Iterable[str]] | None = None
    """The values a combatant's sheet offers for it (its weapons, its powers): a pick list for
    the front ends, never a limit (the value stays free text, checked by the rules)."""
    offered_by: str | None = None
    """The combatant field (``collide_by``, ``target``) whose sheet ``offered`` reads; None: the
    actor's."""
    aims: Aim | None = None
    """On a combatant field, whom the rules mean it for: ``"ally"`` (the actor's own side: a
    creature to stabilize, Ki to give) or ``"foe"``; None when not declared."""

    @property
    def positional(self) -> bool:
        """Filled from the positional arguments: required, and neither a flag nor the rest."""
        return self.required and self.kind not in (ParamKind.BOOL, ParamKind.REST)

    @property
    def label(self) -> str:
        """How messages name the parameter when it was not given as an option."""
        return self.name.replace("_", "-")

    placeholder: str = ""
    """What usage shows for the value when not the field's name (``FIELD=VALUE``)."""

    @property
    def metavar(self) -> str:
        """The placeholder shown in usage: ``TARGET``, ``{slow|fast}``."""
        if self.placeholder:
            return self.placeholder
        if self.kind is ParamKind.CHOICE:
            return "{" + "|".join(choice.label for choice in self.choices) + "}"
        return self.name.upper().replace("_", "-")


@dataclass(frozen=True)
class CommandSpec:
    """A command: its verb, aliases, help line and parameters, and the action class it builds."""

    action: type[Action]
    verb: str
    aliases: tuple[str, ...]
    help: str
    params: tuple[Param, ...]

    @functools.cached_property
    def positionals(self) -> tuple[Param, ...]:
        """The parameters filled from positional arguments, in order (kept: binding a line
        asks for them several times)."""
        return tuple(param for param in self.params if param.positional)

    @functools.cached_property
    def rest(self) -> Param | None:
        """The parameter that takes the raw rest of the line, if any."""
        return next((param for param in self.params if param.kind is ParamKind.REST), None)

    def param(self, name: str) -> Param:
        """The parameter of field ``name`` (KeyError when there is none)."""
        for param in self.params:
            if param.name == name:
                return param
        raise KeyError(name)


def spec_of(action: type[Action], *, verb: str | None = None) -> CommandSpec:
    """The CommandSpec of an action class (cached). ``verb`` overrides the class's ``verb``.

    Raises ActionSpecError when the class cannot be a command: no verb, a field type the command
    language does not know, two fields with one flag, more than one rest field.
    """
    if not (isinstance(action, type) and issubclass(action, Action)):
        raise ActionSpecError(f"{action!r} is not an Action class")
    key = (action, verb)
    spec = _CACHE.get(key)
    if spec is None:
        spec = _CACHE[key] = _build(action, verb)
    return spec


_CACHE: dict[tuple[type[Action], str | None], CommandSpec] = {}


def _build(action: type[Action], verb: str | None) -> CommandSpec:
    where = action.__qualname__
    if not dataclasses.is_dataclass(action):
        raise ActionSpecError(f"{where} is not a dataclass")
    name = (verb if verb is not None else action.verb).lower()
    if not _NAME.match(name):
        raise ActionSpecError(f"{where}: verb {name!r} is not a command name (letters first)")
    aliases = tuple(str(alias).lower() for alias in getattr(action, "aliases", ()))
    for alias in aliases:
        if not _NAME.match(alias):
            raise ActionSpecError(f"{where}: alias {alias!r} is not a command name")
    try:
        hints = typing.get_type_hints(action)
    except Exception as exc:  # an annotation that does not resolve: report it as a spec error
        raise ActionSpecError(f"{where}: cannot read the field types ({exc})") from exc
    params: list[Param] = []
    for field in dataclasses.fields(action):
        if field.name == "actor" or not field.init:
            continue
        params.append(_param(where, field, hints[field.name]))
    _check(where, params)
    return CommandSpec(
        action=action,
        verb=name,
        aliases=tuple(alias for alias in dict.fromkeys(aliases) if alias != name),
        help=_help_line(action),
        params=tuple(params),
    )


def _check(where: str, params: list[Param]) -> None:
    flags: dict[str, str] = {}
    for param in params:
        if not _NAME.match(param.flag):
            raise ActionSpecError(
                f"{where}.{param.name}: flag {param.flag!r} is not an option name"
            )
        if param.flag in flags:
            raise ActionSpecError(
                f"{where}: fields {flags[param.flag]} and {param.name} share the flag -{param.flag}"
            )
        flags[param.flag] = param.name
    kinds = {param.name: param.kind for param in params}
    for param in params:
        if param.aims is not None and (param.aims not in AIMS or param.kind not in _WHO):
            raise ActionSpecError(
                f"{where}.{param.name}: aims {param.aims!r} is not 'ally' or 'foe' on a "
                "combatant field"
            )
        if param.offered_by is not None and kinds.get(param.offered_by) not in _WHO:
            raise ActionSpecError(
                f"{where}.{param.name}: offered_by {param.offered_by!r} is no combatant field"
            )
    if sum(param.kind is ParamKind.REST for param in params) > 1:
        raise ActionSpecError(f"{where}: more than one field takes the rest of the line")


_WHO = (ParamKind.COMBATANT, ParamKind.COMBATANTS)


def _help_line(action: type[Action]) -> str:
    doc = action.__dict__.get("__doc__") or ""
    if doc.startswith(f"{action.__name__}("):  # the signature dataclass writes when none is given
        return ""
    lines = [line.strip() for line in inspect.cleandoc(doc).splitlines() if line.strip()]
    return lines[0] if lines else ""


def _param(where: str, field: dataclasses.Field[Any], hint: object) -> Param:
    metadata: Mapping[str, Any] = field.metadata
    where = f"{where}.{field.name}"
    parse = metadata.get("parse")
    choices: tuple[Choice, ...] = ()
    if parse is not None:
        if not callable(parse):
            raise ActionSpecError(f"{where}: metadata 'parse' is not callable")
        kind, optional = ParamKind.PARSED, _admits_none(hint)
    else:
        kind, optional, choices = _classify(where, hint)
    if metadata.get("rest"):
        if kind is not ParamKind.STR:
            raise ActionSpecError(f"{where}: only a str field can take the rest of the line")
        kind = ParamKind.REST
    has_default = (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )
    default: object = field.default
    required = not has_default
    if kind is ParamKind.BOOL and not has_default:
        required, default = False, False
    flag = str(metadata.get("flag", field.name)).lower().replace("_", "-").lstrip("-")
    return Param(
        name=field.name,
        kind=kind,
        required=required,
        default=default,
        help=str(metadata.get("help", "")),
        flag=flag,
        optional=optional,
        choices=choices,
        parse=parse,
        repeat=bool(metadata.get("repeat")),
        offered=_offered(where, metadata.get("offered")),
        offered_by=metadata.get("offered_by"),
        aims=metadata.get("aims"),
    )


def _offered(where: str, offered: object) -> Callable[[Any], Iterable[str]] | None:
    if offered is not None and not callable(offered):
        raise ActionSpecError(f"{where}: metadata 'offered' is not callable")
    return typing.cast("Callable[[Any], Iterable[str]] | None", offered)


def _admits_none(hint: object) -> bool:
    origin = typing.get_origin(hint)
    return origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint)


def _classify(where: str, hint: object) -> tuple[ParamKind, bool, tuple[Choice, ...]]:
    optional = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        members = typing.get_args(hint)
        others = [member for member in members if member is not type(None)]
        if len(others) != 1 or len(others) == len(members):
            raise ActionSpecError(f"{where}: a union other than X | None cannot be typed")
        optional, hint = True, others[0]
    kind, choices = _kind(where, hint)
    return kind, optional, choices


def _kind(where: str, hint: object) -> tuple[ParamKind, tuple[Choice, ...]]:
    if hint is CombatantId:
        return ParamKind.COMBATANT, ()
    if typing.get_origin(hint) is tuple and typing.get_args(hint) == (CombatantId, ...):
        return ParamKind.COMBATANTS, ()
    if isinstance(hint, typing.NewType):
        return _kind(where, hint.__supertype__)
    if hint is bool:
        return ParamKind.BOOL, ()
    if hint is int:
        return ParamKind.INT, ()
    if hint is str:
        return ParamKind.STR, ()
    if typing.get_origin(hint) is Literal:
        values = typing.get_args(hint)
        return ParamKind.CHOICE, _choices(where, [(str(value), value) for value in values])
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = list(hint)
        if all(isinstance(member.value, str) for member in members):
            pairs = [(str(member.value), member) for member in members]
        else:
            pairs = [(member.name.lower().replace("_", "-"), member) for member in members]
        return ParamKind.CHOICE, _choices(where, pairs)
    raise ActionSpecError(f"{where}: the command language cannot type {hint!r}")


def _choices(where: str, pairs: Sequence[tuple[str, object]]) -> tuple[Choice, ...]:
    seen: set[str] = set()
    for label, _ in pairs:
        key = normalize_name(label)
        if not key or key in seen:
            raise ActionSpecError(f"{where}: choice {label!r} is empty or repeated")
        seen.add(key)
    if not pairs:
        raise ActionSpecError(f"{where}: no choices")
    return tuple(Choice(label, value) for label, value in pairs)
