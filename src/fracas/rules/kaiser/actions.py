"""The kaiser actions: what a combatant can ask for, as frozen records.

Each action's verb is what the command language types; the first docstring line is its help.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar, Literal

from fracas.engine.action import Action, CombatantId
from fracas.engine.frozen import frozen
from fracas.rules.kaiser.sheet import (
    attack_powers,
    barrier_powers,
    powers_of,
    trigger_powers,
    usable_powers,
    weapons_of,
)

IntentionKind = Literal["attack", "magic", "phenom", "spirit"]
Components = Literal["both", "somatic", "verbal", "none"]
MagicOption = Literal["accumulate", "innate", "prepared", "transfer"]
DefenceChoice = Literal["best", "dodge", "block", "barrier", "power", "none"]
"""``power``: the target's own Defense power that creates no barrier."""
MaintainKind = Literal["spell", "spirit", "phenom"]
CoverRangeChoice = Literal["effective", "beyond_effective", "beyond_maximum"]


ChakraName = Literal["red", "green", "blue"]


def chakra_names(text: str) -> tuple[ChakraName, ...]:
    """``red,blue`` → ("red", "blue"); ``none`` → (): the chakras Fill Chakra fills."""
    if text.strip().lower() == "none":
        return ()
    known: dict[str, ChakraName] = {"red": "red", "green": "green", "blue": "blue"}
    names = tuple(part.strip().lower() for part in text.split(","))
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(f"{unknown[0]!r}: the chakras are red, green and blue (or none)")
    return tuple(known[name] for name in names)


def weapon_names(text: str) -> tuple[str, ...]:
    """``Long Sword,Dagger`` → ("Long Sword", "Dagger"): the weapons an Attack Intention names."""
    names = tuple(part.strip() for part in text.split(","))
    if not all(names):
        raise ValueError(f"{text!r}: name the weapons separated by commas, like sword,dagger")
    return names


@frozen
class Intend(Action):
    """Declare an Intention in the Intention phase (attack: Weapon Cost + 1 AP, magic 2, …)."""

    verb: ClassVar[str] = "intend"
    intention: IntentionKind
    weapons: tuple[str, ...] = field(
        default=(),
        metadata={
            "help": "the weapons of an Attack Intention: sword,dagger (default: the first)",
            "flag": "with",
            "parse": weapon_names,
            "offered": weapons_of,
        },
    )
    option: MagicOption = field(
        default="accumulate",
        metadata={
            "help": "the Magic Intention's option: accumulate a mass of mana, cast an innate"
            " spell (one spell no greater than the innate mana the MA pulls; not from the Pool),"
            " accumulate for a prepared spell (-spell), or transfer mana; the Spirit"
            " Intention fills the chakras, or transfers ki",
            "flag": "as",
        },
    )
    spell: str | None = field(
        default=None,
        metadata={"help": "the spell a Prepared Spell Intention prepares", "offered": powers_of},
    )
    components: Components = field(
        default="both",
        metadata={
            "help": "the components the caster can perform (Magic and Spirit Intentions; the"
            " GM's call): with one the MA (the ki filled) is halved, with none quartered"
        },
    )
    fill: tuple[ChakraName, ...] = field(
        default=("red", "green", "blue"),
        metadata={
            "help": "the chakras the Spirit Intention fills: red,green,blue (default) or none",
            "parse": chakra_names,
        },
    )


@frozen
class Attack(Action):
    """Attack: Offensive Roll (2d6 + Skill) against the target's Defensive Roll."""

    verb: ClassVar[str] = "attack"
    target: CombatantId
    weapon: str | None = field(
        default=None,
        metadata={
            "help": "weapon (default: the one intended)",
            "flag": "with",
            "offered": weapons_of,
        },
    )
    defence: DefenceChoice = field(
        default="best", metadata={"help": "how the target defends (best of Dodge and Block)"}
    )
    cover_range: CoverRangeChoice = field(
        default="effective",
        metadata={"help": "where the target stands from the creator of the barrier covering it"},
    )
    bonus: int = field(default=0, metadata={"help": "Maneuver/Situation modifiers to the attack"})
    advantage: int = field(
        default=0, metadata={"help": "net Advantage dice (negative: Disadvantage)"}
    )
    vital: bool = field(
        default=False,
        metadata={"help": "a directed hit at the head or heart (give its penalty with -bonus)"},
    )
    counter: bool = field(
        default=False,
        metadata={"help": "the Counter reaction (1 AP) after the target's failed attack on you"},
    )


@frozen
class Move(Action):
    """Move (3 AP, once a round): move up to your Movement Value."""

    verb: ClassVar[str] = "move"


@frozen
class Use(Action):
    """Use an Attack, Effect or Automatic power on targets (its Intention declared, its AP)."""

    verb: ClassVar[str] = "use"
    power: str = field(metadata={"offered": usable_powers})
    targets: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "the targets (an area power: everyone in it)", "flag": "on"}
    )
    spare: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "creatures in the area a selective power leaves out"}
    )
    defence: DefenceChoice = field(
        default="best", metadata={"help": "how the targets defend (best of Dodge and Block)"}
    )
    own_defence: tuple[CombatantId, ...] = field(
        default=(),
        metadata={
            "help": "targets who rely on their own Dodge or Block instead (-defence for the rest)",
            "flag": "own-defence",
        },
    )
    cover_range: CoverRangeChoice = field(
        default="effective",
        metadata={"help": "where the targets stand from the creator of the barrier covering them"},
    )
    bonus: int = field(default=0, metadata={"help": "Maneuver/Situation modifiers to the roll"})
    advantage: int = field(
        default=0, metadata={"help": "net Advantage dice (negative: Disadvantage)"}
    )
    difficult: int | None = field(
        default=None,
        metadata={"help": "the target is in a difficult position: aim against this difficulty"},
    )
    distance: int | None = field(
        default=None, metadata={"help": "how far the farthest target is, in feet"}
    )
    allow: bool = field(
        default=False, metadata={"help": "the targets choose to fail the Resistance Check"}
    )
    agreed: bool = field(
        default=False, metadata={"help": "all of a target's personalities agree to allow it"}
    )
    vital: bool = field(
        default=False,
        metadata={"help": "a directed hit at the head or heart (give its penalty with -bonus)"},
    )
    sheltered_by: CombatantId | None = field(
        default=None,
        metadata={
            "help": "a target who raises its barrier over the whole area as a Swift Action",
            "flag": "sheltered-by",
        },
    )
    collide_by: tuple[CombatantId, ...] = field(
        default=(),
        metadata={"help": "who takes the Collide Power reaction against it", "flag": "collide-by"},
    )
    collide_with: str | None = field(
        default=None,
        metadata={
            "help": "the Attack power one collider shoots (default: its first)",
            "flag": "collide-with",
            "offered": attack_powers,
            "offered_by": "collide_by",
        },
    )


@frozen
class Raise(Action):
    """Raise a Defense power's supernatural barrier in advance (an Active Action)."""

    verb: ClassVar[str] = "raise"
    power: str = field(metadata={"offered": barrier_powers})
    over: tuple[CombatantId, ...] = field(
        default=(),
        metadata={"help": "whom it covers (one other, or several for an area; default: you)"},
    )
    area: bool = field(default=False, metadata={"help": "cover an area (radius: Focus in feet)"})


@frozen
class Trigger(Action):
    """A Trigger or Detection power's conditions are met by targets: they resist or suffer it."""

    verb: ClassVar[str] = "trigger"
    power: str = field(metadata={"offered": trigger_powers})
    targets: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "who meets the conditions", "flag": "on"}
    )
    difficult: int | None = field(
        default=None,
        metadata={"help": "the targets are in a difficult position: aim against this difficulty"},
    )
    distance: int | None = field(
        default=None, metadata={"help": "how far its centre point is from you, in feet"}
    )
    allow: bool = field(
        default=False, metadata={"help": "the targets choose to fail the Resistance Check"}
    )
    agreed: bool = field(
        default=False, metadata={"help": "all of a target's personalities agree to allow it"}
    )


@frozen
class Drop(Action):
    """Stop maintaining a power: its effects end without further Resistance Checks."""

    verb: ClassVar[str] = "drop"
    power: str = field(metadata={"offered": powers_of})


@frozen
class Maintain(Action):
    """Maintain Spell, Spirit or Phenom (1 AP): keep up your maintained powers this round."""

    verb: ClassVar[str] = "maintain"
    kind: MaintainKind = field(
        default="spell", metadata={"help": "what you keep your focus on: spell, spirit or phenom"}
    )


@frozen
class Transfer(Action):
    """Transfer Mana or Ki (Swift): push it to another, or pull from or push into your battery."""

    verb: ClassVar[str] = "transfer"
    amount: int
    ki: bool = field(default=False, metadata={"help": "transfer ki (Transfer Ki), not mana"})
    to: CombatantId | None = field(
        default=None, metadata={"help": "whom you push it to (in direct contact)", "aims": "ally"}
    )
    battery: Literal["pull", "push"] | None = field(
        default=None,
        metadata={"help": "pull from your Mana (Ki) Battery, or push into it, instead"},
    )


ACTIONS: tuple[type[Action], ...] = (
    Intend,
    Attack,
    Move,
    Use,
    Raise,
    Trigger,
    Drop,
    Maintain,
    Transfer,
)
