"""The game's words as enums: Attributes, Foundations, Damage Categories, sizes."""

from __future__ import annotations

from enum import Enum, IntEnum


class Attribute(Enum):
    AGILITY = "agility"
    FORCE = "force"
    TENACITY = "tenacity"
    INSIGHT = "insight"
    PERSONALITY = "personality"
    SPIRIT = "spirit"
    SCHOLARSHIP = "scholarship"


class Foundation(Enum):
    """What an attack is made of (SOURCES.md 2.11); it picks the Wound Roll's Attribute."""

    PHYSICAL = "physical"
    ENERGY = "energy"
    MAGIC = "magic"

    @property
    def wound_attribute(self) -> Attribute:
        """Seed: the Wound Roll adds 'either your Force or Spirit Modifier depending on the type
        of attack used': Force for Physical, Spirit for Energy and Magic."""
        return Attribute.FORCE if self is Foundation.PHYSICAL else Attribute.SPIRIT


class Category(IntEnum):
    """Damage Categories (SOURCES.md 2.5), numbered so a shift is arithmetic."""

    STANDARD = 1
    DIRECT = 2
    LETHAL = 3

    def shifted(self, steps: int) -> Category:
        """The category ``steps`` higher (negative: lower), clamped to Standard..Lethal."""
        return Category(min(max(self + steps, Category.STANDARD), Category.LETHAL))


class Size(Enum):
    """Size Categories, smallest first (SOURCES.md: Tiny … Gargantuan; Medium is a human)."""

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"

    @property
    def steps(self) -> int:
        """Size Categories above Medium (negative: below it)."""
        return _STEPS[self]


_STEPS = {size: n - 2 for n, size in enumerate(Size)}
