"""Vitality: taking damage, Bleeding, dying, Stabilize.

The chapter says Bleeding starts when lethal damage takes Vitality below 1 and that non-lethal
damage "cannot kill"; it does not say when a creature dies. The setting
``death_threshold_percent`` does: by default a creature dies at minus its maximum Vitality.
"""

from __future__ import annotations

from fracas.engine.frozen import frozen
from fracas.rules.momentum.checks import skill_check
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.settings import MomentumSettings


@frozen
class VitalityChange:
    """The Vitality after a hit, whether the hit starts Bleeding and whether it kills."""

    vitality: int
    bleeding_starts: bool
    dies: bool


def death_threshold(max_vitality: int, *, settings: MomentumSettings) -> int:
    """The Vitality at or below which a creature is dead (default: minus its maximum)."""
    return -(max_vitality * settings.death_threshold_percent // 100)


def apply_damage(
    vitality: int, max_vitality: int, *, lethal: int, non_lethal: int, settings: MomentumSettings
) -> VitalityChange:
    """Take a hit's lethal and non-lethal damage off Vitality.

    The lethal part applies first, so non-lethal damage never helps to kill. "A creature does
    not start bleeding if you reduce their Vitality below 1 with non-lethal damage, and you
    cannot kill them with it. You cannot drop the Vitality of a creature below an amount that
    would kill them with a non-lethal attack." Bleeding starts when the lethal part leaves
    Vitality below 1.
    """
    if lethal < 0 or non_lethal < 0:
        raise MomentumRuleError("damage cannot be negative")
    threshold = death_threshold(max_vitality, settings=settings)
    after_lethal = vitality - lethal
    if after_lethal <= threshold:
        return VitalityChange(after_lethal, bleeding_starts=lethal > 0, dies=True)
    after = max(after_lethal - non_lethal, threshold + 1)
    return VitalityChange(after, bleeding_starts=lethal > 0 and after_lethal < 1, dies=False)


def stabilize(*, natural: int, first_aid_total: int, settings: MomentumSettings) -> bool:
    """Stabilize: "You can make a First Aid Check against 8. On a success, you can remove the
    Bleeding Status Effect from a creature within 1 m of you." True when Bleeding is removed."""
    result = skill_check(
        natural=natural,
        total=first_aid_total,
        difficulty=settings.stabilize_difficulty,
        settings=settings,
    )
    return result.succeeded
