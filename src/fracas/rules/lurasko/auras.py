"""Damage auras: stored damage that strikes back at melee attackers.

"Whenever any character touches you, hits you with a melee weapon ... you may expend an amount of
stored damage from a damage aura to automatically hit them; the amount must be the full stored
damage, or a multiple of 10. This damage cannot be dodged and (if energy damage) can only be
shielded by high-precision energy shielding. Any injuries inflicted are Core Injuries."
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from fracas.rules.lurasko.damage import Portion
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.vocabulary import DamageKind


class Provocation(Enum):
    """What provokes an aura: a touch, a hit with a melee weapon, natural weapon or unarmed
    attack, Grab Item, Trip/Dismount/Throw, or ending a turn grappling with the aura's holder."""

    TOUCH = "touch"
    MELEE_HIT = "melee"
    GRAB_ITEM = "grab"
    TRIP = "trip"
    GRAPPLE_AT_TURN_END = "grapple"


def provokes(provocation: Provocation | None, *, critical: bool) -> bool:
    """ "Melee attacks that score critical hits do not provoke a hit from damage auras"."""
    if provocation is None:
        return False
    return not (critical and provocation is Provocation.MELEE_HIT)


def expendable(stored: int, amount: int) -> bool:
    """ "the amount must be the full stored damage, or a multiple of 10" (and never more than is
    stored)."""
    return 0 < amount <= stored and (amount == stored or amount % 10 == 0)


def aura_amount(stored: int, wanted: int | None) -> int:
    """What an aura expends: the full store, or the holder's standing amount when it may."""
    if wanted is None or wanted >= stored:
        return stored
    if not expendable(stored, wanted):
        raise LuraskoRuleError(f"an aura expends all {stored} or a multiple of 10, not {wanted}")
    return wanted


def aura_portion(kind: DamageKind, amount: int, drive: int | None) -> Portion:
    """Energy auras have drive equal to damage; "Non-energy damage auras will specify drive"."""
    if kind.energy:
        return Portion(kind, amount, amount)
    if drive is None:
        raise LuraskoRuleError("a non-energy damage aura needs its drive")
    return Portion(kind, amount, drive)


def reacting_aura(stores: Sequence[tuple[str, int]]) -> str | None:
    """ "only a single aura can react to a single attack/touch/grapple": the first with damage
    stored, in the holder's order."""
    return next((name for name, stored in stores if stored > 0), None)
