"""Cover: half and full cover, leaning out, creatures as cover, Taking Cover."""

from __future__ import annotations

from fracas.rules.momentum.cover import (
    Cover,
    can_be_targeted,
    cover_dr_bonus,
    cover_evasion_bonus,
    creature_cover,
    leaning_out,
)
from fracas.rules.momentum.vocabulary import Reach, Size

from .support import SETTINGS


def test_half_cover_gives_2_evasion_against_ranged_attacks() -> None:
    """Seed: "Half cover grants you +2 Evasion against all ranged attacks that come from the
    direction of the cover" """
    bonus = cover_evasion_bonus(Cover.HALF, Reach.RANGED, taking_cover=False, settings=SETTINGS)
    assert bonus == 2
    assert cover_evasion_bonus(Cover.NONE, Reach.RANGED, taking_cover=False, settings=SETTINGS) == 0


def test_melee_attacks_ignore_cover() -> None:
    """Seed: "Melee attacks have a base range of 1 m and ignore cover." """
    assert cover_evasion_bonus(Cover.HALF, Reach.MELEE, taking_cover=False, settings=SETTINGS) == 0


def test_half_cover_adds_1_to_every_dr_from_that_direction() -> None:
    """Seed: "and increases all of your DR by 1 against all effects that come from that same
    direction." """
    assert cover_dr_bonus(Cover.HALF, taking_cover=False, settings=SETTINGS) == 1
    assert cover_dr_bonus(Cover.NONE, taking_cover=False, settings=SETTINGS) == 0


def test_full_cover_cannot_be_targeted() -> None:
    """Seed: "Standing behind an object that covers your entire body gives you full cover and you
    can no longer be targeted by any effects that come from the direction of your full cover." Melee
    does not pass full cover by default (setting ``melee_ignores_full_cover``)."""
    assert not can_be_targeted(Cover.FULL, Reach.RANGED, settings=SETTINGS)
    assert not can_be_targeted(Cover.FULL, Reach.MELEE, settings=SETTINGS)
    assert can_be_targeted(Cover.HALF, Reach.RANGED, settings=SETTINGS)
    passes = SETTINGS.model_copy(update={"melee_ignores_full_cover": True})
    assert can_be_targeted(Cover.FULL, Reach.MELEE, settings=passes)


def test_leaning_out_of_full_cover_is_half_cover() -> None:
    """Seed: "You have half cover while leaning out of full cover." """
    assert leaning_out(Cover.FULL) is Cover.HALF
    assert leaning_out(Cover.NONE) is Cover.NONE


def test_a_creature_of_same_size_or_bigger_gives_half_cover() -> None:
    """Seed: "Standing behind a creature of the same size category or bigger also gives you half
    cover" """
    assert creature_cover(Size.MEDIUM, Size.MEDIUM, blocker_taking_cover=False) is Cover.HALF
    assert creature_cover(Size.HUGE, Size.MEDIUM, blocker_taking_cover=False) is Cover.HALF
    assert creature_cover(Size.SMALL, Size.MEDIUM, blocker_taking_cover=False) is Cover.NONE


def test_taking_cover_adds_2_evasion_and_1_dr_in_half_cover() -> None:
    """Taking Cover: "Your Evasion increases by 2 and your DR by 1, as long as you are in half
    cover until your next turn." It adds to half cover's own bonus."""
    assert cover_evasion_bonus(Cover.HALF, Reach.RANGED, taking_cover=True, settings=SETTINGS) == 4
    assert cover_evasion_bonus(Cover.HALF, Reach.MELEE, taking_cover=True, settings=SETTINGS) == 2
    assert cover_dr_bonus(Cover.HALF, taking_cover=True, settings=SETTINGS) == 2


def test_taking_cover_stops_granting_cover_to_same_size_creatures() -> None:
    """Taking Cover: "You also no longer grant half-cover to creatures of the same size category
    until your next turn." """
    assert creature_cover(Size.MEDIUM, Size.MEDIUM, blocker_taking_cover=True) is Cover.NONE
    assert creature_cover(Size.LARGE, Size.MEDIUM, blocker_taking_cover=True) is Cover.HALF
