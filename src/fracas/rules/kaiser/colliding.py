"""Power Collision on the engine: the Collide Power reaction against an Attack power in flight.

The shooter's ``use`` names the collider (``-collide-by``) and the power it shoots
(``-collide-with``); being "in a position and [having] the ability to make a parallel shot" is
the game master's call in naming them. The collider pays the reaction's AP, makes its Offensive
Roll, and if that comes within 5 of the shooter's, both roll 2d6 + Base Damage.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.dice import DiceSource, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, Note, PoolChanged
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser import collision as c
from fracas.rules.kaiser.checks import roll_skill_check
from fracas.rules.kaiser.events import CheckRolled, CollisionRolled
from fracas.rules.kaiser.queries import AP, sheet_of, skill_name, standing
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power, PowerType
from fracas.rules.kaiser.states import state_parts

COLLIDE = "collide"


@dataclass(frozen=True)
class Flight:
    """What goes on after a collision: who strikes, with which power (its Base Damage as the
    collision left it) and which Offensive Roll; None when both powers cancelled."""

    attacker: CombatantId
    power: Power
    offence: int


def verify_collision(
    state: EncounterState,
    shooter: Combatant,
    power: Power,
    collider: Combatant,
    collider_power: Power,
    *,
    settings: KaiserSettings,
) -> None:
    """The three criteria, the collider able to act and pay, and two Attack powers."""
    if PowerType.ATTACK not in power.types or PowerType.ATTACK not in collider_power.types:
        raise IllegalAction("not-a-projectile", "only Attack powers in flight collide")
    if collider.id == shooter.id or not standing(collider):
        raise IllegalAction("collider-down", f"{collider.name} cannot take the reaction")
    if collider.pools[AP].current < settings.collide_ap:
        raise IllegalAction(
            "not-enough-ap",
            f"the Collide Power reaction costs {settings.collide_ap} AP; {collider.name} has"
            f" {collider.pools[AP].current}",
        )
    if not c.in_time(collider.initiative or 0, shooter.initiative or 0):
        raise IllegalAction(
            "too-slow",
            f"{collider.name}'s Initiative {collider.initiative} is not within 5 of"
            f" {shooter.name}'s {shooter.initiative}",
        )


def collide(
    shooter: Combatant,
    power: Power,
    offence: int,
    collider: Combatant,
    collider_power: Power,
    source: DiceSource,
    *,
    settings: KaiserSettings,
) -> tuple[list[Event], Flight | None]:
    """The reaction, the collider's Offensive Roll and, on target, the collision itself."""
    skill = sheet_of(collider).skills[collider_power.skill]
    parts = [
        (skill_name(collider_power.skill), skill),
        *state_parts(collider, settings=settings, against=shooter.id, skill=collider_power.skill),
    ]
    shot = roll_skill_check(source, sum(v for _, v in parts), final_skill=skill)
    events: list[Event] = [
        PoolChanged(collider.id, AP, -settings.collide_ap, COLLIDE),
        CheckRolled(
            collider.id,
            f"Offensive Roll with {collider_power.name} (collision)",
            shot,
            tuple(parts),
            offence,
        ),
    ]
    if not c.on_target(shot.total, offence):
        events.append(Note(f"{collider_power.name} misses {power.name}", collider.id))
        return events, Flight(shooter.id, power, offence)
    mine, theirs = power.base_damage or 0, collider_power.base_damage or 0
    first, second = roll(dice(2, 6) + mine, source), roll(dice(2, 6) + theirs, source)
    degree = abs(first.total - second.total)
    result = c.collision(degree)
    winner = None
    if result is not c.Collision.CANCEL and first.total != second.total:
        winner = shooter.id if first.total > second.total else collider.id
    events.append(
        CollisionRolled(
            shooter.id, collider.id, first, mine, second, theirs, degree, result.value, winner
        )
    )
    if winner is None:
        return events, None
    if winner == shooter.id:
        kept = c.passing_base_damage(mine, result)
        return events, Flight(shooter.id, power.model_copy(update={"base_damage": kept}), offence)
    kept = c.passing_base_damage(theirs, result)
    flying = collider_power.model_copy(update={"base_damage": kept})
    return events, Flight(collider.id, flying, shot.total)
