"""What the dbu ruleset records beyond the engine's own events: every roll, every account.

These are records: the state changes through the engine's events (pools, effects, marks) that
come with them. Each carries its dice, so the log explains every number.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.dice import RollResult
from fracas.engine.action import CombatantId
from fracas.engine.events import Record
from fracas.rules.dbu.damage import DamageAccount
from fracas.rules.dbu.rolls import CombatRoll


@dataclass(frozen=True)
class InitiativeRolled(Record):
    """One Initiative roll: for a combatant, or for a whole group of indistinguishable NPCs."""

    combatants: tuple[CombatantId, ...]
    roll: CombatRoll


@dataclass(frozen=True)
class RollOff(Record):
    """A d10 rolled to break an Initiative tie that the Agility Score did not break."""

    combatants: tuple[CombatantId, ...]
    roll: RollResult


@dataclass(frozen=True)
class StrikeRolled(Record):
    """A Strike Roll against the target's Dodge Roll (None when the attack hits unopposed)."""

    attacker: CombatantId
    target: CombatantId
    maneuver: str
    strike: CombatRoll
    dodge: CombatRoll | None
    hit: bool


@dataclass(frozen=True)
class WoundRolled(Record):
    attacker: CombatantId
    target: CombatantId
    wound: CombatRoll


@dataclass(frozen=True)
class DamageTaken(Record):
    """The itemised damage account of one Wound Roll on ``target`` and the LP it left."""

    target: CombatantId
    account: DamageAccount
    lp_before: int
    lp_after: int


@dataclass(frozen=True)
class ThresholdReached(Record):
    """The combatant's Life Points fell into a lower Health Threshold band."""

    combatant: CombatantId
    band: str


@dataclass(frozen=True)
class PointsRolled(Record):
    """A solid roll for Life or Ki Points (Combat Recovery, Healing Surge, Empowerment)."""

    combatant: CombatantId
    maneuver: str
    roll: RollResult


DBU_EVENTS = (
    InitiativeRolled,
    RollOff,
    StrikeRolled,
    WoundRolled,
    DamageTaken,
    ThresholdReached,
    PointsRolled,
)
