"""Usage lines and help tables, written from the CommandSpecs so they cannot drift from the code."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from fracas.commands.catalogue import ActionCatalogue
from fracas.commands.spec import MISSING, CommandSpec, Param, ParamKind
from fracas.engine.action import Action

__all__ = ["describe", "help_table", "usage"]


def _positional(param: Param) -> str:
    if param.kind is ParamKind.COMBATANTS:
        return f"{param.metavar}..."
    return param.metavar


def _option(param: Param) -> str:
    if param.kind is ParamKind.BOOL:
        return f"[-{param.flag}]"
    if param.kind is ParamKind.COMBATANTS:
        return f"[-{param.flag} {param.metavar}]..."
    return f"[-{param.flag} {param.metavar}]"


def _synopsis(spec: CommandSpec) -> str:
    parts = [spec.verb]
    parts += [_positional(param) for param in spec.positionals]
    rest = spec.rest
    if rest is not None:
        parts.append(f"{rest.metavar}..." if rest.required else f"[{rest.metavar}...]")
    parts += [_option(param) for param in spec.params if not param.positional and param is not rest]
    return " ".join(parts)


def usage(spec: CommandSpec, *, with_help: bool = True) -> str:
    """``attack TARGET [-with WEAPON] [-advantage]  Make one weapon attack (2 AP).``

    Positional parameters come first in field order, then the rest of the line (``TEXT...``),
    then the options. ``with_help=False`` leaves out the help line.
    """
    synopsis = _synopsis(spec)
    return f"{synopsis}  {spec.help}" if with_help and spec.help else synopsis


def _catalogue(actions: ActionCatalogue | Mapping[str, type[Action]]) -> Iterable[CommandSpec]:
    if isinstance(actions, ActionCatalogue):
        return actions
    return ActionCatalogue.from_mapping(actions)


def help_table(
    actions: ActionCatalogue | Mapping[str, type[Action]],
) -> list[tuple[str, str, str]]:
    """One (verb, usage without help, help line) row per command, sorted by verb."""
    rows = [(spec.verb, usage(spec, with_help=False), spec.help) for spec in _catalogue(actions)]
    return sorted(rows)


def describe(spec: CommandSpec) -> str:
    """A multi-line help text for one command: usage, help line, aliases, each parameter."""
    lines = [usage(spec, with_help=False)]
    if spec.help:
        lines.append(f"  {spec.help}")
    if spec.aliases:
        lines.append(f"  aliases: {', '.join(spec.aliases)}")
    for param in spec.params:
        if param.positional:
            name = _positional(param)
        elif param.kind is ParamKind.REST:
            name = f"{param.metavar}..."
        else:
            name = _option(param).strip("[]").replace("]...", "")
        notes = [param.help] if param.help else []
        default = param.default
        if not param.required and default not in (MISSING, None, False, ""):
            shown = next((c.label for c in param.choices if c.value == default), default)
            notes.append(f"default {shown}")
        lines.append(f"  {name:<24} {'; '.join(notes)}".rstrip())
    return "\n".join(lines)
