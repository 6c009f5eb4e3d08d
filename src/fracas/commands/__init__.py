"""The command language: one line of text → one typed, frozen action.

Shared by every front end (``fracas play``, ``fracas run`` scripts, MUSH-style chat, the web
command box). It knows no ruleset and applies nothing::

    line = parse_line("raptor2: +attack bob -with axe -adv")   # syntax only (or None)
    action = bind(line, catalogue, BindContext(combatants, actor=current))

``parse_line`` reads the shape (syntax.py, grammar in command.lark); ``bind`` fits it to an
action class described by its CommandSpec (spec.py, binding.py); names are matched leniently
(names.py); every failure is a CommandError naming what is wrong and where (errors.py).
"""

from fracas.commands.binding import BindContext, bind, bind_text
from fracas.commands.catalogue import ActionCatalogue
from fracas.commands.errors import (
    ActionSpecError,
    AmbiguousCommand,
    AmbiguousName,
    AmbiguousOption,
    ArgumentError,
    CommandError,
    CommandSyntaxError,
    InvalidAction,
    InvalidValue,
    MissingArgument,
    MissingValue,
    RepeatedOption,
    UnexpectedArgument,
    UnknownCommand,
    UnknownName,
    UnknownOption,
)
from fracas.commands.help import describe, help_table, usage
from fracas.commands.names import display_names, normalize_name, resolve_name
from fracas.commands.spec import MISSING, Choice, CommandSpec, Param, ParamKind, spec_of
from fracas.commands.syntax import CommandLine, Token, TokenKind, parse_line

__all__ = [
    "MISSING",
    "ActionCatalogue",
    "ActionSpecError",
    "AmbiguousCommand",
    "AmbiguousName",
    "AmbiguousOption",
    "ArgumentError",
    "BindContext",
    "Choice",
    "CommandError",
    "CommandLine",
    "CommandSpec",
    "CommandSyntaxError",
    "InvalidAction",
    "InvalidValue",
    "MissingArgument",
    "MissingValue",
    "Param",
    "ParamKind",
    "RepeatedOption",
    "Token",
    "TokenKind",
    "UnexpectedArgument",
    "UnknownCommand",
    "UnknownName",
    "UnknownOption",
    "bind",
    "bind_text",
    "describe",
    "display_names",
    "help_table",
    "normalize_name",
    "parse_line",
    "resolve_name",
    "spec_of",
    "usage",
]
