"""Stacking of Powers: how several sources of one bonus or penalty combine (seed: "Stacking of
Powers"). "In general, only take the best bonus and the worst penalty."

Every function here is pure: it takes the values of the sources for one Damage Type (or one
Skill, one Characteristic) and returns the value that applies. Rounding is always down.
"""

from __future__ import annotations

from collections.abc import Iterable

from fracas.engine.frozen import frozen


@frozen
class Source:
    """One source of a damage modifier for one Damage Type: its value, and whether the attack
    at hand ignores it (a source "ignored when the attack can damage immaterial creatures")."""

    value: int
    ignored: bool = False


def _highest(values: Iterable[int]) -> int:
    return max(values, default=0)


def _usable(sources: Iterable[Source]) -> list[int]:
    """The values of the sources the attack does not ignore: "If your greatest source ... is
    ignored but a lesser source is not, then you can use that lesser source instead." """
    return [s.value for s in sources if not s.ignored]


def natural_armor(sources: Iterable[int]) -> int:
    """Natural Armor: "When you are subject to multiple natural armor effects, you apply the
    highest bonus for each Damage Type." """
    return _highest(sources)


def layer_armor(layers: Iterable[int]) -> int:
    """Layer Armor: "you apply the highest AV plus half of the next two greatest Armor Values
    for that Damage Type" (each half rounded down)."""
    ordered = sorted(layers, reverse=True)
    if not ordered:
        return 0
    return ordered[0] + sum(value // 2 for value in ordered[1:3])


def armor_value(natural: Iterable[int], layers: Iterable[int]) -> int:
    """Final AV for one Damage Type: Natural Armor "is added to the AV of layer armor"."""
    return natural_armor(natural) + layer_armor(layers)


def damage_vulnerability(natural: int, sources: Iterable[int]) -> int:
    """ "you add the highest vulnerability for each Damage Type to your natural damage
    vulnerability." """
    return natural + _highest(sources)


def damage_reduction(natural: int, sources: Iterable[Source]) -> int:
    """Reduction of Base Damage: "you add the highest reduction for each Damage Type to your
    natural damage reduction", skipping sources the attack ignores."""
    return natural + _highest(_usable(sources))


def damage_barrier(sources: Iterable[Source]) -> int:
    """The minimum Base Damage that harms you: "you apply the highest value for each Damage
    Type. Even if you naturally have a damage barrier, only the highest one will apply." The
    natural barrier is one of ``sources``; ignored sources fall away."""
    return _highest(_usable(sources))


def damage_resistance(natural: int, sources: Iterable[Source]) -> int:
    """Reduction of Final Damage: "you add the highest resistance for each Damage Type to your
    natural damage resistance", skipping sources the attack ignores."""
    return natural + _highest(_usable(sources))


def diminishing_sum(values: Iterable[int]) -> int:
    """The highest, then half of the second highest, a third of the third, and so on, each
    rounded down: how skill bonuses (or penalties) from powers and combined powers in a
    collision add up. Values are magnitudes (a penalty of -4 is given as 4)."""
    ordered = sorted(values, reverse=True)
    return sum(value // rank for rank, value in enumerate(ordered, start=1))


def power_skill_modifier(bonuses: Iterable[int], penalties: Iterable[int]) -> int:
    """Skill bonuses and penalties from powers: "A skill bonus gained from multiple powers will
    apply the highest bonus, then half of the second highest, a third of the third highest, and
    so on. A skill penalty ... [the same]. Always round down for bonuses and penalties."
    ``penalties`` are given as positive magnitudes."""
    return diminishing_sum(bonuses) - diminishing_sum(penalties)


def characteristic_modifier(bonuses: Iterable[int], penalties: Iterable[int]) -> int:
    """Characteristic bonuses and penalties from powers: "Any bonus gained from multiple powers
    will apply the greatest bonus. Any penalty gained from multiple powers will apply the worst
    penalty." ``penalties`` are positive magnitudes."""
    return _highest(bonuses) - _highest(penalties)


def characteristic(
    base: int, sacrificed: int, bonuses: Iterable[int], penalties: Iterable[int]
) -> int:
    """A Characteristic's value: sacrificed points lower the base itself ("it actually reduces
    your base Characteristic, so it does not count as a penalty"), then the best bonus and the
    worst penalty apply."""
    return base - sacrificed + characteristic_modifier(bonuses, penalties)
