"""Cover: half cover, full cover, leaning out, creatures as cover, and the Taking Cover action.

``cover`` arguments are the cover a creature has against one attacker or effect, that is, from
that direction.
"""

from __future__ import annotations

from enum import StrEnum

from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.vocabulary import Reach, Size


class Cover(StrEnum):
    """No cover, half cover ("covers at least half of your body"), full cover ("covers your
    entire body")."""

    NONE = "none"
    HALF = "half"
    FULL = "full"


def creature_cover(blocker: Size, sheltered: Size, *, blocker_taking_cover: bool) -> Cover:
    """Cover given by a creature in front: "Standing behind a creature of the same size category
    or bigger also gives you half cover". A creature Taking Cover "no longer grant[s] half-cover
    to creatures of the same size category until your next turn"."""
    above = blocker.categories_above(sheltered)
    if above < 0 or (above == 0 and blocker_taking_cover):
        return Cover.NONE
    return Cover.HALF


def leaning_out(cover: Cover) -> Cover:
    """Seed: "You have half cover while leaning out of full cover." """
    return Cover.HALF if cover is Cover.FULL else cover


def can_be_targeted(cover: Cover, reach: Reach, *, settings: MomentumSettings) -> bool:
    """Full cover: "you can no longer be targeted by any effects that come from the direction of
    your full cover"; melee attacks pass only if ``melee_ignores_full_cover``."""
    if cover is not Cover.FULL:
        return True
    return reach is Reach.MELEE and settings.melee_ignores_full_cover


def cover_evasion_bonus(
    cover: Cover, reach: Reach, *, taking_cover: bool, settings: MomentumSettings
) -> int:
    """Evasion added against one attack. Half cover: "+2 Evasion against all ranged attacks that
    come from the direction of the cover"; "Melee attacks ... ignore cover". Taking Cover: "Your
    Evasion increases by 2 ... as long as you are in half cover" (pass ``taking_cover`` True only
    while the action's creature is in half cover from any direction); it adds to cover's bonus."""
    half = settings.half_cover_evasion if cover is Cover.HALF and reach is Reach.RANGED else 0
    return half + (settings.taking_cover_evasion if taking_cover else 0)


def cover_dr_bonus(cover: Cover, *, taking_cover: bool, settings: MomentumSettings) -> int:
    """DR added against one effect. Half cover "increases all of your DR by 1 against all effects
    that come from that same direction"; Taking Cover adds "your DR by 1"."""
    half = settings.half_cover_dr if cover is Cover.HALF else 0
    return half + (settings.taking_cover_dr if taking_cover else 0)
