"""The lurasko actions: what a combatant can ask for, as frozen records.

Each action's verb is what the command language types; the first docstring line is its help.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar

from fracas.engine.action import Action, CombatantId
from fracas.engine.frozen import frozen
from fracas.rules.lurasko.auras import Provocation
from fracas.rules.lurasko.sheet import auras_of, lifters_of, sources_of, weapons_of
from fracas.rules.lurasko.vocabulary import CriticalEffect, InjuryType


@frozen
class Attack(Action):
    """Attack with a weapon (1 action): the target's defense roll, then damage and drive."""

    verb: ClassVar[str] = "attack"
    target: CombatantId
    weapon: str | None = field(
        default=None,
        metadata={"help": "weapon (default: the first)", "flag": "with", "offered": weapons_of},
    )
    also: str | None = field(
        default=None,
        metadata={
            "help": "a second melee weapon, dual wielded",
            "flag": "and",
            "offered": weapons_of,
        },
    )
    strength: int | None = field(
        default=None, metadata={"help": "melee: use this much of your STR (0 or more)"}
    )
    reduce: int = field(
        default=100, metadata={"help": "melee: the weapon's damage at 50 or 25 percent"}
    )
    halve: bool = field(
        default=False, metadata={"help": "ranged: damage and drive at 50 percent (3 Hindrance)"}
    )
    critical: CriticalEffect = field(
        default=CriticalEffect.INJURY_TYPE,
        metadata={"help": "on a critical: choose the injury type, or +10 drive"},
    )
    injury: InjuryType = field(
        default=InjuryType.PERCEPTION,
        metadata={"help": "the injury type a critical chooses"},
    )
    engaged: bool = field(
        default=False, metadata={"help": "ranged: fired from engagement range of the target"}
    )
    grappling: bool = field(default=False, metadata={"help": "you are grappling with the target"})
    far: bool = field(
        default=False, metadata={"help": "ranged: beyond the weapon's critical range"}
    )
    close: bool = field(
        default=False, metadata={"help": "ranged: fired from short range of the target"}
    )
    climbed: bool = field(
        default=False, metadata={"help": "you have climbed onto the target vehicle"}
    )
    outskirts: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "zone weapons: those where its low value applies"}
    )
    inside: bool = field(
        default=False,
        metadata={"help": "zone weapons: bursting inside the shields (cluster bombs)"},
    )
    kinetic: bool = field(
        default=False, metadata={"help": "a kinetic shield stopped the projectile (not its energy)"}
    )
    around: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "area weapons: the others in the target's group"}
    )


@frozen
class Move(Action):
    """Move in your turn's movement phase, before you act."""

    verb: ClassVar[str] = "move"
    where: str = field(default="", metadata={"rest": True, "help": "where to"})


@frozen
class Charge(Action):
    """Make shielding or pseudogravity points for a source, paying its resource, on your turn."""

    verb: ClassVar[str] = "charge"
    source: str = field(
        metadata={"help": "the shielding or pseudogravity source", "offered": sources_of}
    )
    points: int = field(metadata={"help": "how many points to make"})


@frozen
class Lift(Action):
    """Spend pseudogravity points on a target (decided before acting) to move it."""

    verb: ClassVar[str] = "lift"
    target: CombatantId
    points: int = field(metadata={"help": "points to spend, fixed before the action"})
    source: str | None = field(
        default=None,
        metadata={
            "help": "pseudogravity source (default: the first)",
            "flag": "with",
            "offered": lifters_of,
        },
    )
    willing: bool = field(default=False, metadata={"help": "the target does not resist"})
    item: bool = field(
        default=False, metadata={"help": "aiming at an item in the target's hands or inventory"}
    )


@frozen
class Silence(Action):
    """Place ætherial silencing (an amount) where a combatant stands; it divides pseudogravity."""

    verb: ClassVar[str] = "silence"
    game_master: ClassVar[bool] = True
    target: CombatantId
    amount: int


@frozen
class Provoke(Action):
    """Touch, grab from, trip or end your turn grappling a character: its damage aura answers."""

    verb: ClassVar[str] = "provoke"
    holder: CombatantId
    how: Provocation = field(
        default=Provocation.TOUCH,
        metadata={
            "help": "touch, grab (Grab Item), trip (or dismount, throw), grapple (at turn end)"
        },
    )


@frozen
class Drop(Action):
    """Drop or disable the device of a damage aura: the aura ends at once."""

    verb: ClassVar[str] = "drop"
    aura: str = field(metadata={"help": "the device's aura", "offered": auras_of})


@frozen
class Answer(Action):
    """Say how your damage aura answers provocations: which aura and how much, or none (-hold)."""

    verb: ClassVar[str] = "aura"
    aura: str | None = field(
        default=None,
        metadata={
            "help": "the aura that answers (default: the first with damage)",
            "flag": "use",
            "offered": auras_of,
        },
    )
    expend: int | None = field(
        default=None,
        metadata={"help": "how much: the full store or a multiple of 10 (default: all)"},
    )
    hold: bool = field(default=False, metadata={"help": "hold back: no aura answers"})


ACTIONS: tuple[type[Action], ...] = (
    Attack,
    Move,
    Charge,
    Lift,
    Silence,
    Provoke,
    Drop,
    Answer,
)
