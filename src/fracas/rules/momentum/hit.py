"""One hit's damage before the target's defences: rolled portions, critical bonuses, non-lethal
reduction and the attacker's choices. :func:`fracas.rules.momentum.damage.resolve_damage` takes a
:class:`Hit` through the target's defences."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.engine.frozen import frozen
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.settings import MomentumSettings


@dataclass(frozen=True)
class DamagePortion:
    """Damage of one type, as rolled or as finally taken."""

    damage_type: DamageType
    amount: int

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise MomentumRuleError(f"{self.damage_type} damage cannot be negative")


@frozen
class DamageBonus:
    """Extra damage of one type added by the attacker, labelled for the account."""

    label: str
    damage_type: DamageType
    amount: int


@dataclass(frozen=True)
class Hit:
    """One hit as the attacker deals it.

    ``portions``: the rolled damage, at most one portion per type. ``bonuses``: critical bonuses
    (see :func:`weapon_critical` …), which may add a type. ``non_lethal_reduction``: the sum of
    the d4s subtracted for a non-lethal attack (:func:`non_lethal_reduction`), None for a lethal
    one. ``ignore_armor``: Armor (or DR value) ignored, up to this much; ``ignore_all_armor``
    ignores all of it. ``reduce_first``: "The attacker can choose from which damage type the
    Armor/DR value is subtracted": the types to reduce first, in order; the others follow in
    portion order. ``lethal_holy``: the dealer wishes Holy damage to be lethal. ``cap``: the most
    damage the hit can deal to the creature (teleporting into an occupied space).
    """

    portions: tuple[DamagePortion, ...]
    bonuses: tuple[DamageBonus, ...] = ()
    non_lethal_reduction: int | None = None
    ignore_armor: int = 0
    ignore_all_armor: bool = False
    reduce_first: tuple[DamageType, ...] = ()
    lethal_holy: bool = False
    cap: int | None = None

    def __post_init__(self) -> None:
        types = {portion.damage_type for portion in self.portions}
        if not types or len(types) != len(self.portions):
            raise MomentumRuleError("a hit needs one portion per damage type, at least one")
        if self.reduce_first and not set(self.reduce_first) <= types.union(
            bonus.damage_type for bonus in self.bonuses
        ):
            raise MomentumRuleError("reduce_first names a damage type the hit does not deal")
        if self.ignore_armor < 0 or (self.non_lethal_reduction or 0) < 0:
            raise MomentumRuleError("ignored Armor and the non-lethal reduction cannot be negative")


def weapon_critical(damage_type: DamageType, *, settings: MomentumSettings) -> tuple[DamageBonus]:
    """Seed: "Critical hits with weapons increase the damage by 6." """
    return (DamageBonus("critical", damage_type, settings.critical_bonus),)


def ability_critical(
    damage_type: DamageType, tier: int, *, settings: MomentumSettings
) -> tuple[DamageBonus]:
    """Seed: "Critical hits with Abilities increase the damage by 6 plus an additional 3 for every
    Tier of the used Ability." """
    amount = settings.critical_bonus + settings.critical_bonus_per_tier * tier
    return (DamageBonus("critical", damage_type, amount),)


def maneuver_critical(
    weapon_damage_type: DamageType,
    maneuver_damage_type: DamageType,
    maneuver_tier: int,
    *,
    settings: MomentumSettings,
) -> tuple[DamageBonus, DamageBonus]:
    """Seed: "Critical hits with weapon attacks that have a Maneuver added to them deal additional
    damage of 6, and the Maneuver deals additional damage equal to 3 times the Tier of the used
    Maneuver Ability." """
    return (
        DamageBonus("critical", weapon_damage_type, settings.critical_bonus),
        DamageBonus(
            "Maneuver critical",
            maneuver_damage_type,
            settings.critical_bonus_per_tier * maneuver_tier,
        ),
    )


def non_lethal_dice(*, ability_tier: int | None = None) -> int:
    """How many d4s a non-lethal attack subtracts: a weapon "must subtract a 1d4 from the
    damage"; an Ability reduces it "by 1d4 plus an additional 1d4 for each Tier" (pass its Tier;
    None for a weapon)."""
    return 1 if ability_tier is None else 1 + ability_tier


def non_lethal_reduction(d4_faces: Sequence[int], *, ability_tier: int | None = None) -> int:
    """The damage a non-lethal attack subtracts, from the rolled d4 faces."""
    needed = non_lethal_dice(ability_tier=ability_tier)
    if len(d4_faces) != needed or not all(1 <= face <= 4 for face in d4_faces):
        raise MomentumRuleError(f"a non-lethal attack here rolls {needed} d4, got {d4_faces}")
    return sum(d4_faces)
