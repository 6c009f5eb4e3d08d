"""The dbu actions: what a combatant (or the game master) can ask for, as frozen records.

Each action's verb is what the command language types; the first docstring line is its help.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from fracas.engine.action import Action, CombatantId
from fracas.rules.dbu.profiles import ProfileName
from fracas.rules.dbu.vocabulary import Foundation


@dataclass(frozen=True)
class Attack(Action):
    """Basic Attack Maneuver (1 Action): Strike Roll vs Dodge Roll, then Wound Roll vs Soak."""

    verb: ClassVar[str] = "attack"
    target: CombatantId
    foundation: Foundation = field(
        default=Foundation.PHYSICAL, metadata={"help": "physical, energy or magic"}
    )
    profile: ProfileName = field(default="simple", metadata={"help": "the attack's Profile"})
    wager: int = field(default=0, metadata={"help": "Ki Points wagered: +1 Wound Roll each"})
    desperation: int = field(
        default=0,
        metadata={"help": "Life Points wagered as Ki (Desperation: target 2+ Tiers higher)"},
    )
    counter: bool = field(
        default=False,
        metadata={"help": "pay with a Counter Action (when the target provoked one)"},
    )


@dataclass(frozen=True)
class Convert(Action):
    """Convert Actions into Counter Actions (any time in the round; lost at your next turn)."""

    verb: ClassVar[str] = "convert"
    count: int = field(default=1, metadata={"help": "how many Actions to convert"})


@dataclass(frozen=True)
class Surprise(Action):
    """Mark combatants surprised before combat starts: no actions and Guard Down in round 1."""

    verb: ClassVar[str] = "surprise"
    game_master: ClassVar[bool] = True
    targets: tuple[CombatantId, ...]


ACTIONS: tuple[type[Action], ...] = (Attack, Convert, Surprise)
