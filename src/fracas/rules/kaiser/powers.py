"""The pure rules of powers: what each type of power needs, who it may target, how it is seen.

Seed, "Types of Powers" and "Common Power Features". Functions take plain values and return
plain values; the ``use`` action's rule (``use.py``) applies them to the encounter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fracas.engine.memo import per_object
from fracas.rules.kaiser.actions import IntentionKind
from fracas.rules.kaiser.immaterial import is_imbued
from fracas.rules.kaiser.sheet import Power, PowerSource, PowerType
from fracas.rules.kaiser.vocabulary import DamageType, Defence

INTENTIONS: dict[PowerSource, IntentionKind] = {
    PowerSource.MAGIC: "magic",
    PowerSource.PHENOM: "phenom",
    PowerSource.SPIRIT: "spirit",
}
"""The Intention a power's source needs declared in the round it is used."""


def needs_offensive_roll(power: Power, *, difficult_position: bool) -> bool:
    """Attack and Effect powers are aimed with an Offensive Roll; "Automatic ... you do not
    require an Offensive Roll unless the target is in a difficult position"; Trigger powers
    "do not require Offensive Skills for range or aim" but "You may require an Offensive Roll
    if the target is in a difficult position"."""
    if power.types & {PowerType.ATTACK, PowerType.EFFECT}:
        return True
    return difficult_position


def forces_check(power: Power, units: int | None) -> bool:
    """An Effect power: "If you obtain at least one Unit of Damage, then you cause the target to
    make a Resistance Check ... Gaining additional Units of Damage have no effect". Without an
    Offensive Roll (Automatic, Trigger) the check always comes. ``units`` None: no roll made."""
    if power.effect is None and not power.grants:
        return False
    return units is None or units >= 1


def deals_damage(power: Power) -> bool:
    """ "Effect powers never deal damage from the Offensive Roll - unless the power is also of
    the Attack Type"."""
    return PowerType.ATTACK in power.types and power.base_damage is not None


@per_object
def hits_immaterial(power: Power) -> bool:
    """Attack powers list whether they hit immaterial creatures; Energy damage is imbued; an
    Effect power "can hit immaterial targets if it uses the Force Damage Type"."""
    if PowerType.EFFECT in power.types and power.damage_type is DamageType.FORCE:
        return True
    return is_imbued(power.damage_type, imbued_by_feature=power.imbued)


def only_imbued_blocks(power: Power) -> bool:
    """Effect powers: "if the defender is unable to touch immaterial objects, they are unable
    to block Effect Powers unless otherwise stated"; an Attack power "will list if it can only
    be blocked with immaterial objects"."""
    return PowerType.EFFECT in power.types or power.blocked_only_by_imbued


def blockable(power: Power, defence: Defence, *, imbued_object: bool) -> bool:
    """Blocking such a power needs an imbued object; dodging is always possible."""
    if defence is not Defence.BLOCK or not only_imbued_blocks(power):
        return True
    return imbued_object


def reach(power: Power, unlisted: int | None) -> int | None:
    """An Attack power's "Maximum Distance is based on your Offensive Skill or is directly
    listed"; an Automatic power's "maximum distance will be listed". A power that lists none
    (``range_ft``) reaches ``unlisted`` (a setting; None: not limited)."""
    return power.range_ft if power.range_ft is not None else unlisted


def in_range(reach_ft: int | None, distance: int | None) -> bool:
    """Within the power's reach (a use that gives no distance is not checked)."""
    return reach_ft is None or distance is None or distance <= reach_ft


def unseen(power: Power, visions: Iterable[str]) -> bool:
    """Effect powers "cannot be seen on the material plane. Instead, the power will list what
    vision is required to not apply the Blind Penalty to defend. Powers that belong to both
    Attack and Effect are visible on the material plane." Automatic powers are not visible
    either, but they are not defended against."""
    if PowerType.EFFECT not in power.types or PowerType.ATTACK in power.types:
        return False
    return power.vision is None or power.vision not in set(visions)


def resistance_difficulty(power: Power, default: int) -> int:
    """The listed difficulty, or "If no Resistance Check Difficulty is listed, the target can
    resist with a SR 8 Check"."""
    return power.difficulty if power.difficulty is not None else default


def fits_presence(budget: int, presences: Sequence[int]) -> bool:
    """Affected Presence: "the sum of the affected presence must be equal to or less than the
    listed presence." Equipment on a target's person is not counted (pass creatures' own
    presence only); an item on its own is one presence in the sum, so one above the budget
    "cannot be targeted"."""
    return sum(presences) <= budget


def may_choose_to_fail(*, aware: bool, personalities: int, all_agree: bool) -> bool:
    """Allowing the Effect: "If the target desires to be affected by a power they are aware of,
    then they can choose to fail the Resistance Check. If the target has multiple
    personalities controlling it, then only if all the personalities agree"."""
    return aware and (personalities == 1 or all_agree)


def may_spare(*, selective: bool, aware_of_target: bool) -> bool:
    """Target Selection: "You are not able to specify targets for an area attack unless
    otherwise listed. If you are unaware of a creature's existence within the area, you cannot
    deselect them even if the power allows." """
    return selective and aware_of_target
