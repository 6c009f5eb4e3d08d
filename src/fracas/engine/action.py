"""Actions: what a combatant or the game master asks the engine to do.

An action is a frozen record of intent. It carries no behaviour: the ruleset verifies and
resolves it, the engine applies the events that come out. Every concrete action names its command
verb, and the first line of its docstring is the help line shown by the command language.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, fields
from typing import ClassVar, NewType, get_type_hints

CombatantId = NewType("CombatantId", str)
"""The stable id of a combatant within one encounter (``raptor-2``), never a display name."""


@dataclass(frozen=True, kw_only=True)
class Action:
    """Base of every action. ``actor`` is the combatant acting, or None for the game master."""

    verb: ClassVar[str] = ""
    game_master: ClassVar[bool] = False
    """True for actions the game master gives when no actor is named (overrides, setup)."""
    actor: CombatantId | None = None


_COMBATANT_FIELDS: dict[type[Action], tuple[str, ...]] = {}


def combatant_fields(action_type: type[Action]) -> tuple[str, ...]:
    """The names of ``action_type``'s fields that hold combatant ids (one, optional, or many)."""
    if action_type not in _COMBATANT_FIELDS:
        naming = {CombatantId, CombatantId | None, tuple[CombatantId, ...]}
        hints = get_type_hints(action_type)
        found = tuple(f.name for f in fields(action_type) if hints[f.name] in naming)
        _COMBATANT_FIELDS[action_type] = found
    return _COMBATANT_FIELDS[action_type]


def combatants_named(action: Action) -> tuple[CombatantId, ...]:
    """Every combatant ``action`` names, its actor first."""
    named: list[CombatantId] = []
    for name in combatant_fields(type(action)):
        value = getattr(action, name)
        if isinstance(value, tuple):
            named.extend(value)
        elif value is not None:
            named.append(value)
    return tuple(named)


def first_unknown(action: Action, known: Container[CombatantId]) -> CombatantId | None:
    """The first combatant ``action`` names (in ``combatants_named``'s order) that is not in
    ``known``, or None: the check before every action, without building the names."""
    names = _COMBATANT_FIELDS.get(type(action))
    if names is None:
        names = combatant_fields(type(action))
    for name in names:
        value: CombatantId | tuple[CombatantId, ...] | None = getattr(action, name)
        if isinstance(value, tuple):
            for one in value:
                if one not in known:
                    return one
        elif value is not None and value not in known:
            return value
    return None
