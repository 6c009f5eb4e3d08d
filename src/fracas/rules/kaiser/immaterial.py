"""Immaterial creatures and imbued attacks (seed: "Immaterial").

"In order to hit a creature with the immaterial trait, your attack have the imbued trait ...
All attacks that deal damage from the Energy Group naturally have the imbued trait. For
Physical and Elemental damage, you need to gain the imbued trait from some other feature,
ability, or power." "a creature with the immaterial trait will make its attacks immaterial as
well. To defend against such an attack, you must either dodge or block it with an imbued
object."
"""

from __future__ import annotations

from fracas.rules.kaiser.vocabulary import DamageGroup, DamageType, Defence


def is_imbued(damage_type: DamageType, *, imbued_by_feature: bool) -> bool:
    """Energy-group damage always is; any other only from a feature, ability, power or
    artifact (a Resistance-group power says so in its description: ``imbued_by_feature``)."""
    return damage_type.group is DamageGroup.ENERGY or imbued_by_feature


def can_hit(*, target_immaterial: bool, imbued: bool) -> bool:
    return imbued or not target_immaterial


def can_defend(defence: Defence, *, attack_immaterial: bool, imbued_object: bool) -> bool:
    """An immaterial attack is met only by dodging or by blocking with an imbued object (an
    imbued barrier counts as one)."""
    if not attack_immaterial or defence in (Defence.DODGE, Defence.NONE):
        return True
    return imbued_object
