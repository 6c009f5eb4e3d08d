"""The 11 Damage Types, their four categories, and which defence each one meets.

"There are 11 damage types that can be categorized into four categories: Physical, Elemental,
Mystic, and Other."
"""

from __future__ import annotations

from enum import StrEnum


class DamageCategory(StrEnum):
    """The four categories of Damage Types."""

    PHYSICAL = "physical"
    ELEMENTAL = "elemental"
    MYSTIC = "mystic"
    OTHER = "other"


class Defence(StrEnum):
    """The value subtracted from incoming damage: Armor, or a DR value "as if it were Armor"."""

    ARMOR = "armor"
    CONSTITUTION_DR = "constitution_dr"
    WILL_DR = "will_dr"

    @property
    def label(self) -> str:
        """The name used in an itemised damage account."""
        return _LABELS[self]


_LABELS = {"armor": "armor", "constitution_dr": "Constitution DR", "will_dr": "Will DR"}


class DamageType(StrEnum):
    """The 11 Damage Types, in the chapter's order."""

    PHYSICAL = "physical"
    CHEMICAL = "chemical"
    COLD = "cold"
    HEAT = "heat"
    POISON = "poison"
    SHOCK = "shock"
    CURSE = "curse"
    HOLY = "holy"
    SPIRIT = "spirit"
    PSYCHIC = "psychic"
    REALITY = "reality"

    @property
    def category(self) -> DamageCategory:
        """The category the chapter lists the type under."""
        return _CATEGORIES[self]

    @property
    def defence(self) -> Defence:
        """Which defence reduces this type: "Armor does not protect you from Poison or Psychic
        damage. Instead, these types of damage take the Constitution DR value (Poison) or Will DR
        value (Psychic) into account as if it were Armor." """
        if self is DamageType.POISON:
            return Defence.CONSTITUTION_DR
        if self is DamageType.PSYCHIC:
            return Defence.WILL_DR
        return Defence.ARMOR


_CATEGORIES: dict[DamageType, DamageCategory] = {
    DamageType.PHYSICAL: DamageCategory.PHYSICAL,
    DamageType.CHEMICAL: DamageCategory.ELEMENTAL,
    DamageType.COLD: DamageCategory.ELEMENTAL,
    DamageType.HEAT: DamageCategory.ELEMENTAL,
    DamageType.POISON: DamageCategory.ELEMENTAL,
    DamageType.SHOCK: DamageCategory.ELEMENTAL,
    DamageType.CURSE: DamageCategory.MYSTIC,
    DamageType.HOLY: DamageCategory.MYSTIC,
    DamageType.SPIRIT: DamageCategory.MYSTIC,
    DamageType.PSYCHIC: DamageCategory.OTHER,
    DamageType.REALITY: DamageCategory.OTHER,
}
