"""Actions: what a combatant or the game master asks the engine to do.

An action is a frozen record of intent. It carries no behaviour: the ruleset verifies and
resolves it, the engine applies the events that come out. Every concrete action names its command
verb, and the first line of its docstring is the help line shown by the command language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NewType

CombatantId = NewType("CombatantId", str)
"""The stable id of a combatant within one encounter (``raptor-2``), never a display name."""


@dataclass(frozen=True, kw_only=True)
class Action:
    """Base of every action. ``actor`` is the combatant acting, or None for the game master."""

    verb: ClassVar[str] = ""
    actor: CombatantId | None = None
