"""The game's basic words: the seven Stats, the Skills the combat chapter names, sizes, reach.

Enum values are the snake_case names a game master types in a stat block (``quick_fingers``).
"""

from __future__ import annotations

from enum import StrEnum


class Stat(StrEnum):
    """The seven Stats ("There are seven different kinds of DR. Each is based on one of the
    seven Stats")."""

    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    CONSTITUTION = "constitution"
    INTELLIGENCE = "intelligence"
    CHARISMA = "charisma"
    INSTINCT = "instinct"
    WILL = "will"


class Skill(StrEnum):
    """Every Skill the combat chapter names: the seven DR Skills, the five Initiative Skills, and
    those of the actions (Stealth, Perception, First Aid) and examples (Street Smarts)."""

    RAW_FORCE = "raw_force"
    NIMBLENESS = "nimbleness"
    ENDURANCE = "endurance"
    PSYCHOLOGY = "psychology"
    PRESENCE = "presence"
    INTUITION = "intuition"
    PERSEVERANCE = "perseverance"
    ATHLETICS = "athletics"
    QUICK_FINGERS = "quick_fingers"
    ANALYSIS = "analysis"
    GRACE = "grace"
    IMPROVISATION = "improvisation"
    STEALTH = "stealth"
    PERCEPTION = "perception"
    FIRST_AID = "first_aid"
    STREET_SMARTS = "street_smarts"


class Size(StrEnum):
    """Size categories, smallest first (SOURCES.md section 4: Tiny to Gargantuan, Medium = human).

    The chapter only compares sizes ("at least one size category larger", "two size categories
    bigger or smaller"), so what matters is :attr:`rank`.
    """

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"

    @property
    def rank(self) -> int:
        """0 for Tiny up to 5 for Gargantuan."""
        return list(Size).index(self)

    def categories_above(self, other: Size) -> int:
        """How many size categories this size is above ``other`` (negative when below)."""
        return self.rank - other.rank


class Reach(StrEnum):
    """Melee or ranged ("There is also a distinction between melee attacks and ranged
    attacks. Melee attacks have a base range of 1 m and ignore cover.")."""

    MELEE = "melee"
    RANGED = "ranged"
