"""The records of the Advanced Actions, Cinematic Actions and Reactions, held actions, unions
and surprise: each a frozen action the command language builds; :data:`ADVANCED_ACTIONS` lists
them for the ruleset. Their rules are in ``advanced.py`` and the modules it wires in.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar, Literal

from fracas.engine.action import Action, CombatantId
from fracas.engine.frozen import frozen
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.vocabulary import Skill

COMMANDING = "Commanding"
CLIMBING = "Climbing"
HELD_ACTION = "Held Action"
"""Effects: summons under direct control, riding a bigger creature, an action held for a
trigger."""

BlindSkill = Literal["quick_fingers", "nimbleness"]
BlindDefence = Literal["improvisation", "endurance"]
ForceSkill = Literal["athletics", "raw_force"]
HoldGroundDefence = Literal["athletics", "raw_force", "nimbleness"]
TripDefence = Literal["athletics", "nimbleness"]
DisarmSkill = Literal["athletics", "nimbleness", "raw_force", "quick_fingers"]
ClimbSkill = Literal["athletics", "nimbleness"]
ClimbDefence = Literal["athletics", "raw_force", "nimbleness", "quick_fingers"]

_SKILL_HELP = "your Skill (default: your best allowed one)"
_DEFENCE_HELP = "the target's Skill (default: its best allowed one)"
_DISTANCE_HELP = "metres to the target (it must be within 1 m)"


# --- records ------------------------------------------------------------------------------


@frozen
class Contested(Action):
    """Base of the contested Advanced Actions: the actor's Skill Check against the target's."""

    target: CombatantId
    skill: str | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: str | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    distance: int = field(default=1, metadata={"help": _DISTANCE_HELP})


@frozen
class Blind(Contested):
    """Blind (2 AP) a target within 1 m until the end of its next turn: a contested check."""

    verb: ClassVar[str] = "blind"
    skill: BlindSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: BlindDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})


@frozen
class Grab(Contested):
    """Grab (2 AP) a target within 1 m with a free hand: a contested check."""

    verb: ClassVar[str] = "grab"
    skill: ForceSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: HoldGroundDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    free_hand: bool = field(default=True, metadata={"help": "you have a free hand"})


@frozen
class Shove(Contested):
    """Shove (1 AP): move a target within 1 m up to 1 m on a won contested check."""

    verb: ClassVar[str] = "shove"
    skill: ForceSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: HoldGroundDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})


@frozen
class Trip(Contested):
    """Trip (2 AP): knock a target within 1 m Prone on a won contested check."""

    verb: ClassVar[str] = "trip"
    skill: ForceSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: TripDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})


@frozen
class Disarm(Contested):
    """Disarm (2 AP): make a target drop an item; you must roll higher than it."""

    verb: ClassVar[str] = "disarm"
    skill: DisarmSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: DisarmSkill | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    free_hand: bool = field(default=True, metadata={"help": "you have a free hand"})
    take: bool = field(
        default=False, metadata={"help": "take the dropped item (needs a free hand)"}
    )
    item: str = field(default="", metadata={"rest": True, "help": "the item it holds"})


@frozen
class Climb(Contested):
    """Climb (2 AP) onto a creature at least one size larger: Athletics or Nimbleness."""

    verb: ClassVar[str] = "climb"
    skill: ClimbSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: ClimbDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    free_hand: bool = field(
        default=True, metadata={"help": "you have a free hand or climb without hands"}
    )


@frozen
class ShakeOff(Action):
    """Shake off (2 AP) a creature climbing on you: it repeats its Climb check against yours."""

    verb: ClassVar[str] = "shake"
    climber: CombatantId
    skill: ClimbDefence | None = field(default=None, metadata={"help": _SKILL_HELP})
    climber_skill: ClimbSkill | None = field(
        default=None, metadata={"help": "the climber's Skill (default: its best allowed one)"}
    )


@frozen
class Hide(Action):
    """Hide (2 AP): your Stealth Check must beat every enemy's Perception Check."""

    verb: ClassVar[str] = "hide"


@frozen
class Command(Action):
    """Command (1 AP): take direct control of your summons until your next turn."""

    verb: ClassVar[str] = "command"


@frozen
class CinematicAction(Action):
    """Cinematic Action (3 AP + 3 NM) or Reaction (2 RP + 3 NM); a Burst is 6 NM alone."""

    verb: ClassVar[str] = "cinematic"
    skill: Skill
    difficulty: int
    burst: bool = field(default=False, metadata={"help": "a Cinematic Burst: 6 NM, no AP/RP"})
    reaction: bool = field(default=False, metadata={"help": "a Cinematic Reaction (RP)"})
    description: str = field(default="", metadata={"rest": True, "help": "what you attempt"})


def parse_skills(text: str) -> tuple[Skill, ...]:
    """``athletics,grace`` (commas or spaces; any case; ``quick-fingers`` or ``quick_fingers``)
    → the Skills in that order."""
    words = text.replace(",", " ").split()
    skills: list[Skill] = []
    for word in words:
        name = word.strip().lower().replace("-", "_")
        try:
            skills.append(Skill(name))
        except ValueError:
            choices = ", ".join(Skill)
            raise ValueError(f"{word!r} is not a Skill (one of: {choices})") from None
    if not skills:
        raise ValueError("name one Skill per ally: -skills athletics,grace")
    return tuple(skills)


@frozen
class Cooperate(Action):
    """Cooperative Cinematic Action: 3 AP + 2 NM, each ally 2 RP + 2 NM; all roll with advantage."""

    verb: ClassVar[str] = "cooperate"
    skill: Skill
    difficulty: int
    allies: tuple[CombatantId, ...] = field(
        default=(),
        metadata={
            "flag": "with",
            "help": "an ally who joins with a reaction (2 RP)",
            "aims": "ally",
        },
    )
    skills: tuple[Skill, ...] = field(
        default=(),
        metadata={
            "parse": parse_skills,
            "help": "the allies' Skills, in the order of -with (default: SKILL for all)",
        },
    )
    burst: bool = field(
        default=False, metadata={"help": "a Cooperative Burst: 4 NM and no AP for you"}
    )
    description: str = field(default="", metadata={"rest": True, "help": "what you attempt"})


@frozen
class Afflict(Action):
    """Afflict a target with a Status Effect that ends on a DR against a DR Power."""

    verb: ClassVar[str] = "afflict"
    game_master: ClassVar[bool] = True
    target: CombatantId
    status: StatusEffect
    by: CombatantId | None = field(
        default=None, metadata={"help": "whose DR Power the target resists (default: the actor)"}
    )
    power: int | None = field(default=None, metadata={"help": "the DR Power (overrides -by)"})


@frozen
class HoldAction(Action):
    """Hold an action: spend its AP now and name the trigger that sets it off."""

    verb: ClassVar[str] = "ready"
    ap: int
    trigger: str = field(default="", metadata={"rest": True, "help": "the trigger"})


@frozen
class FormUnion(Action):
    """Form a union of allies who share one turn, from the next round."""

    verb: ClassVar[str] = "union"
    game_master: ClassVar[bool] = True
    members: tuple[CombatantId, ...]


@frozen
class Disband(Action):
    """Break up a union (its name, or a member)."""

    verb: ClassVar[str] = "disband"
    game_master: ClassVar[bool] = True
    name: str


@frozen
class Surprise(Action):
    """Mark creatures surprised before combat starts: they act last in round 1."""

    verb: ClassVar[str] = "surprise"
    game_master: ClassVar[bool] = True
    targets: tuple[CombatantId, ...]


@frozen
class TieBreak(Action):
    """Put a creature first among equal Initiatives (its turns still to come this round too)."""

    verb: ClassVar[str] = "tiebreak"
    game_master: ClassVar[bool] = True
    target: CombatantId


ADVANCED_ACTIONS: tuple[type[Action], ...] = (
    Blind,
    Grab,
    Shove,
    Trip,
    Disarm,
    Climb,
    ShakeOff,
    Hide,
    Command,
    CinematicAction,
    Cooperate,
    Afflict,
    HoldAction,
    FormUnion,
    Disband,
    Surprise,
    TieBreak,
)
