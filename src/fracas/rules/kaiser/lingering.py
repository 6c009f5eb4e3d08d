"""Lingering effects of powers, their repeat Resistance Checks, and the immunity a passed
Trigger check gives.

Seed, "Repeat Resistance Checks": "the target gets a new Resistance Check after a number of
rounds have passed equal to their Degree of Failure. If the power ends ... the effect also ends
without the target having to make another Resistance Check." Kaiser's End phase: "reduce the
countdown of a condition by one round. If the countdown is reduced to zero, you can make
another Resistance Check against it or it ends". Trigger: "A target who passes the Resistance
Check is immune to the Power's Resistance Check for a number of rounds equal to their Degree of
Success."

A lingering effect's data: ``power`` (its name), ``countdown`` (rounds left before the next
check; absent when the target chose to fail), ``resistance`` and ``difficulty``. An immunity's:
``power``, ``countdown``, ``immunity``. The modifiers a power grants are effects of their own
with the same ``power`` and source.
"""

from __future__ import annotations

from dataclasses import replace

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectChanged, EffectEnded, Event, MarkSet
from fracas.engine.state import Combatant, Effect, Scalar
from fracas.rules.kaiser.checks import degrees, roll_resistance_check
from fracas.rules.kaiser.events import CheckRolled
from fracas.rules.kaiser.queries import DEAD, sheet_of
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.vocabulary import Resistance

POWER = "power"
COUNTDOWN = "countdown"
RESISTANCE = "resistance"
DIFFICULTY = "difficulty"
IMMUNITY = "immunity"
DYING = "dying"
"""Effect data of a killing Critical: dead when the countdown runs out."""


def countdown_after_end_phase(countdown: int) -> int:
    """One round less; at 0 the check (or the end) comes."""
    return max(0, countdown - 1)


def lingering_data(
    power: str, resistance: Resistance, difficulty: int, failure: int | None
) -> dict[str, Scalar]:
    """The data of a lingering effect; ``failure`` (the DoF) None when the target chose it."""
    data: dict[str, Scalar] = {POWER: power, RESISTANCE: resistance.value, DIFFICULTY: difficulty}
    if failure is not None:
        data[COUNTDOWN] = max(1, failure)
    return data


def immunity_name(power: str) -> str:
    return f"Immune to {power}"


def is_immune(combatant: Combatant, power: str) -> bool:
    return combatant.has(immunity_name(power))


def affecting(combatant: Combatant, source: CombatantId, power: str) -> Effect | None:
    """The effect ``source``'s power ``power`` keeps on ``combatant`` (an immunity to it is
    not one), or None."""
    return next(
        (
            e
            for e in combatant.effects
            if e.source == source and e.data.get(POWER) == power and not e.data.get(IMMUNITY)
        ),
        None,
    )


def end_phase(combatant: Combatant, dice: DiceSource, *, settings: KaiserSettings) -> list[Event]:
    """Every countdown of ``combatant`` goes down by one; at 0 an immunity ends and a lingering
    effect gets a new Resistance Check (a pass ends it and what its power granted)."""
    events: list[Event] = []
    for effect in combatant.effects:
        countdown = effect.data.get(COUNTDOWN)
        if not isinstance(countdown, int):
            continue
        left = countdown_after_end_phase(countdown)
        if left:
            data = {**effect.data, COUNTDOWN: left}
            events.append(EffectChanged(combatant.id, replace(effect, data=data)))
        elif effect.data.get(IMMUNITY):
            events.append(EffectEnded(combatant.id, effect.id, reason="the immunity ends"))
        elif effect.data.get(DYING):
            events += [
                EffectEnded(combatant.id, effect.id, reason="the Critical kills"),
                MarkSet(combatant.id, DEAD, True),
            ]
        else:
            events += repeat_check(combatant, effect, dice, settings=settings)
    return events


def repeat_check(
    combatant: Combatant, effect: Effect, dice: DiceSource, *, settings: KaiserSettings
) -> list[Event]:
    """The new Resistance Check against a lingering effect."""
    resistance = Resistance(str(effect.data.get(RESISTANCE)))
    difficulty = int(effect.data.get(DIFFICULTY) or 0)
    value = sheet_of(combatant).resistances[resistance]
    check = roll_resistance_check(dice, value)
    margin = degrees(check.total, difficulty, tie_succeeds=settings.resistance_ties_succeed)
    result = f"{margin} DoS" if margin > 0 else f"{-margin} DoF"
    name = f"{resistance.short} against {effect.name} (repeat)"
    events: list[Event] = [
        CheckRolled(combatant.id, name, check, ((resistance.short, value),), difficulty, result)
    ]
    if margin > 0:
        return events + ended_with(combatant, effect, "resisted")
    data = {**effect.data, COUNTDOWN: max(1, -margin)}
    return [*events, EffectChanged(combatant.id, replace(effect, data=data))]


def ended_with(combatant: Combatant, effect: Effect, reason: str) -> list[Event]:
    """``effect`` ends, and with it what the same power of the same source granted."""
    power = effect.data.get(POWER)
    return [
        EffectEnded(combatant.id, other.id, reason=reason)
        for other in combatant.effects
        if other.id == effect.id
        or (power is not None and other.data.get(POWER) == power and other.source == effect.source)
    ]


def power_effects(
    combatants: list[Combatant], source: CombatantId, power: str
) -> list[tuple[Combatant, Effect]]:
    """Every effect ``source``'s power ``power`` keeps on anyone."""
    return [
        (c, e)
        for c in combatants
        for e in c.effects
        if e.source == source and e.data.get(POWER) == power
    ]
