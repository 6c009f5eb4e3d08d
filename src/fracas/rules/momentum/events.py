"""What the momentum ruleset records beyond the engine's own events: every roll, every account.

These are records: the state changes through the engine's events (pools, effects, marks) that
come with them. Each carries the dice it used, so the log explains every number.
"""

from __future__ import annotations

from fracas.dice import RollResult
from fracas.engine.action import CombatantId
from fracas.engine.events import Record
from fracas.engine.frozen import frozen
from fracas.rules.momentum.damage import DamageAccount


@frozen
class AttackRolled(Record):
    """An attack roll against Evasion. ``roll`` is None when the target is an object (hit
    automatically); ``mode`` is normal, advantage or disadvantage; ``outcome`` an AttackOutcome."""

    attacker: CombatantId
    target: CombatantId
    weapon: str
    roll: RollResult | None
    evasion: int
    mode: str
    outcome: str


@frozen
class DamageRolled(Record):
    """The damage dice of a hit, and the d4s a non-lethal attack subtracts."""

    attacker: CombatantId
    target: CombatantId
    roll: RollResult
    non_lethal: RollResult | None = None


@frozen
class DamageTaken(Record):
    """The itemised damage pipeline of one hit on ``target``, and the Vitality it left."""

    target: CombatantId
    account: DamageAccount
    vitality_before: int
    vitality_after: int


@frozen
class CheckRolled(Record):
    """A Skill Check or Defense Roll: ``against`` is the difficulty, DR Power or the opposing
    total; ``result`` says how it went (success, failure, critical success…)."""

    combatant: CombatantId
    check: str
    roll: RollResult
    against: int | None
    result: str


@frozen
class TieOffered(Record):
    """Turns sharing an ``initiative`` the game master has not ordered, in the present order
    (the proposal): the game master decides who goes first (``tiebreak``)."""

    initiative: int
    turns: tuple[tuple[CombatantId, ...], ...]


MOMENTUM_EVENTS = (AttackRolled, DamageRolled, DamageTaken, CheckRolled, TieOffered)
