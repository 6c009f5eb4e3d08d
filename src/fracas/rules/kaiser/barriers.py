"""Supernatural barriers, the pure part (seed, "Supernatural Barriers").

"When you do successfully block with a barrier, the barrier will absorb the attack and take
damage equal to the Base Damage of the Attack times ten." "When an attack reduces a barrier's
Life Points to zero, it breaks. Then whoever is protected by the barrier automatically suffer
any damage not absorbed by the barrier." Covering another: "you are the one who makes the
Defensive Rolls for the target and suffer two degrees of Disadvantage. If the target moves past
the effective range of your powers, the Disadvantage increases to four degrees. Beyond the
maximum range of your powers you are unable to protect the target." Covering an area: "a single
Defensive Roll for all creatures under your barrier and you suffer two degrees of
Disadvantage ... a circular area whose radius is equal to your Focus Characteristic in feet. The
barrier takes damage for each creature protected. If a barrier breaks, divide the remaining
damage evenly among the protected creatures."
"""

from __future__ import annotations

from enum import StrEnum

from fracas.engine.frozen import frozen

BARRIER_DAMAGE_MULTIPLIER = 10


class Cover(StrEnum):
    """Whom a barrier protects."""

    SELF = "self"
    OTHER = "other"
    AREA = "area"


class CoverRange(StrEnum):
    """Where a covered creature stands from the barrier's creator."""

    EFFECTIVE = "effective"
    BEYOND_EFFECTIVE = "beyond_effective"
    BEYOND_MAXIMUM = "beyond_maximum"


def disadvantage(cover: Cover, where: CoverRange) -> int | None:
    """The degrees of Disadvantage on the creator's Defensive Roll, or None when the barrier
    cannot protect (beyond the maximum range of the creator's powers)."""
    if cover is Cover.SELF:
        return 0
    if where is CoverRange.BEYOND_MAXIMUM:
        return None
    if cover is Cover.OTHER and where is CoverRange.BEYOND_EFFECTIVE:
        return 4
    return 2


def area_radius_feet(focus: int) -> int:
    """ "a circular area whose radius is equal to your Focus Characteristic in feet"."""
    return max(0, focus)


@frozen
class Absorbed:
    """What one blocked attack did to a barrier: the damage it took, its Life Points after
    (never below 0), and the damage it did not absorb, shared among the protected."""

    damage: int
    life_points: int
    overflow: int

    @property
    def broken(self) -> bool:
        return self.life_points == 0


def absorb(life_points: int, base_damage: int, creatures: int = 1) -> Absorbed:
    """The barrier takes Base Damage x 10 for each protected creature the attack strikes."""
    damage = base_damage * BARRIER_DAMAGE_MULTIPLIER * creatures
    left = max(0, life_points - damage)
    return Absorbed(damage, left, max(0, damage - life_points))


def shares(overflow: int, creatures: int) -> list[int]:
    """The overflow divided evenly among the protected (each share rounded down)."""
    return [overflow // creatures] * creatures if creatures else []
