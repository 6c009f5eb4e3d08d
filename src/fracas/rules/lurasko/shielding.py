"""Energy shielding: which attacks each precision can stop, and how shielding points are spent.

"Shielding of all three levels consumes shielding points to negate damage ... A character cannot
choose to partially shield, though their shielding points may only be sufficient to shield
partially; in this case, they subtract their total shielding points from the incoming damage."
Sources act "in order of precision", and among sources of one level one goes first and the next
only takes "leftover damage that broke through the first source".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from fracas.engine.frozen import frozen
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.vocabulary import DamageKind, Precision


@frozen
class ShieldSource:
    """One source of shielding (an Ability, a device). ``pool`` names the points it spends: its
    own, or points shared with other sources. A ``techshield`` (a device) is "doubly effective
    against blast damage". ``short_range_gap``: a shield of greater range, blind to attacks
    from short range within it."""

    name: str
    precision: Precision
    pool: str
    techshield: bool = False
    short_range_gap: bool = False


@frozen
class Incoming:
    """What the shielding needs to know about an attack on one character.

    ``engaged``: the attacker is engaged or grouped up with the target. ``grappling``: the
    target is grappling with the attacker. ``explosive``: an explosive or grenade device;
    ``impact``: its impact (direct) damage rather than its area damage. ``climbed_on``: the
    attacker has climbed onto the target vehicle. ``inside_origin``: a ZAoE originating inside
    the shield (cluster bombs, rocket pods). ``short_range``: the attacker is within short range
    of the target."""

    ranged: bool
    all_energy: bool
    engaged: bool = False
    grappling: bool = False
    explosive: bool = False
    impact: bool = False
    climbed_on: bool = False
    inside_origin: bool = False
    aura: bool = False
    short_range: bool = False


def may_shield(precision: Precision, attack: Incoming) -> bool:
    """Whether shielding of ``precision`` is effective against ``attack``.

    Low: "ranged attacks consisting entirely of energy damage" from beyond engagement range; not
    explosive devices, not a ZAoE from inside the shield, not damage auras. Medium: ranged all-
    energy attacks "except from characters you are currently grappling with", and the area
    damage of explosives ("Impact damage cannot be shielded by medium-precision shielding");
    not against attackers who "climbed onto" a vehicle, not damage auras. High: "effective
    against all energy damage, regardless of the weapon or range"."""
    if precision is Precision.HIGH:
        return True
    if attack.aura:
        return False
    if precision is Precision.LOW:
        return (
            attack.ranged
            and attack.all_energy
            and not attack.engaged
            and not attack.explosive
            and not attack.inside_origin
        )
    if attack.climbed_on or attack.grappling:
        return False
    if attack.explosive:
        return not attack.impact
    return attack.ranged and attack.all_energy


def stops(source: ShieldSource, attack: Incoming) -> bool:
    """Whether ``source`` can act against ``attack``: its precision allows it, and a low-
    precision shield of greater range ("a medium-range shield that can protect an entire
    building, but cannot be used against attacks from short-range within the shield") is not
    facing an attack from short range."""
    if source.short_range_gap and attack.short_range:
        return False
    return may_shield(source.precision, attack)


def ordered(sources: Iterable[ShieldSource]) -> tuple[ShieldSource, ...]:
    """Low before medium before high; sources of one level keep the order given (the order "can
    be freely decided", and the defender decides it by listing them)."""
    return tuple(sorted(sources, key=lambda s: s.precision.rank))


@frozen
class ShieldUse:
    """One source shielding part or all of one portion: ``absorbed`` damage for ``spent``
    points."""

    source: ShieldSource
    kind: DamageKind
    before: int
    absorbed: int
    spent: int
    points_before: int

    @property
    def after(self) -> int:
        return self.before - self.absorbed


def shield_once(source: ShieldSource, kind: DamageKind, damage: int, points: int) -> ShieldUse:
    """All or nothing: the whole ``damage`` if the points suffice, else every point. A
    techshield's point stops 2 blast damage (spent rounding up)."""
    if damage < 0 or points < 0:
        raise LuraskoRuleError("damage and shielding points cannot be negative")
    per_point = 2 if source.techshield and kind is DamageKind.BLAST else 1
    absorbed = min(damage, points * per_point)
    spent = -(-absorbed // per_point)
    return ShieldUse(source, kind, damage, absorbed, spent, points)


def shield(
    sources: Iterable[ShieldSource],
    kind: DamageKind,
    damage: int,
    points: Mapping[str, int],
) -> tuple[int, tuple[ShieldUse, ...], dict[str, int]]:
    """``damage`` of an energy ``kind`` through ``sources`` in order, each source taking what
    broke through the one before. Returns what is left, each use, and the points left per pool.
    A source whose pool is empty is inactive and does nothing."""
    if not kind.energy:
        raise LuraskoRuleError("energy shielding only stops energy damage")
    left = dict(points)
    uses: list[ShieldUse] = []
    for source in ordered(sources):
        have = left.get(source.pool, 0)
        if damage == 0 or have == 0:
            continue
        use = shield_once(source, kind, damage, have)
        uses.append(use)
        left[source.pool] = have - use.spent
        damage = use.after
    return damage, tuple(uses), left
