"""The formulas built on Stats and Skill Levels: Stat Bonus, hit bonus, Evasion, Initiative, DR.

All halves round down (SOURCES.md section 4: "always round down", toward minus infinity).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.vocabulary import Skill

INITIATIVE_SKILLS: tuple[Skill, ...] = (
    Skill.ATHLETICS,
    Skill.QUICK_FINGERS,
    Skill.ANALYSIS,
    Skill.GRACE,
    Skill.IMPROVISATION,
)
"""The Skills whose levels Initiative adds ("plus your Athletics, Quick Fingers, Analysis, Grace,
and Improvisation Skill Levels")."""


def stat_bonus(stat: int, *, settings: MomentumSettings) -> int:
    """Stat minus ``stat_bonus_base`` (SOURCES.md: Stat - 10); negative below the base."""
    return stat - settings.stat_bonus_base


def hit_bonus(primary_stat: int, secondary_stat: int, *, settings: MomentumSettings) -> int:
    """Seed: "The hit bonus is equal to the Primary Stat Bonus of the weapon plus half of its
    Secondary Stat Bonus", the half rounded down. The Ability hit bonus uses the Archetype's
    Stats."""
    primary = stat_bonus(primary_stat, settings=settings)
    return primary + stat_bonus(secondary_stat, settings=settings) // 2


def base_evasion(
    dexterity: int, evasion_stat: int, *, evasion_cap: int | None, settings: MomentumSettings
) -> int:
    """Seed: "Your base Evasion is equal to your Dexterity Stat plus the Stat Bonus of your Evasion
    Stat", limited by the worn armor's Evasion Cap (``None``: no cap)."""
    evasion = dexterity + stat_bonus(evasion_stat, settings=settings)
    return evasion if evasion_cap is None else min(evasion, evasion_cap)


def initiative(instinct: int, initiative_skill_levels: Iterable[int]) -> int:
    """Seed: "Your Instinct Stat times two plus your Athletics, Quick Fingers, Analysis, Grace, and
    Improvisation Skill Levels" (the levels of :data:`INITIATIVE_SKILLS`)."""
    return 2 * instinct + sum(initiative_skill_levels)


def union_initiative(initiatives: Sequence[int]) -> int:
    """Seed: "The Initiative of a union is equal to the sum of the Initiative of all participating
    creatures divided by the number of those creatures", rounded down."""
    if len(initiatives) < 2:
        raise MomentumRuleError("a union needs two or more allies")
    return sum(initiatives) // len(initiatives)


def dr_value(stat: int, skill_level: int, *, settings: MomentumSettings) -> int:
    """The DR's Stat Bonus plus its Skill Level: what a DR adds to the d20, and the value Poison
    and Psychic damage meet "as if it were Armor"."""
    return stat_bonus(stat, settings=settings) + skill_level
