"""The extra effects of energy damage, from the degrees of injury each energy type caused.

"Consider the amount of energy damage taken during the entire attack (even if multiple weapons
or shots were involved)"; degrees due to a type are its damage taken divided by the injury
factor.
"""

from __future__ import annotations

from fracas.engine.frozen import frozen
from fracas.rules.lurasko.injury import energy_degrees
from fracas.rules.lurasko.vocabulary import DamageKind


@frozen
class Victim:
    """What about the victim changes the effects: non-organic characters "are immune to the
    deafening and stunning effects" of blast; a character with high-precision shielding "cannot
    be deafened by blast damage or ignited"."""

    organic: bool = True
    high_shielding: bool = False


UNSHIELDED_ORGANIC = Victim()
"""The victim ``energy_effects`` assumes when none is named."""


@frozen
class EnergyEffects:
    """What one attack's energy damage does beyond the damage.

    ``war_fever_hindrance`` is None when no war-fever roll is due, else the Hindrance on the CON
    roll; ``fatigue`` the fatigue gained."""

    war_fever_hindrance: int | None = None
    stunned: bool = False
    ignited: bool = False
    fatigue: int = 0
    deafened: bool = False
    knocked_down: bool = False


def war_fever_hindrance(degrees: int) -> int | None:
    """Particle: any degree means a roll against Alacrian war fever at the end of the combat,
    with "1 Hindrance for every 2 degrees beyond 1"."""
    if degrees < 1:
        return None
    return (degrees - 1) // 2


def energy_effects(
    taken: dict[DamageKind, int],
    factor: int,
    *,
    blast_hit: bool,
    victim: Victim = UNSHIELDED_ORGANIC,
    fatigue_per_frost_degree: int = 25,
) -> EnergyEffects:
    """The effects of the energy damage ``taken`` per type (after every defence) on a victim
    with injury ``factor``. ``blast_hit``: a blast attack hit them, which deafens even when no
    damage gets through."""

    get = taken.get
    stun_immune = not victim.organic
    electric = energy_degrees(get(DamageKind.ELECTRIC, 0), factor)
    blast = energy_degrees(get(DamageKind.BLAST, 0), factor)
    return EnergyEffects(
        war_fever_hindrance=war_fever_hindrance(
            energy_degrees(get(DamageKind.PARTICLE, 0), factor)
        ),
        stunned=(electric >= 2 or (blast >= 2 and not stun_immune)),
        ignited=energy_degrees(get(DamageKind.HEAT, 0), factor) >= 1 and not victim.high_shielding,
        fatigue=energy_degrees(get(DamageKind.FROST, 0), factor) * fatigue_per_frost_degree,
        deafened=blast_hit and victim.organic and not victim.high_shielding,
        knocked_down=blast >= 1,
    )
