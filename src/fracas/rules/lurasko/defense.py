"""The defense roll (SOURCES.md 5.3, a default: rolling.html could not be read).

Roll-under: 1d20 plus Hindrance (the pressure of the attack included) minus Aid; the defense
succeeds on a total at or under the TN ("Lur-Asko: roll ≤ TN succeeds", section 8). "A critical
hit occurs whenever a character fails their defense roll by 20 or more. For example, if a
character's TN during a defense roll is 14, they must roll a 34 or higher."
"""

from __future__ import annotations

from enum import Enum

from fracas.engine.frozen import frozen


class DefenseOutcome(Enum):
    DODGED = "dodged"
    HIT = "hit"
    CRITICAL = "critical"

    @property
    def hits(self) -> bool:
        return self is not DefenseOutcome.DODGED


@frozen
class DefenseResult:
    outcome: DefenseOutcome
    margin: int
    """By how much the roll failed (the total minus the TN); zero or less on a success."""


def defense_result(
    total: int, tn: int, *, critical_margin: int = 20, may_be_critical: bool = True
) -> DefenseResult:
    """How a defense roll totalling ``total`` against ``tn`` went. ``may_be_critical`` is False
    for a ranged attack outside its critical range: "Ranged weapons can only perform critical
    hits within certain range restrictions"."""
    margin = total - tn
    if margin <= 0:
        return DefenseResult(DefenseOutcome.DODGED, margin)
    if margin >= critical_margin and may_be_critical:
        return DefenseResult(DefenseOutcome.CRITICAL, margin)
    return DefenseResult(DefenseOutcome.HIT, margin)


def defense_hindrance(*, pressure: int, defender_hindrance: int, attacker_hindrance: int) -> int:
    """What is added to the defender's d20: the attack's pressure (the attacker's offense) and
    the defender's own Hindrance, less the Hindrance the attacker takes on its offense roll
    (a voluntary damage reduction's 1 or 3 Hindrance makes the attack easier to dodge)."""
    return pressure + defender_hindrance - attacker_hindrance
