"""The commands a session understands: its own, the engine's, the app's and the ruleset's.

Session commands (``undo``, ``redo``, ``help``, ``status``, ``log``, ``order``, ``sheet``) are
declared like actions so the one command language parses them, matches prefixes and writes their
help; the session carries them out itself and they never reach the engine or the log.

Who acts when a line has no ``NAME:`` prefix: the game master for actions marked
``game_master`` (adding, removing, overriding, notes, free rolls, a ruleset's setup actions),
and the combatant whose turn it is for every other command (when exactly one has the turn).
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import yaml
from pydantic import BaseModel, ValidationError

from fracas.app.adding import added_text, entry_spec
from fracas.commands import (
    MISSING,
    ActionCatalogue,
    ActionSpecError,
    CommandSpec,
    Param,
    ParamKind,
    resolve_name,
    spec_of,
)
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import ENGINE_ACTIONS
from fracas.engine.gm import AddCombatant
from fracas.engine.joining import AddCombatants
from fracas.engine.quick import DealDamage, Heal
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState


class SessionCommand(Action):
    """Base of the commands a session carries out itself; never applied to an encounter."""


@dataclass(frozen=True)
class Undo(SessionCommand):
    """Take back the last step (its dice too: undo never re-rolls)."""

    verb: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Redo(SessionCommand):
    """Do the last undone step again, with the very same dice."""

    verb: ClassVar[str] = "redo"


@dataclass(frozen=True)
class Help(SessionCommand):
    """List every command, or explain one (help attack)."""

    verb: ClassVar[str] = "help"
    command: str = field(default="", metadata={"rest": True, "help": "the command to explain"})


@dataclass(frozen=True)
class Status(SessionCommand):
    """Show the table: the order, whose turn it is, pools and effects."""

    verb: ClassVar[str] = "status"
    aliases: ClassVar[tuple[str, ...]] = ("show",)


@dataclass(frozen=True)
class Log(SessionCommand):
    """Tell the last steps again, every roll included (log 20, log all)."""

    verb: ClassVar[str] = "log"
    count: str = field(
        default="", metadata={"rest": True, "help": "how many steps, or all (default 10)"}
    )


@dataclass(frozen=True)
class Order(SessionCommand):
    """Show the round's order: who acts when, with notes (MUSH: +vinit)."""

    verb: ClassVar[str] = "order"
    aliases: ClassVar[tuple[str, ...]] = ("vinit",)


@dataclass(frozen=True)
class ShowSheet(SessionCommand):
    """Show a combatant's sheet, yours by default (sheet/b: the brief one)."""

    verb: ClassVar[str] = "sheet"
    brief: bool = field(default=False, metadata={"flag": "b", "help": "only the top-level numbers"})
    who: str = field(default="", metadata={"rest": True, "help": "whose sheet (default: yours)"})


SESSION_COMMANDS: tuple[type[SessionCommand], ...] = (
    Undo,
    Redo,
    Help,
    Status,
    Log,
    Order,
    ShowSheet,
)

SHEET_HELP = "a combatant to copy the sheet of, or a sheet in braces: '{speed: 3, hp: 8}'"


def add_spec(
    sheet_model: type[BaseModel], state: Callable[[], EncounterState] = EncounterState
) -> CommandSpec:
    """``add NAME SIDE SHEET [-group GROUP] [-hidden]``: the engine's AddCombatant, typed.

    SHEET is the name of a combatant whose sheet is copied (reinforcements), or a sheet written
    as a YAML mapping in braces, checked against ``sheet_model``.
    """

    def read_sheet(text: str) -> BaseModel:
        if text.lstrip().startswith("{"):
            return _sheet_from_yaml(text, sheet_model)
        now = state()
        who = resolve_name(text, {c.id: c.name for c in now}, what="combatant to copy")
        return now[who].sheet

    return CommandSpec(
        action=AddCombatant,
        verb=AddCombatant.verb,
        aliases=(),
        help=_first_line(AddCombatant.__doc__),
        params=(
            _param("name", ParamKind.STR, "the display name (Raptor 5)"),
            _param("side", ParamKind.STR, "the side it fights on"),
            _param("sheet", ParamKind.PARSED, SHEET_HELP, parse=read_sheet),
            Param(
                name="group",
                kind=ParamKind.STR,
                required=False,
                default=None,
                help="the group it takes its turns with",
                flag="group",
                optional=True,
            ),
            Param(
                name="hidden",
                kind=ParamKind.BOOL,
                required=False,
                default=False,
                help="hidden from the players",
                flag="hidden",
            ),
        ),
    )


def _param(
    name: str, kind: ParamKind, help: str, parse: Callable[[str], object] | None = None
) -> Param:
    return Param(
        name=name, kind=kind, required=True, default=MISSING, help=help, flag=name, parse=parse
    )


def _first_line(doc: str | None) -> str:
    return next((line.strip() for line in (doc or "").splitlines() if line.strip()), "")


def _sheet_from_yaml(text: str, model: type[BaseModel]) -> BaseModel:
    try:
        data: Any = yaml.safe_load(text)
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or "not a YAML mapping"
        raise ValueError(f"the sheet is not readable: {problem}") from error
    if not isinstance(data, dict):
        raise ValueError("the sheet must be a mapping in braces: '{field: value, ...}'")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "sheet"
        more = len(error.errors()) - 1
        tail = f" (and {more} more)" if more else ""
        raise ValueError(f"{where}: {first['msg']}{tail}") from error


def game_actions(ruleset: Ruleset | type[Ruleset]) -> tuple[type[Action], ...]:
    """The engine's actions, the app's, then the ruleset's own, each once."""
    found: dict[type[Action], None] = {}
    for action in (*ENGINE_ACTIONS, *ruleset.actions):
        if action is not AddCombatants:  # built by the app from add ENTRY, never typed as such
            found.setdefault(action, None)
    return tuple(found)


def build_catalogue(
    ruleset: Ruleset | type[Ruleset], session: Iterable[type[Action]] = SESSION_COMMANDS
) -> ActionCatalogue:
    """Every command of a session on ``ruleset``; ActionSpecError when two share a name.

    ``add`` is the library form (``fracas.app.adding``); a session binds a line of the sheet
    form with ``add_spec``.
    """
    catalogue = ActionCatalogue(session)
    for action in game_actions(ruleset):
        if action is AddCombatant:
            catalogue.add(entry_spec())
        elif action in (DealDamage, Heal):
            catalogue.add(_kinds_offered(ruleset, spec_of(action)))
        else:
            try:
                catalogue.add(spec_of(action))
            except ActionSpecError as error:
                raise ActionSpecError(f"{ruleset.descriptor.slug}: {error}") from error
    return catalogue


def _kinds_offered(ruleset: Ruleset | type[Ruleset], spec: CommandSpec) -> CommandSpec:
    """``damage`` or ``heal`` whose ``-type`` offers the ruleset's own kinds (every sheet the
    same ones); as it is where the ruleset has none."""
    kinds = ruleset.damage_kinds if spec.action is DealDamage else ruleset.heal_kinds
    if not kinds:
        return spec
    names = [str(kind) for kind in kinds]
    params = tuple(
        dataclasses.replace(p, offered=lambda _sheet: names) if p.name == "kind" else p
        for p in spec.params
    )
    return dataclasses.replace(spec, params=params)


def command_text(
    action: Action, catalogue: ActionCatalogue, name: Callable[[CombatantId], str]
) -> str:
    """The command line that gives ``action`` (``Ada: punch Bo``), for the log."""
    if isinstance(action, AddCombatant | AddCombatants):
        return added_text(action, _quoted)
    spec = catalogue.get(action.verb)
    prefix = f"{_quoted(name(action.actor))}: " if action.actor is not None else ""
    if spec is None:
        return f"{prefix}{action.verb}"
    parts = [spec.verb]
    rest = ""
    for param in spec.params:
        value = getattr(action, param.name)
        if param.kind is ParamKind.REST:
            rest = str(value)
        elif param.kind is ParamKind.BOOL:
            if value:
                parts.append(f"-{param.flag}")
        elif param.positional:
            parts.append(_shown(value, param, name))
        elif value != param.default:
            parts.append(f"-{param.flag} {_shown(value, param, name)}")
    if rest:
        parts.append(rest)
    return prefix + " ".join(parts)


def _shown(value: object, param: Param, name: Callable[[CombatantId], str]) -> str:
    if param.kind is ParamKind.COMBATANT and isinstance(value, str):
        return _quoted(name(CombatantId(value)))
    if param.kind is ParamKind.COMBATANTS and isinstance(value, tuple):
        return ",".join(_quoted(name(CombatantId(str(v)))) for v in value)
    if param.kind is ParamKind.CHOICE:
        return next((c.label for c in param.choices if c.value == value), str(value))
    if isinstance(value, BaseModel):
        return _quoted(json.dumps(value.model_dump(mode="json"), separators=(", ", ": ")))
    if isinstance(value, tuple):  # a parsed list (2,0,3; advantage,counters): comma-separated
        return _quoted(",".join(_word(v) for v in value))
    return _quoted(_word(value))


def _word(value: object) -> str:
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def _quoted(text: str) -> str:
    if text and not any(ch.isspace() or ch in "\"'#" for ch in text):
        return text
    return f"'{text}'" if '"' in text else f'"{text}"'
