"""The kingsdale actions: the MUSH verbs (``+init``, ``+cast``, ``+psi``, strikes, defences).

Each action's verb is what the command language types; the first docstring line is its help.
Their rules are in ``initiative.py``, ``combat.py``, ``defence.py``, ``horror.py``,
``magic.py``, ``manoeuvres.py``, ``checks.py``, ``ambush.py`` and ``spray.py``.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar, Literal

from fracas.engine.action import Action, CombatantId
from fracas.engine.frozen import frozen
from fracas.rules.kingsdale.damage import Location
from fracas.rules.kingsdale.sheet import skills_of, weapons_of
from fracas.rules.kingsdale.strike import Shot


@frozen
class RollInitiative(Action):
    """Roll your initiative before the fight (+init): 1d20 + your initiative bonus."""

    verb: ClassVar[str] = "init"


@frozen
class Strike(Action):
    """Strike (one action; aimed or called two, aimed called three, a burst two)."""

    verb: ClassVar[str] = "strike"
    aliases: ClassVar[tuple[str, ...]] = ("attack",)
    target: CombatantId
    weapon: str | None = field(
        default=None,
        metadata={"help": "the weapon (default: the first)", "flag": "with", "offered": weapons_of},
    )
    shot: Shot = field(default=Shot.NORMAL, metadata={"help": "aimed, called, a burst …"})
    at: Location | None = field(
        default=None, metadata={"help": "a called shot's aim: head, body, arm or leg"}
    )
    also: tuple[CombatantId, ...] = field(
        default=(),
        metadata={
            "help": "a burst's clustered targets (5 ft apart or less); a paired second target"
        },
    )
    mod: int = field(default=0, metadata={"help": "other bonuses and penalties, cumulative"})
    wild: bool = field(default=False, metadata={"help": "shooting wild (drunk, horseback …)"})
    feet: int | None = field(
        default=None,
        metadata={"help": "the distance in feet (a shot from 10 ft or less is -10 to dodge)"},
    )
    volley: int = field(default=1, metadata={"help": "missiles in the volley (4+: no dodge)"})
    paired: bool = field(
        default=False, metadata={"help": "both paired weapons at the target: two hits, one roll"}
    )
    taped: bool = field(
        default=False,
        metadata={"help": "change a taped double E-clip and fire in one action, at no bonuses"},
    )


@frozen
class Defence(Action):
    """Base of the answers to a strike, given off-turn by its defender."""

    attacker: CombatantId | None = field(
        default=None, metadata={"help": "whose strike (default: the oldest)", "flag": "from"}
    )


@frozen
class Parry(Defence):
    """Parry a strike (no action for a hand-to-hand fighter, else one)."""

    verb: ClassVar[str] = "parry"
    psi: str | None = field(
        default=None, metadata={"help": "a defensive psionic power raised with the parry"}
    )
    isp: int = field(default=0, metadata={"help": "the ISP the psionic power costs"})
    counter: bool = field(
        default=False,
        metadata={"help": "paired weapons: strike back with the other hand (one action)"},
    )
    counter_with: str | None = field(
        default=None,
        metadata={
            "help": "the weapon of the counter-strike",
            "flag": "with",
            "offered": weapons_of,
        },
    )


@frozen
class Dodge(Defence):
    """Dodge a strike (one action)."""

    verb: ClassVar[str] = "dodge"


@frozen
class AutoDodge(Defence):
    """Auto-dodge a strike (no action; needs the auto-dodge ability)."""

    verb: ClassVar[str] = "autododge"


@frozen
class AutoParry(Defence):
    """Auto-parry a strike (no action; needs the auto-parry ability)."""

    verb: ClassVar[str] = "autoparry"


@frozen
class NoDefence(Defence):
    """Take a strike without parrying or dodging."""

    verb: ClassVar[str] = "nodefence"
    aliases: ClassVar[tuple[str, ...]] = ("take",)


@frozen
class HorrorFactor(Action):
    """Roll against a Horror Factor: 1d20 + your HF bonus, meeting the HF saves."""

    verb: ClassVar[str] = "horror"
    hf: int = field(metadata={"help": "the Horror Factor (16: 16+ saves)"})


@frozen
class Cast(Action):
    """Cast a spell (+cast): one action, channelling ME + 2 x level PPE per action."""

    verb: ClassVar[str] = "cast"
    spell: str = field(metadata={"help": "the spell"})
    ppe: int = field(metadata={"help": "the PPE the spell costs"})
    target: CombatantId | None = field(default=None, metadata={"help": "at whom"})


@frozen
class Psionics(Action):
    """Use a psionic power (+psi): one action and its ISP."""

    verb: ClassVar[str] = "psi"
    power: str = field(metadata={"help": "the psionic power"})
    isp: int = field(default=0, metadata={"help": "the ISP it costs"})
    target: CombatantId | None = field(default=None, metadata={"help": "at whom"})


@frozen
class Move(Action):
    """Move in your pose (no action): SPD x 5 ft running, half that walking."""

    verb: ClassVar[str] = "move"
    feet: int = field(metadata={"help": "how far, in feet"})


@frozen
class Draw(Action):
    """Draw (or pick up) a weapon: one action."""

    verb: ClassVar[str] = "draw"
    weapon: str = field(metadata={"help": "the weapon", "offered": weapons_of})


@frozen
class Reload(Action):
    """Change a magazine: one action; the payload is full again."""

    verb: ClassVar[str] = "reload"
    weapon: str = field(metadata={"help": "the weapon", "offered": weapons_of})


@frozen
class Perception(Action):
    """Perception roll: 1d20 + bonus (+1 per 10 % of a skill) against the GM's number."""

    verb: ClassVar[str] = "perception"
    against: int = field(metadata={"help": "the number the GM sets"})
    skill: str | None = field(
        default=None,
        metadata={"help": "a skill that helps (Detect Ambush: +1 per 10 %)", "offered": skills_of},
    )
    ambush: bool = field(default=False, metadata={"help": "the roll is to detect an ambush"})


@frozen
class SkillRoll(Action):
    """Roll a percentile skill: d100 at or under the skill; a 100 always fails."""

    verb: ClassVar[str] = "skill"
    skill: str = field(
        metadata={"rest": True, "help": "the skill, as on your sheet", "offered": skills_of}
    )


@frozen
class Ambush(Action):
    """Ambush before initiative: one strike each that cannot be defended against."""

    verb: ClassVar[str] = "ambush"
    target: CombatantId
    weapon: str | None = field(
        default=None,
        metadata={"help": "the weapon (default: the first)", "flag": "with", "offered": weapons_of},
    )
    mod: int = field(default=0, metadata={"help": "other bonuses and penalties"})


SPRAYS = Literal["short", "long", "full"]


@frozen
class Spray(Action):
    """Spray an area with an automatic weapon or shotgun (shooting wild)."""

    verb: ClassVar[str] = "spray"
    targets: tuple[CombatantId, ...]
    weapon: str | None = field(
        default=None,
        metadata={"help": "the weapon (default: the first)", "flag": "with", "offered": weapons_of},
    )
    size: SPRAYS = field(
        default="short", metadata={"help": "short (1 attack), long (3) or full (the melee)"}
    )


@frozen
class Stray(Action):
    """Settle a fumble of 2: the teammate in the line of fire is hit, or none is and the weapon
    drops (the game master's call, or with ``roll`` the dice's)."""

    verb: ClassVar[str] = "stray"
    game_master: ClassVar[bool] = True
    hit: CombatantId | None = field(
        default=None,
        metadata={"help": "the teammate hit (leave out: nobody is in the line of fire)"},
    )
    striker: CombatantId | None = field(
        default=None,
        metadata={"help": "whose fumble (default: the only one waiting)", "flag": "from"},
    )
    roll: bool = field(
        default=False,
        metadata={
            "help": "let the dice say who is in the line of fire (the setting"
            " stray_in_line_of_fire, then an even die over the standing teammates)"
        },
    )


ACTIONS: tuple[type[Action], ...] = (
    RollInitiative,
    Strike,
    Parry,
    Dodge,
    AutoDodge,
    AutoParry,
    NoDefence,
    HorrorFactor,
    Cast,
    Psionics,
    Move,
    Draw,
    Reload,
    Perception,
    SkillRoll,
    Ambush,
    Spray,
    Stray,
)
