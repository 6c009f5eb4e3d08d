"""Values read off a :class:`~fracas.rules.momentum.sheet.Sheet` with the formulas of
:mod:`fracas.rules.momentum.stats`: hit bonuses, Evasion, Initiative, DR values, DR Power."""

from __future__ import annotations

from fracas.engine.memo import by_identity
from fracas.rules.momentum.damage import Defences
from fracas.rules.momentum.defense_rolls import DefenseRoll
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.sheet import Sheet, Weapon
from fracas.rules.momentum.stats import (
    INITIATIVE_SKILLS,
    base_evasion,
    dr_value,
    hit_bonus,
    initiative,
)
from fracas.rules.momentum.vocabulary import Stat


def weapon_hit_bonus(sheet: Sheet, weapon: Weapon, *, settings: MomentumSettings) -> int:
    """The hit bonus with ``weapon``, from the weapon's Primary and Secondary Stats (worked out
    once per sheet, weapon and settings: every attack asks)."""
    return _weapon_hit_bonus(sheet, weapon, settings)


@by_identity
def _weapon_hit_bonus(sheet: Sheet, weapon: Weapon, settings: MomentumSettings) -> int:
    stats = sheet.stats
    return hit_bonus(stats[weapon.primary_stat], stats[weapon.secondary_stat], settings=settings)


def ability_hit_bonus(sheet: Sheet, *, settings: MomentumSettings) -> int:
    """Seed: "Your Ability hit bonus is calculated similarly to a weapon hit bonus, but it uses your
    Primary and Secondary Stat instead, which are determined by your Archetype." (Worked out
    once per sheet and settings.)"""
    return _ability_hit_bonus(sheet, settings)


@by_identity
def _ability_hit_bonus(sheet: Sheet, settings: MomentumSettings) -> int:
    stats = sheet.stats
    return hit_bonus(stats[sheet.primary_stat], stats[sheet.secondary_stat], settings=settings)


def evasion_of(sheet: Sheet, *, buffs: int = 0, settings: MomentumSettings) -> int:
    """Base Evasion (capped by the armor's Evasion Cap) plus ``buffs``: "The Evasion Cap does not
    affect any other source of additional Evasion like Buffs or features." (The base worked out
    once per sheet and settings: every attack asks.)"""
    return _base_evasion(sheet, settings) + buffs


@by_identity
def _base_evasion(sheet: Sheet, settings: MomentumSettings) -> int:
    return base_evasion(
        sheet.stats[Stat.DEXTERITY],
        sheet.stats[sheet.evasion_stat],
        evasion_cap=sheet.evasion_cap,
        settings=settings,
    )


def initiative_of(sheet: Sheet, *, settings: MomentumSettings) -> int:
    """The sheet's Initiative; "The Initiative of objects is always 0" (``object_initiative``).
    Worked out once per sheet and settings: every fight's start asks it of everyone."""
    return _initiative(sheet, settings)


@by_identity
def _initiative(sheet: Sheet, settings: MomentumSettings) -> int:
    if sheet.is_object:
        return settings.object_initiative
    levels = (sheet.skills[skill] for skill in INITIATIVE_SKILLS)
    return initiative(sheet.stats[Stat.INSTINCT], levels)


def dr_value_of(sheet: Sheet, kind: DefenseRoll, *, settings: MomentumSettings) -> int:
    """The Stat Bonus plus Skill Level of one kind of DR."""
    return dr_value(sheet.stats[kind.stat], sheet.skills[kind.skill], settings=settings)


def dr_power_of(sheet: Sheet) -> int:
    """Seed: "The DR Power is equal to the Primary Stat of the creature" (the Stat, not its
    bonus)."""
    return sheet.stats[sheet.primary_stat]


def basic_movement_of(sheet: Sheet, *, settings: MomentumSettings) -> int:
    """The sheet's Basic Movement in metres, or the setting's "usually 3 m"."""
    if sheet.basic_movement_m is None:
        return settings.basic_movement_m
    return sheet.basic_movement_m


_DEFENCES: dict[tuple[int, int, int], tuple[Sheet, MomentumSettings, Defences]] = {}
"""``defences_of``'s answers by the identities of the sheet and the settings (both immutable,
and kept here so that their ids stay theirs) and the Armor bonus."""

_DEFENCES_AT_MOST = 256
"""How many answers ``_DEFENCES`` keeps before it starts afresh."""


def defences_of(sheet: Sheet, *, armor_bonus: int = 0, settings: MomentumSettings) -> Defences:
    """What the sheet brings to the damage pipeline; ``armor_bonus`` adds effects on Armor.
    Worked out once per sheet, bonus and settings: every hit asks it of its target (~4 % of
    an exact-odds query, one resolution per damage total, when it was worked out each time)."""
    key = (id(sheet), armor_bonus, id(settings))
    known = _DEFENCES.get(key)
    if known is not None and known[0] is sheet and known[1] is settings:
        return known[2]
    defences = Defences(
        armor=sheet.armor + armor_bonus,
        constitution_dr=dr_value_of(sheet, DefenseRoll.CONSTITUTION, settings=settings),
        will_dr=dr_value_of(sheet, DefenseRoll.WILL, settings=settings),
        resistances=sheet.resistances,
        immunities=sheet.immunities,
        vulnerabilities=sheet.vulnerabilities,
        biological_creature=sheet.biological and not sheet.is_object,
    )
    if len(_DEFENCES) >= _DEFENCES_AT_MOST:
        _DEFENCES.clear()
    _DEFENCES[key] = (sheet, settings, defences)
    return defences
