"""The words of the Lur-Asko chapter: damage kinds, injury types, shielding precisions, reach."""

from __future__ import annotations

from enum import Enum


class DamageKind(Enum):
    """Normal (weapon) damage, or one of the five energy types: "Energy damage - that is,
    particle, electric, heat, frost, or blast damage"."""

    NORMAL = "normal"
    PARTICLE = "particle"
    ELECTRIC = "electric"
    HEAT = "heat"
    FROST = "frost"
    BLAST = "blast"

    @property
    def energy(self) -> bool:
        return self is not DamageKind.NORMAL


class InjuryType(Enum):
    """SOURCES.md 5.1: the five injury types of injury.html."""

    SUPERFICIAL = "superficial"
    PERCEPTION = "perception"
    CORE = "core"
    HAND_ARM = "hand_arm"
    MOBILITY = "mobility"


class Precision(Enum):
    """The three levels of energy shielding, in the order they act: "low precision must occur
    first, then medium precision, then high precision"."""

    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"

    @property
    def rank(self) -> int:
        return tuple(Precision).index(self)

    @property
    def before_defense(self) -> bool:
        """Low and medium precision "must occur before any defense roll is attempted"; high
        "occurs only after the defense roll, once the character is hit"."""
        return self is not Precision.HIGH


class Reach(Enum):
    MELEE = "melee"
    RANGED = "ranged"


class CriticalEffect(Enum):
    """The two effects of a critical hit, "chosen by the attacker"."""

    INJURY_TYPE = "injury"
    DRIVE = "drive"
