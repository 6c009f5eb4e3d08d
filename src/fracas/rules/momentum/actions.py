"""The momentum actions: what a combatant can ask for, as frozen records.

Each action's verb is what the command language types; the first docstring line is its help.
Their rules (cost, verify, resolve) are in ``basic.py`` and ``attack.py``.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar, Literal

from fracas.engine.action import Action, CombatantId
from fracas.engine.frozen import frozen
from fracas.rules.momentum.sheet import abilities_of, arms_of

FREE_ACTION = "free_action"
"""Mark: the free Interact with Target or Switch Weapons used this turn (or None)."""

Cover = Literal["none", "half", "full"]


@frozen
class Attack(Action):
    """Attack with a weapon or an attack Ability (2 AP): d20 + hit bonus against Evasion."""

    verb: ClassVar[str] = "attack"
    target: CombatantId
    weapon: str | None = field(
        default=None,
        metadata={
            "help": "weapon or Ability (default: the first weapon)",
            "flag": "with",
            "offered": arms_of,
        },
    )
    advantage: bool = field(default=False, metadata={"help": "a source of advantage the GM grants"})
    disadvantage: bool = field(default=False, metadata={"help": "a source of disadvantage"})
    cover: Cover = field(
        default="none", metadata={"help": "the target's cover against this attack"}
    )
    behind: CombatantId | None = field(
        default=None, metadata={"help": "the creature the target stands behind (misses hit it)"}
    )
    non_lethal: bool = field(default=False, metadata={"help": "subtract 1d4 (+1d4 per Tier)"})
    lethal_holy: bool = field(default=False, metadata={"help": "Holy damage kills after all"})
    miss: bool = field(default=False, metadata={"help": "choose to miss"})
    ignore_armor: int = field(default=0, metadata={"help": "Armor (or DR value) to ignore"})
    maneuver: str | None = field(
        default=None, metadata={"help": "a Maneuver Ability added", "offered": abilities_of}
    )
    held: bool = field(default=False, metadata={"help": "fire the attack held with ready"})


@frozen
class Defend(Action):
    """Defend (2 AP): attacks on you at disadvantage, your DRs at advantage, till your next turn."""

    verb: ClassVar[str] = "defend"


@frozen
class Move(Action):
    """Move (1 AP): add your Basic Movement to this turn's movement."""

    verb: ClassVar[str] = "move"


@frozen
class Sprint(Action):
    """Sprint (3 AP): add four times your Basic Movement to this turn's movement."""

    verb: ClassVar[str] = "sprint"


@frozen
class Walk(Action):
    """Spend metres of this turn's movement (difficult terrain costs double)."""

    verb: ClassVar[str] = "walk"
    metres: int
    difficult: int = field(default=0, metadata={"help": "how many of those squares are difficult"})


@frozen
class InteractWithTarget(Action):
    """Interact with Target (1 AP, or free once a turn): push a button, pick something up…"""

    verb: ClassVar[str] = "interact"
    what: str = field(default="", metadata={"rest": True, "help": "what you do"})


@frozen
class SwitchWeapons(Action):
    """Switch Weapons (1 AP; free once a turn to draw into an empty hand or to sheathe)."""

    verb: ClassVar[str] = "switch"
    free_hand: bool = field(
        default=False, metadata={"help": "drawing into an empty hand or only sheathing"}
    )


@frozen
class TakeCover(Action):
    """Taking Cover (1 AP): +2 Evasion and +1 DR while in half cover, until your next turn."""

    verb: ClassVar[str] = "cover"


@frozen
class UseItem(Action):
    """Use Item (3 AP): use a non-ability consumable, such as a stimulant."""

    verb: ClassVar[str] = "use"
    item: str = field(default="", metadata={"rest": True, "help": "the item"})


@frozen
class Stabilize(Action):
    """Stabilize (3 AP): First Aid Check against 8 removes Bleeding from a creature within 1 m."""

    verb: ClassVar[str] = "stabilize"
    target: CombatantId = field(metadata={"aims": "ally"})


@frozen
class SwitchPlaces(Action):
    """Switch Places (1 AP) with an adjacent ally, who must spend 1 RP or the action fails."""

    verb: ClassVar[str] = "swap"
    ally: CombatantId = field(metadata={"aims": "ally"})


@frozen
class Stand(Action):
    """Stand up from Prone, for 1 m of movement (or 1 AP with -ap)."""

    verb: ClassVar[str] = "stand"
    ap: bool = field(default=False, metadata={"help": "pay 1 AP instead of 1 m of movement"})


ACTIONS: tuple[type[Action], ...] = (
    Attack,
    Defend,
    Move,
    Sprint,
    Walk,
    InteractWithTarget,
    SwitchWeapons,
    TakeCover,
    UseItem,
    Stabilize,
    SwitchPlaces,
    Stand,
)
