"""What the kaiser ruleset records beyond the engine's own events: every roll, every account.

These are records: the state changes through the engine's events (pools, effects, marks) that
come with them. Each carries the dice it used, so the log explains every number.
"""

from __future__ import annotations

from fracas.dice import RollResult
from fracas.engine.action import CombatantId
from fracas.engine.events import Record
from fracas.engine.frozen import frozen
from fracas.rules.kaiser.checks import CheckRoll
from fracas.rules.kaiser.damage import DamageAccount


@frozen
class CheckRolled(Record):
    """A check: an Offensive or Defensive Roll, an Initiative roll, a Resistance Check.
    ``parts`` name what the bonus is made of (``("Attack", 12), ("second attack", -2)``);
    ``against`` is the difficulty or the opposing total; ``result`` says how it went."""

    combatant: CombatantId
    check: str
    roll: CheckRoll
    parts: tuple[tuple[str, int], ...] = ()
    against: int | None = None
    result: str = ""


@frozen
class AttackResolved(Record):
    """The Offensive Roll against the Defensive Roll: ``outcome`` is hit, miss or tie;
    ``degrees`` the attacker's DoS on a hit, the defender's on a miss."""

    attacker: CombatantId
    target: CombatantId
    weapon: str
    offence: int
    defence: int
    outcome: str
    degrees: int


@frozen
class DamageTaken(Record):
    """The itemised damage pipeline of one hit on ``target``, and the LP it left."""

    target: CombatantId
    account: DamageAccount
    lp_before: int
    lp_after: int


@frozen
class CriticalRolled(Record):
    """A Critical: the 2d6 of its level, the damage that caused it and the level; a level
    above the soft ``cap`` keeps half of what passes it, and ``uncapped`` is the level before
    (both None when it did not pass the cap)."""

    target: CombatantId
    roll: RollResult
    damage: int
    level: int
    uncapped: int | None = None
    cap: int | None = None


@frozen
class PowerUsed(Record):
    """A power is used: by whom, which, and on whom (the targets left after any spared)."""

    user: CombatantId
    power: str
    targets: tuple[CombatantId, ...]


@frozen
class Detected(Record):
    """A Detection power reveals a target that failed its Resistance Check."""

    detector: CombatantId
    target: CombatantId
    power: str


@frozen
class BarrierStruck(Record):
    """A supernatural barrier blocked an attack: the damage it took (Base Damage x 10 per
    protected creature struck), its Life Points before and after, and what went past it."""

    creator: CombatantId
    barrier: str
    damage: int
    lp_before: int
    lp_after: int
    overflow: int


@frozen
class CollisionRolled(Record):
    """Two powers collide: each side's 2d6 + Base Damage, the Degree of Difference, the result
    (cancel, halved, passes) and the winner (None when they cancel)."""

    shooter: CombatantId
    collider: CombatantId
    shooter_roll: RollResult
    shooter_base: int
    collider_roll: RollResult
    collider_base: int
    degree: int
    result: str
    winner: CombatantId | None


KAISER_EVENTS = (
    CheckRolled,
    AttackResolved,
    DamageTaken,
    CriticalRolled,
    PowerUsed,
    Detected,
    BarrierStruck,
    CollisionRolled,
)
