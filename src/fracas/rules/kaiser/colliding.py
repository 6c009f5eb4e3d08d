"""Power Collision on the engine: the Collide Power reaction against an Attack power in flight.

The shooter's ``use`` names the colliders (``-collide-by``, one or more) and, for one collider,
the power it shoots (``-collide-with``; several colliders each shoot their first Attack power);
being "in a position and [having] the ability to make a parallel shot" is the game master's
call in naming them. Each collider pays the reaction's AP (and its power's mana or ki) and
makes its Offensive Roll; the powers of those within 5 of the shooter's roll combine ("the
highest Base Damage of the combined Powers, and then half the second greatest ..."), and both
sides roll 2d6 + Base Damage.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser import collision as c
from fracas.rules.kaiser.checks import roll_skill_check
from fracas.rules.kaiser.events import CheckRolled, CollisionRolled
from fracas.rules.kaiser.power_rules import cast, paid, power_cost, require_payable
from fracas.rules.kaiser.queries import AP, sheet_of, skill_name, standing, took_action
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power, PowerType
from fracas.rules.kaiser.states import state_parts

COLLIDE = "collide"


@frozen
class Flight:
    """What goes on after a collision: who strikes, with which power (its Base Damage as the
    collision left it) and which Offensive Roll."""

    attacker: CombatantId
    power: Power
    offence: int


@frozen
class Collider:
    """One creature taking the Collide Power reaction, and the power it shoots."""

    combatant: Combatant
    power: Power


def collider_power(combatant: Combatant, named: Power | None) -> Power:
    """The power named, or the collider's first Attack power."""
    if named is not None:
        return named
    for power in sheet_of(combatant).powers:
        if PowerType.ATTACK in power.types:
            return power
    raise IllegalAction("no-attack-power", f"{combatant.name} has no Attack power to collide")


def reaction_cost(collider: Collider, *, settings: KaiserSettings) -> dict[str, int]:
    """The reaction's AP and what the power shot costs (its own AP are the reaction's)."""
    cost = {**power_cost(collider.combatant, collider.power), AP: settings.collide_ap}
    return {pool: amount for pool, amount in cost.items() if amount}


def verify_collision(
    state: EncounterState,
    shooter: Combatant,
    power: Power,
    collider: Collider,
    *,
    settings: KaiserSettings,
) -> None:
    """The three criteria, the collider able to act and pay, and two Attack powers."""
    who = collider.combatant
    if PowerType.ATTACK not in power.types or PowerType.ATTACK not in collider.power.types:
        raise IllegalAction("not-a-projectile", "only Attack powers in flight collide")
    if who.id == shooter.id or not standing(who):
        raise IllegalAction("collider-down", f"{who.name} cannot take the reaction")
    if who.side == shooter.side:
        raise IllegalAction(
            "not-an-opponent",
            f"{who.name} is on {shooter.name}'s side: the Collide Power reaction meets an"
            " opponent's projectile",
        )
    what = f"the Collide Power reaction with {collider.power.name}"
    require_payable(who, reaction_cost(collider, settings=settings), what)
    if not c.in_time(who.initiative or 0, shooter.initiative or 0):
        raise IllegalAction(
            "too-slow",
            f"{who.name}'s Initiative {who.initiative} is not within 5 of"
            f" {shooter.name}'s {shooter.initiative}",
        )


def collide(
    shooter: Combatant,
    power: Power,
    offence: int,
    colliders: Sequence[Collider],
    source: DiceSource,
    *,
    settings: KaiserSettings,
) -> tuple[list[Event], Flight | None]:
    """The reactions, the colliders' Offensive Rolls and, if any is on target, the collision
    of the shooter's power with the combined powers; None when they cancel."""
    events: list[Event] = []
    on_target: list[tuple[Collider, int]] = []
    for collider in colliders:
        shot, shot_events = _shot(collider, shooter, power, offence, source, settings=settings)
        events += shot_events
        if c.on_target(shot, offence):
            on_target.append((collider, shot))
    if not on_target:
        return events, Flight(shooter.id, power, offence)
    mine = power.base_damage or 0
    theirs = c.combined_base_damage(x.power.base_damage or 0 for x, _ in on_target)
    first, second = roll(dice(2, 6) + mine, source), roll(dice(2, 6) + theirs, source)
    degree = abs(first.total - second.total)
    result = c.collision(degree)
    lead, shot = max(on_target, key=lambda pair: pair[1])
    winner = None
    if result is not c.Collision.CANCEL:
        winner = shooter.id if first.total > second.total else lead.combatant.id
    events.append(
        CollisionRolled(
            shooter.id, lead.combatant.id, first, mine, second, theirs, degree, result.value, winner
        )
    )
    if winner is None:
        return events, None
    if winner == shooter.id:
        kept = c.passing_base_damage(mine, result)
        return events, Flight(shooter.id, power.model_copy(update={"base_damage": kept}), offence)
    kept = c.passing_base_damage(theirs, result)
    flying = lead.power.model_copy(update={"base_damage": kept})
    return events, Flight(lead.combatant.id, flying, shot)


def _shot(
    collider: Collider,
    shooter: Combatant,
    power: Power,
    offence: int,
    source: DiceSource,
    *,
    settings: KaiserSettings,
) -> tuple[int, list[Event]]:
    who, theirs = collider.combatant, collider.power
    skill = sheet_of(who).skills[theirs.skill]
    parts = [
        (skill_name(theirs.skill), skill),
        *state_parts(who, settings=settings, against=shooter.id, skill=theirs.skill),
    ]
    shot = roll_skill_check(source, sum(v for _, v in parts), final_skill=skill)
    events: list[Event] = [
        *paid(who.id, reaction_cost(collider, settings=settings), COLLIDE),
        *cast(who, theirs),
        *took_action(who),
        CheckRolled(
            who.id, f"Offensive Roll with {theirs.name} (collision)", shot, tuple(parts), offence
        ),
    ]
    if not c.on_target(shot.total, offence):
        events.append(Note(f"{theirs.name} misses {power.name}", who.id))
    return shot.total, events
