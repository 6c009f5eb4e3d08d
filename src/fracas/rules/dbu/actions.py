"""The dbu actions: what a combatant (or the game master) can ask for, as frozen records.

Each action's verb is what the command language types; the first docstring line is its help.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar, Literal

from fracas.engine.action import Action, CombatantId
from fracas.engine.frozen import frozen
from fracas.rules.dbu.phase_names import effect_order
from fracas.rules.dbu.positions import Square, parse_square
from fracas.rules.dbu.profiles import ProfileName
from fracas.rules.dbu.sheet import grants_of, transformations_of, weapons_of
from fracas.rules.dbu.vocabulary import Foundation

Answer = Literal["dodge", "block", "flare", "deflect", "guard", "direct", "cross", "duel"]
"""How the target of an attack answers it: a Dodge Roll, a Parry option (Block, Power Flare,
Deflect, Guard, Direct Hit, Cross Counter) or a Duel."""


Opposing = Literal["strike", "dodge"]
"""What opposes a Grapple Check or a Thrust: the target's Strike or Dodge Roll, its choice."""


Intervention = Literal["wall", "redirect", "deflect"]
"""Intervene's options: Wall of Defense, Wall of Defense with Redirect, Distant Deflect."""


def wagers(text: str) -> tuple[int, ...]:
    """``2,0,3`` → (2, 0, 3): a Ki Wager for each of a Duel's three Wound Rolls."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r}: give three Ki Wagers, one per Duel roll, like 2,0,3")
    return tuple(int(p) for p in parts)


@frozen
class Attacking(Action):
    """What every Attacking Maneuver names: its target, Foundation, Profile and Ki Wager."""

    target: CombatantId
    foundation: Foundation = field(
        default=Foundation.PHYSICAL, metadata={"help": "physical, energy or magic"}
    )
    profile: ProfileName = field(default="simple", metadata={"help": "the attack's Profile"})
    wager: int = field(default=0, metadata={"help": "Ki Points wagered: +1 Wound Roll each"})
    counter: bool = field(
        default=False,
        metadata={"help": "pay with Counter Actions (when the target provoked one)"},
    )
    defense: Answer = field(
        default="dodge",
        metadata={"help": "the target's answer: dodge, a Parry option (1 Counter Action), duel"},
    )
    defense_ki: int = field(
        default=0, metadata={"help": "Ki the target adds to a Power Flare (up to 10(T))"}
    )
    rebound: bool = field(
        default=False, metadata={"help": "after a successful Deflect the target Rebounds it"}
    )
    deflectors: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "the target's allies who Deflect with it (each pays)"}
    )
    signature: bool = field(default=False, metadata={"help": "the attack is a Signature Technique"})
    tail_attack: bool = field(
        default=False, metadata={"help": "a Tail Attack (not while a Grappler holds your tail)"}
    )
    duel_wagers: tuple[int, ...] = field(
        default=(),
        metadata={
            "help": "in a Duel, your Ki Wager on each of the 3 rolls: 2,0,3",
            "parse": wagers,
        },
    )
    defender_wagers: tuple[int, ...] = field(
        default=(),
        metadata={"help": "in a Duel, the target's Ki Wager on each roll: 1,1,0", "parse": wagers},
    )
    defender_technique: int | None = field(
        default=None,
        metadata={"help": "in a Duel, the Ki of the target's Signature Technique of that Profile"},
    )
    escape: bool = field(
        default=False, metadata={"help": "answer the target's Duel with a Duel Escape"}
    )
    intervene: CombatantId | None = field(
        default=None, metadata={"help": "an ally of the target who Intervenes if it is hit"}
    )
    triggered: bool = field(
        default=False, metadata={"help": "the response of your Triggered Maneuver (paid already)"}
    )
    united: CombatantId | None = field(
        default=None,
        metadata={"help": "an ally in your Melee Range joins with a United Attack", "aims": "ally"},
    )
    united_wager: int = field(
        default=0, metadata={"help": "the united ally's Ki Wager (up to 1/4 Capacity Rate)"}
    )
    weapon: str | None = field(
        default=None,
        metadata={"help": "the ranged weapon fired (spends a shot)", "offered": weapons_of},
    )
    shield: bool = field(
        default=False, metadata={"help": "the target shields itself with the terrain it holds"}
    )
    intervention: Intervention = field(
        default="wall", metadata={"help": "the Intervene option: wall, redirect or deflect"}
    )
    co_deflectors: tuple[CombatantId, ...] = field(
        default=(),
        metadata={"help": "more allies who Distant Deflect with -intervene (each pays)"},
    )
    area: tuple[CombatantId, ...] = field(
        default=(),
        metadata={"help": "the others in an area Profile's Area of Effect (each Dodges)"},
    )
    rebound_area: tuple[CombatantId, ...] = field(
        default=(),
        metadata={"help": "others in the Rebound's Area of Effect around you (each Dodges)"},
    )
    escaped: tuple[CombatantId, ...] = field(
        default=(),
        metadata={"help": "targets who moved out with an Instant Action (Instantaneous Control)"},
    )


@frozen
class Attack(Attacking):
    """Basic Attack Maneuver (1 Action): Strike Roll vs Dodge Roll, then Wound Roll vs Soak."""

    verb: ClassVar[str] = "attack"
    desperation: int = field(
        default=0,
        metadata={"help": "Life Points wagered as Ki (Desperation: target 2+ Tiers higher)"},
    )


@frozen
class Blitz(Attacking):
    """Blitz Maneuver (2 Actions, +6(T) Ki): rush 2+ squares; +2(T) Wound per square."""

    verb: ClassVar[str] = "blitz"
    distance: int | None = field(
        default=None, metadata={"help": "squares to the target (2 or more; default: the grid's)"}
    )


@frozen
class CalledShot(Attacking):
    """Called Shot (2 Actions): Strike -1(T) in melee, -2(T) at range; +1 Damage Category."""

    verb: ClassVar[str] = "called"
    distance: int | None = field(
        default=None, metadata={"help": "squares to the target (default: the grid's, or 1)"}
    )
    vulnerable: bool = field(
        default=False, metadata={"help": "a vulnerable spot the ARC allows: +3(T) damage"}
    )


@frozen
class CombatRecovery(Action):
    """Combat Recovery (2 Actions): solid 2d10(T) restores Life and Ki; opponents may counter."""

    verb: ClassVar[str] = "recover"
    countered_by: tuple[CombatantId, ...] = field(
        default=(),
        metadata={"help": "opponents within 6 squares who attack with a Counter Action"},
    )


@frozen
class Command(Action):
    """Command Maneuver (1 Action): a Minion you master gains 2 Actions (one to move or counter)."""

    verb: ClassVar[str] = "command"
    minion: CombatantId = field(metadata={"aims": "ally"})


@frozen
class Empower(Action):
    """Empower Maneuver (1 Action): transfer Ki to an ally, up to your Empowerment Roll."""

    verb: ClassVar[str] = "empower"
    target: CombatantId = field(metadata={"aims": "ally"})
    amount: int | None = field(
        default=None, metadata={"help": "Ki to transfer (default: all the roll allows)"}
    )
    melee: bool = field(
        default=False, metadata={"help": "the ally is in your Melee Range: maximum dice"}
    )
    boost: int = field(default=0, metadata={"help": "raise the roll by up to 10(T)"})
    miracle: bool = field(
        default=False, metadata={"help": "the ally takes Miracle Empowerment (once a fight)"}
    )


@frozen
class EnergyCharge(Action):
    """Energy Charge Maneuver (1 Action): +1 charge (+1d6(T) Wound, +2(T) Ki) for the attack."""

    verb: ClassVar[str] = "charge"
    foundation: Foundation = field(
        default=Foundation.ENERGY, metadata={"help": "the declared attack's Foundation"}
    )
    profile: ProfileName = field(
        default="simple", metadata={"help": "the declared attack's Profile"}
    )


@frozen
class StopCharging(Action):
    """Stop charging (Instant Action): 1(T) Ki per Energy Charge, all charges lost."""

    verb: ClassVar[str] = "discharge"


@frozen
class Grapple(Action):
    """Grapple Maneuver (1 Action): a Grapple Check; both Guard Down while it holds."""

    verb: ClassVar[str] = "grapple"
    target: CombatantId
    tail: bool = field(default=False, metadata={"help": "grab the tail: -2(T), no Tail Attacks"})
    reach: bool = field(
        default=True,
        metadata={"help": "you are within the target's Melee Range (else it can only Dodge)"},
    )
    answer: Opposing | None = field(
        default=None, metadata={"help": "the target's choice: strike or dodge (default: better)"}
    )


@frozen
class Release(Action):
    """Stop grappling (Instant Action, on your turn)."""

    verb: ClassVar[str] = "release"


@frozen
class BreakFree(Action):
    """Force a Grapple Check as the Grappled (1 Action, once a round), or escape a Pinned."""

    verb: ClassVar[str] = "struggle"
    against: CombatantId | None = field(
        default=None,
        metadata={"help": "who Pinned you outside a Grapple: a Might Clash against them"},
    )


@frozen
class Pin(Action):
    """Pinning (1 Action, once a round): a Grapple Check; the Grappled is Pinned."""

    verb: ClassVar[str] = "pin"


@frozen
class Restrain(Action):
    """Energy Restraint (2 Actions, 4(T) Ki): keep a Pinned target Pinned past the Grapple."""

    verb: ClassVar[str] = "restrain"


@frozen
class ThrowTarget(Action):
    """Throwing a Target (1 Action): a Throw Check; thrown Force Modifier squares, +1 per 2."""

    verb: ClassVar[str] = "hurl"
    through: CombatantId | None = field(
        default=None, metadata={"help": "a combatant in the thrown target's path"}
    )
    into: int = field(
        default=0, metadata={"help": "the Hardness Value of terrain the thrown target strikes"}
    )


@frozen
class HoldBack(Action):
    """Holding Back (Instant Action, once a fight): stacks of -1 Tier of Power; 0 ends it."""

    verb: ClassVar[str] = "holdback"
    stacks: int


@frozen
class Sense(Action):
    """Clairvoyance vs Concealment (Instant Action, once a round): is the target holding back?"""

    verb: ClassVar[str] = "sense"
    target: CombatantId


@frozen
class Move(Action):
    """Movement Maneuver (1 Action): Normal Speed free, 3 Ki a square beyond it when boosted."""

    verb: ClassVar[str] = "move"
    squares: int
    rapid: bool = field(
        default=False, metadata={"help": "Rapid Movement: +3 Ki a square, +2(T) Strike"}
    )
    leaving: bool = field(
        default=False, metadata={"help": "you leave an enemy's Melee Range (provokes)"}
    )
    fly: bool = field(default=False, metadata={"help": "flying (Force or Spirit 3+)"})
    to: Square | None = field(
        default=None,
        metadata={"help": "the square X,Y you end on (when you are placed)", "parse": parse_square},
    )


@frozen
class PowerUp(Action):
    """Power Up Maneuver (1 Action): Capacity Rate +1/4, Combat Rolls +1(T); stacks twice."""

    verb: ClassVar[str] = "powerup"


Surging = Literal["power", "healing"]


@frozen
class Surge(Action):
    """Surge Maneuver (Instant Action, once a fight): Power Surge (Ki) or Healing Surge (LP)."""

    verb: ClassVar[str] = "surge"
    kind: Surging = field(metadata={"help": "power (1/4 Capacity and Ki) or healing (2d10(T) LP)"})


Effortless = Literal["speak", "sheathe", "drop", "pick-up", "prone", "hide", "sneak", "other"]
Speech = Literal["persuasion", "bluff", "intimidate"]


@frozen
class NoEffort(Action):
    """No Effort Maneuver (Instant Action): a quick word, (un)sheathe, drop or pick up, go prone…"""

    verb: ClassVar[str] = "quick"
    kind: Effortless
    target: CombatantId | None = field(
        default=None,
        metadata={"help": "who you speak to, or hide or sneak from: an opposed Skill Check"},
    )
    skill: Speech = field(
        default="persuasion",
        metadata={"help": "a quick word's skill: persuasion, bluff or intimidate"},
    )
    what: str = field(default="", metadata={"rest": True, "help": "what you do"})


@frozen
class Stand(Action):
    """Stand up from Prone (1 Action)."""

    verb: ClassVar[str] = "stand"


Thrust = Literal["push", "down"]


@frozen
class Thrusting(Action):
    """Thrusting Maneuver (1 Action): Strike vs Strike or Dodge; Push Back or Knocked Down."""

    verb: ClassVar[str] = "thrust"
    target: CombatantId
    effect: Thrust = field(default="push", metadata={"help": "push (Push Back) or down"})
    answer: Opposing | None = field(
        default=None, metadata={"help": "the target's choice: strike or dodge (default: better)"}
    )
    into: int = field(
        default=0,
        metadata={"help": "the Hardness Value of terrain it is pushed into (double damage)"},
    )


@frozen
class Transform(Action):
    """Transformation Maneuver (1 Action): take a transformation; stack them one at a time."""

    verb: ClassVar[str] = "transform"
    form: str = field(
        metadata={
            "rest": True,
            "help": "the transformation, as the sheet names it",
            "offered": transformations_of,
        }
    )


@frozen
class Trigger(Action):
    """Triggered Maneuver: spend the response's Actions now, to act when the trigger comes."""

    verb: ClassVar[str] = "trigger"
    actions: int = field(metadata={"help": "the Action Cost of the response activation"})
    when: str = field(default="", metadata={"rest": True, "help": "the defined activation"})


@frozen
class Respond(Action):
    """Take an Out-of-Sequence Action now: your Triggered Maneuver's response, or a grant."""

    verb: ClassVar[str] = "respond"
    grant: str | None = field(
        default=None,
        metadata={
            "flag": "with",
            "help": "the Out-of-Sequence Action a Trait or Talent grants, as the sheet names it",
            "offered": grants_of,
        },
    )
    done: bool = field(
        default=False,
        metadata={"help": "finish your Out-of-Sequence Action now (its unspent Actions are lost)"},
    )


@frozen
class TerrainLift(Action):
    """Terrain Lift Maneuver (1 Action): Athletics vs TN 6 +4 per Hardness level to lift it."""

    verb: ClassVar[str] = "lift"
    hardness: int = field(metadata={"help": "the terrain's Hardness Value (levels)"})


@frozen
class ThrowObject(Action):
    """Throw Maneuver (1 Action): Physical Strike; Wound Roll plus the object's Hardness damage."""

    verb: ClassVar[str] = "throw"
    target: CombatantId
    distance: int | None = field(
        default=None,
        metadata={"help": "squares to the target, up to your Force Modifier (default: the grid's)"},
    )
    hardness: int | None = field(
        default=None, metadata={"help": "an item's Hardness Value (default: the terrain held)"}
    )
    equipment: str | None = field(
        default=None,
        metadata={"help": "the equipment thrown (else a basic item, destroyed on impact)"},
    )


@frozen
class Reload(Action):
    """Reload Maneuver (1 Counter Action, on your turn): refill one ranged weapon."""

    verb: ClassVar[str] = "reload"
    weapon: str = field(
        metadata={"rest": True, "help": "the weapon, as the sheet names it", "offered": weapons_of}
    )


@frozen
class Regain(Action):
    """Instantaneous Control: give back the Actions of a Maneuver whose target escaped (GM)."""

    verb: ClassVar[str] = "regain"
    game_master: ClassVar[bool] = True
    target: CombatantId
    actions: int = field(default=1, metadata={"help": "the Actions the Maneuver spent"})


@frozen
class Convert(Action):
    """Convert Actions into Counter Actions (any time in the round; lost at your next turn)."""

    verb: ClassVar[str] = "convert"
    count: int = field(default=1, metadata={"help": "how many Actions to convert"})


@frozen
class EffectOrder(Action):
    """Order what occurs at once in your waiting Effect or End Phase, or choose it ahead."""

    verb: ClassVar[str] = "phases"
    items: tuple[str, ...] = field(
        metadata={
            "help": "slowed, counters, advantage, grapple or an ending effect (guard-down-ends),"
            " in the order you want them; auto: your standing or the default order",
            "parse": effect_order,
        }
    )


@frozen
class Simultaneous(Action):
    """Sequence Instant Actions declared at once: lowest Initiative places first (Architect)."""

    verb: ClassVar[str] = "instants"
    game_master: ClassVar[bool] = True
    first: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "those who want their Instant Action first"}
    )
    last: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "those who want their Instant Action last"}
    )
    around: CombatantId | None = field(
        default=None,
        metadata={"help": "whose declared maneuver they answer: first ones before it, last after"},
    )


@frozen
class Place(Action):
    """Establishing Positions: put a combatant on the square X Y of the grid (the Architect)."""

    verb: ClassVar[str] = "place"
    game_master: ClassVar[bool] = True
    target: CombatantId
    x: int
    y: int


@frozen
class Surprise(Action):
    """Mark combatants surprised before combat starts: no actions and Guard Down in round 1."""

    verb: ClassVar[str] = "surprise"
    game_master: ClassVar[bool] = True
    targets: tuple[CombatantId, ...]


ACTIONS: tuple[type[Action], ...] = (
    Attack,
    Blitz,
    CalledShot,
    CombatRecovery,
    Command,
    Empower,
    EnergyCharge,
    StopCharging,
    Grapple,
    Release,
    BreakFree,
    Pin,
    Restrain,
    ThrowTarget,
    HoldBack,
    Sense,
    Move,
    PowerUp,
    Surge,
    NoEffort,
    Stand,
    Thrusting,
    Transform,
    Trigger,
    Respond,
    TerrainLift,
    ThrowObject,
    Reload,
    Regain,
    Convert,
    EffectOrder,
    Simultaneous,
    Place,
    Surprise,
)
