"""``add``: combatants from the library by name (``add raptor x3``), or one with its own sheet.

``add ENTRY [xN] [-as NAME] [-side SIDE] [-hidden] [-set FIELD=VALUE …]`` finds ENTRY in the
library of the encounter's ruleset (as leniently as a combatant's name) and adds N of it in one
step: ``add raptor x3`` makes Raptor 1–3, or Raptor 4–6 when Raptor 1–3 are already there. The
older form ``add NAME SIDE SHEET [-group GROUP] [-hidden]`` (three positional arguments) adds one
combatant with a sheet in braces or copied from another combatant, for programs and scripts.

The library is read here, in the app, and the engine is given the finished sheets
(``AddCombatants``), so a save replays without it and the log tells the line as it was typed.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from pydantic import BaseModel

from fracas.commands import MISSING, ActionCatalogue, CommandError, CommandSpec, Param, ParamKind
from fracas.commands.syntax import CommandLine, Token, TokenKind
from fracas.engine.action import Action
from fracas.engine.gm import AddCombatant
from fracas.engine.joining import AddCombatants
from fracas.engine.state import EncounterState
from fracas.library.overrides import OverrideError, apply_overrides, parse_override

if TYPE_CHECKING:
    from fracas.library import Library

MAX_ADDED = 50
"""The most combatants one ``add`` makes."""

_TIMES = re.compile(r"x?(\d+)\Z", re.IGNORECASE)
"""How many, after the entry: ``x3`` (or plainly ``3``)."""
_BOOL_FLAGS = ("hidden", "no-hidden")


@dataclass(frozen=True)
class AddEntry(Action):
    """Add combatants from the library (add raptor x3); add NAME SIDE SHEET adds one with its
    own sheet."""

    verb: ClassVar[str] = "add"
    game_master: ClassVar[bool] = True
    entry: str
    count: int = 1
    name: str | None = None
    side: str | None = None
    hidden: bool = False
    changes: tuple[str, ...] = field(default=())


def entry_spec() -> CommandSpec:
    """The command spec of ``add ENTRY``: ``xN`` is given to it as the option ``-count N``."""

    def option(name: str, flag: str, kind: ParamKind, help: str, default: object) -> Param:
        return Param(name, kind, required=False, default=default, help=help, flag=flag)

    return CommandSpec(
        action=AddEntry,
        verb=AddEntry.verb,
        aliases=(),
        help="Add combatants from the library: add ENTRY x3 makes three, numbered on from "
        "those of its name in the fight (add NAME SIDE SHEET adds one with its own sheet)",
        params=(
            Param(
                "entry",
                ParamKind.STR,
                required=True,
                default=MISSING,
                help="the library entry (fracas library lists them)",
                flag="entry",
            ),
            dataclasses.replace(
                option("count", "count", ParamKind.INT, "how many (also written xN: x3)", 1),
                placeholder="N",
            ),
            option("name", "as", ParamKind.STR, "their name instead of the entry's", None),
            option("side", "side", ParamKind.STR, "the side (default: the entry's)", None),
            option("hidden", "hidden", ParamKind.BOOL, "hidden from the players", False),
            dataclasses.replace(
                option("changes", "set", ParamKind.PARSED, "a change, again for more", MISSING),
                parse=_checked_override,
                repeat=True,
                placeholder="FIELD=VALUE",
            ),
        ),
    )


def _checked_override(text: str) -> str:
    parse_override(text)  # ValueError: not FIELD=VALUE
    return text


def add_form(
    line: CommandLine, library_form: ActionCatalogue, sheet_form: ActionCatalogue
) -> tuple[CommandLine, ActionCatalogue]:
    """An ``add`` line and the catalogue to bind it with: the sheet form's for three or more
    positional arguments, else the library form's, ``xN`` given to it as ``-count N``."""
    if len(_positional(line)) >= 3:
        return line, sheet_form
    return _with_count_option(line), library_form


def _with_count_option(line: CommandLine) -> CommandLine:
    """The line with ``xN`` (or ``N``) after the entry written as the option ``-count N``, at
    the same columns."""
    positional = _positional(line)
    tokens = list(line.tokens)
    for index in positional[1:]:
        token = tokens[index]
        match = _TIMES.fullmatch(token.raw) if token.kind is TokenKind.WORD else None
        if match is not None:
            tokens[index] = Token(
                TokenKind.OPTION,
                token.raw,
                token.start,
                token.end,
                match.group(1),
                name="count",
                value_start=token.end - len(match.group(1)),
            )
    return dataclasses.replace(line, tokens=tuple(tokens))


def _positional(line: CommandLine) -> list[int]:
    """The indices of the positional arguments (not options, not an option's value)."""
    found: list[int] = []
    tokens = line.tokens
    index, options = 0, True
    while index < len(tokens):
        token = tokens[index]
        if options and token.kind is TokenKind.WORD and token.raw == "--":
            options = False
        elif options and token.kind is TokenKind.OPTION:
            takes_value = token.value is None and not any(
                flag.startswith(token.name or "") for flag in _BOOL_FLAGS
            )
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            if takes_value and following is not None and following.kind is not TokenKind.OPTION:
                index += 1
        else:
            found.append(index)
        index += 1
    return found


def from_library(
    request: AddEntry,
    library: Library,
    ruleset: str,
    state: EncounterState,
    command: str,
    sheet_model: type[BaseModel],
) -> AddCombatants:
    """The engine action that adds what ``request`` asks for; CommandError when it cannot."""
    if not 1 <= request.count <= MAX_ADDED:
        raise CommandError(f"add: x{request.count}: add 1 to {MAX_ADDED} at a time")
    entry = library.find(ruleset, request.entry, command="add")
    sheet = entry.sheet
    if request.changes:
        try:
            changes = [parse_override(text) for text in request.changes]
            sheet = apply_overrides(sheet_model, entry.data, changes)
        except (OverrideError, ValueError) as error:
            raise CommandError(f"add: -set {error}") from error
    base = (request.name or entry.name).strip()
    if not base:
        raise CommandError("add: -as needs a name")
    names, group = _names(base, request.count, state)
    side = (request.side or entry.side).strip()
    hidden = request.hidden or entry.hidden
    newcomers = tuple(
        AddCombatant(name=name, side=side, sheet=sheet, group=group, hidden=hidden)
        for name in names
    )
    return AddCombatants(newcomers, command=command, actor=request.actor)  # a player's: refused


def _names(base: str, count: int, state: EncounterState) -> tuple[list[str], str | None]:
    """``count`` names for newcomers called ``base`` and the group they share: numbered after
    those already in the fight (Raptor 4 after Raptor 1–3), or ``base`` alone for one when the
    name is free."""
    numbered = re.compile(re.escape(base) + r" (\d+)\Z", re.IGNORECASE)
    numbers: list[int] = []
    groups: list[str] = []
    plain = False
    for combatant in state:
        match = numbered.fullmatch(combatant.name)
        if match is not None:
            numbers.append(int(match.group(1)))
        plain |= combatant.name.casefold() == base.casefold()
        if (match is not None or combatant.name.casefold() == base.casefold()) and combatant.group:
            groups.append(combatant.group)
    if count == 1 and not numbers and not plain:
        return [base], None
    start = max(numbers, default=1 if plain else 0) + 1
    group = groups[0] if groups else re.sub(r"[^a-z0-9]+", "-", base.casefold()).strip("-")
    return [f"{base} {n}" for n in range(start, start + count)], group


def added_text(action: AddCombatant | AddCombatants, quoted: Callable[[str], str]) -> str:
    """How the log tells an add: the line as typed, or a short form of a program's (never the
    sheet itself): ``add "Raptor 1" raptors (sheet)``."""
    if isinstance(action, AddCombatants):
        if action.command:
            return action.command
        return "add " + ", ".join(quoted(n.name) for n in action.newcomers) + " (sheets)"
    parts = ["add", quoted(action.name), quoted(action.side), "(sheet)"]
    if action.group is not None:
        parts.append(f"-group {quoted(action.group)}")
    if action.hidden:
        parts.append("-hidden")
    return " ".join(parts)
