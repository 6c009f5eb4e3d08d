"""The seven kinds of Defense Roll (DR), each a Stat with one Skill.

"There are seven different kinds of DR. Each is based on one of the seven Stats in addition to
one Skill. The target must roll a d20 and add the corresponding Stat Bonus and Skill Level."
"""

from __future__ import annotations

from enum import StrEnum

from fracas.rules.momentum.damage_types import DamageCategory, DamageType
from fracas.rules.momentum.vocabulary import Skill, Stat


class DefenseRoll(StrEnum):
    """A kind of DR, named after its Stat (``strength`` is the Strength (Raw Force) DR)."""

    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    CONSTITUTION = "constitution"
    INTELLIGENCE = "intelligence"
    CHARISMA = "charisma"
    INSTINCT = "instinct"
    WILL = "will"

    @property
    def stat(self) -> Stat:
        """The Stat whose Stat Bonus the DR adds."""
        return _STATS[self]

    @property
    def skill(self) -> Skill:
        """The Skill whose Skill Level the DR adds, as in the chapter's numbered list."""
        return _SKILLS[self]


_STATS: dict[DefenseRoll, Stat] = {kind: Stat(kind.value) for kind in DefenseRoll}
_SKILLS: dict[DefenseRoll, Skill] = {
    DefenseRoll.STRENGTH: Skill.RAW_FORCE,
    DefenseRoll.DEXTERITY: Skill.NIMBLENESS,
    DefenseRoll.CONSTITUTION: Skill.ENDURANCE,
    DefenseRoll.INTELLIGENCE: Skill.PSYCHOLOGY,
    DefenseRoll.CHARISMA: Skill.PRESENCE,
    DefenseRoll.INSTINCT: Skill.INTUITION,
    DefenseRoll.WILL: Skill.PERSEVERANCE,
}


def usual_defense_roll(damage_type: DamageType) -> DefenseRoll:
    """The DR the chapter says usually resists ``damage_type``.

    Strength DR: "withstand Physical damage"; Dexterity DR: "You can often avoid Reality damage
    with it"; Constitution DR: "Elemental damage ... usually resisted by it"; Will DR: "You can
    defend yourself against Mystic and Psychic damage with it".
    """
    if damage_type is DamageType.REALITY:
        return DefenseRoll.DEXTERITY
    return {
        DamageCategory.PHYSICAL: DefenseRoll.STRENGTH,
        DamageCategory.ELEMENTAL: DefenseRoll.CONSTITUTION,
        DamageCategory.MYSTIC: DefenseRoll.WILL,
        DamageCategory.OTHER: DefenseRoll.WILL,
    }[damage_type.category]
