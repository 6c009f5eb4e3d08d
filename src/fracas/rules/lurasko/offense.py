"""What an attack calls out: damage and drive of each portion, after the attacker's choices.

Covers voluntarily reducing damage, the critical hit's drive bonus and combined energy/normal
damage ("If the normal drive is higher than that of the energy portion, use the normal drive for
both portions. If the energy drive is higher than the normal drive, resolve each portion
separately with its own drive").
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.rules.lurasko.damage import Portion
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.vocabulary import DamageKind, Reach

MELEE_REDUCTIONS = (100, 50, 25)
"""A melee weapon's damage (aside from STR) may be reduced "to either 50% or 25%"."""


@dataclass(frozen=True)
class Reduction:
    """A voluntary reduction and the Hindrance it costs on the attacker's offense roll."""

    percent: int
    hindrance: int


def melee_reduction(percent: int, *, hindrance: int = 1) -> Reduction:
    """Melee: "reduce your melee weapon's damage (aside from STR additions) to either 50% or
    25%, at the cost of 1 Hindrance to your melee offense roll"."""
    if percent not in MELEE_REDUCTIONS:
        raise LuraskoRuleError(f"a melee weapon's damage is reduced to 50 % or 25 %, not {percent}")
    return Reduction(percent, 0 if percent == 100 else hindrance)


def ranged_reduction(halved: bool, *, hindrance: int = 3) -> Reduction:
    """Ranged: "at the cost of 3 Hindrance ... you can reduce your ranged weapon's damage and
    drive to 50%"."""
    return Reduction(50, hindrance) if halved else Reduction(100, 0)


def strength_used(strength: int, chosen: int | None) -> int:
    """The STR an attacker puts into a melee attack: "consider your STR to be any lower amount
    (to a minimum of 0)"."""
    if chosen is None:
        return strength
    if not 0 <= chosen <= strength:
        raise LuraskoRuleError(f"STR can be lowered to 0–{strength}, not {chosen}")
    return chosen


def critical_drive_bonus(
    reach: Reach, *, precise: bool, bonus: int = 10, precise_bonus: int = 20
) -> int:
    """A critical hit may "increase the drive of all weapons in the attack by 10. If a melee
    weapon has the Precise tag, its drive can be increased by 20 instead"."""
    return precise_bonus if reach is Reach.MELEE and precise else bonus


def normal_portion(
    base: int,
    drive: int,
    *,
    reach: Reach,
    strength: int = 0,
    reduction: Reduction = Reduction(100, 0),
    material: str | None = None,
) -> Portion:
    """A weapon's normal damage and drive. Melee: the base damage reduced by ``reduction``,
    plus STR (added to damage and drive, never reduced). Ranged: damage and drive halved by a
    ranged reduction."""
    if reach is Reach.MELEE:
        damage = base * reduction.percent // 100 + strength
        return Portion(DamageKind.NORMAL, damage, drive + strength, material)
    return Portion(
        DamageKind.NORMAL,
        base * reduction.percent // 100,
        drive * reduction.percent // 100,
        material,
    )


def energy_portion(kind: DamageKind, damage: int, *, reduction: Reduction | None = None) -> Portion:
    """Energy damage "always has drive equal to its damage value". A ranged reduction halves
    it (and so its drive); a melee one leaves added energy alone (only the weapon's own damage
    is reduced)."""
    if not kind.energy:
        raise LuraskoRuleError(f"{kind.value} is not an energy damage type")
    if reduction is not None:
        damage = damage * reduction.percent // 100
    return Portion(kind, damage, damage)


def called_out(
    normal: Portion | None,
    energy: Portion | None,
    *,
    drive_bonus: int = 0,
    normal_stopped: bool = False,
    explosive: bool = False,
) -> tuple[Portion, ...]:
    """The portions of one hit with their drives. With both: the energy portion takes the
    normal drive when that is higher, else keeps its own. ``drive_bonus`` (a critical, an
    Ability) "appl[ies] to both the normal and energy drive". ``normal_stopped``: the normal
    portion is a projectile stopped by a kinetic shield: "consider the normal portion's damage
    and drive to be 0, and resolve the energy portion normally". ``explosive``: "These rules do
    not apply to the frag and blast elements of explosive damage, which have separate drive
    values in every case"."""
    portions: list[Portion] = []
    if normal is not None:
        if normal_stopped:
            normal = Portion(DamageKind.NORMAL, 0, 0, normal.material)
        portions.append(normal)
    if energy is not None:
        if normal is not None and normal.drive > energy.drive and not explosive:
            energy = Portion(energy.kind, energy.damage, normal.drive)
        portions.append(energy)
    if not portions:
        raise LuraskoRuleError("a hit needs normal damage, energy damage or both")
    if not drive_bonus:
        return tuple(portions)
    return tuple(
        Portion(p.kind, p.damage, p.drive + drive_bonus, p.material) if p.damage or p.drive else p
        for p in portions
    )


def dismembers(*, all_energy: bool, weapon_may_dismember: bool) -> bool:
    """ "Attacks consisting entirely of energy damage are always able to dismember limbs"; energy
    added to a weapon "must follow the same rules" as the weapon."""
    return all_energy or weapon_may_dismember
