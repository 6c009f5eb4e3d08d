"""Pseudogravity: points against weight, flying defenders, and ætherial silencing.

"When points are expended, the amount expended is compared to some fraction of the target's
pound weight to determine if it can be affected by that use of pseudogravity. If the target is a
character, remember to consider their inventory as well when determining weight."
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from fracas.engine.frozen import frozen
from fracas.rules.lurasko.errors import LuraskoRuleError


def effective_weight(
    weight_lb: int, inventory_lb: int = 0, *, flying_spd: int = 0, resists: bool = False
) -> Fraction:
    """The pound weight pseudogravity must overcome: the body and its inventory, raised by "a
    percentage equal to 10 times their flying SPD" for an unwilling character that resists with
    a flying SPD it has access to this round (``resists``)."""
    if weight_lb < 0 or inventory_lb < 0 or flying_spd < 0:
        raise LuraskoRuleError("weights and SPD cannot be negative")
    weight = Fraction(weight_lb + inventory_lb)
    if resists:
        weight *= Fraction(100 + 10 * flying_spd, 100)
    return weight


def combined_silencing(silencings: Sequence[int]) -> Fraction:
    """Overlapping silencings: "begin with the greatest silencing, then increase the amount by
    1/4 the sum of all other silencing amounts"; none is 1 (no effect)."""
    if any(s < 1 for s in silencings):
        raise LuraskoRuleError("a silencing is at least 1")
    if not silencings:
        return Fraction(1)
    ordered = sorted(silencings, reverse=True)
    return ordered[0] + Fraction(sum(ordered[1:]), 4)


def effective_points(points: int, silencings: Sequence[int] = ()) -> Fraction:
    """ "the total number of expended points is divided by the amount of silencing to obtain the
    actual number of points that are effective"."""
    if points < 0:
        raise LuraskoRuleError("points cannot be negative")
    return points / combined_silencing(silencings)


def silencings_that_apply(
    *, at_object_start: Sequence[int], gravnet_airship: bool = False
) -> tuple[int, ...]:
    """Silencing "is considered at the location the object begins in, not its destination";
    "users are unaffected by silencing in their own location, unless that is also the location
    of the effect"; "Silencing has no effect on gravnet airships"."""
    return () if gravnet_airship else tuple(at_object_start)


@frozen
class Expenditure:
    """Points decided "before taking the required action to use them": "If they are thwarted by
    an unforeseen use of silencing or flight, they cannot increase the points to compensate." """

    points: int

    def moves(
        self, weight: Fraction, fraction_of_weight: Fraction, silencings: Sequence[int]
    ) -> bool:
        """Whether these points, through the silencing, reach ``fraction_of_weight`` of
        ``weight``."""
        return effective_points(self.points, silencings) >= weight * fraction_of_weight


@frozen
class GroupMove:
    """What a pseudogravity move may do to group defense and cover (the chapter's rules)."""

    grants_flying_spd: bool = False
    short_range: bool = False
    notable: bool = True


def may_put_into_group_defense(move: GroupMove, *, grabbed_by_defender: bool = False) -> bool:
    """ "Pseudogravity movement (except for that which grants a flying SPD) cannot put a
    character into group defense. It cannot put an item into group defense, unless a character
    already in defense uses it to grab an item into their hand."""
    return move.grants_flying_spd or grabbed_by_defender


def may_remove_from_group(move: GroupMove) -> bool:
    """ "if it is capable of at least short range movement, it can remove a character from group
    defense, or from a group entirely"; it never helps bypass group defense."""
    return move.short_range


def removes_cover(move: GroupMove) -> bool:
    """ "Any notable pseudogravity movement removes a character from cover."""
    return move.notable
