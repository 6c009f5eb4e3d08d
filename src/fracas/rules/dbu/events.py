"""What the dbu ruleset records beyond the engine's own events: every roll, every account.

These are records: the state changes through the engine's events (pools, effects, marks) that
come with them. Each carries its dice, so the log explains every number.
"""

from __future__ import annotations

from fracas.dice import RollResult
from fracas.engine.action import CombatantId
from fracas.engine.events import Record
from fracas.engine.frozen import frozen
from fracas.rules.dbu.damage import DamageAccount
from fracas.rules.dbu.rolls import CombatRoll


@frozen
class InitiativeRolled(Record):
    """One Initiative roll: for a combatant, or for a whole group of indistinguishable NPCs."""

    combatants: tuple[CombatantId, ...]
    roll: CombatRoll


@frozen
class RollOff(Record):
    """A d10 rolled to break an Initiative tie that the Agility Score did not break."""

    combatants: tuple[CombatantId, ...]
    roll: RollResult


@frozen
class StrikeRolled(Record):
    """A Strike Roll against the target's Dodge Roll. ``strike`` is None for an attack that
    hits without rolling (Direct Hit), ``dodge`` None when no Dodge Roll opposes it (a Parry)."""

    attacker: CombatantId
    target: CombatantId
    maneuver: str
    strike: CombatRoll | None
    dodge: CombatRoll | None
    hit: bool


@frozen
class WoundRolled(Record):
    attacker: CombatantId
    target: CombatantId
    wound: CombatRoll


@frozen
class DamageTaken(Record):
    """The itemised damage account of one Wound Roll on ``target`` and the LP it left."""

    target: CombatantId
    account: DamageAccount
    lp_before: int
    lp_after: int


@frozen
class ThresholdReached(Record):
    """The combatant's Life Points fell into a lower Health Threshold band."""

    combatant: CombatantId
    band: str


@frozen
class PointsRolled(Record):
    """A solid roll for Life or Ki Points (Combat Recovery, Healing Surge, Empowerment)."""

    combatant: CombatantId
    maneuver: str
    roll: RollResult


@frozen
class CheckRolled(Record):
    """A roll against a number: a save against its TN, a Parry roll against the attack's
    score. ``success`` is the roller's."""

    combatant: CombatantId
    check: str
    roll: CombatRoll
    against: int
    success: bool


@frozen
class DuelExchanged(Record):
    """One of a Duel's three contested Wound Rolls."""

    attacker: CombatantId
    defender: CombatantId
    number: int
    attack: CombatRoll
    defense: CombatRoll
    attacker_won: bool


@frozen
class DuelWon(Record):
    winner: CombatantId
    loser: CombatantId
    sets: int


@frozen
class EmpowermentRolled(Record):
    """An Empowerment Roll: the Ki it let the giver transfer, and what the receiver got."""

    giver: CombatantId
    receiver: CombatantId
    roll: CombatRoll
    transferred: int
    received: int


DBU_EVENTS = (
    EmpowermentRolled,
    CheckRolled,
    DuelExchanged,
    DuelWon,
    InitiativeRolled,
    RollOff,
    StrikeRolled,
    WoundRolled,
    DamageTaken,
    ThresholdReached,
    PointsRolled,
)
